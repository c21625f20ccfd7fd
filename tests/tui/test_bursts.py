"""Keys in a burst (a slow SSH link): a screen acts on no key once it has closed.

The keys are posted to the app all at once, with no pause between them, as a terminal delivers
them when the link stalls and catches up.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.pilot import Pilot

from cardgames.core.cards import Rank
from cardgames.games.makao.actions import Demand, Draw, Play
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.dialogs import ChoiceDialog, LeaveDialog
from cardgames.tui.screens.game_over import GameOverScreen
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.board import Board
from cardgames.tui.widgets.command_bar import CommandBar
from cardgames.tui.widgets.hand import HandWidget
from tests.tui.drive import arrows, deal_near_the_end, screen_name, table_when_my_turn

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
_CHARACTERS = {"enter": "\r", "escape": "\x1b"}


async def burst(pilot: Pilot[None], key: str, times: int = 4) -> None:
    """Post ``times`` presses of ``key`` at once, then let the app handle them."""
    for _ in range(times):
        pilot.app.post_message(events.Key(key, _CHARACTERS.get(key, key)))
    for _ in range(5):
        await pilot.pause()


def names(app: CardGamesApp) -> list[str]:
    """The classes of the screens on the stack, bottom first."""
    return [type(screen).__name__ for screen in app.screen_stack]


async def test_a_burst_of_enter_in_the_demand_dialog_closes_only_the_dialog() -> None:
    # The steps of the report: seed 35, the jack of diamonds three to the right, four Enters.
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 35), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        session = screen.session
        jack = next(a.cards[0] for a in session.legal_actions()
                    if isinstance(a, Play) and a.cards[0].rank is Rank.JACK)
        hand = screen.query_one(HandWidget)
        await pilot.press(*arrows(hand.cursor, session.view().hand.index(jack)), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        first = dialog.choices[0][1]
        assert isinstance(first, Demand)
        await burst(pilot, "enter")
        assert names(app) == ["PickerScreen", "TableScreen"]
        mine = [action for seat, action in session.history if seat == 0]
        assert mine == [Play((jack,)), first], "the late Enters must not play at the table"


async def test_a_burst_of_yes_in_the_leave_question_leaves_one_game_only() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await burst(pilot, "y")
        assert names(app) == ["PickerScreen"]
        assert app.is_running


async def test_a_burst_of_escape_in_the_rules_closes_only_the_rules() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: screen_name(app) == "RulesScreen")
        await burst(pilot, "escape")
        assert names(app) == ["PickerScreen", "TableScreen"]


async def test_a_burst_of_enter_in_the_picker_opens_one_set_up() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "enter", 3)
        assert names(app) == ["PickerScreen", "SetupScreen"]
        await burst(pilot, "escape", 3)
        assert names(app) == ["PickerScreen"]


async def test_a_burst_of_enter_on_game_over_deals_one_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal_near_the_end(monkeypatch)
    app = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 7), FAST)
    dealt: list[int] = []
    start = app.start_game

    def counting(setup: GameSetup, **kwargs: object) -> None:
        dealt.append(setup.seed)
        start(setup, **kwargs)  # type: ignore[arg-type]

    app.start_game = counting  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen), limit=5000)
        await burst(pilot, "enter")
        assert dealt == [7, 8], "one Enter deals the next game; the late ones nothing"
        # The new table replaced the old one; its own result may already be up over it.
        assert names(app)[:2] == ["PickerScreen", "TableScreen"]
        assert names(app)[2:] in ([], ["GameOverScreen"])


async def test_a_burst_of_start_in_the_set_up_deals_one_game() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await burst(pilot, "ctrl+s", 3)
        assert names(app) == ["PickerScreen", "TableScreen"]


async def test_a_board_opens_no_dialog_while_the_table_is_covered() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        board = screen.query_one(Board)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: screen_name(app) == "RulesScreen")
        board.ask(ChoiceDialog("Demand a rank", [("none", None)]), board.act)
        await pilot.pause()
        assert names(app) == ["PickerScreen", "TableScreen", "RulesScreen"]
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        board.ask(ChoiceDialog("Demand a rank", [("none", None)]), board.act)
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))



async def test_escape_and_colon_in_one_burst_close_the_bar_and_open_it_afresh() -> None:
    """Esc then ``:`` typed at once: the colon is sent to the open bar before Escape has
    closed it; it comes back to the table, which opens the bar again, empty."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 35), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await pilot.press("colon", "d", "r")
        bar = screen.query_one("#command", CommandBar)
        assert bar.display and bar.value == "dr"
        await burst(pilot, "escape", 1)
        assert not bar.display
        await pilot.press("colon", "d")
        app.post_message(events.Key("escape", "\x1b"))
        app.post_message(events.Key("colon", ":"))
        for _ in range(5):
            await pilot.pause()
        assert bar.display and bar.value == "", "Escape closed the bar and : opened it empty"
        assert app.focused is bar


async def test_a_key_typed_at_the_table_just_before_colon_acts_at_the_table() -> None:
    """Esc, or ``d``, then ``:`` typed at once on the table (the bar closed): the colon opens
    the bar before the first key comes back up to the app's bindings. That key still acts where
    it was typed: Escape does not close the bar it opened, and ``d`` draws."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 35), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        bar = screen.query_one("#command", CommandBar)
        assert not bar.display
        app.post_message(events.Key("escape", "\x1b"))
        app.post_message(events.Key("colon", ":"))
        for _ in range(5):
            await pilot.pause()
        assert bar.display and app.focused is bar, "Escape typed before : left the bar open"
        await pilot.press("escape")
        assert not bar.display
        moves = len(screen.session.history)
        app.post_message(events.Key("d", "d"))
        app.post_message(events.Key("colon", ":"))
        for _ in range(5):
            await pilot.pause()
        assert screen.session.history[moves:][:1] == [(0, Draw())], "d typed before : drew"
        assert bar.display and bar.value == ""
