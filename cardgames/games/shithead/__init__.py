"""Shithead, Swedish rules (Vändtia): swap, clear with 10s and fours, blind play, turn clock.

``GAME`` is the Game object the registry loads. Rules: ``shared/rules/shithead.md`` (SH-1 … SH-17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardgames.core.engine import OptionSpec, OptionValue
from cardgames.games.common import CardGame
from cardgames.games.shithead import notation
from cardgames.games.shithead.engine import ShitheadState, new_state
from cardgames.games.shithead.moves import PLAY_TO_LAST, VOLUNTARY_PICKUP
from cardgames.games.shithead.position import state_from_json
from cardgames.games.shithead.sample import sample_state

if TYPE_CHECKING:
    from cardgames.bots import Bot


def _deal(
    players: int, seed: int, options: Mapping[str, OptionValue], game_number: int
) -> ShitheadState:
    """Deal a new game; it starts in the swap phase (SH-1 … SH-3).

    ``game_number`` has no effect: the first player is the one holding the lowest card (SH-4),
    in every game.
    """
    return new_state(players, seed, {name: bool(value) for name, value in options.items()})


SEARCH_PLAYOUTS = 40
"""The ``hard`` level's playouts per decision."""

SEARCH_DEPTH = 16
"""The longest playout of the ``hard`` level, in actions."""


def _hard() -> Bot:
    """The ``hard`` level: the search bot with the heuristic as playout policy, which swaps as
    the heuristic does (``bots.search_candidates``, SH-3) and searches every play."""
    from cardgames.bots.search import SearchBot
    from cardgames.games.shithead.bots import ShitheadBot, evaluate, search_candidates

    return SearchBot(
        sample_state, ShitheadBot(), evaluate=evaluate, playouts=SEARCH_PLAYOUTS,
        depth=SEARCH_DEPTH, candidates=search_candidates, name="hard",
    )


GAME = CardGame(
    name="shithead",
    title="Shithead",
    aliases=("vandtia", "vändtia", "skitgubbe"),
    min_players=2,
    max_players=4,
    options=(
        # SH-8
        OptionSpec(VOLUNTARY_PICKUP, "You may pick up the pile even when you could play."),
        # SH-16
        OptionSpec(
            PLAY_TO_LAST,
            "Play on after the first player is out, until one is left: the shithead.",
        ),
    ),
    package=__name__,
    deal=_deal,
    load=state_from_json,
    notation=notation,
    bots_module="cardgames.games.shithead.bots",
    clock_seconds=45,
    sampler=sample_state,
    hard=_hard,
)
"""The Shithead Game object (its turn clock, SH-17, lives in the Session)."""

__all__ = ["GAME"]
