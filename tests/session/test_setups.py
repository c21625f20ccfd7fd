"""The set-up each game was last started with: remembered per game, across runs, and a damaged
file moved aside with a message instead of stopping the app."""

from __future__ import annotations

from pathlib import Path

from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.setups import recall, remember, setups_path

ZOLIKY = GameSetup("zoliky", (SeatSpec("[bold]Ann[/]"), SeatSpec("Anna", "hard")),
                   {"target": 0}, seed=41, game_number=2)


def test_a_started_set_up_is_recalled_for_its_game_only(cardgames_home: Path) -> None:
    path = setups_path()
    assert path.parent == cardgames_home and recall(path).setups == {}
    makao = GameSetup("makao", (SeatSpec("You"), SeatSpec("Anna", "default")), {"queens": True})
    assert remember(makao, path) is None
    assert remember(ZOLIKY, path) is None
    setups = recall(path).setups
    assert setups["zoliky"] == GameSetup("zoliky", ZOLIKY.seats, {"target": 0}), "not its seed"
    assert setups["makao"] == makao
    remember(GameSetup("zoliky", (SeatSpec("Bea"), SeatSpec("Cyril"))), path)
    assert recall(path).setups["makao"] == makao, "another game's set-up is kept"
    assert recall(path).setups["zoliky"].seats == (SeatSpec("Bea"), SeatSpec("Cyril"))


def test_a_damaged_file_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "setups.json"
    for damage in ("{not json", '{"version": 1, "games": {"makao": {"seats": 3}}}',
                   '{"version": 99, "games": {}}', "[]"):
        path.write_text(damage, encoding="utf-8")
        found = recall(path)
        assert found.setups == {} and found.message is not None
        assert "moved to" in found.message and not path.exists()
    assert len(list((tmp_path / "damaged").iterdir())) == 4, "never deleted"
    assert (tmp_path / "damaged" / "setups.json").read_text(encoding="utf-8") == "{not json"


def test_remembering_over_a_damaged_file_moves_it_aside_first(tmp_path: Path) -> None:
    path = tmp_path / "setups.json"
    path.write_text("\0garbage", encoding="utf-8")
    message = remember(ZOLIKY, path)
    assert message is not None and "damaged" in message
    assert (tmp_path / "damaged" / "setups.json").read_text(encoding="utf-8") == "\0garbage"
    assert recall(path).setups["zoliky"].seats == ZOLIKY.seats


def test_the_turn_clock_is_remembered_with_its_game(tmp_path: Path) -> None:
    """The clock a game was started with comes back; a start with none chosen keeps it; a
    clock that is not a number of seconds makes the file damaged."""
    path = tmp_path / "setups.json"
    shithead = GameSetup("shithead", (SeatSpec("You"), SeatSpec("Anna", "default")))
    remember(shithead, path, 0)
    remember(ZOLIKY, path)
    assert recall(path).clocks == {"shithead": 0}
    remember(shithead, path, 12.5)
    remember(shithead, path)
    assert recall(path).clocks == {"shithead": 12.5}, "a start without a clock keeps it"
    path.write_text('{"version": 1, "games": {"shithead": {"seats": [{"name": "You", "bot": null}],'
                    ' "options": {}, "turn_seconds": "soon"}}}', encoding="utf-8")
    found = recall(path)
    assert found.clocks == {} and found.message is not None and "turn clock" in found.message
