"""Spite & Malice's own cards: Home and End go to the first and last card of the zone, as in
every other hand (no app needed: the widget's actions work on its items)."""

from __future__ import annotations

from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.boards.spite_malice import OwnCards, destinations
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


def _first_turn() -> OwnCards:
    """The own cards of the person at the start of his first turn (no card on any spot)."""
    session = Session(GameSetup("spite_malice", default_seats(2, 1), {}, 1))
    while session.bot_to_move:
        session.step_bot()
    own = OwnCards()
    own.set_view(session.view(), CardStyle())
    assert own.my_turn and all(item.card is None for item in own.items if item.zone == 1)
    return own


def test_an_empty_discard_spot_under_the_cursor_is_called_empty() -> None:
    own = _first_turn()
    own.cursor = next(i for i, item in enumerate(own.items) if item.source == "s2")
    line = own._footer_line().plain
    assert line == "Discard spot 2 is empty; Tab and arrows move on", line
    assert "This card" not in line


def test_a_card_that_cannot_move_is_named_with_its_place() -> None:
    """The pay-off card next to the spots' labels: the hint says which card the cursor is on."""
    own = _first_turn()
    own.cursor = 0
    pay_off = own.items[0]
    assert pay_off.card is not None and not destinations(pay_off, own.view.legal)
    line = own._footer_line().plain
    assert line == (f"Your pay-off card {pay_off.card.symbol} cannot move now; "
                    "Tab and arrows move on"), line


def test_the_key_list_says_what_the_digits_choose() -> None:
    """The rules screen listed "0 1 2 3 4 5 6 7 8 9 Pile N", but a digit chooses a place only
    while a card is picked: building pile N (SM-5: piles 1 to 8), else discard spot N (SM-13:
    spots 1 to 4); 0 and 9 name neither and have a row that says so."""
    from cardgames.tui.boards.spite_malice import DIGIT_KEYS, NO_PLACE_KEYS
    from cardgames.tui.keys import key_rows

    rows = key_rows([OwnCards()], lambda binding: binding.key)
    digits = [(keys, what) for keys, what in rows if keys[:1].isdigit()]
    assert digits == [("1 2 3 4 5 6 7 8", DIGIT_KEYS), ("0 9", NO_PLACE_KEYS)]
    assert "building pile N (1-8)" in DIGIT_KEYS and "discard spot N (1-4)" in DIGIT_KEYS
    assert not any("Pile N" in what for _, what in rows)
