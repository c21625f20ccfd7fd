"""Helpers for the Žolíky UI tests: prepared deals and key-driven moves."""

from __future__ import annotations

from textual.pilot import Pilot

from cardgames.core.cards import Card
from cardgames.games.zoliky.actions import Close, Cut, Discard, Draw, LayOff, Meld, Take, TakeBack
from cardgames.tui.app import CardGamesApp
from cardgames.tui.widgets.hand import HandWidget
from tests.tui.drive import arrows, find_table


def _index(hand: HandWidget, card: Card) -> int:
    """Where ``card`` (this copy, else any copy of its face) is in the hand as shown."""
    if card in hand.cards:
        return hand.cards.index(card)
    return next(i for i, held in enumerate(hand.cards) if held.same_face(card))


async def press_action(pilot: Pilot[None], app: CardGamesApp, action: object) -> str:
    """Make ``action`` for the viewer with keys only; returns the keys pressed."""
    hand = find_table(app).query_one(HandWidget)
    verbs = {Draw: "d", Take: "t", Cut: "c", TakeBack: "x"}
    cursor = hand.cursor
    keys: list[str] = []

    def go(card: Card) -> None:
        nonlocal cursor
        target = _index(hand, card)
        keys.extend(arrows(cursor, target))
        cursor = target

    if type(action) in verbs:
        keys.append(verbs[type(action)])
    elif isinstance(action, Discard | Close):
        go(action.card)
        keys.append("enter")
    elif isinstance(action, Meld):
        for card in action.cards:
            go(card)
            keys.append("space")
        keys.append("m")
    elif isinstance(action, LayOff):
        go(action.card)
        keys.extend(["l", str(action.meld + 1)])
    else:
        raise AssertionError(f"no keys for {action!r}")
    await pilot.press(*keys)
    await pilot.pause()
    return " ".join(keys)
