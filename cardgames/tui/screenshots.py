"""SVG screenshots of the main screens, taken from real headless games (never drawn by hand).

``cardgames screenshots`` calls :func:`write_screenshots`. Every game uses a fixed seed and no bot
delay, so the pictures are the same on every run.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from textual.pilot import Pilot

from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.settings import AppSettings

SIZE = (80, 24)
"""The terminal size of every screenshot."""

SEED = 7
"""The seed of every game shown."""

_SETTINGS = AppSettings(bot_delay=0)
# The apps below are driven by a script that presses keys milliseconds apart, so they are made
# with ``settle=0``: a person's burst would be dropped after a screen closes, a script's must not.


async def wait_until(
    pilot: Pilot[None], condition: Callable[[], bool], limit: int = 500, seconds: float = 30.0
) -> None:
    """Let the app run until ``condition()`` holds.

    A busy machine slows the app's timers (a computer player's delay, a chain shown step by
    step) against the pauses, so the wait ends only after both ``limit`` pauses and
    ``seconds`` of real time.

    Raises:
        TimeoutError: If it still does not hold after ``limit`` pauses and ``seconds``.
    """
    deadline = time.monotonic() + seconds
    count = 0
    while not condition():
        if count >= limit and time.monotonic() >= deadline:
            raise TimeoutError("the app did not reach the expected state")
        count += 1
        await pilot.pause()


def _human_turn(app: CardGamesApp) -> bool:
    session = getattr(app.screen, "session", None)
    return session is not None and session.viewer is not None and bool(session.legal_actions())


async def _picker_and_setup(directory: Path) -> list[Path]:
    app = CardGamesApp(settings=_SETTINGS, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        paths = [Path(app.save_screenshot("picker.svg", str(directory)))]
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
        await pilot.pause()
        paths.append(Path(app.save_screenshot("setup.svg", str(directory))))
    return paths


async def _table_and_rules(directory: Path) -> list[Path]:
    setup = GameSetup("makao", default_seats(4, 3), {}, SEED)
    app = CardGamesApp(setup, _SETTINGS, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: _human_turn(app))
        await pilot.press("right", "space")
        await pilot.pause()
        paths = [Path(app.save_screenshot("makao-table.svg", str(directory)))]
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "RulesScreen")
        # The footer is drawn once the screen's keys are known: End (the list of keys) last.
        await wait_until(pilot, lambda: any(getattr(key, "key", "") == "end"
                                            for key in app.screen.query("FooterKey")))
        paths.append(Path(app.save_screenshot("rules.svg", str(directory))))
    return paths


async def _pass_screen(directory: Path) -> list[Path]:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default"))
    app = CardGamesApp(GameSetup("makao", seats, {}, SEED), _SETTINGS, pass_delay=0, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "PassScreen")
        await pilot.press("enter")
        await wait_until(pilot, lambda: _human_turn(app))
        await pilot.press("d")
        await pilot.pause()
        if _human_turn(app):
            await pilot.press("p")
        # Anna sees the card she drew, then passes the terminal on.
        await wait_until(pilot, lambda: getattr(app.screen, "session", None) is not None
                         and app.screen.session.passing is not None)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "PassScreen")
        await pilot.pause()
        return [Path(app.save_screenshot("pass-screen.svg", str(directory)))]


async def _game_over(directory: Path) -> list[Path]:
    seats = tuple(SeatSpec(name, "default") for name in ("Anna", "Bob", "Cyril", "Dana"))
    app = CardGamesApp(GameSetup("makao", seats, {}, SEED), _SETTINGS, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "GameOverScreen", 5000)
        await pilot.pause()
        return [Path(app.save_screenshot("game-over.svg", str(directory)))]


def _still() -> float:
    """A clock that stands still, so the turn clock shows the same time on every run."""
    return 0.0


async def _shithead(directory: Path) -> list[Path]:
    setup = GameSetup("shithead", default_seats(4, 3), {}, SEED)
    app = CardGamesApp(setup, _SETTINGS, settle=0, clock=_still)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: _human_turn(app))
        await pilot.press("right", "space", "tab", "right")
        await pilot.pause()
        paths = [Path(app.save_screenshot("shithead-swap.svg", str(directory)))]
        await pilot.press("r")
        await wait_until(pilot, lambda: _human_turn(app))
        await pilot.pause()
        paths.append(Path(app.save_screenshot("shithead-table.svg", str(directory))))
    return paths


async def _table(
    directory: Path, game: str, players: int, turns: Sequence[Sequence[str]], name: str
) -> list[Path]:
    """``game`` for you against computer players: on each of your turns the next keys of
    ``turns``, then the table at your next turn, saved as ``name``."""
    setup = GameSetup(game, default_seats(players, players - 1), {}, SEED)
    app = CardGamesApp(setup, _SETTINGS, settle=0)
    async with app.run_test(size=SIZE) as pilot:
        for keys in turns:
            await wait_until(pilot, lambda: _human_turn(app), 2000)
            await pilot.press(*keys)
        await wait_until(pilot, lambda: _human_turn(app), 2000)
        await pilot.pause()
        return [Path(app.save_screenshot(name, str(directory)))]


async def _spite_malice(directory: Path) -> list[Path]:
    turns = [("enter", "enter")] * 3 + [("enter",)]
    return await _table(directory, "spite_malice", 3, turns, "spite-malice-table.svg")


async def _trash(directory: Path) -> list[Path]:
    return await _table(directory, "trash", 4, [("d",)], "trash-table.svg")


async def _zoliky(directory: Path) -> list[Path]:
    return await _table(directory, "zoliky", 3, [("d",), ("enter",)] * 3, "zoliky-table.svg")


async def _network_table(directory: Path) -> list[Path]:
    """One network table seen from two terminals: Anna's after her move, then Bob's."""
    from cardgames.net.app import JoinApp
    from cardgames.net.client import connect
    from cardgames.net.server import TableServer

    server = TableServer("makao", players=3, bots=1, seed=SEED, bot_delay=0)
    code = server.code("127.0.0.1", await server.start("127.0.0.1", 0))
    paths = []
    try:
        anna = JoinApp(code, "Anna", _SETTINGS)
        async with anna.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: "Waiting for 1 more" in anna.room.text)
            watcher = await connect(code, "Bob")
            await wait_until(pilot, lambda: _human_turn(anna))
            await pilot.press("right", "enter")
            await wait_until(pilot, lambda: not _human_turn(anna))
            await pilot.pause()
            paths.append(Path(anna.save_screenshot("network-anna.svg", str(directory))))
        watcher.writer.transport.abort()
        watcher = await connect(code, "Anna")
        bob = JoinApp(code, "Bob", _SETTINGS)
        async with bob.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: _human_turn(bob) and "2 of 2" in str(
                bob.screen.query_one("#topbar").render()))
            await pilot.pause()
            paths.append(Path(bob.save_screenshot("network-bob.svg", str(directory))))
        watcher.writer.transport.abort()
    finally:
        await server.close()
    return paths


async def _all(directory: Path) -> list[Path]:
    paths: list[Path] = []
    shots = (_picker_and_setup, _table_and_rules, _pass_screen, _game_over, _shithead,
             _spite_malice, _trash, _zoliky, _network_table)
    for shoot in shots:
        paths.extend(await shoot(directory))
    return paths


def write_screenshots(directory: Path) -> list[Path]:
    """Run real games headless at 80×24 and save SVGs of the main screens.

    Args:
        directory: Where to write; created if missing.

    Returns:
        The files written: picker, setup, Makao table, rules, pass screen, game over, the
        Shithead swap phase and table, the Spite & Malice, Trash and Žolíky tables, and one network
        table from two players' terminals.
    """
    directory.mkdir(parents=True, exist_ok=True)
    return asyncio.run(_all(directory))
