"""``cardgames tournament`` and the computer levels on the command line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from cardgames import cli_commands as cli
from cardgames.session.setup import GameSetup
from cardgames.tournament import percentile, seating, tournament, wilson_interval
from cardgames.tui.settings import AppSettings


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.cli, list(args))


def test_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = wilson_interval(60, 100)
    assert (round(low, 4), round(high, 4)) == (0.5020, 0.6906)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_percentile_is_nearest_rank() -> None:
    values = [float(i) for i in range(1, 201)]
    assert percentile(values, 0.99) == 198.0
    assert percentile(values, 0.5) == 100.0
    assert percentile([], 0.99) == 0.0


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    assert [seating(("hard", "normal"), 2, r) for r in range(2)] == [
        ("hard", "normal"), ("normal", "hard")
    ]
    assert seating(("a", "b"), 4, 1) == ("b", "a", "b", "a")


def test_a_tournament_counts_every_game_for_both_bots() -> None:
    ticks: list[int] = []
    result = tournament(
        "makao", ("normal", "random"), games=6, players=2, seed=3, progress=ticks.append
    )
    assert ticks == [1, 2, 3, 4, 5, 6]
    normal, random = result.records
    assert (normal.bot, normal.games, random.games) == ("normal", 6, 6)
    assert normal.wins + random.wins == 6
    assert normal.wins >= 5, "the heuristic beats random play"
    assert normal.move_seconds == tuple(sorted(normal.move_seconds)) and normal.move_seconds
    assert result.reference_per_second > 0 and result.actions > 0


def test_tournament_command_prints_rates_intervals_and_times() -> None:
    result = invoke("tournament", "makao", "--bots", "normal,random", "--games", "4")
    assert result.exit_code == 0, result.output
    assert "games played" not in result.output, "no progress bar off a terminal"
    assert "Makao, 2 players, 4 games from seed 1, seats rotated" in result.output
    assert "games per second" in result.output and "actions/s of the reference" in result.output
    lines = result.output.splitlines()
    rows = [line.split() for line in lines if line.startswith(("normal", "random"))]
    assert [row[:2] for row in rows] == [["normal", "4"], ["random", "4"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tournament", "makao", "--bots", "hard,genius"], "no computer player 'genius'"),
        (["tournament", "makao", "--bots", "hard,,easy"], "--bots must be names separated"),
        (["tournament", "makao", "--bots", "a,b,c"], "no computer player 'a'"),
        (
            ["tournament", "makao", "--bots", "hard,normal,easy", "--games", "1"],
            "a tournament needs 2 computer players for 2 seats; --bots names 3",
        ),
        (["tournament", "makao", "--bots", "hard"], "needs 2 computer players"),
        (
            ["tournament", "makao", "--players", "4", "--bots", "hard"],
            "a tournament needs 2 to 4 computer players for 4 seats; --bots names 1",
        ),
        (
            ["tournament", "makao", "--bots", "normal,makao"],
            "--bots names only 'normal' and 'makao', the same player",
        ),
        (
            ["tournament", "makao", "--bots", "normal,random", "--option", "foo=3"],
            "Makao has no option 'foo'",
        ),
        (
            ["tournament", "makao", "--bots", "hard,hard"],
            "a tournament matches different computer players; --bots names only 'hard'",
        ),
        (
            ["tournament", "trash", "--players", "4", "--bots", "easy,easy,easy"],
            "--bots names only 'easy'",
        ),
        (
            ["play", "makao", "--level", "expert"],
            "Makao has no level 'expert'; its levels are: easy, normal (the default), hard",
        ),
        (
            ["play", "makao", "--players", "3", "--level", "hard,easy,normal"],
            "--level names 3 levels for 2 computer players",
        ),
        (
            ["play", "makao", "--players", "2", "--bots", "1", "--level", "hard,easy"],
            "--level names 2 levels for 1 computer player;",
        ),
    ],
)
def test_bad_bots_and_levels_give_one_line(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output


def test_play_takes_one_level_for_all_or_one_per_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: list[GameSetup | None] = []

    def record(setup: GameSetup | None, settings: AppSettings) -> None:
        launched.append(setup)

    monkeypatch.setattr(cli, "_run_app", record)
    assert invoke("play", "makao", "--bots", "3", "--level", "hard").exit_code == 0
    assert invoke("play", "makao", "--players", "3", "--level", "Hard,easy").exit_code == 0
    assert invoke("play", "makao", "--players", "2").exit_code == 0
    assert invoke("play", "--deal", "makao-3-7", "--level", "easy,hard").exit_code == 0
    levels = [[seat.level for seat in setup.seats] for setup in launched if setup is not None]
    assert levels == [[None, "hard", "hard", "hard"], [None, "hard", "easy"], [None, "normal"],
                      [None, "easy", "hard"]]


def test_the_table_fits_80_columns_with_the_longest_bot_name() -> None:
    result = invoke("tournament", "spite_malice", "--bots", "spite_malice,random", "--games", "2")
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80, result.output
    assert any(line.startswith("spite_malice ") for line in result.output.splitlines())
