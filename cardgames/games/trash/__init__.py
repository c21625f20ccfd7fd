"""Trash (also called Garbage): fill your layout from ace to ten, a match of shrinking hands.

``GAME`` is the Game object the registry loads. Rules: ``shared/rules/trash.md`` (TR-1 … TR-11).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardgames.core.engine import OptionValue
from cardgames.games.common import CardGame
from cardgames.games.trash import notation
from cardgames.games.trash.engine import TrashState, new_state
from cardgames.games.trash.position import state_from_json
from cardgames.games.trash.sample import sample_state


def _deal(
    players: int, seed: int, options: Mapping[str, OptionValue], game_number: int
) -> TrashState:
    """Deal a new match (TR-1 … TR-3).

    ``game_number`` has no effect: seat 0 starts the first hand of every match (TR-3).
    """
    return new_state(players, seed)


GAME = CardGame(
    name="trash",
    title="Trash",
    aliases=("garbage",),
    min_players=2,
    max_players=6,
    options=(),
    package=__name__,
    deal=_deal,
    load=state_from_json,
    notation=notation,
    bots_module="cardgames.games.trash.bots",
    search_playouts=40,
    # A playout stops three actions after the choice (about the rest of the turn and the reply)
    # and ``evaluate`` scores the race: longer ones only add the luck of later draws.
    search_depth=3,
    sampler=sample_state,
    round_ends=frozenset({"deal"}),
)
"""The Trash Game object."""

__all__ = ["GAME"]
