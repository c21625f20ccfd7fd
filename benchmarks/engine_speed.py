"""Engine speed: random legal play in games and actions per second, per game and player count.

One action is one ``legal_actions()`` call plus one ``apply()``. The games measured and their
player counts are the table ``BENCH_PLAYERS`` in ``cardgames.bench`` (one line per game); a game
that is not playable or fails to import is skipped.

Usage: ``python benchmarks/engine_speed.py [--game makao|shithead|all] [--seconds 3]``.
Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse

from cardgames.bench import BENCH_PLAYERS, format_table, measure, playable_names


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="all", choices=(*BENCH_PLAYERS, "all"))
    parser.add_argument("--seconds", type=float, default=3.0, help="measuring time per row")
    args = parser.parse_args(argv)
    available = playable_names()
    wanted = available if args.game == "all" else (args.game,)
    skipped = [name for name in wanted if name not in available]
    for name in skipped:
        print(f"{name}: not playable or fails to import; skipped")
    print(format_table(measure([name for name in wanted if name in available], args.seconds)))


if __name__ == "__main__":
    main()
