"""Building Spite & Malice positions for tests, from card codes.

Codes are those of the JSON position: ``7h``, ``10s``, ``Xr`` / ``Xb`` for jokers, and ``#1`` for
the card of the second deck (``7h#1``, ``Xr#1``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.core.cards import Card, card_from_json, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Action
from cardgames.games.spite_malice.engine import SpiteMaliceState

ALL_CODES = tuple(card_to_json(card) for card in build_deck(2, 2))
"""The JSON codes of all 108 cards."""


def cards(text: str) -> tuple[Card, ...]:
    """``cards("8d 8c#1")`` -> the cards, in order."""
    return tuple(card_from_json(code) for code in text.split())


def card(code: str) -> Card:
    """One card from its code."""
    return card_from_json(code)


def run_of(count: int, suit: str = "c", start: int = 1, deck: int = 0) -> str:
    """Codes of a building pile holding the values ``start`` … ``start + count - 1``."""
    words = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    mark = "" if deck == 0 else f"#{deck}"
    return " ".join(f"{words[v - 1]}{suit}{mark}" for v in range(start, start + count))


def position(
    *,
    hands: Sequence[str],
    pay_off: Sequence[str] | None = None,
    spots: Sequence[Sequence[str]] | None = None,
    piles: Sequence[str] = (),
    stock: str = "",
    cleared: str = "",
    current: int | None = 0,
    stall: int = 0,
    built: bool = False,
    full: bool = False,
) -> SpiteMaliceState:
    """A position from card codes.

    Args:
        hands: Each seat's hand, e.g. ``["2d 5h", "4c 9d"]``; their number is the number of
            seats.
        pay_off: Each seat's pay-off pile, bottom first (the last code is the face-up top); by
            default three cards nobody else names.
        spots: Per seat up to four discard spots, each bottom first; missing ones are empty.
        piles: Up to eight places for building piles, bottom first; "" for a free place.
        stock: The stock in drawing order (first drawn first).
        cleared: The cleared heap.
        current: The seat to act.
        stall: Turns in a row without a building play.
        built: Whether the current player has built this turn.
        full: Put every card nobody names at the bottom of the stock, so 108 are in play.
    """
    players = len(hands)
    named = [c for text in (*hands, *piles, stock, cleared) for c in text.split()]
    for seat_spots in spots or ():
        named.extend(c for text in seat_spots for c in text.split())
    named.extend(c for text in pay_off or () for c in text.split())
    codes = [card_to_json(card_from_json(code)) for code in named]
    assert len(set(codes)) == len(codes), f"a card is named twice: {sorted(codes)}"
    taken = set(codes)
    spare = [code for code in ALL_CODES if code not in taken]
    if pay_off is None:
        pay_off = [" ".join(spare.pop(0) for _ in range(3)) for _ in range(players)]
    stock_codes = list(reversed(stock.split()))
    if full:
        taken |= {c for text in pay_off for c in text.split()}
        stock_codes = [code for code in spare if code not in taken] + stock_codes
    seat_spots = [list(seat) + [""] * (4 - len(seat)) for seat in spots or ()]
    seat_spots += [[""] * 4 for _ in range(players - len(seat_spots))]
    data: dict[str, Any] = {
        "players": players,
        "stock": stock_codes,
        "cleared": cleared.split(),
        "hands": [text.split() for text in hands],
        "pay_off": [text.split() for text in pay_off],
        "spots": [[text.split() for text in seat] for seat in seat_spots],
        "piles": [text.split() for text in (*piles, *[""] * (8 - len(piles)))],
        "current": current,
        "stall": stall,
        "built": built,
    }
    return SpiteMaliceState.from_json(data)


def refused(state: SpiteMaliceState, action: Action) -> str:
    """Apply ``action``, expect IllegalMove, check nothing changed; return the message."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalMove as error:
        assert state.to_json() == before
        return str(error)
    raise AssertionError(f"{action} was accepted")


def typed_refusal(state: SpiteMaliceState, text: str) -> str:
    """Type ``text`` for the current player, expect IllegalMove; return the message."""
    try:
        GAME.parse_command(state.view(state.current_player), text)
    except IllegalMove as error:
        return str(error)
    raise AssertionError(f"{text!r} was accepted")


def run(state: SpiteMaliceState, *commands: str) -> SpiteMaliceState:
    """Type the commands for the current player, one after the other, through the notation."""
    for text in commands:
        state.apply(GAME.parse_command(state.view(state.current_player), text))
    return state


def shuffle_hidden(state: SpiteMaliceState, viewer: int | None, rng: Rng) -> SpiteMaliceState:
    """A copy where every card ``viewer`` cannot see has been dealt again at random.

    Hidden: the stock, the other seats' hands, and every pay-off card below the top (the
    viewer's own too: he sees his bottom card only when he asks), but for the cards the viewer
    put under his own pile with a bus. Each zone keeps its size.
    """
    copy = state.clone()
    others = [seat for seat in range(copy.players) if seat != viewer]
    low = [copy.bused[seat] if seat == viewer else 0 for seat in range(copy.players)]
    hidden: list[Card] = [c for seat in others for c in copy.hands[seat]]
    for seat, pile in enumerate(copy.pay_off):
        hidden.extend(pile[low[seat] : -1])
    hidden.extend(copy.stock)
    rng.shuffle(hidden)
    for seat in others:
        copy.hands[seat] = [hidden.pop() for _ in copy.hands[seat]]
    for seat, pile in enumerate(copy.pay_off):
        pile[low[seat] : -1] = [hidden.pop() for _ in pile[low[seat] : -1]]
    copy.stock = [hidden.pop() for _ in copy.stock]
    assert not hidden
    return copy
