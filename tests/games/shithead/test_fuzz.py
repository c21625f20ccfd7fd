"""legal_actions against apply, over random positions (dealt at random and reached in play).

For every position: each legal action applies and keeps the 52 cards; for a broad sample of
candidate actions (every subset of every same-rank group in hand and face up in any order, mixed
ranks, strangers' cards, bad positions, every verb), apply accepts exactly the legal ones (a Play
in any order of a listed one; any valid Bonus, SH-9; Timeout, SH-17), a refusal leaves to_json
identical, and the refusal read from the player's own view (what the notation uses) has the same
words as the engine's. The dealt positions also get the no-leak check of ``test_noleak``.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import (
    Action,
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Swap,
    Timeout,
)
from cardgames.games.shithead.engine import ShitheadState
from cardgames.games.shithead.moves import refusal
from cardgames.games.shithead.notation import turn_of
from tests.games.shithead.builders import shuffle_hidden

CHUNKS = 8
RANDOM_POSITIONS = 150
_DECK = build_deck()


def _codes(cards: list[Card]) -> list[str]:
    return [card.code for card in cards]


def _row(deck: list[Card], rng: Rng) -> list[str | None]:
    return [deck.pop().code if rng.random() < 0.6 else None for _ in range(3)]


def random_position(seed: int) -> ShitheadState:
    """A random position with the engine's invariants: 52 cards, no clear left on the pile,
    a hand below 3 only once the stock is empty, every seat still holding cards."""
    rng = Rng(seed)
    deck = list(_DECK)
    rng.shuffle(deck)
    players = 2 + rng.randrange(3)
    pile: list[Card] = []
    for _ in range(rng.randrange(7)):
        card = deck.pop()
        run = 0
        for below in reversed(pile):
            if below.rank is not card.rank:
                break
            run += 1
        if card.rank.value == 10 or run == 3:
            deck.insert(0, card)
            continue
        pile.append(card)
    stock = [deck.pop() for _ in range(rng.choice((0, 0, 1, 2, 5)))]
    hands = [[deck.pop() for _ in range(rng.randrange(6))] for _ in range(players)]
    if stock:
        for hand in hands:
            while len(hand) < 3:
                hand.append(deck.pop())
    face_up = [_row(deck, rng) for _ in range(players)]
    face_down = [_row(deck, rng) for _ in range(players)]
    for seat in range(players):
        if not hands[seat] and face_up[seat] == [None] * 3 and face_down[seat] == [None] * 3:
            face_down[seat][rng.randrange(3)] = deck.pop().code
    current = rng.randrange(players)
    bonus = bool(pile) and bool(hands[current]) and rng.random() < 0.25
    data: dict[str, Any] = {
        "players": players,
        "options": {"voluntary-pickup": rng.random() < 0.5, "play-to-last": rng.random() < 0.5},
        "stock": _codes(stock),
        "hands": [_codes(hand) for hand in hands],
        "face_up": face_up,
        "face_down": face_down,
        "pile": _codes(pile),
        "burnt": _codes(deck),
        "phase": "bonus" if bonus else "play",
        "current": current,
        "bonus_left": 1 + rng.randrange(4) if bonus else 0,
        "play_again": not pile and rng.random() < 0.5,
    }
    state = ShitheadState.from_json(data)
    assert state.card_count() == 52
    return state


def candidates(state: ShitheadState, rng: Rng) -> list[Action]:
    """Actions worth trying in ``state``, legal or not."""
    seat = state.current_player
    assert seat is not None
    mine = [*state.hands[seat], *(c for c in state.face_up[seat] if c is not None)]
    pool = [*mine, rng.choice(_DECK), rng.choice(_DECK)]
    found: list[Action] = [PickUp(), Decline(), Ready(), Timeout(), Play(()), Bonus(())]
    found.extend(Blind(pos) for pos in range(5))
    for card in pool:
        found.extend((Play((card,)), Bonus((card,)), Swap(card, 1), Swap(card, 4)))
    for size in (2, 3):
        for _ in range(4):
            mixed = tuple(rng.choice(pool) for _ in range(size))
            found.extend((Play(mixed), Bonus(mixed)))
    groups: dict[int, list[Card]] = {}
    for card in mine:
        groups.setdefault(card.rank.value, []).append(card)
    for group in groups.values():
        for size in range(2, len(group) + 1):
            found.extend(Play(cards) for cards in permutations(group, size))
    return found


def check_position(state: ShitheadState, rng: Rng) -> None:
    """The checks of the module docstring, for one position."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        assert copy.card_count() == 52
    listed = set(legal)
    before = state.to_json()
    seat = state.current_player
    own_turn = turn_of(state.view(seat))
    for action in candidates(state, rng):
        copy = state.clone()
        try:
            copy.apply(action)
        except IllegalMove as error:
            assert action not in listed, action
            assert copy.to_json() == before, action
            assert refusal(action, own_turn) == str(error), action
            continue
        assert refusal(action, own_turn) is None, action
        if isinstance(action, Play):
            assert Play(tuple(sorted(action.cards))) in listed, action
        elif not isinstance(action, (Bonus, Timeout)):
            assert action in listed, action


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_positions_legal_actions_match_apply(chunk: int) -> None:
    rng = Rng(chunk)
    for seed in range(chunk * RANDOM_POSITIONS, (chunk + 1) * RANDOM_POSITIONS):
        state = random_position(seed)
        check_position(state, rng)
        for viewer in (None, *range(state.players)):
            assert shuffle_hidden(state, viewer, rng).view(viewer) == state.view(viewer)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_positions_in_play_legal_actions_match_apply(players: int) -> None:
    rng = Rng(100 + players)
    checked = 0
    for seed in range(4):
        options = {"voluntary-pickup": seed % 2 == 0, "play-to-last": seed > 1}
        state = GAME.new_game(players, seed=seed, options=options)
        for move in range(600):
            legal = state.legal_actions()
            if not legal:
                break
            if move % 7 == 0 or state.phase == "bonus":
                check_position(state, rng)
                checked += 1
            plays = [action for action in legal if isinstance(action, Play)]
            if plays and rng.random() < 0.7:
                low = min(play.cards[0].rank for play in plays)
                state.apply(rng.choice([p for p in plays if p.cards[0].rank is low]))
            else:
                state.apply(rng.choice(legal))
    assert checked > 100
