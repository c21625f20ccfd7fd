"""Building Žolíky positions for tests from short card codes."""

from __future__ import annotations

from typing import Any

from cardgames.core.cards import Card, card_from_json
from cardgames.games.zoliky.actions import LayOff, Meld
from cardgames.games.zoliky.engine import ZolikyState, meld_to_json
from cardgames.games.zoliky.melds import ALL_CARDS, read_meld


def cards(*codes: str) -> tuple[Card, ...]:
    """Cards from codes such as ``7h``, ``10s``, ``7h#1`` (second deck), ``Xr``, ``Xb#1``."""
    return tuple(card_from_json(code) for code in codes)


def meld(*codes: str, named: tuple[str, ...] = ()) -> Meld:
    """A Meld action of the given cards in table order (and what the jokers stand for)."""
    return Meld(cards(*codes), cards(*named))


def layoff(code: str, number: int, named: str | None = None) -> LayOff:
    """A LayOff of one card onto meld ``number`` (1-based, as the command writes it)."""
    return LayOff(cards(code)[0], number - 1, None if named is None else cards(named)[0])


def position(
    hands: list[list[str]],
    *,
    stock: list[str] | None = None,
    discard: list[str] | None = None,
    melds: list[tuple[int, list[str]]] | None = None,
    **fields: Any,
) -> ZolikyState:
    """A position (seat 0 to move, in the lay phase of the fourth round of turns by default).

    Args:
        hands: Each seat's hand as codes.
        stock: The stock, top last; by default every card not used elsewhere, in deck order,
            so that the position holds all 108 cards.
        discard: The discard pile, top last.
        melds: ``(owner, codes in table order)`` per meld on the table.
        **fields: Any other field of ``ZolikyState.to_json`` (``phase``, ``opened`` …).
    """
    discard = discard or []
    table = []
    for owner, codes in melds or []:
        shapes, reason = read_meld(cards(*codes))
        shape = next((s for s in shapes if s.cards == cards(*codes)), None)
        assert shape is not None, reason or f"{codes} not in table order"
        table.append(meld_to_json(shape.meld(owner)))
    used = {code for hand in hands for code in hand} | set(discard)
    used |= {code for _, codes in melds or [] for code in codes}
    if stock is None:
        stock = [
            code for code in (meld_to_json_code(card) for card in ALL_CARDS) if code not in used
        ]
    data = {
        "players": len(hands), "hands": hands, "stock": stock, "discard": discard,
        "melds": table, **fields,
    }
    return ZolikyState.from_json(data)


def meld_to_json_code(card: Card) -> str:
    """The JSON code of a card (``7h``, ``7h#1``)."""
    return card.code if card.deck == 0 else f"{card.code}#{card.deck}"
