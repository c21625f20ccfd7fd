"""A computer player that searches thinks in a worker thread: the table stays live meanwhile, and
its choice is played only if the game is still where it was."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from cardgames.bots import Bot
from cardgames.core.engine import Action, View
from cardgames.core.rng import Rng
from cardgames.games.common import CardGame
from cardgames.games.makao.bots import MakaoBot
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.app import make_app
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.seats import SeatBox
from tests.tui.drive import screen_name, table

SIZE = (80, 24)


class SlowBot:
    """The Makao heuristic that thinks until the test lets it answer."""

    name = "slow"
    thinks = True

    def __init__(self) -> None:
        self.started = threading.Event()
        self.answer = threading.Event()

    def choose(self, view: View, legal: tuple[Action, ...], rng: Rng) -> Action:
        self.started.set()
        assert self.answer.wait(timeout=30), "the test never let the bot answer"
        return MakaoBot().choose(view, legal, rng)


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> SlowBot:
    """Every computer player of every game is one SlowBot, shared so the test can hold it."""
    bot = SlowBot()
    factories: dict[str, Callable[[], Bot]] = {"slow": lambda: bot}
    monkeypatch.setattr(CardGame, "bots", lambda self: factories)
    return bot


SETUP = GameSetup("makao", (SeatSpec("Anna", "slow"), SeatSpec("You")), {}, 5)


async def test_the_table_answers_keys_while_the_bot_thinks(slow: SlowBot) -> None:
    app = make_app(SETUP, AppSettings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, slow.started.is_set)
        screen = table(app)
        assert screen is not None
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: screen_name(app) == "RulesScreen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")
        assert screen.session.history == [], "still thinking"
        slow.answer.set()
        await wait_until(pilot, lambda: len(screen.session.history) >= 1)
        assert screen.session.history[0][0] == 0


async def test_a_choice_that_arrives_under_the_leave_dialog_waits_for_the_table(
    slow: SlowBot,
) -> None:
    app = make_app(SETUP, AppSettings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, slow.started.is_set)
        screen = table(app)
        assert screen is not None
        await pilot.press("q")
        await wait_until(pilot, lambda: screen_name(app) == "LeaveDialog")
        slow.answer.set()
        for _ in range(20):
            await pilot.pause()
        assert screen.session.history == [], "no move under the dialog"
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(screen.session.history) >= 1)
        assert screen.session.history[0][0] == 0


async def test_each_computer_player_shows_its_level_next_to_its_name() -> None:
    seats = (SeatSpec("You"), SeatSpec("Anna", "hard"), SeatSpec("Bob", "easy"))
    app = make_app(GameSetup("makao", seats, {}, 5), AppSettings(bot_delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: table(app) is not None)
        await pilot.pause()
        shown = app.screen.query(SeatBox)
        boxes = {str(box.border_title): str(box.border_subtitle) for box in shown}
        assert boxes["Anna"] == "bot · hard"
        assert boxes["Bob"] == "bot · easy"
        assert boxes["▶ You"] == ""
