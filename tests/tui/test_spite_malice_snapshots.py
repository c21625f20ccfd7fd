"""SVG snapshot of the Spite & Malice table at 80×24 (regenerate with ``--snapshot-update``)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.games.spite_malice.builders import position, run_of
from tests.tui.drive import deal, human_to_move

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def test_spite_malice_board_snapshot(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Three players; five piles (one with a joker on top, standing for the 7), the stall counter
    # past 40, spots with several cards; the human has picked 8♥, whose destinations are listed.
    deal(monkeypatch, position(
        hands=["8h 3d Qs 5c Xr", "9c 9d Kh Jh", "2h 4s 6c"],
        pay_off=["Kd 10s 9h", "7c 4h 2s Js", "Qd Qh 6h 3c 5s"],
        spots=[["Qc Qd#1", "", "5d", ""], ["9s", "Kc Ks"], ["", "Jd"]],
        piles=[run_of(6, "h", deck=1) + " Xb", run_of(3, "d", deck=1), "As",
               run_of(10, "s", deck=1), "", run_of(7, "c", deck=1)],
        stall=43,
        full=True,
    ))
    app = CardGamesApp(GameSetup("spite_malice", default_seats(3, 2), {}, 1), FAST)

    async def pick_the_eight(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("enter")

    assert snap_compare(app, terminal_size=SIZE, run_before=pick_the_eight)
