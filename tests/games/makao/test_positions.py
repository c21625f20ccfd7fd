"""``GAME.state_from_json`` checks every Makao position before building it (MK-1 … MK-16).

A mutation fuzz test feeds 2,500 damaged positions from real play: each loads into a valid
position (the whole deck once, counts and seats in range, it plays on) or raises BadPosition.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgames.core.errors import BadPosition
from cardgames.games.makao import GAME
from tests.helpers.mutation import fuzz


def cards_once(data: dict[str, Any]) -> None:
    zones = [*data["stock"], *data["discard"], *(c for hand in data["hands"] for c in hand)]
    assert max(Counter(zones).values()) == 1
    decks = 1 if data["players"] <= 4 else 2
    assert len(zones) == (52 + 2 * ("jokers" in data["options"])) * decks


def test_mutated_positions_load_or_raise_bad_position() -> None:
    loaded, refused = fuzz(GAME, positions=2500, seed=1, cards_once=cards_once)
    assert loaded > 100 and refused > 1000


def _start() -> dict[str, Any]:
    return GAME.new_game(2, seed=3).to_json()


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"skip_turns": [-1, -1]}, "skip_turns"),
        ({"skip_turns": [10**9, 10**9]}, "skip_turns"),
        ({"players": 1}, "players"),
        ({"players": 100_000_000}, "players"),
        ({"players": "2"}, "players"),
        ({"pending_draw": -3}, "pending_draw"),
        ({"current": 5}, "current"),
        ({"current": True}, "current"),
        ({"hands": [[], []]}, "missing"),
        ({"hands": "7h"}, "hands"),
        ({"stock": None}, "stock"),
        ({"discard": []}, "discard pile is empty"),
        ({"options": ["jokers"]}, "Jkr is missing"),
        ({"options": ["chess"]}, "not a Makao option"),
        ({"demand": {"kind": "rank", "value": "K", "by": 0}}, "5 to 10"),
        ({"demand": {"kind": "suit", "value": "h", "by": 7}}, "demand.by"),
        ({"demand": []}, "demand must be"),
        ({"phase": "dance"}, "phase"),
        ({"phase": "over"}, "over"),
        ({"finished": [0, 0]}, "twice"),
        ({"rng": [1, 2, 3]}, "rng"),
        ({"called": "yes"}, "called"),
        ({"top_as": "Xr"}, "cannot count as"),
    ],
)
def test_impossible_positions_are_refused_with_a_sentence(
    changes: dict[str, Any], words: str
) -> None:
    data = {**_start(), **changes}
    with pytest.raises(BadPosition, match=words):
        GAME.state_from_json(data)


def test_a_card_twice_is_named() -> None:
    data = _start()
    data["stock"][0] = data["hands"][0][0]
    with pytest.raises(BadPosition, match="in play 2 times"):
        GAME.state_from_json(data)


def test_not_a_mapping() -> None:
    with pytest.raises(BadPosition):
        GAME.state_from_json([1, 2])  # type: ignore[arg-type]
