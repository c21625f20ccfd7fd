"""Reading a Žolíky position from JSON with every field checked (``GAME.state_from_json``).

A position is accepted only if it could stand in a match: 2-6 players and the 108 cards each
exactly once over the hands, the stock, the discard pile and the melds (ZO-1); every meld a run
or a set as the table holds it (ZO-11); the dealer of the round (ZO-3) and, in the leader's first
turn, an empty discard pile (ZO-6); no meld, opening or taken card before the fourth round of
turns (ZO-9); a taken card and a kept table only within a turn (ZO-8, ZO-10), the taken card in
the hand or on the table, and a takeback that gives back the same cards; at most three
turnovers and a stock or discard pile to draw from (ZO-14); one result per finished round and
the player to move none exactly when the target is reached (ZO-17). Anything else raises
:class:`~cardgames.core.errors.BadPosition` naming the problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from cardgames.core import position as check
from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.errors import BadPosition
from cardgames.games.zoliky.engine import (
    FIRST_MELD_ROUND,
    SWITCHES,
    TURNOVERS,
    ZolikyState,
    meld_to_json,
)
from cardgames.games.zoliky.melds import ALL_CARDS, TableMeld, read_meld

PHASES = ("discard", "draw", "lay", "over")
SOURCES = ("", "stock", "discard", "cut")
_MOST = 10**9
"""The largest target or round number accepted."""


def _code(card: Card) -> str:
    return card.code if card.deck == 0 else f"{card.code}#{card.deck}"


_READ = check.CardReader(ALL_CARDS, _code)
_RANKS = {rank.code: rank for rank in Rank if rank is not Rank.JOKER}
_SUITS = {suit.value: suit for suit in Suit}


def state_from_json(data: object) -> ZolikyState:
    """Check ``data`` and build the position it describes (the fields of ``to_json``).

    As with ``ZolikyState.from_json``, every field but ``players``, ``hands`` and ``stock`` may
    be left out.

    Raises:
        BadPosition: If a field is missing, of the wrong type or out of range, or the position
            is impossible; the message names the problem.
    """
    return ZolikyState.from_json(_checked(check.mapping(data)))


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    players = check.whole(check.get(data, "players"), "players", 2, 6)
    options = check.sequence(check.get(data, "options", []), "options")
    for name in options:
        if name not in SWITCHES:
            raise BadPosition(f"{name!r} is not a Žolíky option; the options are: "
                              f"{', '.join(SWITCHES)}")
    if len(set(options)) != len(options):
        raise BadPosition("options names an option twice")
    hands = [_READ.cards(hand, f"hand {seat}") for seat, hand in
             enumerate(check.sequence(check.get(data, "hands"), "hands", players))]
    stock = _READ.cards(check.get(data, "stock"), "the stock")
    discard = _READ.cards(check.get(data, "discard", []), "the discard pile")
    melds = _melds(check.get(data, "melds", []), "melds", players)
    check.check_whole_deck(
        [*stock, *discard, *(c for hand in hands for c in hand),
         *(c for meld in melds for c in meld.cards)], ALL_CARDS)
    phase = check.get(data, "phase", "lay")
    if phase not in PHASES:
        raise BadPosition(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    source = check.get(data, "source", "stock" if phase == "lay" else "")
    if source not in SOURCES:
        raise BadPosition(f"source must be one of {', '.join(map(repr, SOURCES))}, "
                          f"not {source!r}")
    raw_taken = check.get(data, "taken", None)
    raw_snapshot = check.get(data, "snapshot", None)
    snapshot = None
    if raw_snapshot is not None:
        snap = check.mapping(raw_snapshot, "snapshot")
        snapshot = (_melds(check.get(snap, "melds"), "the snapshot's melds", players),
                    _READ.cards(check.get(snap, "hand"), "the snapshot's hand"))
    clean: dict[str, Any] = {
        "players": players,
        "options": [name for name in SWITCHES if name in options],
        "target": check.whole(check.get(data, "target", 500), "target", 0, _MOST),
        "round": check.whole(check.get(data, "round", 1), "round", 1, _MOST),
        "dealer": check.seat(check.get(data, "dealer", players - 1), "dealer", players),
        "turn_round": check.whole(check.get(data, "turn_round", FIRST_MELD_ROUND),
                                  "turn_round", 1, _MOST),
        "current": check.seat(check.get(data, "current", 0), "current", players, none=True),
        "phase": phase,
        "hands": [[_code(card) for card in hand] for hand in hands],
        "stock": [_code(card) for card in stock],
        "cut": check.flag(check.get(data, "cut", False), "cut"),
        "discard": [_code(card) for card in discard],
        "face_down": check.flag(check.get(data, "face_down", False), "face_down"),
        "melds": [meld_to_json(meld) for meld in melds],
        "opened": [check.flag(flag, "an opened flag") for flag in check.sequence(
            check.get(data, "opened", [False] * players), "opened", players)],
        "taken": None if raw_taken is None else _code(_READ(raw_taken, "the taken card")),
        "source": source,
        "laid": check.flag(check.get(data, "laid", False), "laid"),
        "settled": check.flag(check.get(data, "settled", False), "settled"),
        "snapshot": None if snapshot is None else {
            "melds": [meld_to_json(meld) for meld in snapshot[0]],
            "hand": [_code(card) for card in snapshot[1]],
        },
        "turnovers": check.whole(check.get(data, "turnovers", 0), "turnovers", 0, TURNOVERS),
        "shown": [_code(card) for card in _READ.cards(check.get(data, "shown", []), "shown")],
        "results": _results(check.get(data, "results", []), players),
    }
    if "rng" in data:
        clean["rng"] = check.rng(data["rng"])
    _check_match(clean)
    _check_turn(clean, hands, stock, discard, melds, snapshot)
    return clean


def _melds(value: object, name: str, players: int) -> list[TableMeld]:
    """Melds as the table holds them: each a run or a set of its cards (ZO-11)."""
    melds = []
    for number, raw in enumerate(check.sequence(value, name), 1):
        where = f"meld {number} of {name}"
        entry = check.mapping(raw, where)
        owner = check.seat(check.get(entry, "owner", 0), f"the owner of {where}", players)
        assert owner is not None
        cards = tuple(_READ.cards(check.get(entry, "cards"), where))
        shapes, reason = read_meld(cards)
        readings = [shape.meld(owner) for shape in shapes if shape.cards == cards]
        if "suit" in entry:
            suit = _SUITS.get(entry["suit"]) if isinstance(entry["suit"], str) else None
            low = check.whole(check.get(entry, "low"), f"the low value of {where}", 1, 14)
            readings = [meld for meld in readings if (meld.suit, meld.low) == (suit, low)]
        elif "rank" in entry:
            rank = _RANKS.get(entry["rank"]) if isinstance(entry["rank"], str) else None
            readings = [meld for meld in readings if meld.suit is None and meld.rank is rank]
        if not readings:
            raise BadPosition(f"{where} is no run or set as laid: {reason or 'wrong order'} "
                              "(ZO-11)")
        melds.append(readings[0])
    return melds


def _results(value: object, players: int) -> list[dict[str, Any]]:
    """One result per finished round, numbered from 1 (ZO-17)."""
    results = []
    for number, raw in enumerate(check.sequence(value, "results"), 1):
        where = f"the result of round {number}"
        entry = check.mapping(raw, where)
        if check.get(entry, "round") != number:
            raise BadPosition(f"{where} is numbered {entry['round']!r}")
        points = [check.whole(p, f"a score in {where}", 0, _MOST)
                  for p in check.sequence(check.get(entry, "points"), where, players)]
        results.append({
            "round": number,
            "closer": check.seat(check.get(entry, "closer"), f"the closer in {where}", players,
                                 none=True),
            "from_hand": check.flag(check.get(entry, "from_hand"), f"from_hand in {where}"),
            "points": points,
        })
    return results


def _check_match(clean: dict[str, Any]) -> None:
    """Rounds, dealer, results and the end of the match (ZO-3, ZO-17)."""
    players, results, over = clean["players"], clean["results"], clean["phase"] == "over"
    if over != (clean["current"] is None):
        raise BadPosition("the player to move must be none exactly when the match is over")
    played = clean["round"] if over else clean["round"] - 1
    if len(results) != played:
        raise BadPosition(f"round {clean['round']} comes after {played} finished round(s), "
                          f"not {len(results)}")
    if clean["dealer"] != (clean["round"] - 2) % players:
        raise BadPosition(f"seat {(clean['round'] - 2) % players} deals round "
                          f"{clean['round']} (ZO-3)")
    totals = [sum(result["points"][seat] for result in results) for seat in range(players)]
    reached = clean["target"] == 0 or max(totals) >= clean["target"]
    if over != (bool(results) and reached):
        raise BadPosition("the match is over exactly when a total reaches the target (ZO-17)")
    if clean["face_down"] and not over:
        raise BadPosition("the discard top lies face down only after the last close (ZO-15)")


def _check_turn(clean: dict[str, Any], hands: list[list[Card]], stock: list[Card],
                discard: list[Card], melds: list[TableMeld],
                snapshot: tuple[list[TableMeld], list[Card]] | None) -> None:
    """The turn's phase against the hands, the table, the taken card and the stock."""
    phase, seat, source = clean["phase"], clean["current"], clean["source"]
    players, opened = clean["players"], clean["opened"]
    taken = None if clean["taken"] is None else _READ(clean["taken"], "the taken card")
    if clean["cut"] and (not stock or stock[0].rank is Rank.JOKER):
        raise BadPosition("the cut card lies face up under the stock and is no joker (ZO-4)")
    if phase == "over":
        if taken or source or clean["laid"] or clean["settled"] or snapshot:
            raise BadPosition("a finished match has no turn under way")
        return
    assert seat is not None
    for other, hand in enumerate(hands):
        if not hand:
            raise BadPosition(f"seat {other} has no cards while the round goes on (ZO-15)")
    if not stock and (not discard or clean["turnovers"] >= TURNOVERS) and phase != "lay":
        raise BadPosition("the stock ran out: the round would have ended (ZO-14)")
    for number, meld in enumerate(melds, 1):
        if not opened[meld.owner] and not (meld.owner == seat and snapshot is not None):
            raise BadPosition(f"meld {number} belongs to seat {meld.owner}, which has not "
                              "opened (ZO-10)")
    for other in range(players):
        if opened[other] and not any(meld.owner == other for meld in melds):
            raise BadPosition(f"seat {other} has opened but has no meld (ZO-10)")
    if clean["turn_round"] < FIRST_MELD_ROUND and (melds or any(opened) or source in
                                                    ("discard", "cut")):
        raise BadPosition("nobody melds or takes the discard before the fourth round of turns "
                          "(ZO-9)")
    leader = (clean["dealer"] + 1) % players
    if phase == "discard" and (discard or seat != leader or clean["turn_round"] != 1):
        raise BadPosition("only the leader's first turn starts the discard pile (ZO-6)")
    if phase != "lay":
        if taken or source or clean["laid"] or clean["settled"] or snapshot:
            raise BadPosition(f"in the {phase} phase no card is taken and nothing laid yet")
        return
    if not source:
        raise BadPosition("in the lay phase the card came from the stock, the discard or the cut")
    if (source == "stock") != (taken is None):
        raise BadPosition("a taken card is kept exactly when it came from the discard or the "
                          "cut (ZO-8, ZO-16)")
    if taken is not None and taken not in hands[seat] and not any(
            taken in meld.cards for meld in melds):
        raise BadPosition(f"the taken card {taken} is neither in the hand nor on the table")
    if source == "cut" and opened[seat]:
        raise BadPosition("only a player who has not opened takes the cut card (ZO-16)")
    if clean["settled"] and not clean["laid"]:
        raise BadPosition("settled needs a lay this turn")
    if snapshot is not None:
        kept, hand = snapshot
        if opened[seat] or not clean["laid"] or len(kept) > len(melds):
            raise BadPosition("the table is kept for a takeback only during an unfinished "
                              "opening (ZO-10)")
        before = Counter([*hand, *(c for meld in kept for c in meld.cards)])
        now = Counter([*hands[seat], *(c for meld in melds for c in meld.cards)])
        if before != now:
            raise BadPosition("a takeback would not give back the same cards (ZO-10)")
