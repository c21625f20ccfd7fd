"""Generic checks of a game's sampler: a dealt position the seat cannot tell from the real one.

For a position and a viewer, ``sample_state(view)`` must give the same view back, keep every
count (card_count), hold every card of the deck exactly once, leave every card the viewer knows
where it is, and put every card the viewer does not know in a place it cannot see. The sampled
position must also play on (a few random moves) and come out the same from the same seed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence

from cardgames.core.cards import Card
from cardgames.core.engine import Game, OptionValue, PlayerId, State, View
from cardgames.core.rng import Rng

Places = Callable[[State], Sequence[tuple[Card, str]]]
"""Every card of a position with the name of its place (``"hand 1"``, ``"stock"`` …)."""

Known = Callable[[View, Card, str], bool]
"""True if the seat of the view knows that ``card`` lies in that place."""


def random_positions(
    game: Game,
    players: int,
    seed: int,
    *,
    options: Mapping[str, OptionValue] | None = None,
    every: int = 7,
    max_moves: int = 400,
) -> Iterator[State]:
    """Every ``every``-th position of a seeded random game (the deal and the end included)."""
    state = game.new_game(players, seed=seed, options=options)
    chooser = Rng(seed * 31 + players)
    yield state.clone()
    for move in range(1, max_moves + 1):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(chooser.choice(legal))
        if move % every == 0 or not state.legal_actions():
            yield state.clone()


def viewers(state: State, n: int) -> tuple[PlayerId | None, ...]:
    """The seats to sample the ``n``-th position for: the one to act, another seat in turn,
    and every third time the public."""
    seats = state.players
    current = state.current_player
    mover = 0 if current is None else current
    other = (mover + 1 + n % (seats - 1)) % seats
    return (mover, other, None) if n % 3 == 0 else (mover, other)


def check_sample(
    game: Game,
    state: State,
    viewer: PlayerId | None,
    rng: Rng,
    places: Places,
    known: Known,
    *,
    allowed: Callable[[View, Card, str], bool] | None = None,
) -> State:
    """Sample ``state`` from ``viewer``'s view and check the sample; returns it.

    Args:
        game: The game under test.
        state: The real position.
        viewer: The seat whose view is sampled, or None for the public view.
        rng: Seeds the sample.
        places: Where each card lies (the same function for the real and the sampled position).
        known: Which cards the viewer knows the place of, judged from its view of ``state``.
        allowed: Further limits on where an unknown card may be dealt (e.g. the stock after a
            reshuffle); by default any place the viewer cannot see.
    """
    view = state.view(viewer)
    seed = rng.randrange(2**32)
    sample = game.sample_state(view, Rng(seed))
    assert sample.view(viewer) == view, f"the sample's view differs (viewer {viewer})"
    assert sample.card_count() == state.card_count()
    truth, dealt = places(state), places(sample)
    counts = Counter(card for card, _ in dealt)
    assert all(n == 1 for n in counts.values()), "a card lies twice in the sample"
    assert counts == Counter(card for card, _ in truth), "the sample holds other cards"
    real = dict(truth)
    for card, place in dealt:
        if known(view, card, real[card]):
            assert place == real[card], f"{card!r} moved from {real[card]} to {place}"
        else:
            assert not known(view, card, place), f"unseen {card!r} dealt to a seen {place}"
            if allowed is not None:
                assert allowed(view, card, place), f"{card!r} cannot lie in {place}"
    again = game.sample_state(view, Rng(seed))
    assert again.to_json() == sample.to_json(), "the same seed gave another sample"
    rebuilt = game.state_from_json(json.loads(json.dumps(sample.to_json())))
    assert rebuilt.to_json() == sample.to_json()
    play_on(sample, Rng(seed), moves=3)
    return sample


def play_on(state: State, rng: Rng, *, moves: int) -> None:
    """Play a few random moves on ``state``, checking that cards are conserved."""
    total = state.card_count()
    for _ in range(moves):
        legal = state.legal_actions()
        if not legal:
            return
        state.apply(rng.choice(legal))
        assert state.card_count() == total
