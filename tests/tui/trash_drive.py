"""Helpers for the Trash UI tests: prepared matches and key-driven turns."""

from __future__ import annotations

from textual.pilot import Pilot

from cardgames.games.trash.actions import Place, Take
from cardgames.games.trash.engine import TrashView
from cardgames.tui.app import CardGamesApp
from tests.tui.drive import find_table


def turn_keys(view: TrashView) -> list[str]:
    """The keys of a sensible move from the viewer's view: take the discard top when it can be
    taken, else draw; a jack goes on the first face-down position by its digit; replace."""
    if view.phase == "jack":
        position = next(a.position for a in view.legal if isinstance(a, Place))
        return [str(position % 10)]
    if view.phase == "replace":
        return ["y"]
    return ["t"] if any(isinstance(a, Take) for a in view.legal) else ["d"]


async def play_turn(pilot: Pilot[None], app: CardGamesApp) -> str:
    """Make one move for the viewer with keys only; returns the keys pressed."""
    keys = turn_keys(find_table(app).session.view())
    await pilot.press(*keys)
    await pilot.pause()
    return " ".join(keys)
