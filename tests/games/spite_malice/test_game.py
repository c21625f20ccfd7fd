"""The Spite & Malice Game object: names, rules text, bots, and the bottom card through the
Session (SM-4: looking is not a move)."""

from __future__ import annotations

from cardgames.core.registry import find_game, load_game
from cardgames.games.spite_malice import GAME
from cardgames.session.commands import Rejected
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec, default_seats


def test_game_object() -> None:
    assert load_game("spite") is GAME
    assert find_game("spite-and-malice").playable
    assert find_game("spite-malice").name == "spite_malice"
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == (
        "spite_malice", "Spite & Malice", 2, 4)
    assert GAME.options == ()
    assert list(GAME.bots()) == ["normal", "easy", "hard", "spite_malice", "random"]


def test_rules_text_lists_the_commands() -> None:
    text = GAME.rules_text()
    for command in ("play 7h", "play 7h 3", "play pay", "play s2", "play jk N", "discard 7h 2",
                    "bus 5d", "end", "bottom"):
        assert f"`{command}" in text


def test_the_bottom_card_is_looked_at_without_a_move() -> None:
    session = Session(GameSetup("spite_malice", default_seats(2, 1), {}, 4))
    session.run_bots()
    seat = session.viewer
    assert seat == 0
    state_before = session.to_json()
    history = list(session.history)
    peek = session.peek_view()
    assert peek.bottom is not None
    assert session.view().bottom is None
    assert session.to_json() == state_before and session.history == history
    assert peek.hand == session.view().hand


def test_the_bottom_card_stays_hidden_during_a_hand_over_and_as_a_command() -> None:
    session = Session(GameSetup("spite_malice", (SeatSpec("Anna"), SeatSpec("Bob")), {}, 4))
    assert session.handover is not None
    assert session.peek_view().bottom is None
    seat = session.handover
    session.ready(seat)
    result = session.submit_text(seat, "bottom")
    assert isinstance(result, Rejected) and "press v" in result.message
    assert session.history == []
