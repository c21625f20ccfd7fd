"""The Shithead heuristic bot: legal choices, its habits, and its strength against RandomBot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardgames.bots import Bot, RandomBot
from cardgames.core.engine import OptionValue
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import Bonus, Decline, Play, Ready, Swap
from cardgames.games.shithead.bots import ShitheadBot
from cardgames.games.shithead.moves import SWAP
from tests.games.shithead.builders import card, cards, position

BOT = ShitheadBot()


def play_game(
    seats: Sequence[Bot], seed: int, options: Mapping[str, OptionValue] | None = None
) -> tuple[int, ...]:
    """Play one game between bots; return the ranking. Every choice must be legal."""
    state = GAME.new_game(len(seats), seed=seed, options=options)
    rngs = [Rng(seed * 31 + seat) for seat in range(len(seats))]
    for _ in range(20_000):
        seat = state.current_player
        if seat is None:
            break
        legal = state.legal_actions()
        action = seats[seat].choose(state.view(seat), legal, rngs[seat])
        assert action in legal
        state.apply(action)
    outcome = state.outcome()
    assert outcome is not None
    return outcome.ranking


def choose(state: object, seat: int = 0) -> object:
    view = state.view(seat)  # type: ignore[attr-defined]
    return BOT.choose(view, view.legal, Rng(0))


def test_bot_beats_random_clearly() -> None:
    wins = 0
    games = 300
    for seed in range(games):
        bot_seat = seed % 2
        seats: list[Bot] = [RandomBot(), RandomBot()]
        seats[bot_seat] = BOT
        wins += play_game(seats, seed)[0] == bot_seat
    assert wins / games > 0.6, wins


def test_bot_plays_legally_with_four_seats_and_all_options() -> None:
    for seed in range(8):
        seats: list[Bot] = [BOT, RandomBot(), BOT, RandomBot()]
        ranking = play_game(seats, seed, {"voluntary-pickup": True, "play-to-last": True})
        assert sorted(ranking) == [0, 1, 2, 3]


def test_bot_swaps_its_strongest_cards_face_up_then_says_ready() -> None:
    state = position(hands=["10s 3c Ah", "5d 6d 7d"], face_up=[["4d", "Kd", "5c"], ["4h"] * 3],
                     phase="swap")
    assert choose(state) == Swap(card("10s"), 1)
    state.apply(Swap(card("10s"), 1))
    assert choose(state) == Swap(card("Ah"), 3)
    state.apply(Swap(card("Ah"), 3))
    assert choose(state) == Ready()
    assert set(state.face_up[0]) == set(cards("10s Kd Ah"))


def test_bot_plays_all_copies_of_the_lowest_ordinary_rank() -> None:
    state = position(hands=["2c 5d 5h 9s 10h 3s", "4d"], pile="4c")
    assert choose(state) == Play(cards("5d 5h"))


def test_bot_keeps_twos_and_tens_until_nothing_else_goes() -> None:
    small = position(hands=["2c 10h 3s", "4d"], pile="Kc")
    assert choose(small) == Play(cards("2c"))
    big = position(hands=["2c 10h 3s", "4d"], pile="5c 6c 7c 8c Kc")
    assert choose(big) == Play(cards("10h"))


def test_bot_sheds_low_cards_in_extra_moves_and_declines_high_ones() -> None:
    low = position(hands=["2d 4c 4h Kd", "5d"], pile="Qc", stock="Jh Jd")
    low.apply(Play(cards("2d")))
    assert choose(low) == Bonus(cards("4c 4h"))
    high = position(hands=["2d Qd Kd", "5d"], pile="Qc", stock="Jh Jd")
    high.apply(Play(cards("2d")))
    assert choose(high) == Decline()
    ending = position(hands=["2d Qd Kd", "5d"], pile="Qc")
    ending.apply(Play(cards("2d")))
    assert choose(ending) == Bonus(cards("Qd"))


def test_bot_plays_blind_leftmost_and_picks_up_when_forced() -> None:
    empty = [None, None, None]
    blind = position(hands=["", "5d"], pile="9h", face_up=[empty, ["4h"] * 3],
                     face_down=[[None, "Jc", "3c"], ["5c"] * 3])
    assert str(choose(blind)) == "blind 2"
    stuck = position(hands=["3c 4c", "5d"], pile="Ah")
    assert str(choose(stuck)) == "pickup"


def test_the_hard_level_swaps_as_the_heuristic_and_never_swaps_a_card_back() -> None:
    """SH-3: playouts from the deal cannot tell swaps apart, so ``hard`` keeps the heuristic's
    swaps (a search following their noise swapped a card in and straight out again)."""
    hard = GAME.bots()["hard"]()
    for seed in range(6):
        state = GAME.new_game(2, seed=seed)
        rng, plain = Rng(seed), Rng(seed)
        while state.current_player is not None and state.view(0).phase == SWAP:
            seat = state.current_player
            legal = state.legal_actions()
            action = hard.choose(state.view(seat), legal, rng)
            assert action == BOT.choose(state.view(seat), legal, plain)
            state.apply(action)
