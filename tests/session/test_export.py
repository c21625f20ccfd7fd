"""The text export of a record: the set-up, then one line per move, in the game's own words."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cardgames.core.rng import Rng
from cardgames.session.dealcode import deal_code
from cardgames.session.export import export_text
from cardgames.session.record import GameRecord, RecordError, record_of
from cardgames.session.session import Session
from cardgames.session.setup import SeatSpec, default_seats
from cardgames.session.stats import player_stats, record_game
from tests.session.play import PLAYABLE, new_session, play, setup_for

STARTED = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
FINISHED = datetime(2026, 12, 1, 10, 42, tzinfo=UTC)


def finished(game: str, seed: int = 3) -> tuple[Session, GameRecord]:
    session = new_session(setup_for(game, seed, 1))
    play(session, Rng(seed), 100_000)
    return session, record_of(session, id="g", started=STARTED, finished=FINISHED)


@pytest.mark.parametrize("game", PLAYABLE)
def test_one_line_per_move_after_the_set_up(game: str) -> None:
    session, record = finished(game)
    text = export_text(record, viewer=0)
    lines = text.splitlines()
    assert lines[0].endswith(f"deal {deal_code(session.setup)}")
    assert "Started 2026-12-01 10:00 UTC, finished 2026-12-01 10:42 UTC" in lines[1]
    moves = [line for line in lines if line[:5].strip().rstrip(".").isdigit()]
    assert len(moves) == len(record.commands)
    for number, (line, command) in enumerate(zip(moves, record.commands, strict=True), 1):
        assert line.startswith(f"{number:>4}. ") and f": {command}" in line
    for log_line in session.log_lines(0, last=10):
        assert log_line in text


def test_the_public_view_hides_draws_and_open_hands_show_them() -> None:
    _, record = finished("makao", 5)
    public = export_text(record)
    mine = export_text(record, viewer=0)
    everyone = export_text(record, open_hands=True)
    assert "Seen by: the public" in public and "Seen by: You" in mine
    assert "holds at the deal" not in public
    assert mine.count("You hold at the deal") == 1
    assert everyone.count("holds at the deal") == len(record.setup.seats) - 1
    assert everyone.count("You hold at the deal") == 1
    assert "You drew " in mine and "Bot 1 drew 1 card (" in everyone
    assert "You drew 1 card (" in everyone and "Player 1" not in everyone
    assert "drew 1 card (" not in public and "You keep the drawn card" not in public
    assert "Seats: 1. You; 2. Bot 1" in public and "Seats: 1. You; 2. Bot 1" in mine
    assert "You: " in public and "Player 1" not in public, "named as the record names them"


def test_the_person_keeps_the_name_the_record_and_the_statistics_give(tmp_path: Path) -> None:
    setup = replace(setup_for("makao", 4, 1, players=2), seats=default_seats(2, 1, "hard"))
    session = new_session(setup)
    play(session, Rng(4), 100_000)
    record = record_of(session, id="g", started=STARTED, finished=FINISHED)
    path = tmp_path / "stats.sqlite3"
    record_game(path, record)
    assert [figures.name for figures in player_stats(path)] == ["You"]
    text = export_text(record)
    assert "Seats: 1. You; 2. Anna (computer: hard)" in text
    winner = record.setup.seats[record.result.winners[0]].name if record.result else ""
    assert f"Result: {winner} won" in text and "Player 1" not in text


def test_an_unfinished_game_is_not_shown_with_hands_open() -> None:
    session = new_session(setup_for("shithead", 2, 1))
    play(session, Rng(2), 20)
    record = record_of(session, id="g", started=STARTED)
    assert "unfinished, 20 moves" in export_text(record, viewer=0)
    with pytest.raises(ValueError, match="unfinished"):
        export_text(record, open_hands=True)
    with pytest.raises(ValueError, match="no seat 9"):
        export_text(record, viewer=9)


def test_a_bad_command_is_named() -> None:
    _, record = finished("makao")
    broken = GameRecord(record.id, record.setup, ("dance", *record.commands), None, STARTED)
    with pytest.raises(RecordError, match="command 1"):
        export_text(broken)


def test_an_undo_is_a_note_not_a_move() -> None:
    """The redeal an undo leaves is told once, before the move after it; it is no numbered
    move and not counted among the moves."""
    session = Session(setup_for("makao", 5, 1))
    session.run_bots()
    session.submit(0, session.legal_actions()[0])
    assert session.can_undo(0)
    session.undo(0)
    session.submit(0, session.legal_actions()[0])
    record = record_of(session, id="g", started=STARTED)
    assert any(text.startswith("#deal ") for text in record.commands)
    assert record.moves == len(record.commands) - 1
    lines = export_text(record, viewer=0).splitlines()
    assert lines[1].endswith(f", {record.moves} move" + ("" if record.moves == 1 else "s"))
    assert not any("#deal" in line for line in lines)
    note = lines.index(
        "      (You took a turn back; the cards you could not see were dealt afresh.)"
    )
    assert lines[note + 1].startswith(f"{record.moves:>4}. You: ")


def test_an_unfinished_game_is_seen_only_with_the_eyes_of_a_person_who_played_it_here() -> None:
    session = new_session(setup_for("makao", 2, 1, players=3))
    play(session, Rng(2), 6)
    record = record_of(session, id="g", started=STARTED)
    assert "Seen by: You" in export_text(record, viewer=0)
    for bot in (1, 2):
        with pytest.raises(ValueError, match=rf"seat {bot + 1} \(.*\) is a computer player: its "
                           r"eyes would give away this unfinished game; it can be seen with "
                           r"seat 1 \(You\)"):
            export_text(record, viewer=bot)
    _, done = finished("makao")
    assert "Seen by: Bot 1" in export_text(done, viewer=1), "any seat once the game is over"


def test_a_network_table_s_unfinished_game_hides_the_seats_played_elsewhere() -> None:
    setup = replace(setup_for("makao", 2, 0, players=3), seats=(
        SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default")))
    session = new_session(setup)
    play(session, Rng(2), 6)
    record = record_of(session, id="g", started=STARTED, remote=(1,))
    assert record.local_seats == (0,)
    assert "Seen by: Anna" in export_text(record, viewer=0)
    with pytest.raises(ValueError, match=r"seat 2 \(Bob\) is played at another terminal"):
        export_text(record, viewer=1)
    headless = replace(record, remote=(0, 1))
    with pytest.raises(ValueError, match="no seat of it was played here"):
        export_text(headless, viewer=0)
    assert "Seen by: the public" in export_text(headless)


def test_the_house_options_are_listed_with_their_defaults() -> None:
    """A game set up without naming its options (the command line) lists them as played."""
    session = Session(replace(setup_for("makao", 4, 1), options={}))
    record = record_of(session, id="g", started=STARTED)
    assert "House options: jokers off, makao-call off, queens off" in export_text(record, viewer=0)


def test_a_named_seat_s_eyes_call_it_you_in_every_line() -> None:
    """Exported with Anna's eyes, the log calls Anna "you": her moves are headed "You", and
    the seats line says which seat that is."""
    setup = replace(setup_for("makao", 2, 0, players=2), seats=(
        SeatSpec("Anna"), SeatSpec("Bob")))
    session = new_session(setup)
    play(session, Rng(2), 100_000)
    text = export_text(record_of(session, id="g", started=STARTED, finished=FINISHED), viewer=0)
    assert "Seats: 1. Anna (you); 2. Bob" in text
    moves = [line for line in text.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert any(line.split(". ", 1)[1].startswith("You: ") for line in moves)
    assert not any(line.split(". ", 1)[1].startswith("Anna: ") for line in moves)
    assert not any(" — You " in line and line.split(". ", 1)[1].startswith("Bob: ")
                   for line in moves), "a line headed by Bob never says what 'You' did first"
    public = export_text(record_of(session, id="g", started=STARTED, finished=FINISHED))
    assert "Seats: 1. Anna; 2. Bob" in public and "You" not in public


def test_the_lines_of_one_move_are_sentences() -> None:
    """A move's log lines are joined as sentences, each with its capital: "…drew 1 card. The
    demand for fives ends", never "…; The demand…"."""
    _, record = finished("makao", 5)
    text = export_text(record, open_hands=True)
    moves = [line for line in text.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert any(". The demand for" in line for line in moves)
    assert not any("; The " in line or "; You " in line for line in moves)
