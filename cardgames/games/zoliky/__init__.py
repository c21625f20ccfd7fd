"""Žolíky, Czech rummy with jokers: meld, lay off, take jokers back, close; a match to 500.

``GAME`` is the Game object the registry loads. Rules: ``shared/rules/zoliky.md`` (ZO-1 … ZO-17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardgames.core.engine import Event, OptionSpec, OptionValue, State
from cardgames.games.common import CardGame
from cardgames.games.zoliky import notation
from cardgames.games.zoliky.engine import DEFAULT_TARGET, ZolikyState, new_state
from cardgames.games.zoliky.position import state_from_json
from cardgames.games.zoliky.sample import sample_state

if TYPE_CHECKING:
    from cardgames.bots import Bot


def _deal(
    players: int, seed: int, options: Mapping[str, OptionValue], game_number: int
) -> ZolikyState:
    """Deal the first round of a match (ZO-3): the last seat deals the first match, so seat 0
    leads; each later match starts with the next dealer, seat ``(game_number - 1) % players``."""
    return new_state(
        players, seed=seed, options=dict(options), dealer=(players - 1 + game_number) % players
    )


def _first_events(state: State) -> tuple[Event, ...]:
    """The deal of round 1, for the first line of the log (ZO-3, ZO-4)."""
    assert isinstance(state, ZolikyState)
    return (state.deal_event(),)


HARD_PLAYOUTS = 32
"""The ``hard`` level's playouts per searched decision."""

HARD_DEPTH = 400
"""The longest playout of the ``hard`` level, in actions: far more than a round lasts."""

HARD_MARGIN = 0.04
"""How much better than the heuristic's choice (in the ``evaluate`` scale) an action must do."""


def _hard() -> Bot:
    """The ``hard`` level: the search bot with the heuristic as playout policy, searching only
    the discard and the take-or-draw choice (``bots.search_candidates``), each playout played
    to the end of the round and scored on points (``bots.evaluate``)."""
    from cardgames.bots.search import SearchBot
    from cardgames.games.zoliky.bots import ZolikyBot, evaluate, round_number, search_candidates

    return SearchBot(
        sample_state, ZolikyBot(), evaluate=evaluate, playouts=HARD_PLAYOUTS, depth=HARD_DEPTH,
        margin=HARD_MARGIN, candidates=search_candidates, horizon=round_number,
        judge_finished=True, name="hard",
    )


GAME = CardGame(
    name="zoliky",
    title="Žolíky",
    aliases=("zolik", "žolíky", "rummy"),
    min_players=2,
    max_players=6,
    options=(
        OptionSpec("deal-14", "Deal 14 cards each, 15 to the leader"),
        OptionSpec("open-51", "An opening needs 51 points instead of 42"),
        OptionSpec(
            "keep-joker", "Close with a joker and keep it as the first card of your next hand"
        ),
        OptionSpec(
            "target", "The match ends when a total reaches this score (0: one round)",
            DEFAULT_TARGET,
        ),
    ),
    package=__name__,
    deal=_deal,
    load=state_from_json,
    notation=notation,
    bots_module="cardgames.games.zoliky.bots",
    sampler=sample_state,
    round_ends=frozenset({"round"}),
    first_events=_first_events,
    hard=_hard,
)
"""The Žolíky Game object."""

__all__ = ["GAME"]
