"""Spite & Malice's own cards: Home and End go to the first and last card of the zone, as in
every other hand (no app needed: the widget's actions work on its items)."""

from __future__ import annotations

from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.boards.spite_malice import OwnCards
from cardgames.tui.render import CardStyle


def test_home_and_end_go_to_the_ends_of_the_hand() -> None:
    session = Session(GameSetup("spite_malice", default_seats(2, 1), {}, 1))
    own = OwnCards()
    own.set_view(session.view(), CardStyle())
    hand = [index for index, item in enumerate(own.items) if item.zone == 2]
    assert own.cursor == hand[0]
    own.action_jump(-1)
    assert own.cursor == hand[-1]
    own.action_jump(0)
    assert own.cursor == hand[0]
