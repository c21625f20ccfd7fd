"""Cards as styled text: Unicode and ASCII forms, red/black and four-colour suits, dimming."""

from __future__ import annotations

from cardgames.core.cards import Card, Rank, Suit, parse_card
from cardgames.tui.render import (
    BOX_HEIGHT,
    BOX_WIDTH,
    CHIP_WIDTH,
    CardStyle,
    back_box,
    backs,
    card_box,
    card_chip,
    card_text,
    cards_in_text,
    suit_colour,
)

UNICODE = CardStyle()
ASCII = CardStyle(ascii=True)
FOUR = CardStyle(four_colour=True)


def test_compact_card_text_in_unicode_and_ascii() -> None:
    assert card_text(parse_card("7h"), UNICODE).plain == "7♥"
    assert card_text(parse_card("10d"), ASCII).plain == "10d"
    assert card_text(parse_card("Ks"), ASCII).plain == "Ks"
    assert card_text(Card(Rank.JOKER, Suit.HEARTS), ASCII).plain == "Xr"


def test_red_and_black_versus_four_colours() -> None:
    assert suit_colour(Suit.HEARTS, UNICODE) == suit_colour(Suit.DIAMONDS, UNICODE)
    assert suit_colour(Suit.SPADES, UNICODE) == suit_colour(Suit.CLUBS, UNICODE)
    assert suit_colour(Suit.HEARTS, UNICODE) != suit_colour(Suit.SPADES, UNICODE)
    four = {suit_colour(suit, FOUR) for suit in Suit}
    assert len(four) == 4


def test_dimmed_card_loses_its_suit_colour() -> None:
    card = parse_card("7h")
    bright = card_text(card, UNICODE).style
    dim = card_text(card, UNICODE, dim=True).style
    assert bright != dim
    assert suit_colour(Suit.HEARTS, UNICODE, on_dark=True) in str(bright)
    assert card_chip(card, UNICODE, "dim").spans[0].style != card_chip(card, UNICODE).spans[0].style


def test_chip_and_boxes_have_fixed_sizes() -> None:
    for code in ("7h", "10s", "Qd"):
        assert card_chip(parse_card(code), UNICODE).cell_len == CHIP_WIDTH
    box = card_box(parse_card("10c"), ASCII)
    assert len(box) == BOX_HEIGHT and all(line.cell_len == BOX_WIDTH for line in box)
    assert "10" in box[1].plain and "C" in box[2].plain
    assert all(line.cell_len == BOX_WIDTH for line in back_box(UNICODE, "31"))
    assert "31" in back_box(UNICODE, "31")[2].plain


def test_card_backs_show_count_and_use_ascii_when_asked() -> None:
    assert backs(3, UNICODE).plain == "▮▮▮ 3"
    assert backs(9, ASCII, limit=5).plain == "##### 9"


def test_card_names_inside_sentences_are_coloured_and_ascii_converted() -> None:
    line = "Anna played 10♥ 10♠ — demand ♦"
    assert cards_in_text(line, UNICODE).plain == line
    assert cards_in_text(line, ASCII).plain == "Anna played 10h 10s - demand d"
    coloured = cards_in_text(line, UNICODE)
    assert [line[span.start : span.end] for span in coloured.spans] == ["10♥", "10♠"]


def _brightness(colour: str) -> float:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


def test_a_card_that_cannot_be_played_is_still_clearly_under_the_cursor() -> None:
    def background(state: str) -> str:
        chip = card_chip(parse_card("7h"), UNICODE, state)  # type: ignore[arg-type]
        return str(chip.spans[0].style).rsplit(" on ", 1)[1]

    dim, cursor_dim, cursor = (background(s) for s in ("dim", "cursor-dim", "cursor"))
    # The dimmed cursor is much brighter than a dimmed card and close to the plain cursor.
    assert _brightness(cursor_dim) - _brightness(dim) > 40
    assert abs(_brightness(cursor) - _brightness(cursor_dim)) < 45


def test_a_hinted_command_shows_cards_and_a_demanded_suit_by_name() -> None:
    from cardgames.tui.screens.table import readable_command

    assert readable_command("play Qc Qd") == "play Q♣ Q♦"
    assert readable_command("demand c") == "demand clubs"  # MK-12
    assert readable_command("demand 9") == "demand 9"
