"""Records on disk: atomic writes, the data folder, the unfinished-games list, damaged records."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cardgames.core.rng import Rng
from cardgames.session import savefile
from cardgames.session.record import VERSION, RecordError, record_of, record_to_json
from cardgames.session.savefile import (
    data_dir,
    is_game_id,
    latest_unfinished,
    new_game_id,
    open_game,
    records_dir,
    save,
    saved_games,
    write_atomic,
)
from cardgames.session.session import Session
from tests.session.play import new_session, play, setup_for

STARTED = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def saved(folder: Path, game: str, seed: int, moves: int, *, mtime: int, humans: int = 1) -> Path:
    session = new_session(setup_for(game, seed, humans))
    play(session, Rng(seed), moves)
    record = record_of(session, id=f"{game}-{seed}", started=STARTED + timedelta(minutes=seed))
    path = save(record, folder)
    os.utime(path, (mtime, mtime))
    return path


def test_the_data_folder_follows_cardgames_home(tmp_path: Path) -> None:
    assert data_dir({"CARDGAMES_HOME": str(tmp_path)}) == tmp_path
    assert records_dir({"CARDGAMES_HOME": str(tmp_path)}) == tmp_path / "records"
    assert "cardgames" in str(data_dir({}))


def test_atomic_write_replaces_the_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "a.json"
    write_atomic(path, "old")
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert [p.name for p in path.parent.iterdir()] == ["a.json"]


def test_a_failed_write_keeps_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.json"
    write_atomic(path, "old")

    def broken(source: str, target: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_unfinished_games_most_recent_first(tmp_path: Path) -> None:
    saved(tmp_path, "makao", 1, 41, mtime=1000)
    saved(tmp_path, "shithead", 2, 3, mtime=3000)
    saved(tmp_path, "makao", 3, 7, mtime=2000, humans=2)
    listing = saved_games(tmp_path)
    assert listing.messages == ()
    assert [game.record.id for game in listing.games] == ["shithead-2", "makao-3", "makao-1"]
    assert listing.games[2].description.startswith("Makao, you and ")
    assert listing.games[2].description.endswith(", 41 moves")
    latest, _ = latest_unfinished(tmp_path)
    assert latest is not None and latest.record.id == "shithead-2"
    latest, _ = latest_unfinished(tmp_path, "macao")
    assert latest is not None and latest.record.id == "makao-3"
    with pytest.raises(KeyError):
        latest_unfinished(tmp_path, "chess")


def test_finished_games_are_listed_apart(tmp_path: Path) -> None:
    session = new_session(setup_for("makao", 4, 0))
    play(session, Rng(4), 100_000)
    save(record_of(session, id="done", started=STARTED, finished=STARTED), tmp_path)
    saved(tmp_path, "makao", 5, 3, mtime=10)
    assert [g.record.id for g in saved_games(tmp_path).games] == ["makao-5"]
    assert [g.record.id for g in saved_games(tmp_path, finished=True).games] == ["done"]


def test_a_missing_folder_lists_nothing(tmp_path: Path) -> None:
    listing = saved_games(tmp_path / "nowhere")
    assert listing.games == () and listing.messages == ()
    assert latest_unfinished(tmp_path / "nowhere")[0] is None


def test_resume_gives_the_same_game(tmp_path: Path) -> None:
    session = new_session(setup_for("shithead", 8, 1))
    play(session, Rng(8), 30)
    save(record_of(session, id="x", started=STARTED), tmp_path)
    latest, _ = latest_unfinished(tmp_path)
    assert latest is not None
    again = open_game(latest, turn_seconds=0)
    assert isinstance(again, Session)
    assert again.to_json() == session.to_json()
    assert again.log_lines(0) == session.log_lines(0)


def _good_json(tmp_path: Path) -> dict[str, object]:
    path = saved(tmp_path / "source", "makao", 6, 12, mtime=10)
    data: dict[str, object] = json.loads(path.read_text())
    return data


DAMAGE = {
    "truncated": lambda text: text[: len(text) // 2],
    "empty": lambda text: "",
    "not json": lambda text: "<html>",
    "a list": lambda text: "[1, 2, 3]",
    "wrong type": lambda text: text.replace('"seats":[', '"seats":[7,', 1),
    "unknown game": lambda text: text.replace('"game":"makao"', '"game":"chess"'),
    "newer version": lambda text: text.replace(
        f'"version":{VERSION}', f'"version":{VERSION + 1}'
    ),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_damaged_records_are_moved_aside_and_the_list_goes_on(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "records"
    saved(folder, "makao", 1, 5, mtime=100)
    text = json.dumps(_good_json(tmp_path), separators=(",", ":"))
    bad = folder / "bad.json"
    bad.write_text(DAMAGE[kind](text))
    listing = saved_games(folder)
    assert [game.record.id for game in listing.games] == ["makao-1"]
    moved = folder / "damaged" / "bad.json"
    assert len(listing.messages) == 1 and str(moved) in listing.messages[0]
    assert "\n" not in listing.messages[0]
    assert not bad.exists() and moved.exists()
    assert saved_games(folder).messages == ()


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("truncated", "it is cut short: its JSON ends early"),
        ("empty", "it is empty, not a game record"),
        ("not json", "it is not a game record (not JSON)"),
        ("a list", "it is not a game record"),
    ],
)
def test_a_record_that_is_no_json_is_told_apart_from_one_cut_short(
    tmp_path: Path, kind: str, reason: str
) -> None:
    text = json.dumps(_good_json(tmp_path), separators=(",", ":"))
    bad = tmp_path / "bad.json"
    bad.write_text(DAMAGE[kind](text))
    with pytest.raises(RecordError) as error:
        savefile.read(bad)
    assert str(error.value) == reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"format": "cardg', "it is cut short: its JSON ends early"),
        ('{"format": "cardgames-record",\n  "version": 1\n',
         "it is cut short: its JSON ends early"),
        ("  \n", "it is empty, not a game record"),
        ("root:x:0:0:root:/root:/bin/bash\n", "it is not a game record (not JSON)"),
        ("2026 notes\n", "it is not a game record (not JSON)"),
        ('{"format": "cardgames-record",\n  "version": 1,,\n}', "it is damaged: not valid JSON "
         "at line 2, column 16"),
    ],
)
def test_what_is_wrong_with_a_file_that_is_no_record_is_said_in_words(
    tmp_path: Path, text: str, reason: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as error:
        savefile.read(bad)
    assert str(error.value) == reason


def test_a_binary_file_is_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "picture.json"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError, match=r"^it is not a game record \(not text\)$"):
        savefile.read(bad)


def test_temporaries_left_by_a_crash_are_cleared_once_stale(tmp_path: Path) -> None:
    stale, fresh = tmp_path / ".a.json.x1.tmp", tmp_path / ".b.json.x2.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(stale, (1000, 1000))
    assert saved_games(tmp_path).messages == ()
    assert not stale.exists() and fresh.exists()


def test_a_second_damaged_file_of_the_same_name_is_kept_too(tmp_path: Path) -> None:
    for _ in range(2):
        (tmp_path / "bad.json").write_text("{")
        saved_games(tmp_path)
    assert sorted(p.name for p in (tmp_path / "damaged").iterdir()) == ["bad.1.json", "bad.json"]


def test_commands_that_do_not_replay_are_refused_with_their_number(tmp_path: Path) -> None:
    data = _good_json(tmp_path)
    commands = data["commands"]
    assert isinstance(commands, list)
    commands[4] = "play Qs Qs Qs"
    (tmp_path / "edited.json").write_text(json.dumps(data))
    listing = saved_games(tmp_path)
    assert len(listing.games) == 1
    with pytest.raises(RecordError, match="command 5") as error:
        open_game(listing.games[0])
    assert str(tmp_path / "damaged" / "edited.json") in str(error.value)
    assert saved_games(tmp_path).games == ()


def test_a_record_is_small(tmp_path: Path) -> None:
    path = saved(tmp_path, "makao", 9, 60, mtime=1)
    assert path.stat().st_size < 2000
    assert record_to_json(savefile.read(path))["commands"]


def test_a_missing_file_or_a_folder_is_named_for_what_it_is(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="there is no such file"):
        savefile.read(tmp_path / "nosuchfile")
    with pytest.raises(RecordError, match="a folder, not a game record"):
        savefile.read(tmp_path)


def test_one_notice_names_every_damaged_record_first_then_where_they_went(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "records"
    saved(folder, "makao", 1, 5, mtime=100)
    text = json.dumps(_good_json(tmp_path), separators=(",", ":"))
    for name, kind in (("a", "truncated"), ("b", "not json"), ("c", "newer version")):
        (folder / f"{name}.json").write_text(DAMAGE[kind](text))
    (folder / "damaged").mkdir()
    (folder / "damaged" / "a.json").write_text("an older one")
    listing = saved_games(folder)
    assert [item.name for item in listing.damaged] == ["a.json", "b.json", "c.json"]
    assert len(listing.messages) == 3, "one line each on the command line"
    notice = savefile.damaged_notice(listing.damaged, home=tmp_path)
    assert notice.splitlines() == [
        "Could not read 3 saved games:", "a.json (cut short, now a.1.json)", "b.json (not JSON)",
        "c.json (newer version)", "They were moved, not deleted, to", "~/records/damaged"]
    assert (folder / "damaged" / "a.1.json").exists() and (folder / "damaged" / "a.json").exists()
    assert (folder / "damaged" / "b.json").exists() and (folder / "damaged" / "c.json").exists()
    elsewhere = savefile.damaged_notice(listing.damaged[1:2], home=tmp_path / "other")
    assert elsewhere.splitlines() == [
        "Could not read a saved game:", "b.json (not JSON)", "It was moved, not deleted, to",
        str(folder / "damaged")]


def test_the_notice_counts_the_damaged_records_past_the_first_few(tmp_path: Path) -> None:
    for number in range(7):
        (tmp_path / f"{number}.json").write_text("")
    notice = savefile.damaged_notice(saved_games(tmp_path).damaged, home=tmp_path)
    assert notice.splitlines() == [
        "Could not read 7 saved games:", "0.json (empty)", "1.json (empty)", "2.json (empty)",
        "3.json (empty)", "and 3 more", "They were moved, not deleted, to", "~/damaged"]
    assert len(list((tmp_path / "damaged").iterdir())) == 7


@pytest.mark.parametrize(
    ("text", "good"),
    [
        ("20261201-105741-makao-3fa9c2", True),
        ("20261201-105741-shithead-3fa9c2", False),
        ("20261301-105741-makao-3fa9c2", False),
        ("20261201-105741-makao-3FA9C2", False),
        ("20261201-105741-makao-3fa9c2\n", False),
        ("../20261201-105741-makao-3fa9c2", False),
        ("20261201-105741-makao-3fa9c2.json", False),
        ("２0261201-105741-makao-3fa9c2", False),
        ("", False),
    ],
)
def test_a_game_id_is_only_one_new_game_id_could_give(text: str, good: bool) -> None:
    assert is_game_id(text, "makao") is good
    assert is_game_id(new_game_id("makao", datetime.now(UTC)), "makao")
