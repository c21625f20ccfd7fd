"""On a busy machine each computer player's move is still on screen for the whole bot delay
before the next computer player moves, and each step of a Trash chain is drawn."""

from __future__ import annotations

import time
from itertools import pairwise
from typing import Any

from cardgames.session.dealcode import parse_deal
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.trash import TrashBoard
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import find_table, human_to_move

SIZE = (80, 24)
DELAY = 0.2
BUSY = 0.5
"""How long the event loop is kept busy right after the first computer player's move."""
SETUP = GameSetup("makao", (SeatSpec("Anna", "normal"), SeatSpec("Bob", "normal"),
                            SeatSpec("You")), {}, 5)


def _frame_times(monkeypatch: Any) -> list[float]:
    """The times of the frames the app sends to the terminal from now on, as they come."""
    frames: list[float] = []
    display = CardGamesApp._display

    def record_frame(app: CardGamesApp, screen: Any, renderable: Any) -> None:
        if renderable is not None:
            frames.append(time.monotonic())
        display(app, screen, renderable)

    monkeypatch.setattr(CardGamesApp, "_display", record_frame)
    return frames


async def test_a_busy_machine_still_shows_a_computer_players_move_for_the_whole_delay(
    monkeypatch: Any,
) -> None:
    """Anna moves, then the machine is busy for longer than the bot delay: Bob waits until
    Anna's move is on screen, and then the whole delay, before he moves."""
    moves: list[tuple[int, float]] = []
    frames = _frame_times(monkeypatch)
    moved = TableScreen._bot_moved

    def record_move(screen: TableScreen, turn: Any, action: Any) -> None:
        moves.append((turn.seat, time.monotonic()))
        moved(screen, turn, action)
        if len(moves) == 1:
            time.sleep(BUSY)

    monkeypatch.setattr(TableScreen, "_bot_moved", record_move)
    app = CardGamesApp(SETUP, AppSettings(bot_delay=DELAY))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: len(moves) >= 2, limit=3000)
    (first, anna), (second, bob) = moves[:2]
    assert (first, second) == (0, 1), "Anna's move, then Bob's"
    shown = [at for at in frames if anna < at < bob]
    assert shown, "Anna's move was drawn before Bob moved"
    assert bob - shown[0] >= DELAY - 0.02, "Bob waited the whole delay after the drawing"


async def test_a_busy_machine_shows_every_step_of_a_trash_chain_for_its_time(
    monkeypatch: Any,
) -> None:
    """You draw, then Anna and Bob move (TR-5 chains of several steps each), and the machine
    is busy for longer than a step right after each step is made: every step is still drawn,
    and stays on screen for its whole time before the next one replaces it."""
    steps: list[tuple[float, float]] = []
    frames = _frame_times(monkeypatch)
    step = TrashBoard._next_frame

    def record_step(board: TrashBoard) -> None:
        steps.append((time.monotonic(), board._step))
        step(board)
        time.sleep(BUSY)

    monkeypatch.setattr(TrashBoard, "_next_frame", record_step)
    seats = (SeatSpec("You"), SeatSpec("Anna", "normal"), SeatSpec("Bob", "normal"))
    app = CardGamesApp(parse_deal("trash-3-49DC").setup(seats), AppSettings(bot_delay=DELAY))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("d")
        await wait_until(pilot, lambda: len(find_table(app).session.history) >= 3, limit=3000)
        await wait_until(pilot, lambda: not find_table(app).board.settling, limit=3000)
    assert len(steps) >= 4, "the chains had several steps"
    for (made, seconds), (after, _) in pairwise(steps):
        drawn = [at for at in frames if made < at < after]
        assert drawn, "a step was replaced before it was drawn"
        assert after - drawn[0] >= seconds - 0.02, "a step was cut short"
