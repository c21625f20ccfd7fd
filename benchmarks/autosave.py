"""What one autosave costs per move, next to the move itself, measured in the same run.

For each playable game, bot games are played through the Session; after every accepted command
the record is built and written atomically (temporary file, flush, fsync, os.replace), as the app
does. Prints the median and 95th-percentile cost of the move and of the autosave (and of its parts:
building the JSON text, writing it), the cost of resuming a game (replaying its record), and the
cost of a checked ``state_from_json`` next to the unchecked ``from_json``.

Run: ``python benchmarks/autosave.py [FOLDER]`` (default: a temporary folder under the data
folder's file system is not guessed; pass one to measure a particular disk).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from cardgames.core.registry import GAMES, load_game
from cardgames.session.record import record_of, record_to_json, session_of
from cardgames.session.savefile import save
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec

STARTED = datetime(2026, 12, 1, tzinfo=UTC)
GAMES_PER_KIND = 6


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return f"median {1000 * statistics.median(ordered):7.3f} ms   p95 {1000 * p95:7.3f} ms"


def measure(game: str, folder: Path) -> None:
    """Play bot games of ``game``, timing every move and every autosave after it."""
    moves: list[float] = []
    builds: list[float] = []
    saves: list[float] = []
    resumes: list[tuple[int, float]] = []
    for seed in range(GAMES_PER_KIND):
        info = next(info for info in GAMES if info.name == game)
        seats = tuple(SeatSpec(f"Bot {i}", "default") for i in range(info.max_players))
        session = Session(GameSetup(game, seats, seed=seed), turn_seconds=0)
        while not session.is_over:
            start = time.perf_counter()
            session.step_bot()
            made = time.perf_counter()
            record = record_of(session, id=f"{game}-{seed}", started=STARTED)
            json.dumps(record_to_json(record), separators=(",", ":"))
            built = time.perf_counter()
            save(record, folder)
            saved = time.perf_counter()
            moves.append(made - start)
            builds.append(built - made)
            saves.append(saved - made)
        start = time.perf_counter()
        session_of(record, turn_seconds=0)
        resumes.append((len(record.commands), time.perf_counter() - start))
    print(f"{game}: {len(moves)} moves in {GAMES_PER_KIND} games of {info.max_players} bots")
    print(f"  move (bot choice + apply)     {_ms(moves)}")
    print(f"  autosave (record + write)     {_ms(saves)}")
    print(f"    of which record + JSON text {_ms(builds)}")
    longest = max(resumes)
    print(f"  resume: {longest[0]} commands replayed in {1000 * longest[1]:.1f} ms")


def positions(game: str) -> None:
    """A checked state_from_json next to the engine's unchecked from_json, on one position."""
    state = load_game(game).new_game(2, seed=1)
    data = json.loads(json.dumps(state.to_json()))
    checked = load_game(game).state_from_json
    unchecked = type(state).from_json  # type: ignore[attr-defined]
    rounds = 2000
    start = time.perf_counter()
    for _ in range(rounds):
        unchecked(data)
    middle = time.perf_counter()
    for _ in range(rounds):
        checked(data)
    end = time.perf_counter()
    print(
        f"  state_from_json: checked {1e6 * (end - middle) / rounds:.0f} µs, "
        f"unchecked from_json {1e6 * (middle - start) / rounds:.0f} µs"
    )


def main() -> None:
    """Measure every playable game."""
    with tempfile.TemporaryDirectory(dir=sys.argv[1] if len(sys.argv) > 1 else None) as name:
        for info in GAMES:
            if info.playable:
                measure(info.name, Path(name))
                positions(info.name)


if __name__ == "__main__":
    main()
