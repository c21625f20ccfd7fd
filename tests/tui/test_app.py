"""End-to-end Pilot tests through the real app at 80×24: keys only, fixed seeds, no bot delay."""

from __future__ import annotations

import json

from textual.pilot import Pilot

from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp, make_app
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from tests.tui.drive import (
    arrows,
    human_to_move,
    pass_on,
    passing,
    play_one_turn,
    screen_name,
    table,
    table_when_my_turn,
)

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_full_game_from_picker_to_game_over_with_keys_only() -> None:
    app = make_app(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        assert screen_name(app) == "PickerScreen"
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "SetupScreen")
        await pilot.press("minus", "minus", "shift+tab", "7", "ctrl+s")
        await wait_until(pilot, lambda: table(app) is not None)
        screen = table(app)
        assert screen is not None
        session = screen.session
        assert session.setup.seed == 7
        assert [seat.is_human for seat in session.setup.seats] == [True, False]
        turns = 0
        while screen_name(app) != "GameOverScreen":
            await wait_until(
                pilot, lambda: human_to_move(app) or screen_name(app) == "GameOverScreen"
            )
            if human_to_move(app):
                before = len(session.history)
                await play_one_turn(pilot, app)
                assert len(session.history) > before, "a key press must make a move"
                turns += 1
            assert turns < 200
        outcome = session.outcome()
        assert outcome is not None and sorted(outcome.ranking) == [0, 1]
        result = str(app.screen.query_one("#over-result").render())
        assert session.names[outcome.ranking[0]] in result
        await pilot.press("b")
        await wait_until(pilot, lambda: screen_name(app) == "PickerScreen")


async def test_hot_seat_pass_screen_ignores_early_enter_and_shows_the_right_hand() -> None:
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 11), FAST, clock=clock, pass_delay=0.5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert app.screen.player == "Anna"
        clock.now += 0.3
        await pilot.press("enter")
        assert isinstance(app.screen, PassScreen), "Enter within 0.5 s must be ignored"
        clock.now += 0.3
        await pilot.press("enter")
        assert isinstance(app.screen, PassScreen), "a key restarts the quiet spell"
        clock.now += 0.6
        await pilot.press("enter")
        screen = await table_when_my_turn(pilot, app)
        session = screen.session
        assert screen.query_one(HandWidget).cards == session.view_for(0).hand
        while session.current_player == 0:
            await play_one_turn(pilot, app)
        await pass_on(pilot, app, clock)
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert app.screen.player == "Bob"
        assert screen.query_one(HandWidget).cards == (), "the table under the cover is public"
        clock.now += 1.0
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        assert screen.query_one(HandWidget).cards == session.view_for(1).hand
        assert session.viewer == 1


async def _first_move_made(pilot: Pilot[None], app: CardGamesApp,
                           clock: FakeClock) -> TableScreen:
    """Uncover the first player's hand, make his move with keys after a calm pause, and wait
    until he is asked to pass the table on; the table screen."""
    await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
    clock.now += 2
    await pilot.press("enter")
    screen = await table_when_my_turn(pilot, app)
    clock.now += 2
    while screen.session.current_player == 0:
        await play_one_turn(pilot, app)
    await wait_until(pilot, lambda: passing(app))
    return screen


async def test_an_enter_in_the_burst_of_the_move_asks_again_and_a_calm_one_passes_on() -> None:
    """The Enter that passes the table on counts when it is typed on its own, even within the
    pass screen's quiet second; one typed with the move's keys says to press it again, and a
    move key meanwhile says the turn is over, not whose turn it is."""
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 11), FAST, clock=clock, settle=0.25)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _first_move_made(pilot, app, clock)
        await pilot.press("enter")
        await pilot.pause()
        assert passing(app) and not isinstance(app.screen, PassScreen)
        assert "That Enter came too soon after your move: press it again to pass to Bob." in (
            screen.error)
        clock.now += 0.6
        await pilot.press("d")
        await pilot.pause()
        assert screen.error == "Your turn is over: press Enter to pass to Bob."
        clock.now += 0.6
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert app.screen.player == "Bob"


async def test_a_calm_enter_passes_on_right_after_a_computer_players_move() -> None:
    """With a computer player between two people, an Enter typed 0.7 s after one's own move
    passes the table on even though the computer player has only just moved."""
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Cyril", "normal"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 11), FAST, clock=clock, settle=0.25)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _first_move_made(pilot, app, clock)
        assert screen.session.current_player == 2, "Cyril has moved"
        clock.now += 0.7
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert app.screen.player == "Bob"


async def test_bad_typed_command_shows_an_error_and_changes_nothing() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        before = json.dumps(screen.session.to_json(), sort_keys=True)
        history = list(screen.session.history)
        await pilot.press("colon", *"play 9z", "enter")
        await pilot.pause()
        status = str(screen.query_one("#status").render())
        assert "9z" in status and "not a card" in status
        assert json.dumps(screen.session.to_json(), sort_keys=True) == before
        assert screen.session.history == history
        assert human_to_move(app)


def _seed_with_playable_jack() -> int:
    from cardgames.core.cards import Rank
    from cardgames.games.makao import GAME
    from cardgames.games.makao.actions import Play

    for seed in range(500):
        legal = GAME.new_game(2, seed=seed).view(0).legal
        if any(isinstance(a, Play) and a.cards[-1].rank is Rank.JACK for a in legal):
            return seed
    raise AssertionError("no seed deals a playable jack")


async def test_jack_opens_the_demand_dialog_with_the_legal_demands() -> None:
    from cardgames.core.cards import Rank
    from cardgames.games.makao.actions import Demand, Play
    from cardgames.tui.screens.dialogs import ChoiceDialog

    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, _seed_with_playable_jack()),
                       FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        session = screen.session
        view = session.view()
        jack = next(a.cards[0] for a in view.legal
                    if isinstance(a, Play) and a.cards[0].rank is Rank.JACK)
        hand = screen.query_one(HandWidget)
        await pilot.press(*arrows(hand.cursor, view.hand.index(jack)))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [action for _, action in dialog.choices] == list(session.legal_actions())
        labels = [label for label, _ in dialog.choices]
        assert "Demand sevens" in labels and "No demand" in labels
        await pilot.press(*["down"] * labels.index("Demand sevens"), "enter")
        await pilot.pause()
        mine = [action for seat, action in session.history if seat == 0]
        assert mine == [Play((jack,)), Demand("rank", Rank.SEVEN)]
