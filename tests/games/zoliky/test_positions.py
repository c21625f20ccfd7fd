"""``GAME.state_from_json`` checks every Žolíky position before building it (ZO-1 … ZO-17).

A mutation fuzz test feeds damaged positions from real play: each loads into a valid position
(the 108 cards once, counts and seats in range, it plays on) or raises BadPosition; a few
impossible positions are refused with a sentence naming the problem.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgames.core.errors import BadPosition
from cardgames.games.zoliky import GAME
from tests.helpers.mutation import fuzz


def cards_once(data: dict[str, Any]) -> None:
    zones = [*data["stock"], *data["discard"], *(c for hand in data["hands"] for c in hand)]
    zones.extend(c for meld in data["melds"] for c in meld["cards"])
    assert len(zones) == 108 and max(Counter(zones).values()) == 1


def test_mutated_positions_load_or_raise_bad_position() -> None:
    loaded, refused = fuzz(GAME, positions=1200, seed=1, cards_once=cards_once)
    assert loaded > 50 and refused > 500


def _start() -> dict[str, Any]:
    return GAME.new_game(3, seed=3).to_json()


def _drawing() -> dict[str, Any]:
    state = GAME.new_game(2, seed=3)
    state.apply(state.legal_actions()[0])
    return state.to_json()


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": 1}, "players"),
        ({"players": 100_000_000}, "players"),
        ({"players": 2}, "2 entries"),
        ({"current": 3}, "current"),
        ({"current": None}, "none exactly when"),
        ({"phase": "dance"}, "phase"),
        ({"turnovers": -1}, "turnovers"),
        ({"round": 2}, "finished round"),
        ({"dealer": 0}, "seat 2 deals round 1"),
        ({"target": -5}, "target"),
        ({"options": ["chess"]}, "not a Žolíky option"),
        ({"opened": [True, False, False]}, "has opened but has no meld"),
        ({"face_down": True}, "face down"),
        ({"discard": ["Xr"]}, "in play 2 times"),
        ({"stock": []}, "missing"),
        ({"melds": [{"owner": 0, "cards": ["2h", "9c"]}]}, "meld 1"),
        ({"rng": "seed"}, "rng"),
        ({"shown": ["Zz"]}, "not a card"),
        ({"results": [{"round": 3, "closer": 0, "from_hand": False, "points": [0, 0, 0]}]},
         "numbered"),
    ],
)
def test_impossible_positions_are_refused_with_a_sentence(
    changes: dict[str, Any], words: str
) -> None:
    with pytest.raises(BadPosition, match=words):
        GAME.state_from_json({**_start(), **changes})


def test_a_draw_from_no_stock_and_no_discard_is_refused_not_crashed() -> None:
    data = _drawing()
    data["hands"][0] = [*data["hands"][0], *data["stock"], *data["discard"]]
    data["stock"], data["discard"], data["cut"] = [], [], False
    with pytest.raises(BadPosition, match="stock ran out"):
        GAME.state_from_json(data)


def test_a_taken_card_outside_the_lay_phase_is_refused() -> None:
    data = _drawing()
    with pytest.raises(BadPosition, match="no card is taken"):
        GAME.state_from_json({**data, "taken": data["hands"][1][0], "source": "stock"})
