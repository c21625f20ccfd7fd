"""Reading a Spite & Malice position from JSON with every field checked (``GAME.state_from_json``).

A position is accepted only if it could stand in a game: 2-4 players (SM-1), the 108 cards each
exactly once over the stock, the cleared heap, hands of at most five, pay-off piles, four discard
spots per seat that each hold one rank (jokers a rank of their own, no rank on two spots, no
aces, SM-13) and eight places for building piles that each run A, 2, 3 … with jokers standing in
and never reach K (SM-5 … SM-7); a stall count below 50 (SM-15) while the game runs, and the
winners set exactly when it is over (SM-14, SM-15). Anything else raises
:class:`~cardgames.core.errors.BadPosition` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgames.core import position as check
from cardgames.core.cards import Card, Rank, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.errors import BadPosition
from cardgames.games.spite_malice.engine import SpiteMaliceState
from cardgames.games.spite_malice.moves import (
    HAND_SIZE,
    KING,
    PLACES,
    SPOTS,
    STALL_TURNS,
    VALUES,
)

_DECK = build_deck(2, 2)
_READ = check.CardReader(_DECK, card_to_json)


def state_from_json(data: object) -> SpiteMaliceState:
    """Check ``data`` and build the position it describes (the fields of ``to_json``).

    As with ``SpiteMaliceState.from_json``, ``rng``, ``cleared``, ``spots``, ``piles``,
    ``built``, ``stall`` and ``winners`` may be left out.

    Raises:
        BadPosition: If a field is missing, of the wrong type or out of range, or the position
            is impossible; the message names the problem.
    """
    return SpiteMaliceState.from_json(_checked(check.mapping(data)))


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    players = check.whole(check.get(data, "players"), "players", 2, 4)
    stock = _READ.cards(check.get(data, "stock"), "the stock")
    cleared = _READ.cards(check.get(data, "cleared", []), "the cleared heap")
    hands = [_READ.cards(hand, f"hand {seat}") for seat, hand in
             enumerate(check.sequence(check.get(data, "hands"), "hands", players))]
    pay_off = [_READ.cards(pile, f"pay-off pile {seat}") for seat, pile in
               enumerate(check.sequence(check.get(data, "pay_off"), "pay_off", players))]
    empty_spots: list[list[list[str]]] = [[[] for _ in range(SPOTS)] for _ in range(players)]
    spots = [
        [_READ.cards(spot, f"spot {number} of seat {seat}") for number, spot in
         enumerate(check.sequence(row, f"the spots of seat {seat}", SPOTS), 1)]
        for seat, row in enumerate(
            check.sequence(check.get(data, "spots", empty_spots), "spots", players))
    ]
    piles = [_READ.cards(pile, f"building pile {number}") for number, pile in enumerate(
        check.sequence(check.get(data, "piles", [[]] * PLACES), "piles", PLACES), 1)]
    everything = [*stock, *cleared]
    for seat in range(players):
        everything.extend(hands[seat])
        everything.extend(pay_off[seat])
        for spot in spots[seat]:
            everything.extend(spot)
    for pile in piles:
        everything.extend(pile)
    check.check_whole_deck(everything, _DECK)
    current = check.seat(check.get(data, "current"), "current", players, none=True)
    winners = check.seats(check.get(data, "winners", []), "winners", players)
    restocked = _READ.cards(check.get(data, "restocked", []), "the restocked cards")
    if restocked and not set(stock) <= set(restocked):
        raise BadPosition("the stock holds a card the last reshuffle did not turn into it")
    bused_counts = check.sequence(check.get(data, "bused", [0] * players), "bused", players)
    bused = [
        check.whole(count, "a bused count", 0, len(pile))
        for count, pile in zip(bused_counts, pay_off, strict=True)
    ]
    stall = check.whole(check.get(data, "stall", 0), "stall", 0, STALL_TURNS)
    built = check.flag(check.get(data, "built", False), "built")
    for seat in range(players):
        if len(hands[seat]) > HAND_SIZE:
            raise BadPosition(f"hand {seat} holds {len(hands[seat])} cards; at most 5 (SM-8)")
        _check_spots(spots[seat], seat)
    for number, pile in enumerate(piles, 1):
        _check_pile(pile, number)
    if (current is None) != bool(winners):
        raise BadPosition("the game is over (no player to move) exactly when it has winners")
    if current is not None and stall >= STALL_TURNS:
        raise BadPosition(f"after {STALL_TURNS} turns without a building play the game is over")
    clean: dict[str, Any] = {
        "players": players,
        "stock": [card_to_json(card) for card in stock],
        "cleared": [card_to_json(card) for card in cleared],
        "hands": [[card_to_json(card) for card in hand] for hand in hands],
        "pay_off": [[card_to_json(card) for card in pile] for pile in pay_off],
        "spots": [[[card_to_json(card) for card in spot] for spot in row] for row in spots],
        "piles": [[card_to_json(card) for card in pile] for pile in piles],
        "current": current,
        "built": built,
        "stall": stall,
        "winners": winners,
        "restocked": [card_to_json(card) for card in restocked],
        "bused": bused,
    }
    if "rng" in data:
        clean["rng"] = check.rng(data["rng"])
    return clean


def _check_spots(row: list[list[Card]], seat: int) -> None:
    """One rank per spot, no rank on two spots, never an ace (SM-12, SM-13)."""
    ranks: list[Rank] = []
    for number, spot in enumerate(row, 1):
        if not spot:
            continue
        rank = spot[0].rank
        if rank is Rank.ACE:
            raise BadPosition(f"spot {number} of seat {seat} holds an ace (SM-12)")
        if any(card.rank is not rank for card in spot):
            raise BadPosition(f"spot {number} of seat {seat} holds more than one rank (SM-13)")
        if rank in ranks:
            raise BadPosition(f"seat {seat} has {rank.noun} on two spots (SM-13)")
        ranks.append(rank)


def _check_pile(pile: list[Card], number: int) -> None:
    """A, 2, 3 … in order with jokers standing in, shorter than a complete pile (SM-5 … SM-7)."""
    if len(pile) >= KING:
        raise BadPosition(f"building pile {number} is complete and would be cleared (SM-7)")
    for place, card in enumerate(pile, 1):
        worth = VALUES[card.rank]
        if place == 1 and worth != 1:
            raise BadPosition(f"building pile {number} does not start with an ace (SM-5)")
        if worth not in (0, place):
            raise BadPosition(f"building pile {number} has {card} where {place} belongs (SM-5)")
