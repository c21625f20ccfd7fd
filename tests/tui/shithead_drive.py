"""Helpers for the Shithead UI tests: prepared deals, a hand-moved clock, and key-driven turns."""

from __future__ import annotations

from collections.abc import Sequence

from textual.pilot import Pilot

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import Blind, Play
from cardgames.games.shithead.engine import ShitheadState, ShitheadView
from cardgames.games.shithead.moves import BONUS, FACE_DOWN, FACE_UP, SWAP
from cardgames.tui.app import CardGamesApp
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.table_row import TableRow
from tests.tui.drive import arrows, find_table

Row = Sequence[str | None]


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def position(
    *,
    hands: Sequence[str],
    face_up: Sequence[Row],
    face_down: Sequence[Row],
    pile: str = "",
    stock: str = "",
    phase: str = "play",
    current: int = 0,
) -> ShitheadState:
    """A position from card codes; every card nobody holds lies among the burnt cards (52 in all).

    Args:
        hands: Each seat's hand, e.g. ``["2c 3d", "4s"]``.
        face_up: Each seat's three face-up codes (None where gone).
        face_down: Each seat's three face-down codes (None where gone).
        pile: The discard pile, bottom first.
        stock: The stock, the next card to draw last.
        phase: ``"swap"`` or ``"play"``.
        current: The seat to act.
    """
    named = [*hands, pile, stock, *(" ".join(c for c in row if c) for row in face_up),
             *(" ".join(c for c in row if c) for row in face_down)]
    used = {code.lower() for text in named for code in text.split()}
    burnt = [card.code for card in build_deck() if card.code.lower() not in used]
    players = len(hands)
    return GAME.state_from_json({
        "players": players,
        "stock": stock.split(),
        "hands": [hand.split() for hand in hands],
        "face_up": [list(row) for row in face_up],
        "face_down": [list(row) for row in face_down],
        "pile": pile.split(),
        "burnt": burnt,
        "phase": phase,
        "current": current,
        "ready": [phase != SWAP] * players,
    })


def _row_steps(row: TableRow, target: int, lying: Sequence[bool]) -> list[str]:
    occupied = [i for i, here in enumerate(lying) if here]
    return ["right"] * ((occupied.index(target) - occupied.index(row.cursor)) % len(occupied))


async def play_turn(pilot: Pilot[None], app: CardGamesApp, *, prefer: Card | None = None) -> str:
    """Make one move for the viewer with keys only, chosen from the view; returns the keys.

    Swap phase: ``r``. Extra move: Space on the first hand card, Enter. From the hand: the
    ``prefer`` card if it starts a play, else the first legal play (arrows, Enter), else ``p``.
    Face-up cards: arrows and Enter. Face-down cards: arrows and Enter.
    """
    screen = find_table(app)
    view: ShitheadView = screen.session.view()
    seat = view.viewer
    assert seat is not None
    hand = screen.query_one(HandWidget)
    row = screen.query_one(TableRow)
    plays = [a for a in view.legal if isinstance(a, Play)]
    if view.phase == SWAP:
        keys = ["r"]
    elif view.phase == BONUS:
        keys = [*arrows(hand.cursor, 0), "space", "enter"]
    elif view.source == FACE_DOWN:
        target = next(a.position for a in view.legal if isinstance(a, Blind)) - 1
        keys = [*_row_steps(row, target, view.face_down[seat]), "enter"]
    elif plays and view.source == FACE_UP:
        target = view.face_up[seat].index(plays[0].cards[0])
        lying = [card is not None for card in view.face_up[seat]]
        keys = [*_row_steps(row, target, lying), "enter"]
    elif plays:
        chosen = next((a for a in plays if prefer in a.cards), plays[0])
        keys = arrows(hand.cursor, hand.cards.index(chosen.cards[0]))
        keys.append("enter")
    else:
        keys = ["p"]
    await pilot.press(*keys)
    await pilot.pause()
    return " ".join(keys)


def swap_phase_deal() -> ShitheadState:
    """Two players in the swap phase, seat 0 (the human) to swap first."""
    return position(
        hands=["2c 5s 9h", "3h 3s 4h"],
        face_up=[["4d", "6c", "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", "Jc", "Ac"], ["8c", "8h", "9c"]],
        phase=SWAP,
    )
