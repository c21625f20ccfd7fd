"""The search bot shared by every game: determinized Monte Carlo search over sampled positions.

Perfect-information Monte Carlo (PIMC): the bot deals the cards it cannot see afresh many times
(the game's ``sample_state``, consistent with everything its seat can see), tries each legal action
in each such position and plays the rest of the game out with the game's heuristic bot for every
seat. The action with the best average result is played. The playouts of all actions share the
same sampled positions and the same playout random streams (common random numbers), so the
actions are compared on equal deals; sequential halving spends the budget on the actions that
still look best, and the heuristic's own choice is kept unless another clearly beats it.

It sees only its seat's view and the legal actions: the positions it searches are samples, never
the real State. Its budget is counted in playouts, never in time, and all its randomness comes
from the ``rng`` it is given, so the same seed and commands give the same choices on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from cardgames.bots import Bot
from cardgames.core.engine import Action, Outcome, PlayerId, State, View
from cardgames.core.rng import Rng

Sampler = Callable[[View, Rng], State]
"""``sample_state(view, rng)``: a full position consistent with what the viewing seat can see."""

Evaluate = Callable[[State, PlayerId], float]
"""``evaluate(state, seat)``: the chance, from 0.0 to 1.0, that ``seat`` wins an unfinished game."""

Candidates = Callable[[View, tuple[Action, ...], Action], tuple[Action, ...]]
"""``candidates(view, legal, preferred)``: the actions worth searching, among them ``preferred``
(the policy's own choice); one action means the policy's choice is played without a search."""

Horizon = Callable[[State], object]
"""``horizon(state)``: a key of the stretch of play a position is in (its round, say); a playout
stops, before its ``depth`` is reached, as soon as the key differs from the one it started in."""

_SEED_LIMIT = 2**62


def outcome_value(outcome: Outcome, seat: PlayerId) -> float:
    """How good a finished game is for ``seat``: 1.0 for a win, else 0.0 to 0.5 by its place.

    Args:
        outcome: The result of the game.
        seat: The seat whose result is wanted.

    Returns:
        1.0 if ``seat`` won; otherwise half of the share of the other seats it finished ahead of
        (so a second place among four is worth more than last place, and far less than a win).
    """
    if seat in outcome.winners:
        return 1.0
    ranking = outcome.ranking
    if seat not in ranking or len(ranking) < 2:
        return 0.0
    behind = len(ranking) - 1 - ranking.index(seat)
    return 0.5 * behind / (len(ranking) - 1)


def shedding_value(left: Sequence[int], seat: PlayerId, finished: Sequence[PlayerId]) -> float:
    """An ``evaluate`` for games won by the first seat to go out: cards left against the rival's.

    Args:
        left: The cards (or points) each seat still has to get rid of.
        seat: The seat to score.
        finished: The seats out so far, in order.

    Returns:
        1.0 if ``seat`` went out first, 0.25 if another did; otherwise ``r / (own + r)`` where
        ``own`` is what ``seat`` has left and ``r`` the least that a seat still in has left.
    """
    if finished:
        return 1.0 if finished[0] == seat else 0.25
    own = left[seat]
    rival = min(count for other, count in enumerate(left) if other != seat)
    return rival / (own + rival) if own + rival else 0.5


def play_out(
    state: State, policy: Bot, rng: Rng, depth: int, horizon: Horizon | None = None
) -> None:
    """Play ``state`` on with ``policy`` for every seat, for at most ``depth`` actions.

    A seat with one legal action plays it without asking the policy (no view is built). With
    ``horizon``, the playout also stops as soon as ``horizon(state)`` differs from its value
    for ``state`` as it was given.
    """
    start = None if horizon is None else horizon(state)
    for _ in range(depth):
        seat = state.current_player
        if seat is None or (horizon is not None and horizon(state) != start):
            return
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else policy.choose(state.view(seat), legal, rng))


class SearchBot:
    """A determinized Monte Carlo search bot for any game with a sampler.

    Args:
        sample: The game's ``sample_state``.
        policy: The playout policy (the game's heuristic bot), playing every seat.
        evaluate: Scores a playout cut off at ``depth`` for a seat (0.0 .. 1.0); None scores
            every unfinished playout 0.5.
        playouts: The budget: playouts per decision (at least one per legal action and round
            of sequential halving are always played).
        depth: The most actions a playout plays before it is scored by ``evaluate``.
        margin: How much better (in average result, 0.0 .. 1.0) than the policy's own choice
            another action must do on the same deals to be played instead.
        candidates: Picks the actions to search among the legal ones (see
            :data:`Candidates`); None searches them all.
        horizon: Ends a playout before ``depth`` (see :data:`Horizon`); None plays ``depth``.
        judge_finished: Score finished playouts with ``evaluate`` too, not by place (for a
            game won on points, where by how much counts, not only who wins).
        name: The bot's name.
    """

    thinks = True
    """It takes long enough that an interactive front end should run it in a worker."""

    def __init__(
        self,
        sample: Sampler,
        policy: Bot,
        *,
        evaluate: Evaluate | None = None,
        playouts: int = 60,
        depth: int = 16,
        margin: float = 0.02,
        candidates: Candidates | None = None,
        horizon: Horizon | None = None,
        judge_finished: bool = False,
        name: str = "search",
    ) -> None:
        if playouts < 1 or depth < 0:
            raise ValueError(f"a search needs playouts >= 1 and depth >= 0, not {playouts} {depth}")
        self.sample = sample
        self.policy = policy
        self.evaluate = evaluate
        self.playouts = playouts
        self.depth = depth
        self.margin = margin
        self.candidates = candidates
        self.horizon = horizon
        self.judge_finished = judge_finished
        self.name = name

    def choose(self, view: View, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return the element of ``legal`` with the best average playout result.

        Args:
            view: The bot's own view (never the State).
            legal: The legal actions, never empty.
            rng: The seat's random stream; the only source of randomness.

        Returns:
            One element of ``legal``; the only one at once if there is one.
        """
        if len(legal) == 1:
            return legal[0]
        # The policy's own choice stays in to the end, and another action is played only if it
        # does better on the same deals by more than ``margin``: a search that learns little
        # plays as the heuristic would rather than follow the noise.
        choice = self.policy.choose(view, legal, rng)
        if self.candidates is not None:
            legal = self.candidates(view, legal, choice)
            if len(legal) == 1:
                return choice
        deals: list[tuple[State, int]] = []
        totals = [0.0] * len(legal)
        preferred = legal.index(choice)
        challengers = [index for index in range(len(legal)) if index != preferred]
        rounds = max(1, math.ceil(math.log2(len(challengers))))
        played = 0
        for _ in range(rounds):
            per_action = max(1, self.playouts // (rounds * (len(challengers) + 1)))
            for deal in range(played, played + per_action):
                if deal == len(deals):
                    deals.append((self.sample(view, rng), rng.randrange(_SEED_LIMIT)))
                start, seed = deals[deal]
                for index in (preferred, *challengers):
                    totals[index] += self._try(start, legal[index], seed)
            played += per_action
            challengers.sort(key=lambda index: -totals[index])
            challengers = challengers[: max(1, len(challengers) // 2)]
        best = challengers[0]
        if totals[best] - totals[preferred] > self.margin * played:
            return legal[best]
        return legal[preferred]

    def _try(self, start: State, action: Action, seed: int) -> float:
        """The result for the acting seat of ``action`` in a copy of ``start``, played out."""
        state = start.clone()
        seat = state.current_player
        assert seat is not None
        state.apply(action)
        play_out(state, self.policy, Rng(seed), self.depth, self.horizon)
        if self.evaluate is not None and self.judge_finished:
            return self.evaluate(state, seat)
        outcome = state.outcome()
        if outcome is not None:
            return outcome_value(outcome, seat)
        return 0.5 if self.evaluate is None else self.evaluate(state, seat)
