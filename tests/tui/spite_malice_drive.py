"""Helpers for the Spite & Malice UI tests: prepared deals and key-driven moves."""

from __future__ import annotations

from textual.pilot import Pilot

from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.spite_malice import OwnCards
from tests.tui.drive import find_table, human_to_move


def own(app: CardGamesApp) -> OwnCards:
    """The viewer's own cards on the table."""
    return find_table(app).query_one(OwnCards)


async def play_first(pilot: Pilot[None], app: CardGamesApp) -> str:
    """One move by keys: Enter on the card the cursor rests on (the first that can move), and
    Enter again on its first destination if there are several. Returns the keys."""
    await pilot.press("enter")
    await pilot.pause()
    keys = "enter"
    if human_to_move(app) and own(app).picking:
        await pilot.press("enter")
        await pilot.pause()
        keys += " enter"
    return keys
