"""Reading a Shithead position from JSON with every field checked (``GAME.state_from_json``).

A position is accepted only if it could stand in a game: 2-4 players (SH-1), the 52 cards each
exactly once over the stock, hands, face-up and face-down rows of three (SH-2), the discard pile
and the burnt cards, the turn on a seat still in, ready flags that fit the phase (SH-3), extra
moves only in the bonus phase (SH-9), a pile top that is no burn (SH-11) and a number of seats
out that fits the end of the game (SH-16). Anything else raises
:class:`~cardgames.core.errors.BadPosition` naming the problem, so a loaded position never hangs
(one player, or every seat out, once made the turn loop for ever).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

from cardgames.core import position as check
from cardgames.core.cards import Card, Rank
from cardgames.core.deck import build_deck
from cardgames.core.errors import BadPosition
from cardgames.games.shithead.engine import ShitheadState
from cardgames.games.shithead.moves import (
    BONUS,
    FOUR,
    OPTION_NAMES,
    OVER,
    PLAY,
    PLAY_TO_LAST,
    ROW,
    SWAP,
)

PHASES = (SWAP, PLAY, BONUS, OVER)
_DECK = build_deck()
_CODE = {card: card.code for card in _DECK}
_READ = check.CardReader(_DECK, attrgetter("code"))


def state_from_json(data: object) -> ShitheadState:
    """Check ``data`` and build the position it describes (the fields of ``to_json``).

    As with ``ShitheadState.from_json``, ``rng``, ``options``, ``burnt``, ``ready``,
    ``bonus_left``, ``run_rank`` / ``run_length``, ``play_again`` and ``finished`` may be left
    out.

    Raises:
        BadPosition: If a field is missing, of the wrong type or out of range, or the position
            is impossible; the message names the problem.
    """
    return ShitheadState.from_json(_checked(check.mapping(data)))


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    players = check.whole(check.get(data, "players"), "players", 2, 4)
    options = check.mapping(check.get(data, "options", {}), "options")
    for name, value in options.items():
        if name not in OPTION_NAMES:
            known = ", ".join(OPTION_NAMES)
            raise BadPosition(f"{name!r} is not a Shithead option; the options are: {known}")
        check.flag(value, f"the option {name}")
    stock = _READ.cards(check.get(data, "stock"), "the stock")
    hands = [
        _READ.cards(hand, f"hand {seat}")
        for seat, hand in enumerate(check.sequence(check.get(data, "hands"), "hands", players))
    ]
    face_up = _rows(check.get(data, "face_up"), "face_up", players)
    face_down = _rows(check.get(data, "face_down"), "face_down", players)
    pile = _READ.cards(check.get(data, "pile"), "the discard pile")
    burnt = _READ.cards(check.get(data, "burnt", []), "the burnt cards")
    table = [card for rows in (face_up, face_down) for row in rows for card in row if card]
    check.check_whole_deck(
        [*stock, *pile, *burnt, *table, *(card for hand in hands for card in hand)], _DECK
    )
    phase = check.get(data, "phase")
    if phase not in PHASES:
        raise BadPosition(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    current = check.seat(check.get(data, "current"), "current", players, none=True)
    ready_flags = check.sequence(
        check.get(data, "ready", [True] * players), "ready", players
    )
    ready = [check.flag(flag, "a ready flag") for flag in ready_flags]
    run_rank, run_length = _run_of(pile)
    if "run_rank" in data or "run_length" in data:
        given = (check.get(data, "run_rank", None), check.get(data, "run_length", None))
        if given != (None if run_rank is None else int(run_rank), run_length):
            raise BadPosition(
                f"run_rank and run_length must describe the top of the pile, not {given!r}"
            )
    clean: dict[str, Any] = {
        "players": players,
        "options": dict(options),
        "stock": [_CODE[card] for card in stock],
        "hands": [[_CODE[card] for card in hand] for hand in hands],
        "face_up": [[None if card is None else _CODE[card] for card in row] for row in face_up],
        "face_down": [[None if card is None else _CODE[card] for card in row]
                      for row in face_down],
        "pile": [_CODE[card] for card in pile],
        "burnt": [_CODE[card] for card in burnt],
        "phase": phase,
        "current": current,
        "ready": ready,
        "bonus_left": check.whole(check.get(data, "bonus_left", 0), "bonus_left", 0, 4),
        "run_rank": None if run_rank is None else int(run_rank),
        "run_length": run_length,
        "play_again": check.flag(check.get(data, "play_again", False), "play_again"),
        "finished": check.seats(check.get(data, "finished", []), "finished", players),
        "shown": [_CODE[card] for card in _READ.cards(check.get(data, "shown", []), "shown")],
    }
    if "rng" in data:
        clean["rng"] = check.rng(data["rng"])
    held = [
        len(hand) + sum(card is not None for card in (*up, *down))
        for hand, up, down in zip(hands, face_up, face_down, strict=True)
    ]
    _check_together(clean, held, pile)
    return clean


def _rows(value: object, name: str, players: int) -> list[list[Card | None]]:
    """Three positions per seat, each a card or None (SH-2)."""
    rows = []
    for seat, row in enumerate(check.sequence(value, name, players)):
        where = f"{name} of seat {seat}"
        rows.append([None if code is None else _READ(code, where)
                     for code in check.sequence(row, where, ROW)])
    return rows


def _run_of(pile: list[Card]) -> tuple[Rank | None, int]:
    """The rank and length of the equal ranks on top of ``pile`` (SH-11)."""
    if not pile:
        return None, 0
    rank = pile[-1].rank
    length = 0
    for card in reversed(pile):
        if card.rank is not rank:
            break
        length += 1
    return rank, length


def _check_together(clean: dict[str, Any], held: list[int], pile: list[Card]) -> None:
    """The fields against each other: turn, phase, ready flags, extra moves and seats out."""
    players, phase, current = clean["players"], clean["phase"], clean["current"]
    finished: list[int] = clean["finished"]
    ready: list[bool] = clean["ready"]
    to_last = bool(clean["options"].get(PLAY_TO_LAST, False))
    for seat in range(players):
        if seat in finished and held[seat]:
            raise BadPosition(f"seat {seat} is out but still holds cards (SH-16)")
        if seat not in finished and not held[seat] and phase != OVER:
            raise BadPosition(f"seat {seat} has no cards left but is not out (SH-16)")
    if (phase == OVER) != (current is None):
        raise BadPosition("the player to move must be none exactly when the phase is over")
    most = players - 1 if to_last else 1
    if phase == OVER and len(finished) != most:
        raise BadPosition(f"a finished game has {most} seat(s) out, not {len(finished)} (SH-16)")
    if phase != OVER and len(finished) >= most:
        raise BadPosition(f"with {len(finished)} seat(s) out the game is over (SH-16)")
    if current is not None and current in finished:
        raise BadPosition(f"seat {current} is out and cannot be the player to move")
    if phase == SWAP:
        if current is None or ready[current] or all(ready) or finished:
            raise BadPosition("in the swap phase the player to move is a seat not yet ready")
    elif not all(ready):
        raise BadPosition("every seat is ready once the swap phase is over (SH-3)")
    if (phase == BONUS) != (clean["bonus_left"] > 0):
        raise BadPosition("extra moves are left exactly in the bonus phase (SH-9)")
    if pile and (pile[-1].rank is Rank.TEN or clean["run_length"] >= FOUR):
        raise BadPosition("the pile would have burnt: a 10 or four of a rank on top (SH-11)")
    if clean["play_again"] and pile:
        raise BadPosition("a player plays again only on an empty pile (SH-12)")
    if phase == BONUS and current is not None and not clean["hands"][current]:
        raise BadPosition("extra moves need cards in hand (SH-9)")
