"""Makao, the Polish shedding game: battle cards, stops and demands.

``GAME`` is the Game object the registry loads. Rules: ``shared/rules/makao.md`` (MK-1 … MK-16).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from cardgames.bots import Bot
from cardgames.core.engine import Event, OptionSpec
from cardgames.games.makao import notation
from cardgames.games.makao.actions import Action
from cardgames.games.makao.engine import MakaoState, MakaoView, new_state


class MakaoGame:
    """The Makao game: set-up, commands, log lines, rules text and bots."""

    name = "makao"
    title = "Makao"
    aliases: tuple[str, ...] = ("macao",)
    min_players = 2
    max_players = 6
    options: tuple[OptionSpec, ...] = (
        OptionSpec("queens", "Queens go on anything, and anything goes on a queen"),
        OptionSpec("makao-call", 'Say "makao" when one card is left, or take 5 cards'),
        OptionSpec("jokers", "Two jokers per deck, each played as any card you name"),
    )

    def new_game(
        self,
        players: int,
        *,
        seed: int,
        options: Mapping[str, bool] | None = None,
        game_number: int = 0,
    ) -> MakaoState:
        """Deal a new game (MK-1, MK-2): seat 0 starts the first game, and each later game
        starts with the seat after the previous starter, i.e. seat ``game_number % players``.

        Raises:
            ValueError: If ``players`` is not 2-6 or an option is unknown.
        """
        return new_state(players, seed=seed, options=options, starter=game_number % players)

    def state_from_json(self, data: Mapping[str, Any]) -> MakaoState:
        """Rebuild a position saved by ``MakaoState.to_json``."""
        return MakaoState.from_json(data)

    def parse_command(self, view: MakaoView, text: str) -> Action:
        """Read a typed command; see :func:`notation.parse_command`."""
        return notation.parse_command(view, text)

    def format_action(self, view: MakaoView, action: Action) -> str:
        """The command text of ``action``."""
        return notation.format_action(view, action)

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        """One log line for ``event`` as ``viewer`` may see it."""
        return notation.describe(event, viewer, names)

    def rules_text(self) -> str:
        """The player-facing rules (Markdown, with the command grammar)."""
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The bots for Makao by name; "makao" (the heuristic bot) is the default."""
        from cardgames.bots import RandomBot
        from cardgames.games.makao.bots import MakaoBot

        return {"makao": MakaoBot, "random": RandomBot}


GAME = MakaoGame()
"""The Makao Game object."""

__all__ = ["GAME", "MakaoGame"]
