"""A computer player's turn taken out of the Session to think about elsewhere (the app's worker
thread), and played back only if the game is still where it was."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from cardgames.core.engine import OptionValue
from cardgames.session.commands import Accepted
from cardgames.session.record import record_from_json, record_of, record_to_json, session_of
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from tests.session.fake_game import Add

pytestmark = pytest.mark.usefixtures("race")


def _session(*bots: str | None, seed: int = 4) -> Session:
    seats = tuple(SeatSpec(f"P{i}", bot) for i, bot in enumerate(bots))
    return Session(GameSetup("race", seats, {}, seed), turn_seconds=0)


def test_a_turn_thought_about_elsewhere_plays_like_step_bot() -> None:
    stepped, split = _session("hard", "random"), _session("hard", "random")
    stepped.run_bots()
    while (turn := split.bot_turn()) is not None:
        assert split.play_bot_turn(turn, turn.think()) is not None
    assert split.commands() == stepped.commands()


def test_a_turn_overtaken_by_an_undo_is_dropped_and_changes_nothing() -> None:
    session = _session(None, "hard")
    assert isinstance(session.submit_text(0, "add 1"), Accepted)
    turn = session.bot_turn()
    assert turn is not None and turn.thinks
    choice = turn.think()
    assert isinstance(session.undo(0), Accepted)
    assert isinstance(session.submit_text(0, "add 1"), Accepted)
    assert session.play_bot_turn(turn, choice) is None, "the game moved on meanwhile"
    assert [action for _, action in session.history if isinstance(action, Add)] == [Add(1)]
    again = session.bot_turn()
    assert again is not None
    assert again.think() == choice, "the dropped turn did not advance the seat's random stream"


def test_levels_are_bot_kinds_and_default_is_normal() -> None:
    seats = default_seats(3, 2, ("hard", "easy"))
    assert [seat.level for seat in seats] == [None, "hard", "easy"]
    assert default_seats(2, 1)[1].level == "normal"
    with pytest.raises(ValueError, match="one level for all 2 computer players"):
        default_seats(3, 2, ("hard",))


@pytest.mark.parametrize(
    ("game", "bots", "options"),
    [("makao", ("easy", "easy", "easy", "normal"), {}), ("race", ("hard", "easy"), {"long": True})],
)
def test_a_game_saved_and_resumed_midway_gets_the_same_bot_moves(
    game: str, bots: tuple[str, ...], options: dict[str, OptionValue]
) -> None:
    """Each bot decision's random stream comes from the seed, the seat and the move number, so
    a game saved after some bot moves and resumed from its record (a JSON round trip) goes on
    exactly as the game played straight through."""
    seats = tuple(SeatSpec(f"P{i}", bot) for i, bot in enumerate(bots))
    setup = GameSetup(game, seats, options, 11)
    straight = Session(setup, turn_seconds=0)
    straight.run_bots()
    assert straight.is_over
    for cut in (1, len(straight.history) // 2):
        first = Session(setup, turn_seconds=0)
        first.run_bots(limit=cut)
        started = datetime(2026, 1, 1, tzinfo=UTC)
        saved = record_to_json(record_of(first, id="g", started=started))
        resumed = session_of(record_from_json(json.loads(json.dumps(saved))), turn_seconds=0)
        resumed.run_bots()
        assert resumed.commands() == straight.commands()


def test_finishing_quickly_plays_the_hard_seats_at_the_normal_level() -> None:
    """The table's "finish instantly" (``run_bots(quick=True)``) never searches: a ``hard``
    seat makes exactly the moves a ``normal`` seat would make in its place."""
    def seats(level: str) -> tuple[SeatSpec, ...]:
        return (SeatSpec("A", level), SeatSpec("B", "easy"), SeatSpec("C", level))

    quick = Session(GameSetup("makao", seats("hard"), {}, 8), turn_seconds=0)
    quick.run_bots(quick=True)
    normal = Session(GameSetup("makao", seats("normal"), {}, 8), turn_seconds=0)
    normal.run_bots()
    assert quick.is_over and quick.commands() == normal.commands()
