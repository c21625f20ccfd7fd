"""Regenerate the README's performance figures: start-up, engine speed and simulated games.

Runs the three benchmarks and rewrites the part of README.md between :data:`BEGIN` and
:data:`END` (the figures and the text that explains them), so the README quotes one run of the
current code. Every figure stands next to a reference measured in the same run: the start-up next
to a minimal Textual app (``startup.py``), the engine and simulation speeds next to the minimal
crazy-eights engine of ``cardgames.bench``, played in alternate slices of time.

Usage: ``python benchmarks/readme_figures.py [--seconds 3] [--games 1000] [--runs 11]``
(``--print`` shows the section without writing README.md). Asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import comparisons
import startup

from cardgames.bench import (
    SIMULATION_BLOCK,
    SimulationSpeed,
    Speed,
    measure,
    playable_names,
    player_counts,
    simulation_speed,
)

README = Path(__file__).resolve().parent.parent / "README.md"
BEGIN = "<!-- performance figures: written by benchmarks/readme_figures.py; do not edit -->"
END = "<!-- end of performance figures -->"
STARTUP_REFERENCE = "minimal Textual app"
SIMULATION_SEED = 1


@dataclass(frozen=True)
class Figures:
    """One run of every benchmark.

    Attributes:
        machine: How the run was made (system, cores, Python, load), one line.
        runs: Start-up runs per program.
        startup: Per program (the minimal app first): median first-frame seconds and MiB.
        seconds: Engine measuring time per row.
        engine: The engine rows.
        outside: The rows of engines outside the collection (OpenSpiel, RLCard), if installed.
        notes: One line per comparison skipped.
        games: Simulated games per game.
        simulated: The simulation rows.
    """

    machine: str
    runs: int
    startup: dict[str, tuple[float, float]]
    seconds: float
    engine: list[Speed]
    outside: list[comparisons.Outside]
    notes: list[str]
    games: int
    simulated: list[SimulationSpeed]


def machine_line() -> str:
    """The system, cores, Python version and load average, as one line."""
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    return (
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {load} at the start"
    )


def paragraph(text: str) -> str:
    """``text`` wrapped to the README's line length."""
    return textwrap.fill(text, width=100, break_long_words=False, break_on_hyphens=False)


def render(figures: Figures) -> str:
    """The README section (without the markers) for ``figures``."""
    blocks = [
        paragraph(
            f"Figures from one run of `python benchmarks/readme_figures.py` ({figures.machine}). "
            "Absolute figures vary between machines and with the load on them, so each one "
            "stands next to a reference measured in the same run: compare the ratios, not the "
            "raw figures (the ratios vary by about ±10% from run to run on a busy machine)."
        ),
        paragraph(
            f"Start-up (`python benchmarks/startup.py --runs {figures.runs}`): from the fork to "
            f"the first frame on an 80×24 pseudo-terminal, median of {figures.runs} runs "
            "alternating with the reference, a minimal Textual app with one `Static`:"
        ),
        startup_table(figures.startup),
        paragraph(
            "`cardgames` alone opens the picker without loading the command-line parser, and the "
            "table screen, the engines and the boards are imported only when a game starts."
        ),
        paragraph(
            f"Engine speed (`python benchmarks/engine_speed.py --seconds {figures.seconds:g}` or "
            "`cardgames bench`): random legal play on one core, timed in CPU seconds of the "
            "process (so other programs on a busy machine do not count); an action is one "
            "`legal_actions()` plus one `apply()`. The reference is `ReferenceState` in "
            "`cardgames/bench.py`, crazy eights reduced to its core in plain Python with the same "
            "protocol and seeded `Rng`, played at random in slices of time alternating with each "
            f"row ({figures.seconds:g} s per row for both); the ratio is actions/s over reference "
            "actions/s:"
        ),
        engine_table(figures.engine),
        paragraph(
            "`clone()` is timed on 200 positions met in seeded random games (every fifth "
            "position), alternating with the clones of the reference's positions."
        ),
        *comparison_blocks(figures),
        paragraph(
            "(Random players make long games: they draw and pick up far more than people do. A "
            "Žolíky game is a whole match to 500, rounds of random play that mostly end when the "
            "stock has run out for the fourth time.)"
        ),
        paragraph(
            "Whole games through the Session with the heuristic computer players in every seat: "
            f"the games of `cardgames simulate GAME --games {figures.games} --players N --seed "
            f"{SIMULATION_SEED}`, played in blocks of {SIMULATION_BLOCK} games, each followed by "
            "the reference for as long; the ratio is turns/s over reference actions/s:"
        ),
        simulation_table(figures.simulated),
    ]
    return "\n\n".join(blocks)


def comparison_blocks(figures: Figures) -> list[str]:
    """The rows of OpenSpiel and RLCard and what ours are as multiples of them, or the notes."""
    blocks = [
        paragraph(
            "Engines outside the collection, measured in the same run in the same way "
            "(`benchmarks/comparisons.py`; the packages are not dependencies of cardgames): "
            "OpenSpiel's `crazy_eights` with its special cards and `gin_rummy` (each node is "
            "played with one `legal_actions()` plus one `apply_action()`; an action counted is "
            "a player's decision, as in our engines, where the deal is part of `new_game` and a "
            "drawn card comes with its draw, so OpenSpiel's chance nodes take their time but "
            "are not counted; the multiple per node, chance nodes counted too, follows in "
            "brackets), and RLCard's "
            "UNO through `Env.run` with random agents (an action is one `Env.step`; RLCard's "
            "UNO has two players and no clone). Each alternates with the reference like our "
            "rows, so rows compare by their ratios:"
        )
    ]
    if figures.outside:
        blocks.append(engine_table([item.speed for item in figures.outside]))
        lines = comparisons.against(figures.engine, figures.outside)
        blocks.append("\n".join(f"- {line}" for line in lines))
    blocks.extend(paragraph(note + ".") for note in figures.notes)
    return blocks


def startup_table(medians: dict[str, tuple[float, float]]) -> str:
    """The start-up medians as a Markdown table, each against the reference."""
    base_time, base_memory = medians[STARTUP_REFERENCE]
    lines = ["| | first frame | peak memory |", "|---|---|---|"]
    for name, (seconds, memory) in medians.items():
        if name == STARTUP_REFERENCE:
            lines.append(f"| {name} | {seconds * 1000:.0f} ms | {memory:.1f} MiB |")
        else:
            lines.append(
                f"| `cardgames` (game picker) | {seconds * 1000:.0f} ms "
                f"({seconds / base_time:.2f}×) | {memory:.1f} MiB ({memory / base_memory:.2f}×) |"
            )
    return "\n".join(lines)


def engine_table(rows: list[Speed]) -> str:
    """The engine rows as a Markdown table, clone speed included where measured."""
    lines = [
        "| Game | Players | games/s | actions/s | reference actions/s | ratio | clones/s "
        "| reference clones/s | clone ratio |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        clones = (
            "| — | — | — |"
            if row.clones_per_second is None or row.reference_clones_per_second is None
            else f"| {row.clones_per_second:,.0f} | {row.reference_clones_per_second:,.0f} "
            f"| {row.clone_ratio:.3f}× |"
        )
        lines.append(
            f"| {row.title} | {row.players} | {row.games_per_second:,.0f} "
            f"| {row.actions_per_second:,.0f} | {row.reference_per_second:,.0f} "
            f"| {row.ratio:.3f}× {clones}"
        )
    return "\n".join(lines)


def simulation_table(rows: list[SimulationSpeed]) -> str:
    """The simulation rows as a Markdown table."""
    lines = [
        "| Game | Players | games/s | turns/s | reference actions/s | ratio | turns per game "
        "| wins per seat |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        result = row.result
        wins = " / ".join(f"{won / result.games:.1%}" for won in result.wins)
        lines.append(
            f"| {result.title} | {result.players} | {result.games_per_second:,.0f} "
            f"| {row.turns_per_second:,.0f} | {row.reference_per_second:,.0f} "
            f"| {row.ratio:.3f}× | {result.average_actions:.1f} | {wins} |"
        )
    return "\n".join(lines)


def replace_section(text: str, section: str) -> str:
    """``text`` with the part between the markers replaced by ``section``.

    Raises:
        ValueError: If the markers are missing, repeated or out of order.
    """
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise ValueError(f"README.md needs one {BEGIN!r} line followed by one {END!r} line")
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    return f"{head}{BEGIN}\n{section}\n{END}{tail}"


def collect(seconds: float, games: int, runs: int) -> Figures:
    """Run every benchmark: start-up, then engine speed and simulation for every playable game."""
    machine = machine_line()
    names = playable_names()
    others, notes = comparisons.available()
    engine: list[Speed] = []
    outside: list[comparisons.Outside] = []
    for index, name in enumerate(names):
        engine.extend(measure([name], seconds))
        outside.extend(comparisons.measure(others[index : index + 1], seconds))
    outside.extend(comparisons.measure(others[len(names) :], seconds))
    return Figures(
        machine=machine,
        runs=runs,
        startup=startup.measure(runs),
        seconds=seconds,
        engine=engine,
        outside=outside,
        notes=notes,
        games=games,
        simulated=[
            simulation_speed(
                name, games=games, players=max(player_counts(name)), seed=SIMULATION_SEED
            )
            for name in names
        ],
    )


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, run the benchmarks and rewrite (or print) the README section."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="engine time per row")
    parser.add_argument("--games", type=int, default=1000, help="simulated games per game")
    parser.add_argument("--runs", type=int, default=11, help="start-up runs per program")
    parser.add_argument("--readme", type=Path, default=README, help="the file to rewrite")
    parser.add_argument("--print", action="store_true", help="print, do not write the file")
    args = parser.parse_args(argv)
    section = render(collect(args.seconds, args.games, args.runs))
    if args.print:
        print(section)
        return
    text = args.readme.read_text(encoding="utf-8")
    args.readme.write_text(replace_section(text, section), encoding="utf-8")
    print(section)
    print(f"\nwritten to {args.readme}", file=sys.stderr)


if __name__ == "__main__":
    main()
