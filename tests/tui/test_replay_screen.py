"""The replay screen: opened from the game-over screen, steps with the arrows, changes eyes."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from cardgames.core.rng import Rng
from cardgames.games.shithead.engine import ShitheadState
from cardgames.session.autosave import Autosave
from cardgames.session.record import record_of
from cardgames.session.replay import Replay
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.replay import OPEN, PUBLIC, ReplayScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from tests.session.play import PLAYABLE, new_session, play, setup_for
from tests.tui.drive import screen_name
from tests.tui.screen_text import screen_text

SIZE = (100, 30)
FAST = AppSettings(bot_delay=0)


async def test_replay_from_the_game_over_screen_steps_through_the_game() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 31), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen", limit=5000)
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        moves = len(screen.replay)
        assert screen.step == moves and screen.viewer == OPEN
        await pilot.press("left", "left")
        assert screen.step == moves - 2
        await pilot.pause()
        assert f"move {moves - 2} of {moves}" in screen_text(app)
        last = screen.replay.moves[moves - 3]
        assert f"Move {last.number}: " in screen_text(app)
        await pilot.press("home")
        assert screen.step == 0
        await pilot.press("right")
        assert screen.step == 1
        await pilot.press("end", "right")
        assert screen.step == moves
        await pilot.press("v")
        await pilot.pause()
        assert screen.viewer == 0 and "eyes" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")


SHORT = {"makao": 5, "shithead": 3, "spite_malice": 1, "zoliky": 5, "trash": 4}
"""Seeds whose random two-player games are short."""


def _finished(game: str, seed: int, names: tuple[str, str] | None = None) -> Replay:
    """A finished game of one person and a computer player (called ``names``, if given),
    saved as the app saves it."""
    setup = setup_for(game, seed, 1, players=2)
    if names is not None:
        setup = replace(setup, seats=tuple(
            replace(seat, name=name) for seat, name in zip(setup.seats, names, strict=True)))
    if game == "zoliky":
        setup = replace(setup, options={"target": 0})
    session = new_session(setup)
    play(session, Rng(seed), 100_000)
    moment = datetime(2026, 12, 1, 10, seed, tzinfo=UTC)
    saver = Autosave.start(session, moment)
    saver.save(session, moment)
    return Replay(saver.record(session, moment))


async def test_history_opens_a_replay_whose_eyes_change_and_steps() -> None:
    _finished("shithead", 3)
    latest = _finished("makao", 5)
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "h History" in screen_text(app))
        await pilot.press("h")
        await wait_until(pilot, lambda: screen_name(app) == "HistoryScreen")
        lines = screen_text(app)
        assert lines.index("Makao  You, Bot 1") < lines.index("Shithead  You, Bot 1")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.record.commands == latest.record.commands
        assert screen.viewer == OPEN and "Every hand, open" in screen_text(app)
        assert "Whose eyes" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert screen.viewer == 0 and "your eyes" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert "Every hand, open" not in screen_text(app), "a seat's eyes before the end"
        move = latest.moves[-2]
        said = ". ".join(latest.move_log(move.number, 0))
        assert said and f"Move {move.number}: {said}" in screen_text(app).replace("\n", " ")
        assert f": {move.command}" not in screen_text(app), "the move in words, not as typed"
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "HistoryScreen")


async def test_every_board_draws_every_hand_open_and_a_live_game_never() -> None:
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=SIZE) as pilot:
        for game in PLAYABLE:
            replay = _finished(game, SHORT[game])
            screen = ReplayScreen(replay, CardStyle())
            screen.step = len(replay) // 2
            app.push_screen(screen)
            marker = "Trash has no hands" if game == "trash" else "Every hand, open"
            await wait_until(pilot, lambda marker=marker: marker in screen_text(app))
            text = screen_text(app)
            assert screen.viewer == OPEN and f"move {screen.step} of" in text, game
            assert "You's" not in text and "Player 1" not in text, (game, text)
            await pilot.press("escape")
        session = new_session(setup_for("makao", 9, 1, players=2))
        play(session, Rng(9), 8)
        live = ReplayScreen(Replay(record_of(session, id="live", started=datetime.now(UTC))),
                            CardStyle())
        app.push_screen(live)
        await wait_until(pilot, lambda: app.screen is live)
        assert live.viewer == 0 and OPEN not in live.eyes
        await pilot.press("v", "v", "v")
        assert live.viewer != OPEN and "Every hand, open" not in screen_text(app)


async def test_the_replay_footer_shows_only_its_own_keys_at_80_columns() -> None:
    """Seen through the eyes of the seat to move, no part of the Board takes the focus: the
    footer offers no Select or Play (they do nothing in a replay), and Back and Whose eyes fit
    at 80 columns, in ASCII mode too; Space and Enter change nothing."""
    for ascii in (False, True):
        app = CardGamesApp(None, AppSettings(bot_delay=0, ascii=ascii))
        async with app.run_test(size=(80, 24)) as pilot:
            replay = _finished("makao", SHORT["makao"])
            screen = ReplayScreen(replay, CardStyle(ascii=ascii))
            screen.step = 0
            app.push_screen(screen)
            await wait_until(pilot, lambda app=app, screen=screen: app.screen is screen)
            for _ in screen.eyes:
                await pilot.press("v", "space", "enter")
                await pilot.pause()
                footer = screen_text(app).splitlines()[-1]
                assert app.focused is None, (screen.viewer, app.focused)
                assert "Back" in footer and "v Whose eyes" in footer, footer
                assert "Select" not in footer and "Play" not in footer, footer
                assert screen.step == 0 and app.screen is screen
                hand = app.screen.query_one(HandWidget)
                assert not hand.selection and hand.styles.opacity == 1.0


async def test_the_footer_offers_only_the_steps_that_move_at_the_deal_and_the_last_move() -> None:
    """At the deal neither Previous move nor Deal is offered, at the last move neither Next
    move nor Last move (pressing them there does nothing); in between all four are."""
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = _finished("makao", SHORT["makao"])
        screen = ReplayScreen(replay, CardStyle())
        app.push_screen(screen)
        await wait_until(pilot, lambda: app.screen is screen)

        async def footer() -> str:
            await pilot.pause()
            return screen_text(app).splitlines()[-1]

        last = await footer()
        assert screen.step == len(replay), last
        assert "Previous move" in last and "Deal" in last, last
        assert "Next move" not in last and "Last move" not in last, last
        await pilot.press("right", "end")
        assert screen.step == len(replay)
        await pilot.press("home")
        deal = await footer()
        assert screen.step == 0 and "move 0 of" in screen_text(app)
        assert "Next move" in deal and "Last move" in deal, deal
        assert "Previous move" not in deal and "Deal" not in deal, deal
        await pilot.press("left", "home")
        assert screen.step == 0
        await pilot.press("right")
        middle = await footer()
        assert screen.step == 1
        for key in ("Back", "Whose eyes", "Previous move", "Next move", "Deal", "Last move"):
            assert key in middle, middle
        await pilot.press("end", "left")
        assert "Next move" in await footer()
        await pilot.press("right")
        assert "Next move" not in await footer()


async def test_shithead_every_hand_open_shows_the_face_down_cards_at_the_deal_too() -> None:
    """Seen with every hand open, each seat's face-down cards are listed after the words
    "face down" from the deal on (not only at the last move), and the Face-up/down panel says
    where the cards are instead of "hidden"."""
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = _finished("shithead", SHORT["shithead"])
        screen = ReplayScreen(replay, CardStyle())
        screen.step = 0
        app.push_screen(screen)
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert screen.viewer == OPEN
        text = screen_text(app)
        lines = [line for line in text.splitlines() if "face down" in line]
        assert len(lines) == 2, text
        state = replay.state_at(0)
        assert isinstance(state, ShitheadState)
        for seat, line in enumerate(lines):
            assert replay.names_for(replay.reader)[seat] in line, line
            down = [card for card in state.face_down[seat] if card is not None]
            assert len(down) == 3
            for card in down:
                assert card.symbol in line.split("face down")[1], (card, line)
        assert "hidden" not in text and "Face up: see" in text and "down: at left." in text
        await pilot.press("v")
        await pilot.pause()
        text = screen_text(app)
        assert screen.viewer == 0 and "face down" not in text and "Face up: see" not in text


def test_the_seat_called_you_reads_your_turn_with_every_hand_open() -> None:
    from types import SimpleNamespace

    from cardgames.tui.boards.common import turn_heading
    from cardgames.tui.widgets.board import TableInfo

    info = TableInfo(names=("You", "Bot 1"), bots=frozenset({1}), viewer=None, log=(),
                     style=CardStyle())
    view = SimpleNamespace(current_player=0, viewer=None)
    assert turn_heading(view, info).plain == "Your turn\n"
    assert turn_heading(SimpleNamespace(current_player=1, viewer=None), info).plain == (
        "Bot 1's turn\n")


async def test_an_unfinished_game_is_seen_only_with_the_eyes_of_people_who_played_here() -> None:
    setup = replace(setup_for("makao", 9, 0, players=4), seats=(
        SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default"), SeatSpec("Dana")))
    session = new_session(setup)
    play(session, Rng(9), 8)
    started = datetime.now(UTC)
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=SIZE) as pilot:
        for remote, eyes in (((), [0, 1, 3]), ((1, 3), [0]), ((0, 1, 3), [PUBLIC])):
            record = record_of(session, id="live", started=started, remote=remote)
            live = ReplayScreen(Replay(record), CardStyle())
            app.push_screen(live)
            await wait_until(pilot, lambda live=live: app.screen is live)
            assert live.eyes == eyes and live.viewer == eyes[0]
            seen = []
            for _ in eyes:
                await pilot.press("v")
                seen.append(live.viewer)
                assert "Every hand, open" not in screen_text(app)
            assert sorted(seen, key=str) == sorted(eyes, key=str), "the computer player never"
            if eyes == [PUBLIC]:
                assert "nobody's eyes" in screen_text(app)
            await pilot.press("escape")


async def test_ascii_replays_draw_only_ascii_and_whole_footer_keys_at_80_columns() -> None:
    """With ``--ascii`` every game's replay names its cards in letters in the status line and
    the log (``Ac``, never ``A♣``), with every hand open, and spells the players' names in
    letters (``Žofie 🃏`` is ``Zofie ?``) on the seat boxes too; and the footer, whose arrows
    are wider in ASCII (``<-``), leaves out whole keys rather than cutting the last one."""
    whole = ("esc Back", "v Whose eyes", "<- Previous move", "-> Next move", "home Deal",
             "end Last move")
    app = CardGamesApp(None, AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=(80, 24)) as pilot:
        for game in PLAYABLE:
            replay = _finished(game, SHORT[game], ("Žofie 🃏", "Čeněk"))
            screen = ReplayScreen(replay, CardStyle(ascii=True))
            screen.step = 1
            app.push_screen(screen)
            await wait_until(pilot, lambda screen=screen: app.screen is screen and (
                " replay " in screen_text(app)))
            steps = sorted({1, 2, 3, *range(4, len(replay) + 1, max(1, len(replay) // 8))})
            assert screen.viewer == OPEN
            for step in steps:
                screen.action_go(step)
                await pilot.pause()
                text = screen_text(app)
                assert text.isascii(), (game, step, text)
            screen.action_go(1)
            await pilot.pause()
            footer = screen_text(app).splitlines()[-1].strip()
            shown = [key for key in whole if key in footer]
            assert "  ".join(shown) == footer, (game, screen_text(app), app.screen_stack)
            assert shown[:2] == ["esc Back", "v Whose eyes"], footer
            app.pop_screen()
            await pilot.pause()


async def test_a_seats_eyes_at_its_own_choice_open_no_dialog_and_offer_no_move() -> None:
    """Seen with your eyes at the position where you named a jack's demand (MK-11), the
    replay shows the table only: no demand dialog opens over it and no verb is offered."""
    replay = _finished("makao", SHORT["makao"])
    demand = next(move for move in replay.moves
                  if move.player == 0 and move.command.startswith("demand"))
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = ReplayScreen(replay, CardStyle())
        screen.step = demand.number - 1
        app.push_screen(screen)
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.press("v")
        assert screen.viewer == 0
        await pilot.pause(0.1)
        assert app.screen is screen, app.screen_stack
        assert screen.board.view.phase == "demand" and screen.board.legal == ()
        for step in range(demand.number - 3, demand.number + 2):
            screen.action_go(step)
            await pilot.pause()
            assert app.screen is screen, (step, app.screen_stack)
