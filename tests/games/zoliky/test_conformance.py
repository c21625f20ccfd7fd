"""Random-play conformance for Žolíky: 2,000+ seeded games over 2-6 players and the options.

Every move checks card conservation, every 10th move that the 108 cards are all there and
distinct; crafted illegal moves are refused without a change and the JSON round trip holds on
every 25th move (every move for the first game of each chunk); every 10th game is replayed from
seed + actions. Most games are one round (target 0); some are whole matches to a low target.
The moves are random with a share of the heuristic bot's, so rounds end by closing.
"""

from __future__ import annotations

from itertools import product

import pytest

from cardgames.core.engine import Action, State
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Close, Cut, Discard, Draw, LayOff, Meld, Take, TakeBack
from cardgames.games.zoliky.bots import ZolikyBot
from cardgames.games.zoliky.engine import ZolikyState
from cardgames.games.zoliky.melds import ALL_CARDS, layoff_faces, layoffs
from tests.helpers.conformance import play_random_game, replay

OPTION_SETS = [
    {"deal-14": deal14, "open-51": open51, "keep-joker": keep, "target": 0}
    for deal14, open51, keep in product((False, True), repeat=3)
]
GAMES_PER_CHUNK = 50


def illegal(state: State) -> list[Action]:
    """A few actions the player to move may not make now, built without the engine's rules."""
    assert isinstance(state, ZolikyState)
    assert state.current is not None
    legal = state.legal_actions()
    hand = state.hands[state.current]
    foreign = next(card for card in ALL_CARDS if card not in hand)
    bad: list[Action] = [
        action for action in (Draw(), Take(), Cut(), TakeBack()) if action not in legal
    ][:2]
    bad.append(Discard(foreign))
    bad.append(LayOff(hand[0], len(state.melds)))
    if len(hand) > 1:
        bad.append(Close(hand[0]))
    if len(hand) >= 3:
        bad.append(Meld(tuple(hand[:3])))
    return [action for action in bad if action not in legal]


class PreferLaying:
    """A random policy that plays like a (careless) person: it closes when it can, mostly lays
    melds and lay-offs, and after taking an opening back it does not meld again that turn.

    With ``bot_share``, that share of the moves is the heuristic bot's choice, so that rounds
    end by closing (as they do between people) rather than by the stock running out.
    """

    def __init__(self, bot_share: float = 0.0) -> None:
        self.gave_up: tuple[int, int, int | None] | None = None
        self.moves = 0
        self.bot_share = bot_share
        self.bot = ZolikyBot()

    def __call__(self, state: State, legal: tuple[Action, ...], rng: Rng) -> Action:
        assert isinstance(state, ZolikyState)
        self.moves += 1
        if self.moves % 10 == 0:
            check_cards(state)
        if self.bot_share and rng.random() < self.bot_share:
            return self.bot.choose(state.view(state.current), legal, rng)
        turn = (state.round, state.turn_round, state.current)
        for action in legal:
            if isinstance(action, Close):
                return action
        if self.gave_up != turn:
            laying = [action for action in legal if isinstance(action, Meld | LayOff)]
            if laying and rng.random() < 0.8:
                return rng.choice(laying)
        if TakeBack() in legal:
            self.gave_up = turn
            return TakeBack()
        rest = [action for action in legal if not isinstance(action, Meld | LayOff)]
        return rng.choice(rest or list(legal))


def check_cards(state: State) -> None:
    """All 108 cards are somewhere, each once."""
    assert isinstance(state, ZolikyState)
    zones = [*state.stock, *state.discard]
    for hand in state.hands:
        zones.extend(hand)
    for meld in state.melds:
        zones.extend(meld.cards)
    assert len(zones) == len(ALL_CARDS) and set(zones) == CARD_SET


CARD_SET = frozenset(ALL_CARDS)
"""The 108 distinct cards: as many cards as these and the same set means each once."""


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("option_set", range(len(OPTION_SETS)))
def test_random_rounds(players: int, option_set: int) -> None:
    """One-round games: 108 distinct cards, refusals, JSON, an end within the bound, replays."""
    options = OPTION_SETS[option_set]
    for index in range(GAMES_PER_CHUNK):
        seed = 1000 * option_set + 100 * players + index
        state, actions = play_random_game(
            GAME, players, seed, options,
            max_moves=4000,
            illegal=illegal,
            check_every=1 if index == 0 else 25,
            policy=PreferLaying(bot_share=0.6),
        )
        check_cards(state)
        if index % 10 == 0:
            assert replay(GAME, players, seed, options, actions) == state.to_json()


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_matches(players: int) -> None:
    """Whole matches to a low target end within the bound, with every round scored."""
    for seed in range(3):
        options = {"target": 150, "keep-joker": seed % 2 == 0}
        state, actions = play_random_game(
            GAME, players, seed, options, max_moves=20_000, illegal=illegal, check_every=25,
            policy=PreferLaying(bot_share=0.5),
        )
        assert isinstance(state, ZolikyState)
        assert max(state.totals()) >= 150 and len(state.results) == state.round
        if seed == 0:
            assert replay(GAME, players, seed, options, actions) == state.to_json()


def test_uniform_random_rounds() -> None:
    """Uniformly random moves (many takebacks and put-backs) still end and conserve cards."""
    for seed in range(6):
        play_random_game(GAME, 2 + seed % 5, seed, {"target": 0}, max_moves=20_000,
                         illegal=illegal, check_every=20)


def test_no_duplicate_legal_actions() -> None:
    """Legal actions list no action twice; the quick lay-off table agrees with the full one."""
    rng = Rng(3)
    policy = PreferLaying(bot_share=0.5)
    for seed in range(20):
        state = GAME.new_game(2 + seed % 5, seed=seed, options=OPTION_SETS[seed % 8])
        while state.current_player is not None:
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal)
            assert isinstance(state, ZolikyState)
            for table_meld in state.melds:
                full = layoffs(table_meld)
                assert {face: result.joker is not None for face, result in full.items()} == dict(
                    layoff_faces(table_meld)
                )
            state.apply(policy(state, legal, rng))
