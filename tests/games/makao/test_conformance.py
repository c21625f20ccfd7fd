"""Random-play conformance for Makao: 2,000 seeded games over 2-6 players and all 8 option sets.

Every move checks card conservation; refusals of crafted illegal moves and the JSON round trip
are checked every move for the first seeds of each chunk and every 40th move for the rest;
every 10th game is replayed from seed + actions.
"""

from __future__ import annotations

from itertools import product

import pytest

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.engine import Action, State
from cardgames.core.rng import Rng
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import CallMakao, Demand, Draw, Pass, Play, Take, Wait
from cardgames.games.makao.engine import MakaoState
from cardgames.games.makao.moves import SUITS, check_play
from tests.helpers.conformance import play_random_game, replay

OPTION_SETS = [
    {"queens": queens, "makao-call": call, "jokers": jokers}
    for queens, call, jokers in product((False, True), repeat=3)
]
GAMES_PER_CHUNK = 50
CAREFUL_GAMES = 2


def illegal(state: State) -> list[Action]:
    """A few actions the player to move may not make now, built without the engine's rules."""
    assert isinstance(state, MakaoState)
    assert state.current is not None
    legal = state.legal_actions()
    hand = state.hands[state.current]
    bad: list[Action] = [
        action
        for action in (Draw(), Take(), Wait(), Pass(), Demand(), CallMakao())
        if action not in legal
    ][:2]
    elsewhere = [*state.stock, *state.discard[:1]]
    for seat, other in enumerate(state.hands):
        if seat != state.current:
            elsewhere.extend(other)
    foreign = next((card for card in elsewhere if card not in hand), None)
    if foreign is not None and not foreign.is_joker:
        bad.append(Play((foreign,)))
    if state.phase == "demand":
        bad.append(Demand("rank", Rank.FOUR))
    joker = next((card for card in hand if card.is_joker), None)
    natural = next((card for card in hand if not card.is_joker), None)
    if joker is not None and natural is not None and state.phase in ("play", "drawn"):
        # A joker named another rank than the card it joins (MK-4).
        wrong = Rank.TWO if natural.rank is not Rank.TWO else Rank.THREE
        bad.append(Play((natural, joker), (Card(wrong, natural.suit),)))
    plain = not (state.pending_draw or state.pending_skips or state.demand)
    if state.phase == "play" and plain and "queens" not in state.options:
        top = state.top_as
        bad.extend([Play((card,)) for card in hand if _no_match(card, top)][:1])
    return bad


def _no_match(card: Card, top: Card) -> bool:
    return not card.is_joker and card.rank is not top.rank and card.suit is not top.suit


def prefer_plays(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Mostly plays (as people do), sometimes anything, so games end in a few hundred moves."""
    plays = [action for action in legal if isinstance(action, Play | CallMakao)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return rng.choice(legal)


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("option_set", range(len(OPTION_SETS)))
def test_random_games(players: int, option_set: int) -> None:
    """Conservation, refusals, JSON round trips, an end within the bound, identical replays."""
    options = OPTION_SETS[option_set]
    for index in range(GAMES_PER_CHUNK):
        seed = 1000 * option_set + 100 * players + index
        state, actions = play_random_game(
            GAME, players, seed, options,
            max_moves=20_000,
            illegal=illegal,
            check_every=1 if index < CAREFUL_GAMES else 40,
            policy=prefer_plays,
        )
        if index % 10 == 0:
            assert replay(GAME, players, seed, options, actions) == state.to_json()


def joins_a_set(action: Action) -> bool:
    """True for a play of several cards with a joker among them (``jokers``, MK-4)."""
    return (
        isinstance(action, Play)
        and len(action.cards) > 1
        and any(card.is_joker for card in action.cards)
    )


def renamed(state: MakaoState, play: Play, rng: Rng) -> Play:
    """``play`` with the jokers below the top named another suit of the set's rank and the
    cards between the first and the last shuffled, when the rules still accept it: a play the
    legal list does not hold, which must count the same."""
    middle = list(play.cards[1:-1])
    rng.shuffle(middle)
    # Copies of one face stay lowest deck first, as the command text reads them.
    copies: dict[tuple[Rank, Suit], list[Card]] = {}
    for card in sorted(middle):
        copies.setdefault((card.rank, card.suit), []).append(card)
    middle = [copies[card.rank, card.suit].pop(0) for card in middle]
    cards = (play.cards[0], *middle, play.cards[-1])
    rank = play.named[-1].rank
    assert state.current is not None
    hand = state.hands[state.current]
    for _ in range(4):
        names = [Card(rank, rng.choice(SUITS)) for card in cards[:-1] if card.is_joker]
        if cards[-1].is_joker:
            names.append(play.named[-1])
        other = Play(cards, tuple(names))
        if check_play(hand, other, state.situation(), state.drawn) is None:
            return other
    return play


def prefer_joker_sets(state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
    """Often a play that puts a joker in a set, named and ordered at random where the rules
    allow; otherwise as :func:`prefer_plays`, but a joker is kept for a set."""
    assert isinstance(state, MakaoState)
    sets = [action for action in legal if joins_a_set(action)]
    if sets and rng.random() < 0.7:
        play = rng.choice(sets)
        assert isinstance(play, Play)
        return renamed(state, play, rng)
    kept = tuple(action for action in legal
                 if not (isinstance(action, Play) and action.cards[0].is_joker))
    return prefer_plays(state, kept or legal, rng)


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_with_joker_sets(players: int) -> None:
    """``jokers``, MK-4: games where jokers often join sets, named in any fitting way: cards
    conserved, refusals change nothing, JSON round trips and exact replays from the commands."""
    options = {"jokers": True, "queens": players % 2 == 0, "makao-call": players > 3}
    played = 0
    for index in range(20):
        seed = 90_000 + 100 * players + index
        state, actions = play_random_game(
            GAME, players, seed, options,
            max_moves=20_000,
            illegal=illegal,
            check_every=1 if index < CAREFUL_GAMES else 10,
            policy=prefer_joker_sets,
        )
        played += sum(map(joins_a_set, actions))
        assert replay(GAME, players, seed, options, actions) == state.to_json()
        texts = [GAME.format_action(state.view(None), action) for action in actions]
        replayed = GAME.new_game(players, seed=seed, options=options)
        for text in texts:
            assert replayed.current_player is not None
            replayed.apply(GAME.parse_command(replayed.view(replayed.current_player), text))
        assert replayed.to_json() == state.to_json()
    assert played >= 20, "too few joker sets were played"


@pytest.mark.parametrize("players", [2, 3])
def test_uniform_random_games(players: int) -> None:
    """A few games of uniformly random moves, which take odd paths (passing, waiting, taking)."""
    for seed in range(10):
        play_random_game(GAME, players, seed, max_moves=20_000, illegal=illegal, check_every=10)


def test_no_duplicate_legal_actions() -> None:
    """Legal actions list no action twice, and every listed play passes the rule check."""
    rng = Rng(3)
    for seed in range(40):
        state = GAME.new_game(2 + seed % 5, seed=seed, options=OPTION_SETS[seed % 8])
        while state.current_player is not None:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            state.apply(prefer_plays(state, legal, rng))
