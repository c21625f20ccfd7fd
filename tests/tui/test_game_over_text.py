"""The result box's text: the words after the names line up, whatever the names' lengths."""

from __future__ import annotations

from cardgames.core.rng import Rng
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.screens.game_over import result_text
from tests.session.play import new_session, play

NAMES = ("Al", "Bartholomew of the Long Name", "Cy")


def test_the_result_lines_up_after_a_long_name() -> None:
    seats = tuple(SeatSpec(name, "random") for name in NAMES)
    session = new_session(GameSetup("makao", seats, seed=5))
    play(session, Rng(5), 5000)
    assert session.is_over
    lines = result_text(session).plain.splitlines()
    assert len(lines) == len(NAMES)
    starts = set()
    for line in lines:
        name = next(name for name in NAMES if name in line)
        after = line.index(name) + len(name)
        starts.add(after + len(line[after:]) - len(line[after:].lstrip()))
    assert len(starts) == 1, f"the words after the names start in columns {sorted(starts)}"
