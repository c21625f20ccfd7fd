"""The keys of a burst that closed a screen do not act on the screen that comes up, and every
pass screen waits for a quiet spell counted from when it came on top (fake clock)."""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot

from cardgames.games.makao.actions import Play
from cardgames.session.savefile import records_dir, saved_games
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.quiet import KeyQuiet
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.base import AppModal
from cardgames.tui.screens.dialogs import LeaveDialog
from cardgames.tui.screens.game_over import GameOverScreen
from cardgames.tui.screens.log import LogScreen
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.rules import RulesScreen
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.command_bar import CommandBar
from cardgames.tui.widgets.hand import HandWidget
from tests.tui.drive import (
    arrows,
    deal_near_the_end,
    find_table,
    human_to_move,
    table_when_my_turn,
)
from tests.tui.screen_text import screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def spaced_burst(
    pilot: Pilot[None], clock: Clock, key: str, times: int = 4, gap: float = 0.01
) -> None:
    """``times`` presses of ``key`` ``gap`` seconds apart, each handled before the next arrives
    (a burst over a slow link, read by the terminal in several pieces)."""
    for _ in range(times):
        pilot.app.post_message(events.Key(key, "\r" if key == "enter" else key))
        clock.now += gap
        await pilot.pause()
    await pilot.pause()


def test_a_burst_after_a_close_is_dropped_until_a_pause() -> None:
    clock = Clock()
    keys = KeyQuiet(clock, 1.0, settle=0.25)
    assert keys.key()
    keys.closed()
    for _ in range(5):
        clock.now += 0.1
        assert not keys.key(), "keys 0.1 s apart after a close are one burst"
    clock.now += 0.3
    assert keys.key() and keys.key(), "after a pause every key counts again"


def test_after_a_screen_only_read_only_the_closing_key_repeating_is_dropped() -> None:
    clock = Clock()
    keys = KeyQuiet(clock, 1.0, settle=0.25)
    assert keys.key(name="escape")
    keys.closed(repeats_only=True)
    clock.now += 0.05
    assert not keys.key(name="escape"), "the closing key repeating is dropped"
    clock.now += 0.05
    assert keys.key(name="L"), "another key counts at once"
    clock.now += 0.05
    assert keys.key(name="escape"), "and ends the burst"


async def _open_and_escape(
    pilot: Pilot[None], app: CardGamesApp, clock: Clock, key: str, kind: type[object]
) -> TableScreen:
    """At the table on the person's turn, open a ``kind`` screen with ``key`` and close it with
    Escape a second later; returns the table, on top again."""
    table = await table_when_my_turn(pilot, app)
    await pilot.press("home")
    clock.now += 1
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(app.screen, kind))
    clock.now += 1
    await pilot.press("escape")
    await wait_until(pilot, lambda: app.screen is table)
    return table


async def test_a_key_right_after_closing_the_rules_acts_on_the_table() -> None:
    clock = Clock()
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST, clock=clock,
                       settle=0.25)
    async with app.run_test(size=SIZE) as pilot:
        await _open_and_escape(pilot, app, clock, "question_mark", RulesScreen)
        clock.now += 0.1
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, LogScreen))


def test_dialogs_and_read_only_screens_drop_only_the_closing_key_repeating() -> None:
    assert AppModal.repeats_only and RulesScreen.repeats_only
    assert not PassScreen.repeats_only and not GameOverScreen.repeats_only


async def test_an_arrow_right_after_escaping_a_dialog_moves_the_cursor() -> None:
    clock = Clock()
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST, clock=clock,
                       settle=0.25)
    async with app.run_test(size=SIZE) as pilot:
        table = await _open_and_escape(pilot, app, clock, "q", LeaveDialog)
        hand = table.query_one(HandWidget)
        clock.now += 0.05
        await spaced_burst(pilot, clock, "escape", times=2, gap=0.05)
        assert app.screen is table and hand.cursor == 0
        await pilot.press("right")
        await pilot.pause()
        assert hand.cursor == 1, "a key typed right after the closing one counts"


def _hot_seat_makao(clock: Clock) -> CardGamesApp:
    """Anna and Bob at one keyboard (Makao, seed 5), keys timed by ``clock``, settle 0.25 s."""
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    return CardGamesApp(GameSetup("makao", seats, {}, 5), FAST, clock=clock, settle=0.25)


async def test_a_burst_of_enter_on_the_first_pass_screen_plays_no_card() -> None:
    clock = Clock()
    app = _hot_seat_makao(clock)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        clock.now += 2
        await spaced_burst(pilot, clock, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        for _ in range(3):
            await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen), "the first Enter after a quiet spell counts"
        assert table.session.history == [], "the rest of the burst must not play a card"


async def test_a_burst_slowed_by_a_busy_machine_does_not_reach_the_uncovered_hand() -> None:
    clock = Clock()
    app = _hot_seat_makao(clock)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        clock.now += 2
        # 0.3 s apart: longer than the pause that ends a burst after a dialog closes.
        await spaced_burst(pilot, clock, "enter", gap=0.3)
        table = app.screen
        assert isinstance(table, TableScreen), "the first Enter after a quiet spell counts"
        assert table.session.history == [] and not table.error, "no key reached the hand"
        clock.now += 1
        await pilot.press("d")
        await wait_until(pilot, lambda: table.session.history != [])


async def test_the_quiet_spell_counts_from_when_the_pass_screen_came_on_top() -> None:
    clock = Clock()
    app = CardGamesApp(settings=FAST, clock=clock)
    async with app.run_test(size=SIZE) as pilot:
        cover = PassScreen("Anna", (), CardStyle(), app.keys)
        clock.now += 5  # building the table took a while
        app.push_screen(cover)
        await wait_until(pilot, lambda: app.screen is cover)
        clock.now += 0.5
        await pilot.press("enter")
        assert app.screen is cover, "Enter 0.5 s after the screen came on top must not count"


async def test_enters_after_stay_in_the_leave_question_play_no_card() -> None:
    clock = Clock()
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST, clock=clock,
                       settle=0.25)
    async with app.run_test(size=SIZE) as pilot:
        table = await table_when_my_turn(pilot, app)
        history = list(table.session.history)
        view = table.session.view()
        card = next(a.cards[0] for a in view.legal if isinstance(a, Play))
        clock.now += 1
        await pilot.press(*arrows(table.query_one(HandWidget).cursor, view.hand.index(card)))
        clock.now += 1
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        clock.now += 1
        await spaced_burst(pilot, clock, "enter")
        assert app.screen is table
        assert table.session.history == history, "Enters after Stay must not reach the table"
        clock.now += 1
        await pilot.press("q")
        assert isinstance(app.screen, LeaveDialog), "a key after a pause counts again"


def test_a_burst_is_measured_by_when_its_keys_came_not_when_they_were_handled() -> None:
    clock = Clock()
    keys = KeyQuiet(clock, 1.0, settle=0.25)
    keys.key()
    keys.closed()
    clock.now += 0.4  # the app was busy drawing the next screen
    assert not keys.key(age=0.38), "it came 20 ms after the close"


async def test_a_burst_of_enter_that_ends_the_game_does_not_answer_the_result_box(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal_near_the_end(monkeypatch)  # the person goes out with the one card she holds
    clock = Clock()
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 4), FAST, clock=clock,
                       settle=0.25)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        clock.now += 1
        await spaced_burst(pilot, clock, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        over = app.screen
        for _ in range(3):
            await pilot.pause()
        assert app.screen is over, "the rest of the burst must not play again unseen"
        clock.now += 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is not over)


async def _hot_seat_game_with_a_move(pilot: Pilot[None], app: CardGamesApp,
                                     clock: Clock) -> TableScreen:
    """Uncover Anna's hand and let her draw: the game has a record on disk."""
    await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
    clock.now += 2
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
    table = app.screen
    assert isinstance(table, TableScreen)
    clock.now += 1
    await pilot.press("d")
    await wait_until(pilot, lambda: table.session.history != [])
    app.writer.flush()
    assert len(saved_games(records_dir()).games) == 1, "saved while it is played"
    clock.now += 1
    return table


@pytest.mark.parametrize("leave", ["q", "ctrl+q"])
async def test_a_key_typed_right_after_leave_does_not_answer_the_leave_question(
    leave: str,
) -> None:
    """``q`` then ``d`` 20 ms apart must not take ``d`` as "discard it" (nor as Draw): the
    unfinished game stays; a key after a pause answers."""
    clock = Clock()
    app = _hot_seat_makao(clock)
    async with app.run_test(size=SIZE) as pilot:
        table = await _hot_seat_game_with_a_move(pilot, app, clock)
        history = list(table.session.history)
        await pilot.press(leave)
        clock.now += 0.02
        await pilot.press("d")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, LeaveDialog), "the typed-ahead d must not answer"
        assert app.is_running and not table.closed
        assert table.session.history == history, "nor draw a card at the table"
        app.writer.flush()
        assert len(saved_games(records_dir()).games) == 1, "the game must not be discarded"
        clock.now += 1
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is table)
    assert len(saved_games(records_dir()).games) == 1


async def test_the_footer_of_the_leave_question_shows_its_keys_not_the_tables() -> None:
    clock = Clock()
    app = _hot_seat_makao(clock)
    async with app.run_test(size=SIZE) as pilot:
        await _hot_seat_game_with_a_move(pilot, app, clock)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await wait_until(pilot, lambda: "Discard" in screen_text(app).splitlines()[-1])
        footer = screen_text(app).splitlines()[-1]
        assert "d Discard" in footer and "Stay" in footer, footer
        assert "Draw" not in footer and "Select" not in footer and "Leave" not in footer, footer


async def test_letters_typed_after_a_refused_colon_at_the_hand_over_are_dropped() -> None:
    """Anna's turn is over and Enter passes the terminal: ``:`` is refused then, and the letters
    typed right after it (meant for the bar) are dropped, never table keys: the ``q`` of
    ``play qh`` does not open the leave question. After a pause, keys count again."""
    clock = Clock()
    app = _hot_seat_makao(clock)
    async with app.run_test(size=SIZE) as pilot:
        table = await _hot_seat_game_with_a_move(pilot, app, clock)
        await wait_until(pilot, lambda: table.session.passing is not None)
        history = list(table.session.history)
        await pilot.press("colon", *"play qh")
        await pilot.pause()
        assert app.screen is table, "no leave question"
        assert "Your turn is over" in table.error and table.session.history == history
        clock.now += 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))


async def test_a_move_typed_ahead_goes_when_the_terminal_is_to_be_passed_on() -> None:
    """Bob types a move while the computer player Cyril moves; Cyril's move ends with Bob to
    pass the terminal to Anna: the bar closes with Bob's text (it is Anna's turn next), the
    rest of the command he types then is dropped (its ``q`` opens no leave question), and
    Enter after a pause passes on."""
    clock = Clock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "normal"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 5), AppSettings(bot_delay=60),
                       clock=clock, settle=0.25)
    async with app.run_test(size=SIZE) as pilot:

        async def uncover_and_draw() -> TableScreen:
            await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
            clock.now += 2
            await pilot.press("enter")
            await wait_until(pilot, lambda: human_to_move(app))
            table = find_table(app)
            moves = len(table.session.history)
            clock.now += 1
            await pilot.press("d")
            await wait_until(pilot, lambda: len(table.session.history) > moves)
            if table.session.passing is not None:
                clock.now += 1
                await pilot.press("enter")
            return table

        await uncover_and_draw()
        table = await uncover_and_draw()
        await wait_until(pilot, lambda: table.session.bot_to_move and app.screen is table)
        clock.now += 1
        await pilot.press("colon", *"draw")
        bar = table.query_one("#command", CommandBar)
        assert bar.display and bar.value == "draw"
        table._bot_step()
        await wait_until(pilot, lambda: table.session.passing is not None)
        await pilot.pause()
        assert not bar.display
        await pilot.press(*" qh")
        await pilot.pause()
        assert app.screen is table, "the rest of the command typed is dropped: no leave question"
        clock.now += 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
