"""Makao, the Polish shedding game: battle cards, stops and demands.

``GAME`` is the Game object the registry loads. Rules: ``shared/rules/makao.md`` (MK-1 … MK-16).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardgames.core.engine import OptionSpec, OptionValue
from cardgames.games.common import CardGame
from cardgames.games.makao import notation
from cardgames.games.makao.engine import MakaoState, new_state
from cardgames.games.makao.position import state_from_json
from cardgames.games.makao.sample import sample_state

if TYPE_CHECKING:
    from cardgames.bots import Bot


def _deal(
    players: int, seed: int, options: Mapping[str, OptionValue], game_number: int
) -> MakaoState:
    """Deal a new game (MK-1, MK-2): seat 0 starts the first game, and each later game
    starts with the seat after the previous starter, i.e. seat ``game_number % players``."""
    chosen = {name: bool(value) for name, value in options.items()}
    return new_state(players, seed=seed, options=chosen, starter=game_number % players)


SEARCH_PLAYOUTS = 40
"""The ``hard`` level's playouts per decision."""

SEARCH_DEPTH = 16
"""The longest playout of the ``hard`` level, in actions."""


def _hard() -> Bot:
    """The ``hard`` level: the search bot with the heuristic as playout policy, trying every
    legal action but only the best few plays that put a joker in a set
    (``bots.search_candidates``, ``jokers`` option)."""
    from cardgames.bots.search import SearchBot
    from cardgames.games.makao.bots import MakaoBot, evaluate, search_candidates

    return SearchBot(
        sample_state, MakaoBot(), evaluate=evaluate, playouts=SEARCH_PLAYOUTS,
        depth=SEARCH_DEPTH, candidates=search_candidates, name="hard",
    )


GAME = CardGame(
    name="makao",
    title="Makao",
    aliases=("macao",),
    min_players=2,
    max_players=6,
    options=(
        OptionSpec("queens", "Queens go on anything, and anything goes on a queen"),
        OptionSpec("makao-call", 'Say "makao" when one card is left, or take 5 cards'),
        OptionSpec("jokers", "Two jokers per deck, each played as any card you name"),
    ),
    package=__name__,
    deal=_deal,
    load=state_from_json,
    notation=notation,
    bots_module="cardgames.games.makao.bots",
    search_playouts=SEARCH_PLAYOUTS,
    search_depth=SEARCH_DEPTH,
    sampler=sample_state,
    hard=_hard,
)
"""The Makao Game object."""

__all__ = ["GAME"]
