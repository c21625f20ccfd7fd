"""Building Makao positions for tests from short card codes."""

from __future__ import annotations

from typing import Any

from cardgames.core.cards import Card, card_from_json, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event
from cardgames.games.makao.actions import Action, Draw, Pass, Play
from cardgames.games.makao.engine import MakaoState


def cards(*codes: str) -> tuple[Card, ...]:
    """Cards from codes such as ``7h``, ``10s``, ``7h#1`` (second deck), ``Xr``."""
    return tuple(card_from_json(code) for code in codes)


def play(*codes: str, named: tuple[str, ...] = ()) -> Play:
    """A Play of the given cards (and what the jokers stand for)."""
    return Play(cards(*codes), cards(*named))


def position(
    hands: list[list[str]],
    discard: list[str],
    *,
    stock: list[str] | None = None,
    decks: int = 1,
    jokers: int = 0,
    **fields: Any,
) -> MakaoState:
    """A position with the given hands and discard pile (last = top).

    Args:
        hands: Each seat's hand as codes.
        discard: The discard pile as codes, top last.
        stock: The stock, top last; by default every card of the deck not used elsewhere, in
            deck order, so the position holds a whole deck.
        decks: Decks in play when the stock is filled in.
        jokers: Jokers per deck when the stock is filled in.
        **fields: Any other field of ``MakaoState.to_json`` (``current``, ``pending_draw`` …).
    """
    used = {code for hand in hands for code in hand} | set(discard)
    if stock is None:
        stock = [
            code for code in map(card_to_json, build_deck(decks, jokers)) if code not in used
        ]
    data = {"players": len(hands), "hands": hands, "stock": stock, "discard": discard, **fields}
    return MakaoState.from_json(data)


def finish_turn(state: MakaoState) -> tuple[Event, ...]:
    """End the current player's turn quietly: draw, and keep the card if it could be played."""
    events = state.apply(Draw())
    if state.phase == "drawn":
        events += state.apply(Pass())
    return events


def plays_of(legal: tuple[Action, ...]) -> set[str]:
    """The legal plays as command texts."""
    return {str(action) for action in legal if isinstance(action, Play)}
