"""``GAME.state_from_json`` checks every Shithead position before building it (SH-1 … SH-16).

A mutation fuzz test feeds 2,500 damaged positions from real play: each loads into a valid
position (the 52 cards once, counts and seats in range, it plays on) or raises BadPosition.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgames.core.errors import BadPosition
from cardgames.games.shithead import GAME
from tests.helpers.mutation import fuzz


def cards_once(data: dict[str, Any]) -> None:
    zones = [*data["stock"], *data["pile"], *data["burnt"]]
    zones.extend(c for hand in data["hands"] for c in hand)
    zones.extend(c for rows in (data["face_up"], data["face_down"]) for row in rows for c in row
                 if c is not None)
    assert len(zones) == 52 and max(Counter(zones).values()) == 1


def test_mutated_positions_load_or_raise_bad_position() -> None:
    loaded, refused = fuzz(GAME, positions=2500, seed=1, cards_once=cards_once)
    assert loaded > 100 and refused > 1000


def _start() -> dict[str, Any]:
    return GAME.new_game(3, seed=3).to_json()


def _playing() -> dict[str, Any]:
    state = GAME.new_game(2, seed=3)
    while state.phase == "swap":
        state.apply(state.legal_actions()[-1])
    return state.to_json()


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": 1}, "players"),
        ({"players": 100_000_000}, "players"),
        ({"players": 2.0}, "players"),
        ({"current": 3}, "current"),
        ({"current": None}, "none exactly when"),
        ({"phase": "bonus", "ready": [True] * 3}, "extra moves"),
        ({"phase": "dance"}, "phase"),
        ({"bonus_left": -1}, "bonus_left"),
        ({"ready": [True, False]}, "ready"),
        ({"ready": [True, True, True]}, "not yet ready"),
        ({"face_up": [["2h"], [], []]}, "3 entries"),
        ({"hands": [[], [], []]}, "missing"),
        ({"burnt": ["7h"]}, "in play 2 times"),
        ({"options": {"chess": True}}, "not a Shithead option"),
        ({"options": {"play-to-last": 1}}, "true or false"),
        ({"finished": [0]}, "out but still holds"),
        ({"run_rank": 9, "run_length": 2}, "run_rank"),
        ({"rng": "seed"}, "rng"),
        ({"stock": ["Zz"]}, "not a card"),
    ],
)
def test_impossible_positions_are_refused_with_a_sentence(
    changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(BadPosition, match=words):
        GAME.state_from_json({**_start(), **changes})


def test_every_seat_out_is_refused_not_looped() -> None:
    data = _playing()
    for zone in ("hands", "face_up", "face_down"):
        data["burnt"] = [*data["burnt"], *(c for row in data[zone] for c in row if c)]
    data["hands"] = [[], []]
    data["face_up"] = data["face_down"] = [[None] * 3, [None] * 3]
    data["finished"] = [0, 1]
    with pytest.raises(BadPosition, match="seat"):
        GAME.state_from_json(data)


def test_a_burn_left_on_the_pile_is_refused() -> None:
    data = _playing()
    ten = next(code for code in data["stock"] if code.startswith("10"))
    data["stock"].remove(ten)
    data["pile"] = [ten]
    del data["run_rank"], data["run_length"]
    with pytest.raises(BadPosition, match="burnt"):
        GAME.state_from_json(data)
