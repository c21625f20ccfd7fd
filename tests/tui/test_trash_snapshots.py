"""SVG snapshots of the Trash table at 80×24 with 2 and with 6 players (regenerate with
``--snapshot-update``)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.games.trash.builders import position
from tests.tui.drive import deal, human_to_move

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


def test_trash_two_players_with_a_jack_to_place_snapshot(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # You drew J♣ with five face-down positions left: the cursor waits on position 2; Anna's
    # layout (nine positions after one hand won) shows a face-up jack on 4.
    deal(monkeypatch, position(
        layouts=["^Ah 3s ^3h Qd ^5c 9d ^7s Kc ^9h Qs", "^Ad 4h ^3c ^Jd Kh ^6s 2c ^8d Ks"],
        stock="Jc", discard="Kd 7h", hand_number=2, winners=[1], starter=1,
    ))
    app = CardGamesApp(GameSetup("trash", default_seats(2, 1), {}, 1), FAST)

    async def draw_the_jack(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("d")
        await wait_until(pilot, lambda: human_to_move(app))

    assert snap_compare(app, terminal_size=SIZE, run_before=draw_the_jack)


def test_trash_six_players_snapshot(snap_compare: Any) -> None:
    app = CardGamesApp(GameSetup("trash", default_seats(6, 5), {}, 11), FAST)

    async def after_a_round(pilot: Pilot[None]) -> None:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("d")
        await wait_until(pilot, lambda: human_to_move(app) and len(app.screen.session.history) > 5)

    assert snap_compare(app, terminal_size=SIZE, run_before=after_a_round)
