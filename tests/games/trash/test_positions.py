"""``GAME.state_from_json`` checks every Trash position before building it (TR-1 … TR-11).

A mutation fuzz test feeds damaged positions from real play: each loads into a valid position
(every card of the decks once, layouts and seats in range, it plays on) or raises BadPosition;
a few impossible positions are refused with a sentence naming the problem.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgames.core.errors import BadPosition
from cardgames.games.trash import GAME
from cardgames.games.trash.moves import decks_for
from tests.helpers.mutation import fuzz


def cards_once(data: dict[str, Any]) -> None:
    zones = [*data["stock"], *data["discard"], *([data["hand"]] if data["hand"] else [])]
    zones.extend(c for rows in (data["hidden"], data["shown"]) for row in rows for c in row if c)
    assert len(zones) == 52 * decks_for(data["players"]) and max(Counter(zones).values()) == 1


def test_mutated_positions_load_or_raise_bad_position() -> None:
    loaded, refused = fuzz(GAME, positions=1200, seed=1, cards_once=cards_once)
    assert loaded > 50 and refused > 500


def _start() -> dict[str, Any]:
    return GAME.new_game(2, seed=3).to_json()


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": 1}, "players"),
        ({"players": 100_000_000}, "players"),
        ({"players": 3}, "3 entries"),
        ({"current": 2}, "current"),
        ({"current": None}, "none exactly when"),
        ({"phase": "dance"}, "phase"),
        ({"moves": -1}, "moves"),
        ({"redeals": -5}, "redeals"),
        ({"hand_number": 0}, "hand_number"),
        ({"hand_number": 2}, "hand number is 1"),
        ({"winners": [0]}, "won 1 hand"),
        ({"starter": 1}, "seat 0 starts"),
        ({"hand": "Jc"}, "in play 2 times"),
        ({"stock": []}, "missing"),
        ({"shown": [[None] * 10, [None] * 9]}, "10 entries"),
        ({"hidden": [[], []]}, "1 to 10 positions"),
        ({"rng": "seed"}, "rng"),
        ({"discard": ["Zz"]}, "not a card"),
        ({"discard": ["7h#1"]}, "not in this game's deck"),
    ],
)
def test_impossible_positions_are_refused_with_a_sentence(
    changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(BadPosition, match=words):
        GAME.state_from_json({**_start(), **changes})


def test_a_face_up_card_off_its_position_is_refused() -> None:
    data = _start()
    index, card = next((i, c) for i, c in enumerate(data["hidden"][0]) if c[0] in "QK")
    data["hidden"][0][index] = None
    data["shown"][0][index] = card
    with pytest.raises(BadPosition, match=f"cannot lie face up on position {index + 1}"):
        GAME.state_from_json(data)


def test_a_turn_without_a_move_is_refused_not_left_stuck() -> None:
    data = _start()
    data["discard"] = [*data["discard"], *data["stock"]]
    data["stock"] = []
    data["discard"] = [next(c for c in data["discard"] if c[0] in "QK")]
    with pytest.raises(BadPosition):
        GAME.state_from_json(data)
