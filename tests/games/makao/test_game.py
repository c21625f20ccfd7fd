"""The Makao Game object: names, options, rules text and bots."""

from __future__ import annotations

from cardgames.core.registry import load_game
from cardgames.games.makao import GAME
from tests.games.makao.builders import finish_turn, play, position


def test_game_object() -> None:
    """The registry finds GAME by name and alias; options are the spec's three, off by default."""
    assert load_game("macao") is GAME
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == ("makao", "Makao", 2, 6)
    assert [(option.name, option.default) for option in GAME.options] == [
        ("queens", False), ("makao-call", False), ("jokers", False),
    ]
    assert set(GAME.bots()) >= {"makao", "random"}
    assert GAME.bots()["makao"]().name == "makao"


def test_rules_text_lists_the_commands() -> None:
    """rules_text() is our rules.md with the command grammar."""
    text = GAME.rules_text()
    for command in ("play 7h 7s", "draw", "take", "wait", "pass", "demand 7", "makao"):
        assert command in text


def test_describe_skips_and_waits() -> None:
    """MK-10 log lines: a wait and the turns sat out."""
    names = ["Anna", "Bob", "Cyril"]
    state = position([["4d", "4c", "9s"], ["7h", "8h"], ["10c", "Jd"]], ["8d"])
    state.apply(play("4d", "4c"))
    (waited,) = state.apply(state.legal_actions()[0])
    assert GAME.describe(waited, 0, names) == "Bob waits and loses 2 turns"
    lines = []
    for _ in range(3):
        lines.extend(GAME.describe(event, 1, names) for event in finish_turn(state))
    assert "You sit out a turn" in lines
