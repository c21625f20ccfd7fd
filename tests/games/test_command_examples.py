"""Every game's command-bar examples are commands of that game, and Makao lists only the
commands that exist under its options."""

from __future__ import annotations

from typing import Any

import pytest

from cardgames.core import registry
from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.games.makao import GAME as MAKAO


@pytest.mark.parametrize("info", [info for info in registry.GAMES if info.playable],
                         ids=lambda info: info.name)
def test_the_command_bar_examples_are_the_games_own_commands(info: registry.GameInfo) -> None:
    game: Any = registry.load_game(info.name)
    examples = game.notation.EXAMPLES  # type: ignore[attr-defined]
    view = game.new_game(game.min_players, seed=1).view(0)
    for command in examples.split(", "):
        try:
            game.parse_command(view, command)
        except InvalidCommand as refusal:
            assert "command" not in str(refusal), command
        except IllegalMove:
            pass  # the command exists; the rules refuse it in this position


@pytest.mark.parametrize(("options", "listed"), [({}, False), ({"makao-call": True}, True)])
def test_makao_lists_makao_only_with_the_makao_call_option(
    options: dict[str, bool], listed: bool,
) -> None:
    view = MAKAO.new_game(2, seed=1, options=options).view(0)
    with pytest.raises(InvalidCommand) as refused:
        MAKAO.parse_command(view, "shout")
    assert refused.value.args[0].endswith(", makao") == listed
