"""Reading a Makao position from JSON with every field checked (``GAME.state_from_json``).

A position is accepted only if it could stand in a game: 2-6 players (MK-1), the whole deck of
that table (one deck for 2-4 players, two for 5-6, with two jokers per deck under ``jokers``)
with every card exactly once, seats and counts in range, pending effects that fit the top card
(MK-7, MK-10, MK-11), and seats out exactly when their hands are empty (MK-15, MK-16). Anything
else raises :class:`~cardgames.core.errors.BadPosition` naming the problem, so a loaded position
never hangs or crashes later (lost turns below zero once made the turn walk loop for ever).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgames.core import position as check
from cardgames.core.cards import Rank, Suit, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.errors import BadPosition
from cardgames.games.makao.engine import OPTION_NAMES, MakaoState
from cardgames.games.makao.moves import DEMAND_RANKS, battle_value

PHASES = ("play", "drawn", "demand", "over")
_ANY_CARD = check.CardReader(build_deck(2, 2), card_to_json)
_DECKS = {
    (decks, jokers): (deck, check.CardReader(deck, card_to_json))
    for decks in (1, 2)
    for jokers in (0, 2)
    for deck in [build_deck(decks, jokers)]
}
_CODE = {card: card_to_json(card) for card in build_deck(2, 2)}


def state_from_json(data: object) -> MakaoState:
    """Check ``data`` and build the position it describes (the fields of ``to_json``).

    As with ``MakaoState.from_json``, only ``players``, ``hands``, ``stock`` and ``discard``
    are required; missing fields take their start-of-game values.

    Raises:
        BadPosition: If a field is missing, of the wrong type or out of range, or the position
            is impossible; the message names the problem.
    """
    return MakaoState.from_json(_checked(check.mapping(data)))


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``data``, checked one by one and then together, with defaults filled in."""
    players = check.whole(check.get(data, "players"), "players", 2, 6)
    raw_options = check.sequence(check.get(data, "options", []), "options")
    for name in raw_options:
        if name not in OPTION_NAMES:
            known = ", ".join(OPTION_NAMES)
            raise BadPosition(f"{name!r} is not a Makao option; the options are: {known}")
    options = [name for name in OPTION_NAMES if name in raw_options]
    deck, read = _DECKS[1 if players <= 4 else 2, 2 if "jokers" in options else 0]
    hands = [
        read.cards(hand, f"hand {seat}")
        for seat, hand in enumerate(check.sequence(check.get(data, "hands"), "hands", players))
    ]
    stock = read.cards(check.get(data, "stock"), "the stock")
    discard = read.cards(check.get(data, "discard"), "the discard pile")
    if not discard:
        raise BadPosition("the discard pile is empty: it always has a top card")
    check.check_whole_deck([*stock, *discard, *(card for hand in hands for card in hand)], deck)
    top = discard[-1]
    top_as = check.get(data, "top_as", None)
    counted = top if not top_as else _ANY_CARD(top_as, "top_as")
    if counted.is_joker or (not top.is_joker and counted != top):
        raise BadPosition(f"the top card {top} cannot count as {counted}")
    limit = len(deck)
    phase = check.get(data, "phase", "play")
    if phase not in PHASES:
        raise BadPosition(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    current = check.seat(check.get(data, "current", 0), "current", players, none=True)
    pending_draw = check.whole(check.get(data, "pending_draw", 0), "pending_draw", 0, limit)
    pending_skips = check.whole(check.get(data, "pending_skips", 0), "pending_skips", 0, limit)
    skips = check.sequence(check.get(data, "skip_turns", [0] * players), "skip_turns", players)
    skip_turns = [check.whole(lost, "a count in skip_turns", 0, limit) for lost in skips]
    finished = check.seats(check.get(data, "finished", []), "finished", players)
    drawn_code = check.get(data, "drawn", None)
    drawn = read(drawn_code, "drawn") if drawn_code else None
    restocked = read.cards(check.get(data, "restocked", []), "the restocked cards")
    if restocked and not set(stock) <= set(restocked):
        raise BadPosition("the stock holds a card the last reshuffle did not turn into it (MK-6)")
    clean = {
        "players": players,
        "options": options,
        "hands": [[_CODE[card] for card in hand] for hand in hands],
        "stock": [_CODE[card] for card in stock],
        "discard": [_CODE[card] for card in discard],
        "top_as": card_to_json(counted),
        "current": current,
        "phase": phase,
        "pending_draw": pending_draw,
        "pending_skips": pending_skips,
        "demand": _demand(check.get(data, "demand", None), players),
        "skip_turns": skip_turns,
        "drawn": None if drawn is None else card_to_json(drawn),
        "finished": finished,
        "starter": check.seat(check.get(data, "starter", 0), "starter", players),
        "called": check.flag(check.get(data, "called", False), "called"),
        "played": check.flag(check.get(data, "played", False), "played"),
        "restocked": [_CODE[card] for card in restocked],
    }
    if data.get("rng") is not None:
        clean["rng"] = check.rng(data["rng"])
    _check_together(clean, hands, counted, drawn)
    return clean


def _demand(raw: object, players: int) -> dict[str, Any] | None:
    """MK-11, MK-12: a rank from 5 to 10 or a suit, and the seat that made it."""
    if raw is None:
        return None
    demand = check.mapping(raw, "demand")
    kind = demand.get("kind")
    value = demand.get("value")
    if kind == "rank":
        if value not in [rank.code for rank in DEMAND_RANKS]:
            raise BadPosition(f"a jack may demand only a rank from 5 to 10, not {value!r}")
    elif kind == "suit":
        if value not in [suit.value for suit in Suit]:
            raise BadPosition(f"an ace may demand only a suit (s, h, d, c), not {value!r}")
    else:
        raise BadPosition(f"a demand is for a rank or a suit, not {kind!r}")
    return {"kind": kind, "value": value, "by": check.seat(demand.get("by"), "demand.by", players)}


def _check_together(clean: dict[str, Any], hands: list[list[Any]], top_as: Any, drawn: Any) -> None:
    """The fields against each other: turn, phase, pending effects and seats out."""
    players, phase, current = clean["players"], clean["phase"], clean["current"]
    finished: list[int] = clean["finished"]
    for seat, hand in enumerate(hands):
        if not hand and seat not in finished:
            raise BadPosition(f"seat {seat} has no cards but is not out (MK-15)")
        if hand and seat in finished:
            raise BadPosition(f"seat {seat} is out but still holds cards (MK-15)")
    over = len(finished) >= 3 if players > 4 else players - len(finished) <= 1
    if (phase == "over") != (current is None):
        raise BadPosition("the player to move must be none exactly when the phase is over")
    if (phase == "over") != over:
        raise BadPosition(
            "the game is over exactly when one player is left with cards (2-4 players) or "
            "three are out (5-6 players) (MK-16)"
        )
    if phase == "over":
        if clean["pending_draw"] or clean["pending_skips"] or clean["demand"] or drawn:
            raise BadPosition("a finished game has nothing pending")
        return
    if current in finished and phase != "demand":
        raise BadPosition(f"seat {current} is out and cannot be the player to move")
    if clean["pending_draw"] and clean["pending_skips"]:
        raise BadPosition("cards to take and turns to wait cannot be pending together")
    if clean["pending_draw"] and not battle_value(top_as):
        raise BadPosition(f"cards to take are pending but {top_as} is no battle card (MK-7)")
    if clean["pending_skips"] and top_as.rank is not Rank.FOUR:
        raise BadPosition(f"turns to wait are pending but {top_as} is no 4 (MK-10)")
    if phase == "demand" and top_as.rank not in (Rank.JACK, Rank.ACE):
        raise BadPosition(f"a demand is being made but {top_as} is no jack or ace (MK-11)")
    if (phase == "drawn") != (drawn is not None):
        raise BadPosition("a drawn card is kept exactly when the phase is drawn (MK-5)")
    if drawn is not None and drawn not in hands[current]:
        raise BadPosition(f"the drawn card {drawn} is not in the hand of seat {current}")
