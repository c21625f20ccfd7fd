"""Engine speed: random legal play in games and actions per second, next to a reference engine.

One action is one ``legal_actions()`` call plus one ``apply()``. Every playable game of the
registry is measured, with its fewest players and with four (or its most); each row alternates
with the reference engine of ``cardgames.bench`` in the same run, and the ratio between the two is
the figure to compare between machines. ``clone()`` is timed the same way, on positions of random
games. OpenSpiel's crazy_eights and gin_rummy and RLCard's UNO are measured the same way when
their packages are installed (see ``comparisons.py``), and each row of ours is set against them.

Usage: ``python benchmarks/engine_speed.py [--game NAME|all] [--seconds 3] [--no-comparisons]``.
Prints figures; asserts nothing about time.
"""

from __future__ import annotations

import argparse

import comparisons

from cardgames.bench import format_table, measure, playable_names


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="all", choices=(*playable_names(), "all"))
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time per row, with the reference"
    )
    parser.add_argument(
        "--no-comparisons", action="store_true", help="skip OpenSpiel and RLCard"
    )
    args = parser.parse_args(argv)
    names = playable_names() if args.game == "all" else (args.game,)
    others, notes = ([], []) if args.no_comparisons else comparisons.available()
    rows = []
    outside = []
    for index, name in enumerate(names):
        rows.extend(measure([name], args.seconds))
        if index < len(others):
            outside.extend(comparisons.measure([others[index]], args.seconds))
    outside.extend(comparisons.measure(others[len(names):], args.seconds))
    print(format_table([*rows, *(item.speed for item in outside)]))
    for line in [*notes, *comparisons.against(rows, outside)]:
        print(line)


if __name__ == "__main__":
    main()
