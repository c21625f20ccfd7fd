"""SVG snapshots of the Žolíky table and score table at 80×24 (``--snapshot-update`` redraws)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardgames.games.zoliky.actions import Close, Draw, Meld
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.games.zoliky.builders import cards, position
from tests.tui.drive import deal, human_to_move
from tests.tui.zoliky_drive import press_action

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def test_zoliky_board_snapshot(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Three players; Anna and Bob have melds on the table; the viewer has laid a pure run of an
    # opening (30 of 42) and selected two queens.
    deal(monkeypatch, position(
        [["Qh", "Kh", "Ah", "Qc", "Qd", "Xb", "4s", "9d", "2c"], ["2s", "5d", "9h", "Js"],
         ["3c", "8d", "Kd", "Kc", "6h"]],
        melds=[(1, ["5c", "Xr", "7c"]), (2, ["Js#1", "Jh", "Jd"]), (1, ["8s", "9s", "10s"])],
        stock=["Kc#1", "3d", "9c", "2h", "8c"],
        discard=["10d", "4h"],
        opened=[False, True, True],
        phase="draw", dealer=2, round=2, turn_round=6, target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [64, 0, 27]}],
    ))
    app = CardGamesApp(GameSetup("zoliky", default_seats(3, 2), {}, 1), FAST)

    async def build_an_opening(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        await press_action(pilot, app, Draw())
        await press_action(pilot, app, Meld(cards("Qh", "Kh", "Ah")))
        await pilot.press("right", "space", "right", "space")

    assert snap_compare(app, terminal_size=SIZE, run_before=build_an_opening)


def test_zoliky_score_table_snapshot(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The viewer closes from hand: the others' penalties are doubled, the next round is dealt and
    # the score table opens by itself.
    deal(monkeypatch, position(
        [["Qh", "Kh", "Ah", "5c", "5d", "5s", "Jh", "Jd", "Jc", "2s"], ["Kd", "2c", "Xb"]],
        stock=["Kc", "3d", "9c"],
        discard=["10d"],
        phase="lay", dealer=1, round=3, target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [64, 0]},
                 {"round": 2, "closer": None, "from_hand": False, "points": [35, 81]}],
    ))
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {}, 1), FAST)

    async def close_from_hand(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        for meld in (("Qh", "Kh", "Ah"), ("5s", "5d", "5c"), ("Jh", "Jd", "Jc")):
            await press_action(pilot, app, Meld(cards(*meld)))
        await press_action(pilot, app, Close(cards("2s")[0]))
        await wait_until(pilot, lambda: app.screen.__class__.__name__ == "ScoreTable")

    assert snap_compare(app, terminal_size=SIZE, run_before=close_from_hand)
