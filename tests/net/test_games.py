"""A whole game at a network table for every game: two scripted clients, two bots, to the end.

The final position equals a local replay of the table's command record, each client's last view
is its seat's view of that position, and no card hidden from a seat ever crosses its wire: every
byte the server sent to each client is checked against the game's hidden zones at that moment.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from cardgames.core.cards import Card
from cardgames.core.engine import State
from cardgames.core.registry import load_game
from cardgames.net.codec import card_code
from cardgames.session.session import Session, known_view
from tests.net.tables import open_table, seat_two


def _others(state: Any, seat: int) -> Iterator[Card]:
    for other, hand in enumerate(state.hands):
        if other != seat:
            yield from hand


def _makao(state: Any, seat: int) -> Iterator[Card]:
    yield from _others(state, seat)
    yield from state.stock


def _shithead(state: Any, seat: int) -> Iterator[Card]:
    yield from _others(state, seat)
    yield from state.stock
    for row in state.face_down:
        yield from (card for card in row if card is not None)


def _spite_malice(state: Any, seat: int) -> Iterator[Card]:
    yield from _others(state, seat)
    yield from state.stock
    for owner, pile in enumerate(state.pay_off):
        yield from pile[1 if owner == seat else 0:-1]


def _trash(state: Any, seat: int) -> Iterator[Card]:
    yield from state.stock
    for row in state.hidden:
        yield from (card for card in row if card is not None)


def _zoliky(state: Any, seat: int) -> Iterator[Card]:
    yield from _others(state, seat)
    yield from (card for card in state.stock if card != state.cut)


HIDDEN: dict[str, Callable[[Any, int], Iterator[Card]]] = {
    "makao": _makao, "shithead": _shithead, "spite_malice": _spite_malice,
    "trash": _trash, "zoliky": _zoliky,
}
"""Per game, the cards in the zones a seat cannot see: other hands, the stock, face-down cards."""

GAMES = [
    ("makao", 7, {}),
    ("shithead", 2, {}),
    ("spite_malice", 2, {}),
    ("trash", 6, {}),
    ("zoliky", 7, {"target": 0}),
]
"""Game, seed and options: seeds that make short games."""


def cards_in(value: Any) -> Iterator[Card]:
    """Every card inside a view (or anything in it)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | frozenset | list):
        for item in value:
            yield from cards_in(item)
    elif is_dataclass(value):
        for field in fields(value):
            yield from cards_in(getattr(value, field.name))


def leaks(game: str, seed: int, options: dict[str, Any], commands: list[str], seat: int,
          states: list[dict[str, Any]]) -> list[str]:
    """The hidden cards found in the state messages sent to ``seat``, replayed move by move.

    A card counts as hidden at move n if it lies in one of the seat's hidden zones then and
    the seat has not seen it in any of its views up to then (a card seen once and shuffled
    back into the stock is known to have been seen). Log lines name cards by face (``7♥``),
    so a face counts only if no copy of it was ever seen.
    """
    rules = load_game(game)
    state: State = rules.new_game(4, seed=seed, options=options)
    seen: set[Card] = set()
    by_move: dict[int, list[dict[str, Any]]] = {}
    for message in states:
        by_move.setdefault(message["moves"], []).append(message)
    found = []
    for move in range(len(commands) + 1):
        seen.update(cards_in(known_view(state, seat)))
        hidden = set(HIDDEN[game](state, seat)) - seen
        faces_seen = {(card.rank, card.suit) for card in seen}
        for message in by_move.get(move, []):
            views = json.dumps([message["view"], message["peek"]])
            # A joker on the table is written with what it stands for, Jkr(6♠): no card.
            log = re.sub(r"(Jk[rb]?)\([^)]*\)", r"\1", "\n".join(message["log"]))
            for card in hidden:
                if f'"{card_code(card)}"' in views:
                    found.append(f"move {move}: {card!r} in the view")
                if (card.rank, card.suit) not in faces_seen and card.symbol in log:
                    found.append(f"move {move}: {card} in the log")
        if move < len(commands):
            current = state.current_player
            assert current is not None
            state.apply(rules.parse_command(state.view(current), commands[move]))
    return found


@pytest.mark.parametrize(("game", "seed", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_whole_game_with_two_clients_and_two_bots_replays_and_leaks_nothing(
    game: str, seed: int, options: dict[str, Any]
) -> None:
    server, code = await open_table(game, seed, options)
    try:
        anna, bob = await seat_two(code)
        await asyncio.wait_for(asyncio.gather(anna.run(), bob.run()), 60)
        session = server.session
        assert session is not None and session.is_over
        assert [seat.is_human for seat in session.setup.seats] == [True, True, False, False]
        assert session.names[:2] == ("Anna", "Bob")
        replay = Session(session.setup)
        replay.restore(session.commands())
        assert replay.to_json() == session.to_json()
        for player, seat in ((anna, 0), (bob, 1)):
            remote = player.session
            assert remote is not None and remote.seat == seat
            assert remote.view() == replay.view_for(seat)
            assert remote.outcome() == replay.outcome()
            assert remote.commands() == session.commands()
            assert remote.setup == session.setup
            assert not player.refusals
            states = player.states()
            assert len(states) > 10
            assert leaks(game, seed, options, session.commands(), seat, states) == []
            if game != "trash":  # in Trash every seat sees the same cards
                # The check sees a leak: these bytes hold cards the other seat cannot see.
                assert leaks(game, seed, options, session.commands(), 1 - seat, states)
    finally:
        await server.close()
