"""Computer players' names never clash with a person's at the table: not the same name in
another case, not one the start of the other ("Ann" and "Anna"), not the same first three
letters; at one terminal (the set-up screen's defaults) and at a network table."""

from __future__ import annotations

import asyncio

import pytest

from cardgames.session.setup import (
    MAX_SEATS,
    computer_names,
    confusable,
    default_seats,
    seat_names,
)
from tests.net.tables import Player, open_table


@pytest.mark.parametrize(("name", "other", "clash"), [
    ("Anna", "anna", True),
    ("Ann", "Anna", True),
    ("Anna", " ANN ", True),
    ("Cyrus", "Cyril", True),
    ("Bo", "Bot 2", True),
    ("Emma", "Emil", False),
    ("Dan", "Bob", False),
    ("", "Anna", False),
])
def test_confusable_names(name: str, other: str, clash: bool) -> None:
    assert confusable(name, other) is clash
    assert confusable(other, name) is clash


def test_a_computer_player_whose_name_clashes_with_a_persons_takes_a_spare_one() -> None:
    assert seat_names([True, False, False], ["Ann"]) == ["You", "Cyril", "Bob"]
    assert seat_names([True, True, False, False], ["Bobby", "cyr"]) == [
        "Player 1", "Player 2", "Anna", "Dana"]
    assert seat_names([True, False, False], ["Zed"]) == ["You", "Anna", "Bob"], "no clash"


def test_there_are_always_enough_names_for_the_computer_players() -> None:
    people = ["B", "A", "C", "D", "E"]
    names = seat_names([True] * 5 + [False], people)
    assert names[5] == "Fiona"
    assert computer_names(2, ["Bo", "Fi", "C", "D"]) == ["Anna", "Emil"]
    assert computer_names(2, ["B", "C", "A", "D"]) == ["Emil", "Fiona"]
    assert computer_names(3, ["Bo", "Cy", "Emily"]) == ["Anna", "Dana", "Fiona"]
    assert computer_names(3, ["Ann", "Anna", "bob"]) == ["Cyril", "Dana", "Emil"]
    for count in range(MAX_SEATS):
        people = ["Anna", "Bob", "Bot", "Cyril", "Dana", "Emil"][:MAX_SEATS - count]
        chosen = computer_names(count, people)
        assert len(set(chosen)) == count
        assert not any(confusable(bot, person) for bot in chosen for person in people)


def test_quick_seats_keep_their_names() -> None:
    assert [seat.name for seat in default_seats(3, 2)] == ["You", "Anna", "Bob"]


async def test_a_network_tables_computer_players_are_not_named_like_its_people() -> None:
    """The host "Ann" and a joiner "bob" sit with two computer players: they are called
    neither Anna nor Bob but Cyril and Dana."""
    server, code = await open_table("makao", 3, players=4, bots=2)
    try:
        ann, bob = Player(code, "Ann", plays=False), Player(code, "bob", plays=False)
        await ann.join()
        await bob.join()
        await asyncio.wait_for(asyncio.gather(
            ann.run(until=lambda player: player.session is not None),
            bob.run(until=lambda player: player.session is not None)), 10)
        session = server.session
        assert session is not None
        assert session.names == ("Ann", "bob", "Cyril", "Dana")
    finally:
        await server.close()
