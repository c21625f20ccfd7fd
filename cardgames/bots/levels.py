"""The three computer levels every game offers: easy, normal and hard.

* ``easy``: the game's heuristic bot, which now and then plays a random legal action instead.
* ``normal``: the game's heuristic bot.
* ``hard``: the search bot (:mod:`cardgames.bots.search`) with the heuristic as its playout policy.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames.bots import Bot
from cardgames.bots.search import Evaluate, Sampler, SearchBot
from cardgames.core.engine import Action, View
from cardgames.core.rng import Rng

LEVELS = ("easy", "normal", "hard")
"""The computer levels, weakest first."""

DEFAULT_LEVEL = "normal"
"""The level of a computer player nobody chose a level for."""

def level_name(bot: str) -> str:
    """How a computer player's kind is shown: its level, ``normal`` for "default"."""
    return DEFAULT_LEVEL if bot == "default" else bot


EASY_MISTAKES = 0.3
"""The share of ``easy``'s decisions (with a choice) made at random."""


class MistakeBot:
    """A bot that follows ``policy`` but makes deliberate mistakes.

    Args:
        policy: The bot to follow.
        mistakes: The chance (0.0 .. 1.0) of playing a random legal action instead, whenever
            there is more than one.
        name: The bot's name.
    """

    def __init__(self, policy: Bot, mistakes: float = EASY_MISTAKES, name: str = "easy") -> None:
        self.policy = policy
        self.mistakes = mistakes
        self.name = name

    def choose(self, view: View, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return ``policy``'s choice, or with chance ``mistakes`` a random element of ``legal``."""
        if len(legal) > 1 and rng.random() < self.mistakes:
            return rng.choice(legal)
        return self.policy.choose(view, legal, rng)


def level_bots(
    heuristic: Callable[[], Bot],
    sample: Sampler | None,
    evaluate: Evaluate | None = None,
    *,
    playouts: int = 60,
    depth: int = 16,
) -> dict[str, Callable[[], Bot]]:
    """The bot factories of the three levels for one game.

    Args:
        heuristic: Makes the game's heuristic bot.
        sample: The game's ``sample_state``; without one there is no ``hard`` level.
        evaluate: Scores unfinished playouts for the search bot (see :data:`Evaluate`).
        playouts: The search bot's playouts per decision.
        depth: The longest playout, in actions.

    Returns:
        ``easy``, ``normal`` and (with a sampler) ``hard``, in that order.
    """
    bots: dict[str, Callable[[], Bot]] = {
        "easy": lambda: MistakeBot(heuristic()),
        "normal": heuristic,
    }
    if sample is not None:
        bots["hard"] = lambda: SearchBot(
            sample, heuristic(), evaluate=evaluate, playouts=playouts, depth=depth, name="hard"
        )
    return bots
