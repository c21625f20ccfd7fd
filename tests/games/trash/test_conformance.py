"""Random-play conformance for Trash: 2,000 seeded whole matches over 2-6 seats (all three deck
counts), with the checks of tests/helpers/conformance.py (cards conserved after every move,
refusals change nothing, every match ends within a bound, exact replay) plus: every card is
distinct and in exactly one zone, and the layouts are consistent."""

from __future__ import annotations

import pytest

from cardgames.core.engine import Action, State
from cardgames.core.rng import Rng
from cardgames.games.trash import GAME
from cardgames.games.trash.actions import DRAW, KEEP, PLACES, REPLACE, TAKE
from cardgames.games.trash.engine import TrashState
from tests.helpers.conformance import play_random_game, replay

CHUNKS = 20
GAMES_PER_CHUNK = 100
MAX_MOVES = 20_000
"""No match of the 2,000 comes near this (the longest take about 2,000 moves)."""


def crafted_illegal(state: State) -> list[Action]:
    """Moves the current player may not make now, by phase."""
    assert isinstance(state, TrashState)
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    size = state.sizes[seat]
    face_up = [PLACES[i] for i, card in enumerate(state.shown[seat]) if card is not None]
    beyond = [PLACES[size]] if size < len(PLACES) else []
    if state.phase == "turn":
        bad: list[Action] = [PLACES[0], REPLACE, KEEP]
        if TAKE not in legal:
            bad.append(TAKE)
        return bad
    if state.phase == "jack":
        return [DRAW, TAKE, REPLACE, KEEP, *face_up, *beyond]
    return [DRAW, TAKE, *PLACES[:size]]


def checked_choice(every: int):  # type: ignore[no-untyped-def]
    """A uniform chooser that checks the zones every ``every``-th move."""
    moves = [0]

    def choose(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
        assert isinstance(state, TrashState)
        moves[0] += 1
        if moves[0] % every == 0:
            check_zones(state)
        return rng.choice(legal)

    return choose


def check_zones(state: TrashState) -> None:
    """Every card distinct; each position face down xor face up; counts and sizes agree."""
    cards = state.all_cards()
    assert len(set(cards)) == len(cards) == 52 * state.decks
    for seat in range(state.players):
        hidden, shown = state.hidden[seat], state.shown[seat]
        assert len(hidden) == len(shown) == state.sizes[seat] == 10 - state.winners.count(seat)
        assert all((a is None) != (b is None) for a, b in zip(hidden, shown, strict=True))
        assert state.down[seat] == len(hidden) - hidden.count(None) > 0
    assert (state.hand is not None) == (state.phase in ("jack", "replace"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_matches_conserve_cards_refuse_cleanly_and_replay(chunk: int) -> None:
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        players = 2 + seed % 5
        state, actions = play_random_game(
            GAME,
            players,
            seed,
            max_moves=MAX_MOVES,
            illegal=crafted_illegal,
            check_every=61,
            policy=checked_choice(1 if seed % 50 == 0 else 25),
        )
        assert isinstance(state, TrashState)
        assert state.sizes.count(1) >= 1 and state.winners.count(state.winners[-1]) == 10
        assert state.hand_number == len(state.winners)
        if seed % 8 == 0:
            assert replay(GAME, players, seed, None, actions) == state.to_json()
