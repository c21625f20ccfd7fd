"""The Shithead table as plain Rich text: the pile fan, the run caption (SH-11), the seats."""

from __future__ import annotations

from cardgames.core.cards import Card, Rank, parse_card
from cardgames.games.shithead.engine import ShitheadState
from cardgames.tui.boards.shithead import run_caption, seat_text
from cardgames.tui.render import BOX_HEIGHT, BOX_WIDTH, CardStyle
from cardgames.tui.widgets.pile import FAN_STEP, pile_fan
from tests.tui.shithead_drive import position


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


def test_run_caption_counts_toward_four_sh11() -> None:
    assert run_caption(_cards("4c 8s 8h"), Rank.EIGHT, 2) == "8♠ 8♥ — 2 more eights burn"
    assert run_caption(_cards("8s 8h 8d"), Rank.EIGHT, 3) == "8♠ 8♥ 8♦ — a fourth burns"
    assert run_caption(_cards("9c Kd"), Rank.KING, 1) == "K♦ — 3 more kings burn"
    longest = run_caption(_cards("10s 10h 10d"), Rank.TEN, 3)
    assert len(longest) <= 32, "the caption must fit the 32 cells beside the pile at 80x24"
    assert run_caption((), None, 0) == "The pile is empty"


def test_pile_fan_shows_the_top_four_cards_overlapping() -> None:
    style = CardStyle()
    lines = pile_fan(_cards("3c 4d 5h 6s 7c"), style)
    assert len(lines) == BOX_HEIGHT
    assert {line.cell_len for line in lines} == {3 * FAN_STEP + BOX_WIDTH}
    middle = lines[2].plain
    assert "♦" in middle and "♥" in middle and "♠" in middle and "♣" in middle
    assert "♣" not in middle[:FAN_STEP * 3], "3♣ is under the fourth card: not shown"
    assert pile_fan(_cards("Kd"), style)[1].plain.startswith("│K")
    assert "empty" in pile_fan((), style)[2].plain


def _state() -> ShitheadState:
    return position(
        hands=["3c 4c", "5c"],
        face_up=[["Jd", None, "Kd"], [None, None, None]],
        face_down=[["3d", "4d", "5d"], ["3h", None, None]],
    )


def test_seat_text_shows_counts_and_face_up_cards() -> None:
    view = _state().view(None)
    assert seat_text(view, 0, CardStyle()).plain == "hand 2 · down 3\nJ♦ · K♦"
    assert seat_text(view, 1, CardStyle(ascii=True)).plain == "hand 1 - down 1\n. . ."
