"""Building Shithead positions for tests, from card codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.core.cards import Card, parse_card
from cardgames.core.deck import build_deck
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import Action
from cardgames.games.shithead.engine import ShitheadState

Row = Sequence[str | None]


def cards(text: str) -> tuple[Card, ...]:
    """``cards("8d 8c")`` -> the cards, in order."""
    return tuple(parse_card(code) for code in text.split())


def card(code: str) -> Card:
    """One card from its code."""
    return parse_card(code)


def position(
    *,
    hands: Sequence[str],
    pile: str = "",
    stock: str = "",
    face_up: Sequence[Row] | None = None,
    face_down: Sequence[Row] | None = None,
    current: int | None = 0,
    phase: str = "play",
    bonus_left: int = 0,
    finished: Sequence[int] = (),
    ready: Sequence[bool] | None = None,
    options: Sequence[str] = (),
    full: bool = False,
) -> ShitheadState:
    """A position from card codes.

    Args:
        hands: Each seat's hand, e.g. ``["2d 5h 3s", "4c 9d"]``; the number of seats.
        pile: The discard pile, bottom first.
        stock: The stock in drawing order (first drawn first).
        face_up: Per seat three codes or None; by default three cards nobody else names.
        face_down: Likewise for the face-down cards.
        current: The seat to act.
        phase: ``"swap"``, ``"play"``, ``"bonus"`` or ``"over"``.
        bonus_left: Extra moves left.
        finished: Seats already out.
        ready: Per seat; by default all True outside the swap phase, all False in it.
        options: House options switched on.
        full: Put every card nobody names at the bottom of the stock, so 52 are in play.

    Returns:
        The state; the run on top of the pile is counted from the pile.
    """
    players = len(hands)
    named = [c for text in (*hands, pile, stock) for c in text.split()]
    for rows in (face_up, face_down):
        named.extend(c for row in rows or () for c in row if c is not None)
    taken = {parse_card(code).code for code in named}
    spare = [c.code for c in build_deck() if c.code not in taken]

    def rows_or_spare(rows: Sequence[Row] | None) -> list[list[str | None]]:
        if rows is not None:
            return [[None if c is None else parse_card(c).code for c in row] for row in rows]
        return [[spare.pop() for _ in range(3)] for _ in range(players)]

    up = rows_or_spare(face_up)
    down = rows_or_spare(face_down)
    drawing = [parse_card(c).code for c in stock.split()]
    stock_codes = list(reversed(drawing))
    if full:
        stock_codes = spare + stock_codes
    data: dict[str, Any] = {
        "players": players,
        "options": {name: True for name in options},
        "stock": stock_codes,
        "hands": [[parse_card(c).code for c in text.split()] for text in hands],
        "face_up": up,
        "face_down": down,
        "pile": [parse_card(c).code for c in pile.split()],
        "phase": phase,
        "current": current,
        "ready": list(ready) if ready is not None else [phase != "swap"] * players,
        "bonus_left": bonus_left,
        "finished": list(finished),
    }
    return ShitheadState.from_json(data)


def refused(state: ShitheadState, action: Action) -> str:
    """Apply ``action``, expect IllegalMove, check nothing changed; return the message."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalMove as error:
        assert state.to_json() == before
        return str(error)
    raise AssertionError(f"{action} was accepted")


def run(state: ShitheadState, *commands: str) -> ShitheadState:
    """Type the commands for the current player, one after the other, through the notation."""
    for text in commands:
        state.apply(GAME.parse_command(state.view(state.current_player), text))
    return state


def shuffle_hidden(state: ShitheadState, viewer: int | None, rng: Rng) -> ShitheadState:
    """A copy where every card ``viewer`` cannot see has been dealt again at random.

    Each hidden zone keeps its size and its empty face-down positions; the hand cards everyone
    saw go into a hand (``ShitheadState.shown``) stay in it.
    """
    copy = state.clone()
    hands = [seat for seat in range(copy.players) if seat != viewer]
    shown = copy.shown
    hidden: list[Card] = [
        card for seat in hands for card in copy.hands[seat] if card not in shown
    ]
    hidden.extend(card for row in copy.face_down for card in row if card is not None)
    hidden.extend(copy.stock)
    rng.shuffle(hidden)
    for seat in hands:
        hand = copy.hands[seat]
        copy.hands[seat] = [card if card in shown else hidden.pop() for card in hand]
    for row in copy.face_down:
        for index, card in enumerate(row):
            if card is not None:
                row[index] = hidden.pop()
    copy.stock = [hidden.pop() for _ in range(len(copy.stock))]
    assert not hidden
    return copy
