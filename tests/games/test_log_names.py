"""Every game's log shows the players' names as typed: a name at the start of a sentence is
not re-cased ("a[/b] played J♠", never "A[/b] played J♠")."""

from __future__ import annotations

import pytest

from cardgames.core import registry
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec

NAMES = ("a[/b]", "édith", "bob", "zoë")


@pytest.mark.parametrize("info", [info for info in registry.GAMES if info.playable],
                         ids=lambda info: info.name)
def test_log_lines_show_names_as_typed(info: registry.GameInfo) -> None:
    game = info.name
    players = min(4, info.max_players)
    seats = tuple(SeatSpec(name, "default") for name in NAMES[:players])
    session = Session(GameSetup(game, seats, {}, 3))
    session.run_bots(limit=150)
    lines = [line for viewer in (None, 0) for line in session.log_lines(viewer, last=150)]
    recased = [name[:1].upper() + name[1:] for name in NAMES[:players]]
    assert any(line.startswith(NAMES[:players]) for line in lines), "names start log lines"
    assert not [line for line in lines if any(name in line for name in recased)]
