"""Random-play conformance for Shithead: 2,000 seeded games over 2-4 seats and all option combos.

Uniformly random players can circle for 50,000+ moves in a two-seat game once the 10s are burnt
(nothing clears the pile but a four, which random play seldom builds). The policy below therefore
plays uniformly at random three times in ten and otherwise one of the lowest-ranked plays, which
keeps every game within a few thousand moves while still reaching every kind of move. In one game
in four the turn clock also fires now and then (SH-17).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardgames.core.cards import Card
from cardgames.core.deck import build_deck
from cardgames.core.engine import Action, State
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import (
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
from cardgames.games.shithead.moves import beats
from tests.helpers.conformance import play_random_game, replay

CHUNKS = 20
GAMES_PER_CHUNK = 100
COMBOS: tuple[dict[str, bool], ...] = (
    {},
    {"voluntary-pickup": True},
    {"play-to-last": True},
    {"voluntary-pickup": True, "play-to-last": True},
)
_DECK = build_deck()


Policy = Callable[[State, tuple[Action, ...], Rng], Action]


def low_policy(timeouts: bool) -> Policy:
    """The move chooser described in the module docstring."""

    def choose(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
        assert isinstance(state, ShitheadState)
        if timeouts and rng.random() < 0.02 and state.timeout_action() is not None:
            return Timeout()
        if rng.random() < 0.3:
            return rng.choice(legal)
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return rng.choice(legal)
        low = min(play.cards[0].rank for play in plays)
        return rng.choice([play for play in plays if play.cards[0].rank is low])

    return choose


def _stranger(state: ShitheadState, seat: int) -> Card:
    """A card the seat does not hold in hand or face up."""
    mine = set(state.hands[seat]) | set(state.face_up[seat])
    return next(card for card in _DECK if card not in mine)


def crafted_illegal(state: State) -> list[Action]:
    """Moves the current player may not make now, by phase."""
    assert isinstance(state, ShitheadState)
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    stranger = _stranger(state, seat)
    if state.phase == "swap":
        return [Play((hand[0],)), PickUp(), Blind(1), Decline(), Swap(stranger, 1),
                Swap(hand[0], 4)]
    if state.phase == "bonus":
        return [Play((hand[0],)), PickUp(), Ready(), Bonus(()), Bonus((stranger,)),
                Bonus((hand[0], hand[0]))]
    bad: list[Action] = [Swap(stranger, 1), Ready(), Decline(), Bonus((stranger,)),
                         Play((stranger,))]
    top = state.pile[-1] if state.pile else None
    source = state.source(seat)
    if top is None:
        bad.append(PickUp())
    if source != "face-down":
        bad.append(Blind(1))
        zone = hand if source == "hand" else [c for c in state.face_up[seat] if c is not None]
        bad.extend(Play((card,)) for card in zone if not beats(card, top))
        goes = [card for card in zone if beats(card, top)]
        mixed = [card for card in goes if card.rank is not goes[0].rank]
        if mixed:
            bad.append(Play((goes[0], mixed[0])))
    else:
        row = state.face_down[seat]
        bad.extend(Blind(pos) for pos in (1, 2, 3) if row[pos - 1] is None)
    return bad


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_conserve_cards_refuse_cleanly_and_replay(chunk: int) -> None:
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        players = 2 + seed % 3
        options = COMBOS[(seed // 3) % 4]
        state, actions = play_random_game(
            GAME,
            players,
            seed,
            options,
            max_moves=20_000,
            illegal=crafted_illegal,
            check_every=1 if seed % GAMES_PER_CHUNK == 0 else 40,
            policy=low_policy(timeouts=seed % 4 == 0),
        )
        if seed % 5 == 0:
            assert replay(GAME, players, seed, options, actions) == state.to_json()
        assert state.card_count() == 52


def test_uniform_random_games_end() -> None:
    """The helper's plain uniform chooser on the seat counts where random games stay short."""
    for seed in range(30):
        players = 3 + seed % 2
        state, _ = play_random_game(
            GAME, players, seed, COMBOS[seed % 2], max_moves=20_000, illegal=crafted_illegal,
            check_every=11,
        )
        assert state.outcome() is not None
