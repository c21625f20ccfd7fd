"""Makao's ``jokers`` option through the real app at 80×24, keys only: a joker played alone, a
joker selected together with cards of one rank (MK-4), and a set of jokers only. The joker takes
the set's rank; the dialog asks only for the suit of a joker on top."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from cardgames.core.engine import Action
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.dialogs import ChoiceDialog
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from tests.games.makao.builders import cards, play, position
from tests.tui.drive import arrows, deal, find_table, table_when_my_turn
from tests.tui.screen_text import screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
JOKERS = GameSetup("makao", default_seats(2, 1), {"jokers": True}, 1)
BOB = ["8c", "6c", "5d", "10d", "Qd"]


async def _select(pilot: Pilot[None], hand: HandWidget, *codes: str) -> None:
    """Select the cards of ``codes`` in this order with the arrows and Space."""
    for card in cards(*codes):
        await pilot.press(*arrows(hand.cursor, hand.cards.index(card)), "space")


def _mine(app: CardGamesApp) -> list[Action]:
    """The moves of the human seat so far."""
    return [action for seat, action in find_table(app).session.history if seat == 0]


async def test_mk_4_joker_selected_after_a_card_is_named_its_rank_and_asked_only_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position([["7h", "9d", "Xr"], BOB], ["7c"], options=["jokers"], jokers=2))
    app = CardGamesApp(JOKERS, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        await _select(pilot, hand, "7h", "Xr")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Which suit is the joker on top?"
        assert [label for label, _ in dialog.choices] == [
            "Play 7♥ Jkr as 7♣", "Play 7♥ Jkr as 7♦", "Play 7♥ Jkr as 7♥", "Play 7♥ Jkr as 7♠"]
        assert set(dialog.keys) == {"c", "d", "h", "s"}
        await pilot.press("s")
        await pilot.pause()
        assert _mine(app) == [play("7h", "Xr", named=("7s",))]
        await wait_until(pilot, lambda: "You played 7♥ Jkr=7♠" in screen_text(app))


async def test_mk_4_joker_first_in_a_set_is_played_without_a_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 5♣ on top: 7♥ cannot start, but the joker as a club 7 can, and 7♥ goes on top.
    deal(monkeypatch, position([["7h", "9d", "Xr"], BOB], ["5c"], options=["jokers"], jokers=2))
    app = CardGamesApp(JOKERS, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        await _select(pilot, hand, "Xr", "7h")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog)
        assert _mine(app) == [play("Xr", "7h", named=("7c",))]


async def test_mk_4_two_jokers_alone_ask_the_rank_then_the_suit_on_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position([["9d", "Xr", "Xb"], BOB], ["7c"], options=["jokers"], jokers=2))
    app = CardGamesApp(JOKERS, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        await _select(pilot, hand, "Xr", "Xb")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Which rank do the jokers stand for?"
        assert len(dialog.choices) == 13
        # q picks the queens here, so the footer does not offer it for leaving.
        await pilot.pause()
        assert "q Leave" not in screen_text(app).splitlines()[-1]
        await pilot.press("7")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog)
                         and app.screen is not dialog)
        suits = app.screen
        assert isinstance(suits, ChoiceDialog)
        assert suits.title_text == "Which suit is the joker on top?"
        await pilot.press("h")
        await pilot.pause()
        assert _mine(app) == [play("Xr", "Xb", named=("7c", "7h"))]


async def test_joker_alone_still_offers_every_card_it_may_stand_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position([["7h", "9d", "Xr"], BOB], ["5c"], options=["jokers"], jokers=2))
    app = CardGamesApp(JOKERS, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        await pilot.press(*arrows(hand.cursor, hand.cards.index(cards("Xr")[0])), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Play the joker as"
        assert len(dialog.choices) == 13 + 3
        labels = [label for label, _ in dialog.choices]
        await pilot.press(*["down"] * labels.index("Play Jkr as 5♥"), "enter")
        await pilot.pause()
        assert _mine(app) == [play("Xr", named=("5h",))]


async def test_joker_named_another_rank_than_the_set_cannot_be_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A demand for nines: neither 7♥ nor a joker standing for a 7 may start.
    demand = {"kind": "rank", "value": "9", "by": 1}
    deal(monkeypatch, position([["7h", "9d", "Xr"], BOB], ["5c"], options=["jokers"], jokers=2,
                               demand=demand))
    app = CardGamesApp(JOKERS, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        await _select(pilot, hand, "Xr", "7h")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceDialog)
        assert _mine(app) == []
        status = str(screen.query_one("#status").render())
        assert "Xr=7h does not meet the demand" in status
