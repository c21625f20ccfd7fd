"""The Žolíky table through the real app at 80×24, keys only: an opening of two melds, lay-offs,
a joker taken back and a close (ZO-10, ZO-12, ZO-13, ZO-15), the score table, the final table
after the game, and hot-seat hand-overs behind the pass screen."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from rich.text import Text

from cardgames.core.engine import Action
from cardgames.core.rng import Rng
from cardgames.games.common import CardGame
from cardgames.games.zoliky.actions import Close, Discard, Draw, LayOff, Meld
from cardgames.games.zoliky.bots import ZolikyBot
from cardgames.games.zoliky.engine import RoundResult
from cardgames.session.record import record_of
from cardgames.session.replay import Replay
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.zoliky import (
    MORE_MELDS,
    EveryMeld,
    MeldsPanel,
    closer_text,
    fit_lines,
)
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.replay import ReplayScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from tests.games.zoliky.builders import cards, position
from tests.tui.drive import deal, find_table, human_to_move, passing, screen_name
from tests.tui.screen_text import screen_text
from tests.tui.test_noleak import RecordingApp
from tests.tui.zoliky_drive import press_action

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")


def opening_position() -> Any:
    """Seat 0 (human) holds an opening of two melds and the card a joker on the table stands
    for; the stock gives 8♣, then 2♥ to the bot, then 9♣."""
    return position(
        [["Qh", "Kh", "Ah", "4c", "4d", "4s", "6c", "9d"], ["2s", "5d", "9h", "Js"]],
        melds=[(1, ["5c", "Xr", "7c"])],
        stock=["Kc", "3d", "9c", "2h", "8c"],
        discard=["10d"],
        opened=[False, True],
        phase="draw",
        dealer=1,
        target=0,
    )


def _status(app: CardGamesApp) -> str:
    return str(find_table(app).query_one("#status").render())


def _side(app: CardGamesApp) -> str:
    return str(find_table(app).query_one("#status-side").render())


async def test_a_round_by_keys_opening_layoffs_joker_back_and_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, opening_position())
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        assert "d draws" in _status(app)
        await press_action(pilot, app, Draw())
        await press_action(pilot, app, Meld(cards("Qh", "Kh", "Ah")))
        assert "Opening: 30 of 42, pure run ✓" in _side(app)
        await press_action(pilot, app, Meld(cards("4s", "4d", "4c")))
        assert "Opening: 42 of 42, pure run ✓" in _side(app)
        await press_action(pilot, app, LayOff(cards("6c")[0], 0))
        assert cards("Xr")[0] in session.view().hand, "ZO-13: the joker comes back"
        await press_action(pilot, app, LayOff(cards("8c")[0], 0))
        melds = str(find_table(app).query_one("#melds").render())
        assert "5♣ 6♣ 7♣ 8♣" in melds and "Q♥ K♥ A♥" in melds
        await press_action(pilot, app, Discard(cards("9d")[0]))
        await wait_until(pilot, lambda: human_to_move(app))
        await press_action(pilot, app, Draw())
        await press_action(pilot, app, LayOff(cards("9c")[0], 0))
        assert session.view().legal == (Close(cards("Xr")[0]),)
        await press_action(pilot, app, Close(cards("Xr")[0]))
        await wait_until(pilot, lambda: app.screen.__class__.__name__ != "TableScreen")
        outcome = session.outcome()
        assert outcome is not None and outcome.winners == (0,)
        mine = [action for seat, action in session.history if seat == 0]
        assert sum(isinstance(a, Meld) for a in mine) == 2
        assert sum(isinstance(a, LayOff) for a in mine) == 3
        assert any(line.startswith("You opened with 42") for line in session.log_lines(0))


async def test_invalid_meld_is_explained_and_keys_follow_the_phase(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, opening_position())
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        keys = {key for key, active in app.screen.active_bindings.items() if active.binding.show}
        assert {"d", "t"} <= keys and "m" not in keys and "l" not in keys
        # m and l before the draw are not silent: the status line says why nothing goes down
        # (the draw comes first, ZO-7, whatever the cards).
        await pilot.press("m")
        await wait_until(pilot, lambda: "Draw first" in _status(app))
        await pilot.press("escape", "l")
        await wait_until(pilot, lambda: "Draw first" in _status(app))
        await press_action(pilot, app, Draw())
        # K♥ A♥ with 4♦ is no meld: the status line says why.
        await press_action(pilot, app, Meld(cards("Kh", "Ah", "4d")))
        assert "neither a run" in _status(app)
        assert find_table(app).session.view().melds == opening_position().view(0).melds
        await pilot.press("escape", "s")
        await pilot.pause()
        shown = find_table(app).query_one("#hand").cards  # type: ignore[attr-defined]
        assert [card.rank for card in shown] == sorted(card.rank for card in shown)


def closing_position() -> Any:
    """Seat 1 (the computer player, opened) holds one card and closes with it, face down on
    the discard pile: the one-round match is over and seat 0 (human) still holds three cards."""
    return position(
        [["Kd", "2c", "Xb"], ["2s"]],
        stock=["Kc", "3d", "9c"],
        discard=["10d", "4h"],
        opened=[False, True],
        phase="lay",
        dealer=0,
        current=1,
        target=0,
    )


def _footer_keys(app: CardGamesApp) -> dict[str, str]:
    return {key: active.binding.description
            for key, active in find_table(app).active_bindings.items() if active.binding.show}


async def test_the_final_table_shows_the_result_again_with_r_like_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, closing_position())
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("t")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        keys = _footer_keys(app)
        assert keys.get("r") == "Result" and keys.get("S") == "Scores"
        assert "s" not in keys, "nothing can be sorted once the game is over"
        hand = find_table(app).query_one(HandWidget)
        assert sorted(hand.cards) == sorted(cards("Kd", "2c", "Xb")), "the hand is still shown"
        assert not hand.has_focus, "no card cursor on the final table"
        assert not any(hand._chip_state(i, card).startswith("cursor")
                       for i, card in enumerate(hand.cards))
        pile = str(find_table(app).query_one("#pile").render())
        assert "empty" not in pile and "discard (3)" in pile, "ZO-15: the closing card lies there"
        await pilot.press("s", "left_square_bracket")
        await pilot.pause()
        assert screen_name(app) == "TableScreen"
        await pilot.press("r")
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("t")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        await pilot.press("S")
        await wait_until(pilot, lambda: screen_name(app) == "ScoreTable")
        closer = find_table(app).session.names[1]
        assert f"The match is over: round 1, {closer} closed" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        # The rules screen's key list says what the keys do, each key once.
        listed = find_table(app).keys_text()
        assert "- `r` Result" in listed and "- `S` Scores" in listed
        assert "`r` Scores" not in listed
        # The replay opens from the result box; Esc from it comes back to the final table,
        # where r still brings the result back.
        await pilot.press("r")
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("p")
        await wait_until(pilot, lambda: screen_name(app) == "ReplayScreen")
        replayed = str(app.screen.query_one("#pile").render())
        assert "empty" not in replayed and "░░░░░" in replayed.split("\n")[2]
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        await pilot.press("r")
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")


async def test_during_the_round_shift_s_opens_the_score_table_and_s_sorts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        [["Qh", "4s", "9d", "2c"], ["2s", "5d", "9h", "Js"]],
        stock=["Kc", "3d", "9c"],
        discard=["10d"],
        phase="draw", dealer=1, round=2, target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [64, 0]}],
    ))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        keys = _footer_keys(app)
        assert keys.get("S") == "Scores" and "r" not in keys
        assert find_table(app).query_one(HandWidget).has_focus
        await pilot.press("S")
        await wait_until(pilot, lambda: screen_name(app) == "ScoreTable")
        await pilot.pause()
        assert "Scores after round 1" in screen_text(app), "not 'is over' in round 2"
        await pilot.press("S")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")


def _hand_box(text: str) -> str:
    """The lines of the hand box: from its titled top border to its bottom border."""
    lines = text.split("\n")
    top = next((i for i, line in enumerate(lines) if " hand (" in line), None)
    if top is None:
        return ""
    bottom = next(i for i in range(top + 1, len(lines)) if lines[i].lstrip().startswith("╰"))
    return "\n".join(lines[top + 1 : bottom])


async def test_hot_seat_hand_over_never_shows_the_other_hand() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = RecordingApp(GameSetup("zoliky", seats, {"target": 0}, 5), FAST, pass_delay=0)
    names = [seat.name for seat in seats]
    async with app.run_test(size=SIZE) as pilot:
        handovers = 0
        while handovers < 4:
            await wait_until(
                pilot,
                lambda: isinstance(app.screen, PassScreen) or passing(app) or human_to_move(app),
            )
            if isinstance(app.screen, PassScreen):
                app.holder = names.index(app.screen.player)
                await pilot.press("enter")
                handovers += 1
            elif passing(app):
                await pilot.press("enter")
            else:
                view = find_table(app).session.view()
                action = next(a for a in view.legal if isinstance(a, Draw | Discard))
                await press_action(pilot, app, action)
        await pilot.pause()
    checked = 0
    for text, hands, holder in app.frames:
        # Hand cards are drawn only in the hand box at the bottom; the table above shows public
        # cards (the discard pile, the cut card, the log) and the status line below may name a
        # card just discarded, which may share faces.
        hand_rows = _hand_box(text)
        shown = {match.group(0) for match in CARD.finditer(hand_rows)}
        allowed = {card.symbol for card in hands.get(holder, ())} if holder is not None else set()
        assert shown <= allowed, (holder, hand_rows)
        checked += bool(shown)
    assert checked > 10, "the recorder must see the holder's hand"


async def test_ascii_mode_draws_only_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, opening_position())
    settings = AppSettings(bot_delay=0, ascii=True)
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), settings)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await press_action(pilot, app, Draw())
        await press_action(pilot, app, Meld(cards("Qh", "Kh", "Ah")))
        await pilot.pause()
        text = screen_text(app)
        assert "Opening: 30 of 42, pure run +" in text
        # The header line (row 1) carries the game's title from the table screen.
        board = "\n".join(text.split("\n")[1:])
        assert {char for char in board if not char.isascii()} == set()


def test_melds_wrap_between_melds_never_inside_one() -> None:
    from rich.text import Text

    from cardgames.tui.boards.zoliky import meld_lines

    pieces = [Text(" 1: 5♣ 6♣ 7♣"), Text(" 2: 9♥ 9♦ 9♠"), Text(" 3: K♠ K♣ Jkr(K)"),
              Text(" 4: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠")]
    lines = meld_lines([(Text("You:"), pieces)], 32).plain.split("\n")
    assert lines == ["You: 1: 5♣ 6♣ 7♣ │ 2: 9♥ 9♦ 9♠", "  3: K♠ K♣ Jkr(K)",
                     "  4: A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"]
    assert meld_lines([], 30).plain == "No melds yet."


def test_two_melds_on_one_line_are_kept_apart_and_one_a_line_where_there_is_room() -> None:
    """The tester's line ``5: Jkr(A♦) 2♦ 3♦ 4♦ Jkb(5♦) 6: 3♠ 3♥ 3♣`` ran two melds together:
    two melds on one line have a separator between them (``|`` in ASCII mode), and while
    the panel has a line for every meld each meld has its own."""
    from cardgames.tui.boards.zoliky import meld_lines

    rows = [(Text("You:"), [Text(" 5: Jkr(A♦) 2♦ 3♦ 4♦ Jkb(5♦)"), Text(" 6: 3♠ 3♥ 3♣")]),
            (Text("Anna:"), [Text(" 7: 9♥ 9♦ 9♠")])]
    packed = ["You: 5: Jkr(A♦) 2♦ 3♦ 4♦ Jkb(5♦) │ 6: 3♠ 3♥ 3♣", "Anna: 7: 9♥ 9♦ 9♠"]
    assert meld_lines(rows, 60, 2).plain.split("\n") == packed
    assert meld_lines(rows, 60).plain.split("\n") == packed
    assert meld_lines(rows, 60, 2, ascii=True).plain.split("\n")[0] == (
        "You: 5: Jkr(A♦) 2♦ 3♦ 4♦ Jkb(5♦) | 6: 3♠ 3♥ 3♣")
    assert meld_lines(rows, 60, 3).plain.split("\n") == [
        "You: 5: Jkr(A♦) 2♦ 3♦ 4♦ Jkb(5♦)", "  6: 3♠ 3♥ 3♣", "Anna: 7: 9♥ 9♦ 9♠"]
    # A meld a line only where each line fits the width too.
    assert meld_lines(rows, 25, 3).plain.split("\n")[0] == "You: 5: Jkr(A♦) 2♦ 3♦ 4♦ Jkb(5♦)"


def test_the_log_the_panel_and_the_refusals_name_a_joker_alike() -> None:
    """ZO-11: a joker in a meld is written with what it stands for in one notation in the
    log, the melds panel and the engine's words (``Jkr(7♥)``; ``Xr(7h)`` in ASCII mode, where
    the log's words go through the same card lettering)."""
    from cardgames.games.zoliky import GAME
    from cardgames.tui.boards.zoliky import meld_text
    from cardgames.tui.render import cards_in_text

    state = position([["5c", "6c", "Xr", "9d", "2h"], ["4h", "4s"]], opened=[True, False],
                     melds=[(1, ["Ks", "Kh", "Xb"])])
    events = state.apply(GAME.parse_command(state.view(0), "meld 5c 6c jk=7c"))
    line = GAME.describe(events[0], 0, ["You", "Anna"])
    assert line == "You melded 5♣ 6♣ Jkr(7♣) (meld 2)"
    for ascii in (False, True):
        style = CardStyle(ascii=ascii)
        for meld in state.melds:
            panel = meld_text(meld, style).plain.strip()
            assert panel == (cards_in_text(meld.text(), style).plain), (ascii, panel)
        assert meld_text(state.melds[1], style).plain.strip() in cards_in_text(line, style).plain
    assert meld_text(state.melds[0], CardStyle(ascii=True)).plain.strip() == "Ks Kh Xb(K)"
    assert meld_text(state.melds[1], CardStyle(ascii=True)).plain.strip() == "5c 6c Xr(7c)"


def test_the_closing_card_is_drawn_face_down_on_the_discard_pile() -> None:
    from cardgames.tui.boards.zoliky import pile_text
    from cardgames.tui.render import CardStyle

    state = closing_position()
    before = pile_text(state.view(0), CardStyle()).plain.split("\n")
    assert before[1][10:17] == "│4    │" and "♥" in before[2], "the face-up top, 4♥"
    state.apply(state.legal_actions()[0])
    view = state.view(0)
    assert view.discard_top is None and view.discard_size == 3
    for ascii, back in ((False, "░░░░░"), (True, "#####")):
        lines = pile_text(view, CardStyle(ascii=ascii)).plain.split("\n")
        # Stock (3 cards, a back with its count) and the pile, each 7 cells, 3 apart.
        discard = [line[10:17] for line in lines[:5]]
        assert discard[1:4] == [f"{line[0]}{back}{line[-1]}" for line in discard[1:4]]
        assert "empty" not in "".join(lines) and "discard (3)" in lines[5]
    assert "empty" in pile_text(replace(view, discard_size=0), CardStyle()).plain


def test_the_score_table_explains_the_star_only_when_a_round_has_one() -> None:
    from cardgames.tui.boards.zoliky import score_table

    legend = "* closed from hand (doubled)"
    plain = position(
        [["2s"], ["Kd"]], target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [64, 0]}],
    ).view(0)
    text = score_table(plain, ("You", "Anna"), False).plain
    assert legend not in text and "*" not in text and "The match ends at 500." in text
    starred = replace(plain, results=(*plain.results, replace(plain.results[0], round=2,
                                                              from_hand=True)))
    text = score_table(starred, ("You", "Anna"), False).plain
    assert legend in text and "\n2     * " in text


def test_the_score_table_shows_whole_names_and_cuts_only_where_six_would_not_fit() -> None:
    from cardgames.tui.boards.zoliky import SCORE_TABLE_WIDTH, score_table

    long = "[bold red]Xy"
    view = position(
        [["2s"], ["Kd"]], target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [64, 0]}],
    ).view(0)
    text = score_table(view, (long, "Anna"), False).plain
    assert long in text.splitlines()[0], "a name of 12 characters shows whole"
    six = replace(view, totals=(0,) * 6, results=())
    names = tuple(f"Player {seat} long"[:12] for seat in range(6))
    lines = score_table(six, names, False).plain.splitlines()
    assert max(len(line) for line in lines) <= SCORE_TABLE_WIDTH
    assert all(f"Player {seat}…" in lines[0] for seat in range(6)), lines[0]
    assert "Player 5~" in score_table(six, names, True).plain


async def test_the_score_table_dialog_shows_every_column_of_six_long_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dialog is as wide as its table: six seats of 12-letter names and three-digit totals
    all show at 80×24 (names cut with …, every total whole)."""
    hands = [["Qh", "4s"], ["2s", "5d"], ["9h", "Js"], ["3c", "4c"], ["5c", "6c"], ["7c", "8c"]]
    points = [262, 118, 345, 199, 120, 407]
    deal(monkeypatch, position(
        hands, stock=["Kc", "3d", "9c"], discard=["10d"], phase="draw", dealer=5, round=2,
        target=500, results=[{"round": 1, "closer": 1, "from_hand": False, "points": points}],
    ))
    names = ("Maximilianus", "Bartholomeus", "Christophers", "Konstantinos", "Evangelistas",
             "Fridolinusss")
    seats = (SeatSpec(names[0]), *(SeatSpec(name, "normal") for name in names[1:]))
    app = CardGamesApp(GameSetup("zoliky", seats, {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("S")
        await wait_until(pilot, lambda: screen_name(app) == "ScoreTable")
        await pilot.pause()
        text = screen_text(app)
        for name, total in zip(names, points, strict=True):
            assert f"{name[:9]}…" in text, (name, text)
            assert re.search(rf"\b{total}\b", text), (total, text)


async def test_before_the_first_round_ends_shift_s_says_when_the_scores_come() -> None:
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        assert "S" not in _footer_keys(app), "the footer keeps its room for the hint"
        await pilot.press("S")
        await pilot.pause()
        assert screen_name(app) == "TableScreen"
        assert "No round is over yet: the scores come after round 1." in screen_text(app)


def test_melds_that_do_not_fit_end_in_a_line_saying_how_many_more() -> None:
    lines = Text("a\nb\nc\nd\ne")
    assert fit_lines(lines, 3).plain == f"a\nb\n… 3 more lines: {MORE_MELDS}"
    assert fit_lines(lines, 1).plain == f"… 5 more lines: {MORE_MELDS}"


async def test_a_six_seat_replay_gives_the_melds_the_log_lines_and_m_shows_every_meld() -> None:
    bots = ("Anna", "Bob", "Cyril", "Dana", "Emil")
    seats = (SeatSpec("You"), *(SeatSpec(name, "default") for name in bots))
    session = Session(GameSetup("zoliky", seats, {"target": 0}, 4), turn_seconds=0)
    bot = ZolikyBot()
    while not session.is_over:
        if session.bot_to_move:
            session.step_bot()
        else:
            view = session.view_for(0)
            session.submit(0, bot.choose(view, view.legal, Rng(1)))
    day = datetime(2026, 12, 1, tzinfo=UTC)
    replay = Replay(record_of(session, id="g", started=day, finished=day))
    app = CardGamesApp(None, AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(replay, CardStyle())
        screen.step = len(replay) - 1
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        panel = screen.board.query_one(MeldsPanel)
        assert screen.board.has_class("-crowded"), "the log gives up lines to the melds"
        assert panel.overflows and MORE_MELDS in screen_text(app)
        await pilot.press("M")
        await wait_until(pilot, lambda: isinstance(app.screen, EveryMeld))
        everything = screen_text(app)
        for number in range(1, len(replay.state_at(len(replay) - 1).melds) + 1):
            assert f"{number}:" in everything
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)


def crowded_position() -> Any:
    """Six seats in round 2 (so S shows the scores) with 25 melds on the table, more than
    the melds panel shows at 80×24; seat 0 (human) has drawn and may meld 2♣ 3♣ 4♣ and lay
    off 8♥, 9♥ and 10♦."""
    melds = [
        ["7d", "8d", "9d"], ["Js", "Jd", "Jc"], ["Qd", "Qc", "Xr"],
        ["Qh", "Kh", "Ah"], ["3s", "4s", "5s", "6s", "7s", "8s"], ["2s", "2h", "2d"],
        ["5h", "6h", "7h"], ["9c", "10c", "Jc#1"], ["Ks", "Kd", "Kc"],
        ["4d", "5d", "6d"], ["6c", "7c", "8c"], ["9s", "10s", "Js#1", "Qs"],
        ["3h", "4h", "5h#1"], ["Ad", "2d#1", "3d"], ["10h", "Jh", "Qh#1"],
        ["3s#1", "4s#1", "5s#1"], ["6h#1", "7h#1", "8h#1"], ["9h#1", "10h#1", "Jh#1"],
        ["2c#1", "3c#1", "4c#1"], ["5c#1", "6c#1", "7c#1"], ["8c#1", "9c#1", "10c#1"],
        ["5d#1", "6d#1", "7d#1"], ["8d#1", "9d#1", "10d#1"], ["6s#1", "7s#1", "8s#1"],
        ["Ks#1", "Kh#1", "Kc#1"],
    ]
    return position(
        [["2c", "3c", "4c", "8h", "10d", "9h"], ["Ac"], ["As"], ["Ah#1"], ["Ad#1"], ["Ac#1"]],
        melds=[(1 + index // 5, cards) for index, cards in enumerate(melds)],
        opened=[True] * 6, round=2, target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [0] * 6}],
    )


async def test_at_80_columns_the_footer_offers_m_while_the_melds_do_not_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """M (every meld) comes before the less important keys, so the footer of an 80-column
    table shows it next to the moves while the melds panel cannot show every meld."""
    deal(monkeypatch, crowded_position())
    seats = (SeatSpec("You"), *(SeatSpec(name, "normal") for name in "ABCDE"))
    app = CardGamesApp(GameSetup("zoliky", seats, {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        board = find_table(app).board
        await wait_until(pilot, lambda: board.query_one(MeldsPanel).overflows)
        # The footer is drawn a moment after its keys change (a busy machine shows it blank).
        await wait_until(pilot, lambda: "M Melds" in screen_text(app).splitlines()[-1])
        footer = screen_text(app).splitlines()[-1]
        assert "m Meld" in footer and "l Lay off" in footer and "⏎ Discard" in footer, footer


async def test_l_on_a_card_that_fits_no_meld_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """ZO-12: ``l`` on 8♥ with melds 7♦ 8♦ 9♦, J♠ J♦ J♣ and Q♦ Q♣ Jkr(Q) on the table says that
    8♥ fits no meld, not that it does not fit the last one."""
    deal(monkeypatch, position(
        [["8h", "2c", "5s"], ["4h", "Kd"]],
        melds=[(1, ["7d", "8d", "9d"]), (1, ["Js", "Jd", "Jc"]), (1, ["Qd", "Qc", "Xr"])],
        opened=[True, True], dealer=1, target=0,
    ))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        hand = find_table(app).query_one(HandWidget)
        hand.cursor = hand.cards.index(cards("8h")[0])
        await pilot.press("l")
        await wait_until(pilot, lambda: "fits no meld" in _status(app))
        assert "✗ 8♥ fits no meld on the table" in screen_text(app)
        assert "meld 3" not in _status(app)


async def test_every_meld_never_splits_a_meld_across_lines() -> None:
    """The dialog takes the terminal's 80 columns and wraps between melds only."""
    pieces = [Text(f" {number}: 2♠ 2♥ 2♦ Jkr(2♣)") for number in range(1, 31)]
    rows = [(Text(f"{name}:"), pieces[index * 5:index * 5 + 5])
            for index, name in enumerate(("You", "Maximilianus", "Bob", "Cyril", "Dana", "Emil"))]
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(EveryMeld(rows))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for piece in pieces:
            assert any(piece.plain.strip() in line for line in lines), (piece.plain, lines)
        assert max(len(line.rstrip()) for line in lines) == 80, "as wide as the terminal"


async def test_the_key_list_names_enter_as_the_footer_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules screen's key list calls Enter what the footer calls it (Discard, or Close
    with the last card), not "Play", and lists no unclear "Why not" key."""
    deal(monkeypatch, opening_position())
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await press_action(pilot, app, Draw())
        footer = _footer_keys(app)["enter"]
        # The game's own keys, before the keys every table has (Enter: Pass on, Play the hint).
        listed = find_table(app).keys_text().split("### Keys of every table")[0]
        enter_rows = [line for line in listed.splitlines() if line.startswith("- `⏎")]
        assert enter_rows == ["- `⏎` Discard / Close"], enter_rows
        assert footer in enter_rows[0]
        assert "Play" not in listed and "Why not" not in listed


async def test_every_row_of_the_lay_off_dialog_has_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A joker that may go onto a meld in two ways (as 8♣ or as 4♣) gets a letter per row; a
    meld it goes onto in one way keeps its number, even for a joker (as J♥)."""
    deal(monkeypatch, position(
        [["9d", "Xr", "Kd"], ["2s", "5d", "9h", "Js"]],
        melds=[(1, ["5c", "6c", "7c"]), (0, ["Qh", "Kh", "Ah"]), (1, ["4s", "4d", "4c"])],
        discard=["10d"], opened=[True, True], phase="lay", dealer=1, target=0))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("end", "l")
        await wait_until(pilot, lambda: screen_name(app) == "ChoiceDialog")
        rows = [line for line in screen_text(app).splitlines() if "Meld " in line and "┃" in line]
        assert len(rows) == 4 and all(re.search(r"\((\w)\)\s+┃", row) for row in rows), rows
        assert "(as 4♣)  (b)" in rows[1] and "(as J♥)  (2)" in rows[2], rows
        await pilot.press("b")
        await wait_until(pilot, lambda: find_table(app).session.history != [])
        seat, action = find_table(app).session.history[0]
        assert (seat, action) == (0, LayOff(cards("Xr")[0], 0, cards("4c")[0]))


def test_the_status_line_says_d_puts_a_taken_discard_back_while_nothing_is_laid() -> None:
    """ZO-8: after taking a discard the hint names the way back (``d``); once a card is laid,
    it no longer does."""
    from cardgames.games.zoliky.actions import Take
    from cardgames.tui.boards.zoliky import ZolikyBoard
    from cardgames.tui.widgets.board import TableInfo
    from tests.games.zoliky.builders import meld

    state = position([["5h", "6h", "7h", "Qs", "Qd", "2c"], ["4h", "4s"]], discard=["8h"],
                     phase="draw", opened=[True, True])
    state.apply(Take())
    info = TableInfo(("You", "Bot"), frozenset({1}), 0, (), CardStyle())
    board = ZolikyBoard()
    assert "d puts 8♥ back and draws" in board.status_hint(state.view(0), info)
    state.apply(meld("5h", "6h", "7h", "8h"))
    assert "puts" not in board.status_hint(state.view(0), info)


class _DiscardAce:
    """A hint bot that suggests discarding A♥ whenever it may."""

    def choose(self, view: Any, legal: Sequence[Action], rng: Rng) -> Action:
        ace = Discard(cards("Ah")[0])
        return ace if ace in legal else legal[-1]


@pytest.mark.parametrize("drop", ["home", "click", "redraw"])
async def test_a_key_a_click_or_a_redraw_after_the_hint_drops_it_whole(
    monkeypatch: pytest.MonkeyPatch, drop: str,
) -> None:
    """ZO-7: ``h`` hints "discard A♥"; Home, a click on the first card, or the table drawn anew
    (the game changed elsewhere, as at a network table) drops the hint, its selection and its
    line, so Enter discards the card under the cursor, not the hinted A♥."""
    monkeypatch.setattr(CardGame, "bots", lambda self: {"normal": _DiscardAce})
    deal(monkeypatch, position([["2s", "5d", "9h", "Ah"], ["4h", "9s", "Jd", "3c"]],
                               opened=[True, True], target=0))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        hand = screen.query_one(HandWidget)
        await pilot.press("h")
        await wait_until(pilot, lambda: "Hint: discard A♥" in _status(app))
        assert hand.selection == list(cards("Ah"))
        if drop == "home":
            await pilot.press("home")
        elif drop == "click":
            region = hand.content_region
            await pilot.click(offset=(region.x + 1, region.y))
        else:
            screen.redraw()
        await pilot.pause()
        assert screen._hint is None and hand.selection == []
        assert "Hint" not in _status(app)
        if drop != "redraw":
            assert hand.cursor == 0 and hand.cards[0] != cards("Ah")[0]
        under = hand.cards[hand.cursor]
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.session.history) > 0)
        assert screen.session.history[0] == (0, Discard(under))


def _footer(app: CardGamesApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_after_t_the_footer_offers_no_discard_until_the_taken_card_is_laid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ZO-8: right after ``t`` no card can be discarded (the taken J♥ must go onto the table
    first), so the footer leaves ``⏎ Discard`` out and offers the meld; once the opening with
    J♥ is laid (ZO-10), Enter discards again and the footer says so."""
    deal(monkeypatch, position(
        [["Qh", "Kh", "Ah", "4c", "4d", "4s", "6c", "9d"], ["2s", "5d", "9h", "Js"]],
        stock=["Kc", "3d", "9c", "2h", "8c"], discard=["10d", "Jh"],
        opened=[False, True], phase="draw", dealer=1, target=0,
    ))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("t")
        await wait_until(pilot, lambda: "m Meld" in _footer(app))
        assert "Discard" not in _footer(app) and "enter" not in _footer_keys(app)
        await press_action(pilot, app, Meld(cards("Jh", "Qh", "Kh", "Ah")))
        await press_action(pilot, app, Meld(cards("4s", "4d", "4c")))
        await wait_until(pilot, lambda: "⏎ Discard" in _footer(app))
        assert _footer_keys(app)["enter"] == "Discard"


async def test_the_round_over_table_says_who_closed_and_each_score_table_names_its_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ZO-15, ZO-17: the computer player closes; the score table that opens by itself says
    who closed and that Enter or Esc continue; the one ``S`` opens says Enter, Esc or S close
    it, and Enter does."""
    deal(monkeypatch, position(
        [["Kd", "2c", "Xb"], ["2s"]],
        stock=["Kc", "3d", "9c"], discard=["10d", "4h"],
        opened=[False, True], phase="lay", dealer=0, current=1, target=500,
    ))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "ScoreTable")
        closer = find_table(app).session.names[1]
        text = screen_text(app)
        assert f"Round 1 is over: {closer} closed" in text
        assert "Enter or Esc: continue" in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        await pilot.press("S")
        await wait_until(pilot, lambda: screen_name(app) == "ScoreTable")
        text = screen_text(app)
        assert f"Scores after round 1 ({closer} closed)" in text
        assert "Enter, Esc or S: close" in text
        assert "continue" not in text
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")


def test_the_closer_is_named_as_he_closed() -> None:
    """ZO-14, ZO-15, ZO-16: a close, a close from hand, and a round the stock ended."""
    names = ["You", "Bob"]
    assert closer_text(RoundResult(1, 1, False, (30, 0)), names) == "Bob closed"
    assert closer_text(RoundResult(1, 0, True, (0, 60)), names) == "You closed from hand"
    assert closer_text(RoundResult(1, None, False, (5, 9)), names) == (
        "the stock ran out, nobody closed")
