"""Spite & Malice, Czech house rules: race to empty your pay-off pile.

``GAME`` is the Game object the registry loads. Rules: ``shared/rules/spite_malice.md``
(SM-1 … SM-15).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardgames.core.engine import OptionValue
from cardgames.games.common import CardGame
from cardgames.games.spite_malice import notation
from cardgames.games.spite_malice.engine import SpiteMaliceState, new_state
from cardgames.games.spite_malice.position import state_from_json
from cardgames.games.spite_malice.sample import sample_state


def _deal(
    players: int, seed: int, options: Mapping[str, OptionValue], game_number: int
) -> SpiteMaliceState:
    """Deal a new game (SM-1 … SM-3).

    ``game_number`` has no effect: the highest pay-off top starts (SM-3) in every game.
    """
    return new_state(players, seed)


GAME = CardGame(
    name="spite_malice",
    title="Spite & Malice",
    aliases=("spite", "spite-and-malice", "cat-and-mouse"),
    min_players=2,
    max_players=4,
    options=(),
    package=__name__,
    deal=_deal,
    load=state_from_json,
    notation=notation,
    bots_module="cardgames.games.spite_malice.bots",
    search_playouts=40,
    search_depth=16,
    sampler=sample_state,
    look_command="bottom",
)
"""The Spite & Malice Game object."""

__all__ = ["GAME"]
