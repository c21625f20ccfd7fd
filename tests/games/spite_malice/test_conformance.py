"""Random-play conformance for Spite & Malice: 2,020 seeded games over 2-4 seats.

After every move all 108 cards are in play and distinct (SM-1); every 40th move crafted illegal
moves are refused without a change and the JSON position round-trips; every game ends within the
bound; every fifth game replays exactly from its seed and actions, every fiftieth from its seed
and typed commands.

Uniformly random players end most turns at once and so stall out (SM-15) within a few hundred
moves. One game in three is played by a policy that plays its pay-off top whenever it can and
otherwise mostly builds, so pay-off piles run out (SM-14), piles complete (SM-7) and the cleared
heap becomes the stock (SM-11).
"""

from __future__ import annotations

import pytest

from cardgames.core.cards import Card, Rank
from cardgames.core.deck import build_deck
from cardgames.core.engine import Action, State
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Bottom, Bus, Discard, End, Play
from cardgames.games.spite_malice.engine import DECK_SIZE, SpiteMaliceState
from tests.helpers.conformance import play_random_game, replay

CHUNKS = 20
GAMES_PER_CHUNK = 101
MAX_MOVES = 5000
CHECK_EVERY = 40
_DECK = build_deck(2, 2)


def builder_policy(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Checks the cards, then plays the pay-off top when it can, else builds nine times in ten."""
    assert isinstance(state, SpiteMaliceState)
    assert len(set(state.all_cards())) == DECK_SIZE
    plays = [action for action in legal if isinstance(action, Play)]
    for play in plays:
        if play.source == "pay":
            return play
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    return rng.choice(legal)


def uniform_policy(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Checks the cards, then chooses uniformly."""
    assert isinstance(state, SpiteMaliceState)
    assert len(set(state.all_cards())) == DECK_SIZE
    return rng.choice(legal)


def crafted_illegal(state: State) -> list[Action]:
    """Up to five moves the current player may not make now, varied from check to check."""
    assert isinstance(state, SpiteMaliceState)
    seat = state.current_player
    assert seat is not None
    hand = state.hands[seat]
    stranger = next(c for c in _DECK if c not in hand)
    free = next((n for n, pile in enumerate(state.piles, 1) if not pile), 0)
    bad: list[Action] = [Play(stranger, "hand", 1), Bus(stranger), Discard(stranger, 1), Bottom()]
    bad.append(Play(stranger, "s9", 1))
    if hand:
        bad.append(End())
        bad.append(Discard(hand[0], 5))
        bad.append(Play(hand[0], "hand", 9))
    for number, spot in enumerate(state.spots[seat], 1):
        if not spot:
            bad.append(Play(stranger, f"s{number}", 1))
        for card in hand:
            if spot and spot[-1].rank is not card.rank:
                bad.append(Discard(card, number))
    for card in hand:
        if card.rank is Rank.ACE:
            bad.extend([Bus(card), Discard(card, 1)])
        elif free and card.rank is not Rank.ACE:
            bad.append(Play(card, "hand", free))
        for number, pile in enumerate(state.piles, 1):
            if pile and card.rank is not Rank.JOKER and _worth(card) != len(pile) + 1:
                bad.append(Play(card, "hand", number))
    if any(card.rank is Rank.ACE for card in hand):
        bad.extend(Bus(card) for card in hand if card.rank is not Rank.ACE)
    pay_off = state.pay_off[seat]
    if pay_off and pay_off[-1] != stranger:
        bad.append(Play(stranger, "pay", 1))
    start = (len(state.stock) * 7 + len(state.cleared)) % len(bad)
    return (bad[start:] + bad[:start])[:5]


def replay_commands(players: int, seed: int, actions: list[Action]) -> dict[str, object]:
    """Replay a game from its seed and the typed command of every action (as a save file
    keeps it), read back through the notation; return the final JSON position."""
    state = GAME.new_game(players, seed=seed)
    for action in actions:
        view = state.view(state.current_player)
        text = GAME.format_action(view, action)
        state.apply(GAME.parse_command(view, text))
    return state.to_json()


def _worth(card: Card) -> int:
    return 1 if card.rank is Rank.ACE else int(card.rank)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_conserve_cards_refuse_cleanly_and_replay(chunk: int) -> None:
    ends = {"stall": 0, "pay-off": 0}
    for seed in range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK):
        players = 2 + seed % 3
        policy = builder_policy if seed % 3 == 0 else uniform_policy
        state, actions = play_random_game(
            GAME,
            players,
            seed,
            max_moves=MAX_MOVES,
            illegal=crafted_illegal,
            check_every=CHECK_EVERY,
            policy=policy,
        )
        assert isinstance(state, SpiteMaliceState)
        assert state.card_count() == DECK_SIZE
        ends["stall" if state.stall >= 50 else "pay-off"] += 1
        if not state.stall >= 50:
            assert any(not pile for pile in state.pay_off)
        if seed % 5 == 0:
            assert replay(GAME, players, seed, None, actions) == state.to_json()
        if seed % 50 == 0:
            assert replay_commands(players, seed, actions) == state.to_json()
    assert ends["stall"] and ends["pay-off"], ends
