"""Cards, decks, the seeded RNG, views and the registry."""

from __future__ import annotations

import json

import pytest

from cardgames.core.cards import (
    Card,
    Rank,
    Suit,
    card_from_json,
    card_to_json,
    cards_text,
    parse_card,
    parse_rank,
    parse_suit,
)
from cardgames.core.deck import build_deck
from cardgames.core.engine import Event
from cardgames.core.errors import InvalidCommand
from cardgames.core.registry import GAMES, find_game, load_game
from cardgames.core.rng import Rng


def test_two_decks_give_two_distinct_seven_of_hearts() -> None:
    deck = build_deck(decks=2)
    sevens = [c for c in deck if c.rank is Rank.SEVEN and c.suit is Suit.HEARTS]
    assert len(deck) == 104
    assert len(sevens) == 2
    assert sevens[0] != sevens[1]
    assert sevens[0].same_face(sevens[1])
    assert sevens[0].symbol == sevens[1].symbol == "7♥"
    assert len(set(deck)) == 104


def test_jokers_alternate_colour() -> None:
    deck = build_deck(decks=1, jokers=2)
    jokers = [c for c in deck if c.is_joker]
    assert len(deck) == 54
    assert [j.code for j in jokers] == ["Xr", "Xb"]
    assert parse_card("xR") == jokers[0]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("7h", Card(Rank.SEVEN, Suit.HEARTS)),
        ("10s", Card(Rank.TEN, Suit.SPADES)),
        ("Ts", Card(Rank.TEN, Suit.SPADES)),
        ("qd", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("A♣", Card(Rank.ACE, Suit.CLUBS)),
        ("7♥", Card(Rank.SEVEN, Suit.HEARTS)),
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card
    assert parse_card(card.code) == card


@pytest.mark.parametrize("text", ["", "7", "7x", "1h", "11h", "Zs", "X"])
def test_parse_card_refuses_with_a_reason(text: str) -> None:
    with pytest.raises(InvalidCommand, match=r"card|suit|rank"):
        parse_card(text)


def test_parse_rank_and_suit() -> None:
    assert parse_rank("t") is Rank.TEN
    assert parse_rank("J") is Rank.JACK
    assert parse_suit("hearts") is Suit.HEARTS
    assert parse_suit("♠") is Suit.SPADES
    with pytest.raises(InvalidCommand):
        parse_rank("1")
    with pytest.raises(InvalidCommand):
        parse_suit("x")
    assert cards_text([Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.KING, Suit.SPADES)]) == "7♥ K♠"


def test_rng_is_reproducible_and_clonable_and_json_safe() -> None:
    a, b = Rng(42), Rng(42)
    deck_a, deck_b = build_deck(), build_deck()
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b
    copy = a.clone()
    assert [a.randrange(1000) for _ in range(5)] == [copy.randrange(1000) for _ in range(5)]
    c = Rng(7)
    d = c.clone()
    assert c.derive(1).randrange(10**9) == d.derive(1).randrange(10**9)
    assert Rng(7).derive(1).randrange(10**9) != Rng(7).derive(2).randrange(10**9)


def test_rng_json_round_trip_continues_the_sequence() -> None:
    rng = Rng(3)
    rng.randrange(10)
    restored = Rng.from_json(json.loads(json.dumps(rng.to_json())))
    expected = [rng.randrange(10**6) for _ in range(10)]
    assert [restored.randrange(10**6) for _ in range(10)] == expected


def test_private_event_hides_cards_from_others() -> None:
    event = Event("draw", 1, (Card(Rank.ACE, Suit.SPADES),), 1, private=True)
    assert event.for_viewer(1) is event
    assert event.for_viewer(0).cards == ()
    assert event.for_viewer(0).count == 1
    assert event.for_viewer(None).cards == ()


def test_registry_finds_games_by_name_and_alias(coming_soon: str) -> None:
    assert len(GAMES) == 5
    assert all(info.playable for info in GAMES)
    assert find_game("Makao").name == "makao"
    assert find_game("vändtia").name == "shithead"
    assert find_game("Spite").name == "spite_malice"
    assert find_game(" Spite & Malice ").name == "spite_malice", "by its title"
    assert find_game("spite and malice").name == "spite_malice"
    for spelling in ("zoliky", "zolíky", "Žolíky", "ŽOLÍKY", "žolíky", "Zolik"):
        assert find_game(spelling).name == "zoliky", spelling
    with pytest.raises(KeyError, match="unknown game"):
        find_game("poker")
    with pytest.raises(LookupError, match="coming soon"):
        load_game(coming_soon)


def test_every_card_of_up_to_four_decks_reads_back_from_its_json_code() -> None:
    for card in build_deck(4, 2):
        assert card_from_json(card_to_json(card)) == card
    assert card_to_json(Card(Rank.SEVEN, Suit.HEARTS, 1)) == "7h#1"
    assert card_to_json(Card(Rank.JOKER, Suit.SPADES)) == "Xb"
    assert card_from_json("10s#3") == Card(Rank.TEN, Suit.SPADES, 3)


@pytest.mark.parametrize("text", ["7h#x", "7h#", "7h#-1", "7h#²", "zz", "#1"])
def test_a_damaged_json_card_code_is_refused(text: str) -> None:
    with pytest.raises(InvalidCommand):
        card_from_json(text)


def test_a_joker_is_read_as_the_table_shows_it() -> None:
    """``Jkr``/``Jkb`` (the display form) read as ``Xr``/``Xb`` (the command code)."""
    from cardgames.core.cards import parse_card

    assert parse_card("Jkr") == parse_card("xr") and parse_card("jkb") == parse_card("Xb")
    assert parse_card("Jkr").code == "Xr" and parse_card("JKB").code == "Xb"
