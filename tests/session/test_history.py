"""The history of finished games: most recent first, read from the statistics alone, and the
record of a listed game read for its replay."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from cardgames.core.rng import Rng
from cardgames.session.autosave import Autosave
from cardgames.session.history import history, past_record
from cardgames.session.record import RecordError
from cardgames.session.replay import Replay
from cardgames.session.savefile import records_dir
from cardgames.session.stats import stats_path
from tests.session.play import new_session, play, setup_for

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _finish(game: str, seed: int, minutes: int) -> str:
    """Play a game with one person to the end and save it as the app does; its id."""
    session = new_session(setup_for(game, seed, 1, players=2))
    play(session, Rng(seed), 100_000)
    moment = START + timedelta(minutes=minutes)
    saver = Autosave.start(session, moment)
    saver.save(session, moment)
    return saver.id


def test_the_history_lists_finished_games_latest_first_from_the_statistics_alone() -> None:
    older = _finish("makao", 1, 5)
    newer = _finish("shithead", 2, 50)
    session = new_session(setup_for("trash", 3, 1))
    play(session, Rng(3), 5)
    Autosave.start(session, START).save(session, START)
    for path in records_dir().glob("*.json"):
        path.rename(path.with_suffix(".moved"))
    games = history(stats_path())
    assert [game.id for game in games] == [newer, older], "unfinished games are not listed"
    line = games[0].line()
    assert line.startswith("Shithead  You, Bot 1  ") and " moves  " in line
    assert games[0].deal.startswith("shithead-2-") and games[0].deal in line
    assert games[0].winners and f"{games[0].moves} moves" in line
    assert [game.id for game in history(stats_path(), limit=1)] == [newer]
    with pytest.raises(RecordError, match="no longer"):
        past_record(records_dir(), games[0])


def test_a_listed_game_opens_as_its_replay() -> None:
    _finish("spite_malice", 4, 1)
    (game,) = history(stats_path())
    replay = Replay(past_record(records_dir(), game))
    assert replay.is_finished and len(replay) == game.moves


def test_no_statistics_file_is_an_empty_history() -> None:
    assert history(stats_path()) == []


def test_a_listed_game_whose_record_was_renamed_is_found_by_its_id() -> None:
    kept = _finish("makao", 5, 1)
    _finish("trash", 6, 2)
    (records_dir() / f"{kept}.json").rename(records_dir() / "our best game.json")
    (records_dir() / "broken.json").write_text("{")
    game = next(game for game in history(stats_path()) if game.id == kept)
    assert past_record(records_dir(), game).id == kept
    assert (records_dir() / "broken.json").exists(), "an unreadable file is left as it is"
