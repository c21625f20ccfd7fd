"""``GAME.state_from_json`` checks every Spite & Malice position before building it.

A mutation fuzz test feeds damaged positions from real play: each loads into a valid position
(the 108 cards once, counts and seats in range, it plays on) or raises BadPosition; a few
impossible positions are refused with a sentence naming the rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cardgames.core.errors import BadPosition
from cardgames.games.spite_malice import GAME
from tests.helpers.mutation import fuzz


def cards_once(data: dict[str, Any]) -> None:
    zones = [*data["stock"], *data["cleared"]]
    zones.extend(c for hand in data["hands"] for c in hand)
    zones.extend(c for pile in data["pay_off"] for c in pile)
    zones.extend(c for row in data["spots"] for spot in row for c in spot)
    zones.extend(c for pile in data["piles"] for c in pile)
    assert len(zones) == 108 and max(Counter(zones).values()) == 1


def test_mutated_positions_load_or_raise_bad_position() -> None:
    loaded, refused = fuzz(GAME, positions=1500, seed=1, cards_once=cards_once)
    assert loaded > 50 and refused > 500


def _playing() -> dict[str, Any]:
    state = GAME.new_game(2, seed=3)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    return state.to_json()


def _swap(data: dict[str, Any], zone: list[str], code: str) -> None:
    """Move the card ``code`` from wherever it lies into ``zone``."""
    for place in (data["stock"], *data["hands"], *data["pay_off"]):
        if code in place:
            place.remove(code)
    zone.append(code)


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda d: d.update(players=5), "players"),
        (lambda d: d["stock"].append(d["stock"][0]), "in play 2 times"),
        (lambda d: d["stock"].pop(), "is missing"),
        (lambda d: d.update(stall=50), "the game is over"),
        (lambda d: d.update(current=None), "exactly when it has winners"),
    ],
)
def test_impossible_positions_are_refused(damage: Any, message: str) -> None:
    data = _playing()
    damage(data)
    with pytest.raises(BadPosition, match=message):
        GAME.state_from_json(data)


def test_piles_and_spots_must_follow_the_rules() -> None:
    data = GAME.new_game(2, seed=5).to_json()
    for code in ("2c", "3d"):
        _swap(data, data["piles"][0], code)
    with pytest.raises(BadPosition, match="does not start with an ace"):
        GAME.state_from_json(data)
    data = GAME.new_game(2, seed=5).to_json()
    for code in ("7c", "8d"):
        _swap(data, data["spots"][0][0], code)
    with pytest.raises(BadPosition, match="more than one rank"):
        GAME.state_from_json(data)
