"""The mouse is a convenience: a click moves to a card, a second click on it plays it."""

from __future__ import annotations

from cardgames.core.cards import parse_card
from cardgames.games.makao.actions import Play
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.render import CHIP_WIDTH
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from tests.tui.drive import table_when_my_turn


async def test_clicking_a_card_twice_plays_it() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(3, 2), {}, 5), AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        nine = parse_card("9d")
        index = hand.cards.index(nine)
        spot = (index * CHIP_WIDTH + 1 + hand.content_region.x - hand.region.x,
                1 + hand.content_region.y - hand.region.y)
        await pilot.click(HandWidget, offset=spot)
        await pilot.pause()
        assert hand.cursor == index
        assert screen.session.history == []
        await pilot.click(HandWidget, offset=spot)
        await wait_until(pilot, lambda: bool(screen.session.history))
        assert screen.session.history[0] == (0, Play((nine,)))
