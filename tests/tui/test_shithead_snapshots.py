"""SVG snapshots of the Shithead table at 80×24 (regenerate with ``--snapshot-update``)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import deal, human_to_move
from tests.tui.shithead_drive import FakeClock, position

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def test_shithead_swap_phase_snapshot(snap_compare: Any) -> None:
    app = CardGamesApp(GameSetup("shithead", default_seats(4, 3), {}, 7), FAST, clock=FakeClock())

    async def mark_a_swap(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("right", "space", "tab", "right")

    assert snap_compare(app, terminal_size=SIZE, run_before=mark_a_swap)


def test_shithead_board_snapshot(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Anna and Bob each lay an 8: the pile shows the run toward four, the log their moves, the
    # hand dims 3♣ (it does not beat 8♥) and 8♦ is selected.
    deal(monkeypatch, position(
        hands=["3c 8d 9s Qh 2d 10h", "8s 9h Kc", "8h Js 4s"],
        face_up=[["Jd", "Ks", "Ac"], ["Qc", "6d", "Ad"], ["2s", "5h", "Kh"]],
        face_down=[["6c", "7d", "8c"], ["10c", "2c", "6h"], ["9c", "10s", "As"]],
        pile="4c 9d 7h",
        stock="3h 3d 4h 5c 5d 6s 7s Jc Qd Qs",
        current=1,
    ))
    app = CardGamesApp(GameSetup("shithead", default_seats(3, 2), {}, 1), FAST, clock=FakeClock())

    async def select_an_eight(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("right", "right", "space")

    assert snap_compare(app, terminal_size=SIZE, run_before=select_an_eight)
