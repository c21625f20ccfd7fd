"""Trash commands: reading, the round trip of every legal action, refusals and log lines."""

from __future__ import annotations

import pytest

from cardgames.core.engine import Event
from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.trash import GAME
from cardgames.games.trash.actions import DRAW, KEEP, PLACES, REPLACE, TAKE
from cardgames.games.trash.engine import TrashState
from cardgames.games.trash.notation import read_action
from tests.games.trash.builders import card, position

NAMES = ["Anna", "Bob", "[b]Cy[/b]"]


def test_every_legal_action_round_trips_through_its_text_over_random_matches() -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = GAME.new_game(2 + seed % 5, seed=seed)
        assert isinstance(state, TrashState)
        rng = Rng(seed)
        while state.legal_actions():
            view = state.view(state.current_player)
            for action in view.legal:
                text = GAME.format_action(view, action)
                assert GAME.parse_command(view, text) == action
                seen.add(text.split()[0])
            state.apply(rng.choice(view.legal))
    assert seen == {"draw", "take", "place", "replace", "keep"}


@pytest.mark.parametrize(
    ("text", "action"),
    [("draw", DRAW), ("D", DRAW), ("take", TAKE), ("t", TAKE), ("place 7", PLACES[6]),
     ("p 10", PLACES[9]), ("3", PLACES[2]), ("replace", REPLACE), ("y", REPLACE),
     ("Yes", REPLACE), ("keep", KEEP), ("n", KEEP), ("no", KEEP)],
)
def test_commands_and_their_short_forms(text: str, action: object) -> None:
    assert read_action(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "Commands: draw, take"), ("play 7h", "is not a Trash command"),
     ("place", "place and a face-down position"), ("place 11", "positions are 1 to 10"),
     ("place x", "is not a position"), ("draw 2", "is not a Trash command")],
)
def test_unreadable_commands(text: str, message: str) -> None:
    with pytest.raises(InvalidCommand, match=message):
        read_action(text)


def test_refusals_read_from_the_players_view() -> None:
    state = position(layouts=["^Ah Kd Qd Kh", "Kc Ks"], stock="Jc")
    state.apply(DRAW)
    with pytest.raises(IllegalMove, match="Position 1 is face up"):
        GAME.parse_command(state.view(0), "place 1")
    with pytest.raises(IllegalMove, match="It is not your turn"):
        GAME.parse_command(state.view(1), "place 2")
    assert GAME.parse_command(state.view(0), "2") == PLACES[1]


def _line(event: Event, viewer: int | None = None) -> str:
    return GAME.describe(event, viewer, NAMES)


def test_log_lines_say_what_moved_where() -> None:
    assert _line(Event("draw", 0, (card("5c"),))) == "Anna drew 5♣"
    assert _line(Event("draw", 0, (card("5c"),)), 0) == "You drew 5♣"
    assert _line(Event("take", 1, (card("9s"),))) == "Bob took 9♠ from the discard pile"
    place = Event("place", 0, (card("5c"), card("9d")), 5)
    assert _line(place) == "Anna put 5♣ on 5 and turned up 9♦"
    replace = Event("replace", 1, (card("4h"), card("Jd")), 4)
    assert _line(replace) == "Bob put 4♥ on 4 in place of J♦"
    assert _line(Event("reshuffle", None, count=30)) == (
        "The discard pile but its top card is shuffled into a new stock of 30"
    )
    assert _line(Event("deal", 1, count=2), 1) == "Hand 2 is dealt; you start"
    assert _line(Event("deal", 1, count=2)) == "Hand 2 is dealt; Bob starts"
    assert _line(Event("redeal", None, count=3)) == (
        "No card can be taken at all: hand 3 is dealt again"
    )


@pytest.mark.parametrize(
    ("detail", "count", "drawn", "line"),
    [("no position", 0, "Qs", "Anna discarded Q♠ (queens have no position)"),
     ("beyond", 10, "10s", "Anna discarded 10♠ (no position 10)"),
     ("face up", 5, "5h", "Anna discarded 5♥ (5 is face up)"),
     ("kept", 4, "4h", "Anna discarded 4♥ and kept the jack on 4"),
     ("won", 4, "4s", "Anna discarded 4♠, the last card turned up")],
)
def test_discard_lines_give_the_reason(detail: str, count: int, drawn: str, line: str) -> None:
    assert _line(Event("discard", 0, (card(drawn),), count, detail=detail)) == line


def test_hand_and_match_results() -> None:
    assert _line(Event("hand", 2, count=3, detail="9")) == (
        "[b]Cy[/b] wins hand 3: 9 positions next hand"
    )
    assert _line(Event("hand", 0, count=4, detail="1"), 0) == (
        "You win hand 4: 1 position next hand"
    )
    assert _line(Event("win", 1, count=12)) == "Bob wins the match"
