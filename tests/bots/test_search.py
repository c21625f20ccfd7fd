"""The search bot on the tiny Race game: legal, deterministic, blind to the State, and stronger
than random play (Race: add 1 or 2, whoever reaches the target wins; the secrets are the hidden
cards)."""

from __future__ import annotations

import pytest

from cardgames.bots import RandomBot
from cardgames.bots.levels import MistakeBot
from cardgames.bots.search import SearchBot, outcome_value, play_out
from cardgames.core.engine import Outcome
from cardgames.core.rng import Rng
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec
from tests.session.fake_game import GAME, Add, RaceState, RaceView


def _search(playouts: int = 24) -> SearchBot:
    return SearchBot(GAME.sample_state, RandomBot(), playouts=playouts, depth=30)


def test_outcome_value_ranks_a_win_above_every_place() -> None:
    outcome = Outcome(ranking=(2, 0, 3, 1), winners=(2,))
    values = [outcome_value(outcome, seat) for seat in range(4)]
    assert values == [pytest.approx(1 / 3), 0.0, 1.0, pytest.approx(1 / 6)]


def test_the_only_legal_action_is_played_without_sampling() -> None:
    def no_sampling(view: RaceView, rng: Rng) -> RaceState:
        raise AssertionError("sampled with one legal action")

    bot = SearchBot(no_sampling, RandomBot())
    assert bot.choose(GAME.new_game(2, seed=1).view(0), (Add(2),), Rng(1)) == Add(2)


def test_the_budget_is_counted_in_deals() -> None:
    deals: list[RaceView] = []

    def counting(view: RaceView, rng: Rng) -> RaceState:
        deals.append(view)
        return GAME.sample_state(view, rng)

    state = GAME.new_game(2, seed=3)
    bot = SearchBot(counting, RandomBot(), playouts=40)
    bot.choose(state.view(0), state.legal_actions(), Rng(5))
    assert 1 <= len(deals) <= 40
    assert all(view == state.view(0) for view in deals), "it samples from its own view only"


def test_it_finds_the_winning_move() -> None:
    """From 6 of 10, adding 1 leaves 7: whatever the opponent adds, the mover can reach 10 next;
    adding 2 leaves 8, from which the opponent can win at once. With random playouts adding 1
    wins 3 in 4, adding 2 one in 2."""
    state = GAME.new_game(2, seed=1)
    state.total = 6
    for seed in range(5):
        assert _search(200).choose(state.view(0), state.legal_actions(), Rng(seed)) == Add(1)


def test_same_view_and_seed_give_the_same_choice_whatever_is_hidden() -> None:
    """It is given only the view: two positions that differ in what seat 0 cannot see (seat 1's
    secret, the RNG of the deal) and look the same to seat 0 get the same choices."""
    hidden_differs = 0
    for seed in range(6):
        one = GAME.new_game(2, seed=seed)
        one.total = seed
        other = GAME.sample_state(one.view(0), Rng(seed + 100))
        hidden_differs += other.secrets[1] != one.secrets[1]
        assert other.view(0) == one.view(0)
        picks = [
            _search().choose(state.view(0), state.legal_actions(), Rng(seed))
            for state in (one, other)
        ]
        assert picks[0] == picks[1]
    assert hidden_differs >= 5


def _race(seed: int, seats: tuple[str, str]) -> Session:
    players = tuple(SeatSpec(f"P{i}", bot) for i, bot in enumerate(seats))
    setup = GameSetup("race", players, {}, seed)
    session = Session(setup, turn_seconds=0)
    session.run_bots()
    return session


@pytest.mark.usefixtures("race")
def test_hard_replays_the_same_game_for_the_same_seed() -> None:
    first = [_race(seed, ("hard", "hard")).commands() for seed in range(4)]
    again = [_race(seed, ("hard", "hard")).commands() for seed in range(4)]
    assert first == again
    assert len({tuple(commands) for commands in first}) > 1, "the seed matters"


@pytest.mark.usefixtures("race")
def test_hard_beats_random_on_fixed_seeds() -> None:
    """Race is a win for whoever leaves the total a multiple of three short of the target: random
    play wins about half; the search wins nearly all from either seat."""
    wins = 0
    for seed in range(20):
        seats = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        outcome = _race(seed, seats).outcome()
        assert outcome is not None
        wins += seats[outcome.winners[0]] == "hard"
    assert wins >= 17


def test_easy_sometimes_leaves_its_policy() -> None:
    class First:
        name = "first"

        def choose(self, view: object, legal: tuple[Add, ...], rng: Rng) -> Add:
            return legal[0]

    bot, rng = MistakeBot(First(), 0.5), Rng(2)
    picks = [bot.choose(None, (Add(1), Add(2)), rng) for _ in range(200)]
    assert 20 <= picks.count(Add(2)) <= 80
    assert bot.choose(None, (Add(1),), rng) == Add(1)


def test_a_single_candidate_is_the_policys_choice_without_sampling() -> None:
    """``candidates`` narrows the search; when it leaves only the policy's choice, nothing is
    sampled."""
    def no_sampling(view: RaceView, rng: Rng) -> RaceState:
        raise AssertionError("sampled although nothing was left to search")

    def only_policy(view: RaceView, legal: tuple[Add, ...], preferred: Add) -> tuple[Add, ...]:
        return (preferred,)

    bot = SearchBot(no_sampling, RandomBot(), candidates=only_policy)
    state = GAME.new_game(2, seed=1)
    assert bot.choose(state.view(0), state.legal_actions(), Rng(1)) in state.legal_actions()


def test_the_horizon_ends_a_playout_before_its_depth() -> None:
    """A playout stops as soon as the horizon's key changes (here: the total reaching 4)."""
    state = GAME.new_game(2, seed=1)
    play_out(state, RandomBot(), Rng(3), 100, horizon=lambda race: race.total >= 4)
    assert state.total in (4, 5) and state.outcome() is None
    play_out(state, RandomBot(), Rng(3), 100)
    assert state.outcome() is not None


def test_judge_finished_scores_finished_playouts_with_evaluate() -> None:
    """With ``judge_finished`` a won playout is worth what ``evaluate`` says, not 1.0."""
    state = GAME.new_game(2, seed=1)
    state.total = 8
    bot = SearchBot(GAME.sample_state, RandomBot(), evaluate=lambda race, seat: 0.25,
                    judge_finished=True)
    assert bot._try(state, Add(2), 1) == 0.25
    assert SearchBot(GAME.sample_state, RandomBot())._try(state, Add(2), 1) == 1.0
