"""The shared Board and HandWidget through the real app at 80×24: where the focus and the cursor
go after a move however it was made, dimming and refusals when nothing can be played, large hands,
and the keys every board shares."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardgames.core.cards import Rank, Suit, parse_card
from cardgames.core.deck import build_deck
from cardgames.core.engine import Action
from cardgames.core.rng import Rng
from cardgames.games.makao.moves import ActiveDemand
from cardgames.games.shithead.actions import Play
from cardgames.games.shithead.bots import ShitheadBot
from cardgames.games.shithead.engine import ShitheadView
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.makao import blocked_text
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.log import LogScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.table_row import TableRow
from tests.tui.drive import deal, find_table, human_to_move, screen_name
from tests.tui.shithead_drive import FakeClock, position

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
SOLO = GameSetup("shithead", default_seats(2, 1), {}, 1)


async def test_typed_move_that_empties_the_hand_moves_the_focus_to_the_face_up_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # SH-10: the 10 burns the pile and the player goes again, now from the face-up cards (SH-14).
    deal(monkeypatch, position(
        hands=["10h", "3h 3s 4h"],
        face_up=[["4d", "6c", "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", "Jc", "Ac"], ["8c", "8h", "9c"]],
        pile="5c",
    ))
    app = CardGamesApp(SOLO, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        await pilot.press("colon", *"play 10h", "enter")
        await pilot.pause()
        assert screen.session.history == [(0, Play((parse_card("10h"),)))]
        assert isinstance(app.focused, TableRow)
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.history) >= 2
        assert screen.session.history[1][0] == 0
        # Undo brings the 10 back to the hand, and the focus with it.
        await pilot.press("u")
        await pilot.pause()
        assert screen.query_one(HandWidget).cards == (parse_card("10h"),)
        assert isinstance(app.focused, HandWidget)


async def test_after_a_play_the_cursor_goes_to_the_neighbour_then_to_a_playable_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["5d 8d 9s", "Ks 3h 4h"],
        face_up=[["4d", "6c", "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", "Jc", "Ac"], ["8c", "8h", "9c"]],
        pile="4c",
        stock="Qs Qd 2h",
    ))
    app = CardGamesApp(SOLO, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        hand = screen.query_one(HandWidget)
        assert hand.cards[hand.cursor] == parse_card("5d")
        await pilot.press("right", "enter")
        # I play 8♦ and draw 2♥ (SH-7); Bob answers with K♠, which 9♠ does not beat (SH-5).
        await wait_until(pilot, lambda: human_to_move(app))
        assert [a for _, a in screen.session.history][:2] == [
            Play((parse_card("8d"),)), Play((parse_card("Ks"),))]
        assert hand.cards.index(parse_card("9s")) != 1, "a kept index would land on 9♠"
        # The neighbour of 8♦ was 9♠; it cannot be played on K♠, so the cursor is on the 2♥.
        assert hand.cards[hand.cursor] == parse_card("2h")


MAKAO_SIX = GameSetup("makao", default_seats(6, 5), {}, 3)


def _status(app: CardGamesApp) -> str:
    return str(find_table(app).query_one("#status").render())


async def test_makao_hand_with_no_card_that_fits_is_dimmed_and_enter_says_why() -> None:
    app = CardGamesApp(MAKAO_SIX, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        hand = find_table(app).query_one(HandWidget)
        assert hand.cards and not find_table(app).session.view().playable
        assert all(hand._chip_state(i, card).endswith("dim") for i, card in enumerate(hand.cards))
        await pilot.press("enter")
        await pilot.pause()
        assert "No card fits 9♥: draw with d" in _status(app)
        await pilot.press("escape", "space")
        await pilot.pause()
        assert "No card fits 9♥" in _status(app)
        assert not hand.selection


def test_makao_says_which_demand_no_card_fits() -> None:
    session = Session(MAKAO_SIX)
    session.run_bots()
    view = session.view()
    style = CardStyle()
    rank = replace(view, demand=ActiveDemand("rank", Rank.SEVEN, by=1))
    assert blocked_text(rank, style) == "No card fits the demand for sevens: draw with d"
    suit = replace(view, demand=ActiveDemand("suit", Suit.HEARTS, by=1))
    assert blocked_text(suit, style) == "No card fits the demand for ♥ hearts: draw with d"
    assert blocked_text(suit, CardStyle(ascii=True)).endswith("demand for hearts: draw with d")


async def test_a_hand_of_36_cards_is_fully_reachable_at_80_by_24(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table_cards = {"4d", "6c", "ah", "5h", "6s", "7d", "10c", "jc", "ac", "8c", "8h", "9c",
                   "3h", "3s", "4h", "kd"}
    held = [c.code for c in build_deck() if c.code.lower() not in table_cards]
    deal(monkeypatch, position(
        hands=[" ".join(held), "3h 3s 4h"],
        face_up=[["4d", "6c", "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", "Jc", "Ac"], ["8c", "8h", "9c"]],
        pile="Kd",
    ))
    app = CardGamesApp(SOLO, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        hand = find_table(app).query_one(HandWidget)
        assert len(hand.cards) == 36
        box = find_table(app).query_one("#hand-box")
        assert box.outer_size.height <= 8
        shown = hand.render().plain
        assert hand.cards[0].symbol in shown and hand.cards[-1].symbol not in shown
        assert "▼" in shown
        await pilot.press("end")
        await pilot.pause()
        shown = hand.render().plain
        assert hand.cursor == 35 and hand.cards[-1].symbol in shown
        assert "▲" in shown and "▼" not in shown
        # The status line keeps its room below the hand.
        assert find_table(app).query_one("#status").region.bottom <= SIZE[1] - 1
        await pilot.press("home")
        await pilot.pause()
        assert hand.cursor == 0 and hand.cards[0].symbol in hand.render().plain


async def test_after_the_game_the_final_table_shows_every_hand_and_esc_keeps_the_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["9h", "3h 3s 4h"],
        face_up=[[None, None, None], ["5h", "6s", "7d"]],
        face_down=[[None, None, None], ["8c", "8h", "9c"]],
        pile="5c",
    ))
    app = CardGamesApp(SOLO, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")
        await pilot.press("escape")
        await pilot.pause()
        assert screen_name(app) == "TableScreen", "Esc looks at the table, it does not leave"
        shown = str(find_table(app).query_one("#open-hands").render())
        # SH-15 hides face-down cards during the game; once it is over they are shown too,
        # marked as the face-down cards they were.
        assert "3♥ 3♠ 4♥  face down 8♣ 8♥ 9♣" in shown and "no cards" in shown
        assert find_table(app).query_one("#hand-box").border_title.startswith("Every hand")
        await pilot.press("r")
        await pilot.pause()
        assert screen_name(app) == "GameOverScreen", "r shows the result again"
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("q")
        await wait_until(pilot, lambda: screen_name(app) == "PickerScreen")


async def test_l_opens_the_whole_log_and_page_keys_scroll_it() -> None:
    app = CardGamesApp(MAKAO_SIX, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        for _ in range(4):
            await pilot.press("d")
            await pilot.pause()
            if human_to_move(app):
                await pilot.press("p")
            await wait_until(pilot, lambda: human_to_move(app))
        lines = session.log_lines(0, last=len(session.events))
        assert len(lines) > 20, "more lines than the table's log panel shows"
        await pilot.press("L")
        await wait_until(pilot, lambda: screen_name(app) == "LogScreen")
        log = app.screen
        assert isinstance(log, LogScreen) and log.lines == tuple(lines)
        body = log.query_one("#log-body")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y > 0, "opens at the newest line"
        await pilot.press("pageup")
        assert body.scroll_y < body.max_scroll_y
        await pilot.press("home")
        assert body.scroll_y == 0
        await pilot.press("pagedown")
        assert body.scroll_y > 0
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")


async def test_h_marks_the_move_the_default_bot_would_make(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, position(
        hands=["3c 8d 9s Qh 10h", "3h 3s 4h"],
        face_up=[["4d", "6c", "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", "Jc", "Ac"], ["8c", "8h", "9c"]],
        pile="7c",
    ))
    seen: list[tuple[object, object]] = []
    choose = ShitheadBot.choose

    def spy(self: ShitheadBot, view: ShitheadView, legal: tuple[Action, ...], rng: Rng) -> Action:
        action = choose(self, view, legal, rng)
        seen.append((view, action))
        return action

    monkeypatch.setattr(ShitheadBot, "choose", spy)
    app = CardGamesApp(SOLO, FAST, clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = find_table(app)
        await pilot.press("h")
        await pilot.pause()
        view, expected = seen[-1]
        assert isinstance(view, ShitheadView) and view.viewer == 0, "the bot sees a view only"
        hand = screen.query_one(HandWidget)
        assert isinstance(expected, Play) and tuple(hand.selection) == expected.cards
        assert "Hint: play" in _status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.history[0] == (0, expected)


async def test_once_out_f_finishes_instantly_with_the_same_result_and_b_sets_the_bot_speed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cardgames.games.makao as makao_package
    from cardgames.games.makao import GAME as MAKAO
    from tests.games.makao.builders import position as makao_position

    start = makao_position([["7h"], ["2c", "3d", "5s", "9d", "Kh"], ["4c", "6d", "8s", "Jd", "Qs"]],
                           ["7c"], current=0)
    monkeypatch.setattr(makao_package, "GAME", replace(MAKAO, deal=lambda *a: start.clone()))
    setup = GameSetup("makao", default_seats(3, 2), {}, 4)
    expected = Session(setup)
    expected.submit(0, expected.legal_actions()[0])
    expected.run_bots()
    app = CardGamesApp(setup, AppSettings(bot_delay=30), clock=FakeClock())
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("enter")
        await pilot.pause()
        screen = find_table(app)
        assert not screen.session.is_over
        keys = {k: b.binding.description for k, b in screen.active_bindings.items()
                if b.binding.show}
        assert keys.get("f") == "Finish instantly" and keys.get("b") == "Bot speed"
        assert "f finishes the game instantly" in _status(app)
        await pilot.press("b")
        assert app.settings.bot_delay == 0.6 and "normal" in _status(app)
        await pilot.press("f")
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen")
        assert screen.session.history == expected.history
        assert screen.session.outcome() == expected.outcome()


@pytest.mark.parametrize("bell", [True, False])
async def test_the_bell_rings_when_my_turn_comes_after_computer_players_moved(bell: bool) -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(3, 2), {}, 3),
                       AppSettings(bot_delay=0, bell=bell), clock=FakeClock())
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        before = len(rings)
        await pilot.press("d")
        await pilot.pause()
        if human_to_move(app):
            await pilot.press("p")
        await wait_until(pilot, lambda: human_to_move(app))
        assert len(find_table(app).session.history) >= 3, "both computer players moved"
        assert len(rings) - before == (1 if bell else 0)


def test_no_bell_on_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import cardgames.cli_commands as commands

    seen: list[AppSettings] = []
    monkeypatch.setattr(commands, "_run_app", lambda setup, settings: seen.append(settings))
    assert CliRunner().invoke(commands.cli, ["play", "makao", "--no-bell"]).exit_code == 0
    assert CliRunner().invoke(commands.cli, ["play", "makao"]).exit_code == 0
    assert [s.bell for s in seen] == [False, True]
