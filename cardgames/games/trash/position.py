"""Reading a Trash position from JSON with every field checked (``GAME.state_from_json``).

A position is accepted only if it could stand in a match: 2-6 players and the decks they play
with (TR-1), each card of those decks exactly once over the layouts, the stock, the discard pile
and the card in hand; layouts of 1-10 positions (TR-2), each position face down or face up, a
face-up card on its own position or a jack (TR-5, TR-6); layout sizes that fit the hands each
seat has won and a hand number that fits the winners (TR-9, TR-10), the starter the last winner
(TR-3); a phase that fits the card in hand (TR-5, TR-6) and a turn with a move (TR-8 deals again
otherwise); the player to move none exactly when the match is over (TR-11). Anything else raises
:class:`~cardgames.core.errors.BadPosition` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgames.core import position as check
from cardgames.core.cards import Card, Rank, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.errors import BadPosition
from cardgames.games.trash.engine import TrashState
from cardgames.games.trash.moves import (
    FULL_LAYOUT,
    JACK,
    OVER,
    SLOT,
    SWAP,
    TURN,
    WILD,
    decks_for,
)

PHASES = (TURN, JACK, SWAP, OVER)
_DECKS = {decks: build_deck(decks) for decks in (1, 2, 3)}
_READERS = {decks: check.CardReader(deck, card_to_json) for decks, deck in _DECKS.items()}
_MOST = 10**9
"""The largest move or redeal count accepted."""


def state_from_json(data: object) -> TrashState:
    """Check ``data`` and build the position it describes (the fields of ``to_json``).

    As with ``TrashState.from_json``, ``rng``, ``shown``, ``phase``, ``hand``, ``current``,
    ``hand_number``, ``starter``, ``winners``, ``redeals``, ``moves`` and ``restocked`` may be
    left out.

    Raises:
        BadPosition: If a field is missing, of the wrong type or out of range, or the position
            is impossible; the message names the problem.
    """
    return TrashState.from_json(_checked(check.mapping(data)))


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    players = check.whole(check.get(data, "players"), "players", 2, 6)
    read = _READERS[decks_for(players)]
    hidden = _rows(read, check.get(data, "hidden"), "hidden", players, None)
    sizes = [len(row) for row in hidden]
    shown = _rows(read, check.get(data, "shown", [[None] * size for size in sizes]), "shown",
                  players, sizes)
    for seat in range(players):
        for index, (down, up) in enumerate(zip(hidden[seat], shown[seat], strict=True), 1):
            if (down is None) == (up is None):
                raise BadPosition(
                    f"position {index} of seat {seat} must be either face down or face up (TR-2)"
                )
            if up is not None and SLOT[up.rank] not in (index, WILD):
                raise BadPosition(f"{up} cannot lie face up on position {index} (TR-5)")
    stock = read.cards(check.get(data, "stock"), "the stock")
    discard = read.cards(check.get(data, "discard"), "the discard pile")
    raw_hand = check.get(data, "hand", None)
    hand = None if raw_hand is None else read(raw_hand, "the card in hand")
    table = [card for rows in (hidden, shown) for row in rows for card in row if card]
    check.check_whole_deck([*table, *stock, *discard, *([hand] if hand else [])],
                           _DECKS[decks_for(players)])
    phase = check.get(data, "phase", TURN)
    if phase not in PHASES:
        raise BadPosition(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    restocked = read.cards(check.get(data, "restocked", []), "restocked")
    clean: dict[str, Any] = {
        "players": players,
        "hidden": [[_code(card) for card in row] for row in hidden],
        "shown": [[_code(card) for card in row] for row in shown],
        "stock": [card_to_json(card) for card in stock],
        "discard": [card_to_json(card) for card in discard],
        "hand": _code(hand),
        "phase": phase,
        "current": check.seat(check.get(data, "current", 0), "current", players, none=True),
        "hand_number": check.whole(check.get(data, "hand_number", 1), "hand_number", 1,
                                   FULL_LAYOUT * players),
        "starter": check.seat(check.get(data, "starter", 0), "starter", players),
        "winners": [check.whole(seat, "a seat in winners", 0, players - 1)
                    for seat in check.sequence(check.get(data, "winners", []), "winners")],
        "redeals": check.whole(check.get(data, "redeals", 0), "redeals", 0, _MOST),
        "moves": check.whole(check.get(data, "moves", 0), "moves", 0, _MOST),
        "restocked": [card_to_json(card) for card in restocked],
    }
    if "rng" in data:
        clean["rng"] = check.rng(data["rng"])
    _check_match(clean, sizes)
    _check_turn(clean, hidden, shown, hand, restocked, stock)
    return clean


def _code(card: Card | None) -> str | None:
    return None if card is None else card_to_json(card)


def _rows(read: check.CardReader, value: object, name: str, players: int,
          sizes: list[int] | None) -> list[list[Card | None]]:
    """Per seat a layout of 1-10 positions (``sizes`` long, if given), each a card or None."""
    rows = []
    for seat, row in enumerate(check.sequence(value, name, players)):
        where = f"{name} of seat {seat}"
        positions = check.sequence(row, where, None if sizes is None else sizes[seat])
        if not 1 <= len(positions) <= FULL_LAYOUT:
            raise BadPosition(f"{where} must have 1 to {FULL_LAYOUT} positions (TR-2)")
        rows.append([None if code is None else read(code, where) for code in positions])
    return rows


def _check_match(clean: dict[str, Any], sizes: list[int]) -> None:
    """Layout sizes, hand number and starter against the winners of the hands (TR-3, TR-9 …
    TR-11), and the player to move against the end of the match."""
    winners: list[int] = clean["winners"]
    over = clean["phase"] == OVER
    if over != (clean["current"] is None):
        raise BadPosition("the player to move must be none exactly when the match is over")
    for seat, size in enumerate(sizes):
        won = winners.count(seat)
        champion = over and winners and seat == winners[-1]
        expected = 1 if champion else FULL_LAYOUT - won
        if size != expected or (champion and won != FULL_LAYOUT):
            raise BadPosition(
                f"seat {seat} has won {won} hand(s), so its layout cannot have {size} "
                "position(s) (TR-10, TR-11)"
            )
    if over and not winners:
        raise BadPosition("a finished match has a winner (TR-11)")
    hands = len(winners) if over else len(winners) + 1
    if clean["hand_number"] != hands:
        raise BadPosition(
            f"with {len(winners)} hand(s) won the hand number is {hands}, "
            f"not {clean['hand_number']}"
        )
    finished = winners[:-1] if over else winners
    starter = finished[-1] if finished else 0
    if clean["starter"] != starter:
        raise BadPosition(f"seat {starter} starts this hand, not seat {clean['starter']} (TR-3)")


def _check_turn(clean: dict[str, Any], hidden: list[list[Card | None]],
                shown: list[list[Card | None]], hand: Card | None, restocked: list[Card],
                stock: list[Card]) -> None:
    """The phase against the card in hand and the layouts (TR-4 … TR-9)."""
    phase, seat = clean["phase"], clean["current"]
    down = [sum(card is not None for card in row) for row in hidden]
    if len(set(restocked)) != len(restocked):
        raise BadPosition("restocked names a card twice")
    if restocked and not set(stock) <= set(restocked):
        raise BadPosition("since the last reshuffle the stock holds only restocked cards (TR-8)")
    for other, left in enumerate(down):
        if not left and not (phase == OVER and other == clean["winners"][-1]):
            raise BadPosition(f"seat {other} has no face-down position but has not won (TR-9)")
    if (phase in (JACK, SWAP)) != (hand is not None):
        raise BadPosition("a card is in hand exactly while a jack is placed or may replace one")
    if phase == JACK:
        assert hand is not None and seat is not None
        if hand.rank is not Rank.JACK or down[seat] < 2:
            raise BadPosition("the card in hand must be a jack with two face-down positions "
                              "to choose from (TR-6)")
    elif phase == SWAP:
        assert hand is not None and seat is not None
        slot = SLOT[hand.rank]
        up = shown[seat][slot - 1] if 1 <= slot <= len(shown[seat]) else None
        if up is None or up.rank is not Rank.JACK:
            raise BadPosition(f"{hand} in hand must have a face-up jack on its position (TR-5)")
    elif phase == TURN:
        state = TrashState.from_json(clean)
        if not state.legal_actions():
            raise BadPosition("the player to move can neither draw nor take: the hand would "
                              "have been dealt again (TR-8)")
