"""Records finished games into the statistics file until killed (for the kill test).

Run as ``python -m tests.session.stats_child FILE START``; prints each game id once counted.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from cardgames.core.engine import Outcome
from cardgames.session.record import GameRecord
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.stats import record_game

MOMENT = datetime(2026, 12, 1, tzinfo=UTC)


def main(path: Path, start: int) -> None:
    """Count game after game, each with six seats, printing each id once it is in."""
    seats = tuple(SeatSpec(f"P{i}", None if i == 0 else "makao") for i in range(6))
    number = start
    while True:
        record = GameRecord(
            f"g{number}", GameSetup("makao", seats, seed=number), ("draw",) * 10,
            Outcome(tuple(range(6)), (number % 6,)), MOMENT, MOMENT, 1.0,
        )
        record_game(path, record)
        print(record.id, flush=True)
        number += 1


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
