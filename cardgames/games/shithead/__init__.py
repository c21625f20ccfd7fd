"""Shithead, Swedish rules (Vändtia): swap, clear with 10s and fours, blind play, turn clock.

The package exposes :data:`GAME`, the :class:`ShitheadGame` object used by the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from cardgames.bots import Bot, RandomBot
from cardgames.core.engine import Event, OptionSpec
from cardgames.games.shithead import notation
from cardgames.games.shithead.actions import Action
from cardgames.games.shithead.bots import ShitheadBot
from cardgames.games.shithead.engine import ShitheadState, ShitheadView, new_state
from cardgames.games.shithead.moves import PLAY_TO_LAST, VOLUNTARY_PICKUP


class ShitheadGame:
    """The Shithead rules, options, commands and set-up (``cardgames.core.engine.Game``).

    Attributes:
        clock_seconds: The default turn time of SH-17; the clock itself lives in the Session.
    """

    name = "shithead"
    title = "Shithead"
    aliases: tuple[str, ...] = ("vandtia", "vändtia", "skitgubbe")
    min_players = 2
    max_players = 4
    clock_seconds = 45
    options: tuple[OptionSpec, ...] = (
        OptionSpec(
            VOLUNTARY_PICKUP, "You may pick up the pile even when you could play (SH-8)."
        ),
        OptionSpec(
            PLAY_TO_LAST,
            "Play on after the first player is out, until one is left: the shithead (SH-16).",
        ),
    )

    def new_game(
        self,
        players: int,
        *,
        seed: int,
        options: Mapping[str, bool] | None = None,
        game_number: int = 0,
    ) -> ShitheadState:
        """Deal a new game; it starts in the swap phase (SH-1 … SH-3).

        ``game_number`` is accepted for the protocol and has no effect: the first player is the
        one holding the lowest card (SH-4), in every game.

        Raises:
            ValueError: If ``players`` is not 2 to 4 or an option is unknown.
        """
        return new_state(players, seed, options)

    def state_from_json(self, data: Mapping[str, Any]) -> ShitheadState:
        """Rebuild a position saved by ``ShitheadState.to_json``."""
        return ShitheadState.from_json(data)

    def parse_command(self, view: ShitheadView, text: str) -> Action:
        """Read a typed command (see :func:`notation.parse_command`)."""
        return notation.parse_command(view, text)

    def format_action(self, view: ShitheadView, action: Action) -> str:
        """The command text of ``action``."""
        return notation.format_action(view, action)

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        """One log line for ``event`` as ``viewer`` may see it."""
        return notation.describe(event, viewer, names)

    def rules_text(self) -> str:
        """The player-facing rules in Markdown, with the command grammar."""
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The bots for this game by name; the first, ``"shithead"``, is the default."""
        return {ShitheadBot.name: ShitheadBot, RandomBot.name: RandomBot}


GAME = ShitheadGame()
"""The Shithead game object."""
