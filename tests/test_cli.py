"""The ``cardgames`` command line: argument checks, the commands' output, and a light start-up."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardgames import cli_commands as cli
from cardgames.cli import main
from cardgames.core.registry import GAMES, find_game, load_game
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.simulate import simulate
from cardgames.tui.render import ascii_text
from cardgames.tui.settings import AppSettings
from tests.session.fake_game import RACE_INFO

ROOT = Path(__file__).resolve().parent.parent
Launch = tuple[GameSetup | None, AppSettings]


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[Launch]:
    """Replace the app with a recorder of what it would have been started with."""
    calls: list[Launch] = []
    monkeypatch.setattr(cli, "_run_app", lambda setup, settings: calls.append((setup, settings)))
    return calls


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.cli, list(args))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["play", "poker"],
            "unknown game 'poker'; the games are makao, shithead, spite_malice (Spite & Malice), "
            "zoliky (Žolíky), trash",
        ),
        (["play", "makao", "--players", "9"], "Makao takes 2-6 players, not 9"),
        (["play", "shithead", "--players", "1"], "Shithead takes 2-4 players, not 1"),
        (["play", "makao", "--seed", "seven"], "--seed must be a whole number, not 'seven'"),
        (["play", "makao", "--seed", "1.5"], "--seed must be a whole number, not '1.5'"),
        (
            ["play", "makao", "--players", "two"],
            "--players must be a whole number, not 'two'",
        ),
        (["play", "makao", "--players", "0"], "Makao takes 2-6 players, not 0"),
        (["tournament", "trash", "--players", "-1"], "Trash takes 2-6 players, not -1"),
        (["play", "makao", "--bots", "-1"], "--bots must be a whole number (0 or more), not '-1'"),
        (["play", "makao", "--option", "fast"], "Makao has no option 'fast'; its options are"),
        (["play", "trash", "--players", "7"], "Trash takes 2-6 players, not 7"),
        (["play", "makao", "--players", "3", "--bots", "4"], "--bots must be between 0 and 3"),
        (
            ["play", "makao", "--bot-delay", "abc"],
            "--bot-delay must be a number of seconds (0 or more), not 'abc'",
        ),
        (
            ["play", "makao", "--bot-delay", "-1"],
            "--bot-delay must be a number of seconds (0 or more), not '-1'",
        ),
        (
            ["play", "makao", "--turn-seconds", "nan"],
            "--turn-seconds must be a number of seconds from 0 to 3600, not 'nan'",
        ),
        (
            ["play", "shithead", "--turn-seconds", "1e9"],
            "--turn-seconds must be a number of seconds from 0 to 3600, not '1e9'",
        ),
        (
            ["play", "shithead", "--turn-seconds", "0.5"],
            "--turn-seconds: The turn clock must be 0 (off) or at least 5 seconds (at most "
            "3600), not 0.5",
        ),
        (
            ["host", "shithead", "--turn-seconds", "4.9"],
            "--turn-seconds: The turn clock must be 0 (off) or at least 5 seconds (at most "
            "3600), not 4.9",
        ),
        (
            ["screenshots", "--out", "/proc/no-such-folder"],
            "cannot write screenshots to '/proc/no-such-folder'",
        ),
        (["play", "makao", "--colour"], "No such option '--colour'"),
        (["play"], "name a game to play, or give --deal CODE"),
        (["deal", "makao"], "No such command 'deal'"),
        (["rules", "poker"], "unknown game 'poker'; the games are makao, shithead, "),
        (
            ["simulate", "makao", "--bot", "genius", "--games", "1"],
            "Makao has no computer player 'genius'; its computer players are: "
            "normal (the default), easy, hard, makao, random",
        ),
        (
            ["simulate", "vandtia", "--bot", "genius"],
            "Shithead has no computer player 'genius'; its computer players are: "
            "normal (the default), easy, hard, shithead, random",
        ),
        (["simulate", "makao", "--players", "7", "--games", "1"], "Makao takes 2-6 players"),
        (
            ["simulate", "makao", "--games", "0"],
            "--games must be a whole number (1 or more), not '0'",
        ),
        (
            ["bench", "--seconds", "soon"],
            "--seconds must be a number of seconds (0 or more), not 'soon'",
        ),
        (["simulate", "spite", "--players", "5"], "Spite & Malice takes 2-4 players"),
        (
            ["play", "makao", "--bots", "9"],
            "Makao takes 2-6 players, not 10 (you and 9 computer players)",
        ),
        (
            ["play", "shithead", "--bots", "4", "--level", "hard"],
            "Shithead takes 2-4 players, not 5 (you and 4 computer players)",
        ),
        (
            ["play", "makao", "--players", "4", "--bots", "0", "--level", "hard"],
            "there are no computer players for --level hard (--bots 0)",
        ),
        (
            ["play", "makao", "--bots", "0", "--level", "Hard,easy"],
            "there are no computer players for --level Hard,easy (--bots 0)",
        ),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(
    launched: list[Launch], args: list[str], message: str
) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cardgames: error: ")
    assert message in lines[0]
    assert launched == []


def test_console_script_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["play", "makao", "--players", "9"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "cardgames: error: Makao takes 2-6 players, not 9\n"


def test_play_seats_humans_first_then_bots(launched: list[Launch]) -> None:
    result = invoke(
        "play",
        "makao",
        "--players",
        "4",
        "--bots",
        "3",
        "--seed",
        "7",
        "--option",
        "queens",
        "--option",
        "jokers",
        "--ascii",
        "--four-colour",
        "--bot-delay",
        "0.2",
        "--turn-seconds",
        "45",
    )
    assert result.exit_code == 0, result.output
    [(setup, settings)] = launched
    assert setup is not None
    assert setup.game == "makao"
    assert setup.seed == 7
    assert dict(setup.options) == {"queens": True, "jokers": True}
    assert [seat.is_human for seat in setup.seats] == [True, False, False, False]
    assert setup.seats[0] == SeatSpec("You")
    assert settings == AppSettings(ascii=True, four_colour=True, bot_delay=0.2, turn_seconds=45)


def test_play_defaults_one_human_against_bots_and_a_random_seed(launched: list[Launch]) -> None:
    assert invoke("play", "skitgubbe").exit_code == 0
    assert invoke("play", "skitgubbe").exit_code == 0
    (first, settings), (second, _) = launched
    assert first is not None and second is not None
    assert first.game == "shithead", "games are found by alias"
    assert [seat.is_human for seat in first.seats] == [True, False, False, False]
    assert settings == AppSettings()
    assert first.seed != second.seed


def test_two_humans_get_the_names_the_setup_screen_gives(launched: list[Launch]) -> None:
    assert invoke("play", "macao", "--players", "3", "--bots", "1").exit_code == 0
    [(setup, _)] = launched
    assert setup is not None
    assert [seat.name for seat in setup.seats] == ["Player 1", "Player 2", "Bob"]
    assert setup.seats[2].bot == "default"


def test_bots_alone_is_you_against_that_many_computer_players(launched: list[Launch]) -> None:
    assert invoke("play", "shithead", "--bots", "1", "--level", "hard").exit_code == 0
    assert invoke("play", "makao", "--bots", "5").exit_code == 0
    (first, _), (second, _) = launched
    assert first is not None and second is not None
    assert [seat.is_human for seat in first.seats] == [True, False]
    assert [seat.is_human for seat in second.seats] == [True] + [False] * 5
    assert "Shithead takes 2-4 players, not 6" in invoke("play", "shithead", "--bots", "5").output


def test_players_and_bots_seat_you_people_and_computer_players_as_documented(
    launched: list[Launch],
) -> None:
    cases = {
        ("--players", "3"): [True, False, False],
        ("--bots", "2"): [True, False, False],
        ("--players", "3", "--bots", "1"): [True, True, False],
        ("--players", "3", "--bots", "0"): [True, True, True],
        ("--bots", "0"): [True] * 4,
        (): [True, False, False, False],
    }
    for args in cases:
        assert invoke("play", "makao", *args).exit_code == 0
    assert [[seat.is_human for seat in setup.seats] for setup, _ in launched if setup] == list(
        cases.values()
    )
    bots_help = " ".join(invoke("play", "--help").stdout.split())
    assert "the other seats are people at this keyboard (hot-seat) [default: every seat but " \
        "yours]" in bots_help
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "so `--players 3` alone is you against 2 computer players, and so is `--bots 2` " \
        "alone" in readme
    assert "`--players 3 --bots 1` is two people against one computer player, `--bots 0` " \
        "people only" in readme


def test_no_command_opens_the_picker(launched: list[Launch]) -> None:
    assert invoke("--ascii", "--bot-delay", "0").exit_code == 0
    assert launched == [(None, AppSettings(ascii=True, bot_delay=0))]


def test_display_options_work_before_the_command(launched: list[Launch]) -> None:
    args = ("--ascii", "--four-colour", "--bot-delay", "0.2", "--turn-seconds", "5")
    assert invoke(*args, "play", "makao").exit_code == 0
    assert invoke("--bot-delay", "1", "play", "makao", "--bot-delay", "0").exit_code == 0
    (_, before), (_, after) = launched
    assert before == AppSettings(ascii=True, four_colour=True, bot_delay=0.2, turn_seconds=5)
    assert after == AppSettings(bot_delay=0), "an option after the command wins"


def test_number_options_on_the_command_line(
    launched: list[Launch], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardgames.core import registry

    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, RACE_INFO))
    result = invoke("play", "race", "--option", "target=300", "--option", "long")
    assert result.exit_code == 0, result.output
    [(setup, _)] = launched
    assert setup is not None and dict(setup.options) == {"target": 300, "long": True}
    for bad, message in (("target=abc", "takes a whole number after '=', not 'abc'"),
                         ("target", "option 'target' takes a number (target=N), not on"),
                         ("long=3", "is on or off, not the number 3: give its name alone"),
                         ("target=-5", "cannot be negative")):
        refused = invoke("play", "race", "--option", bad)
        assert refused.exit_code == 2
        assert message in refused.output, refused.output


def test_rules_prints_the_markdown_when_piped() -> None:
    result = invoke("rules", "makao")
    assert result.exit_code == 0
    assert result.stdout == load_game("makao").rules_text() + "\n"
    assert "demand" in result.stdout


def test_simulate_prints_the_totals() -> None:
    result = invoke("simulate", "makao", "--games", "6", "--players", "3", "--seed", "4")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split("  ")[0] for line in lines] == [
        "game",
        "games",
        "average turns",
        "wins per seat",
        "games per second",
    ]
    assert lines[0].endswith("Makao, 3 players, seeds 4..9")
    assert lines[1].split()[-1] == "6"
    expected = simulate("makao", games=6, players=3, seed=4)
    assert float(lines[2].split()[-1]) == round(expected.average_actions, 1)
    wins = [int(n) for n in re.findall(r"\d: (\d+) \(", lines[3])]
    assert wins == list(expected.wins)
    assert len(wins) == 3
    assert sum(wins) >= 6
    assert float(lines[4].split()[-1].replace(",", "")) > 0


def test_simulate_is_reproducible_and_seeds_each_game() -> None:
    one = simulate("makao", games=4, players=2, seed=11, bot="random")
    again = simulate("makao", games=4, players=2, seed=11, bot="random")
    other = simulate("makao", games=4, players=2, seed=12, bot="random")
    assert (one.actions, one.wins) == (again.actions, again.wins)
    assert one.actions != other.actions
    assert one.games == 4
    assert one.average_actions == one.actions / 4


def test_bench_prints_a_row_per_player_count() -> None:
    result = invoke("bench", "--game", "makao", "--seconds", "0.01")
    assert result.exit_code == 0, result.output
    header, *rows, note, clones, formula = result.stdout.splitlines()
    assert header.split() == [
        "game", "players", "games/s", "actions/s", "reference/s", "ratio",
        "clones/s", "ref-clones/s", "ratio",
    ]
    assert [row.split()[:2] for row in rows] == [["makao", "2"], ["makao", "4"]]
    for row in rows:
        actions, reference = (float(cell.replace(",", "")) for cell in row.split()[3:5])
        ratio = float(row.split()[5].removesuffix("x"))
        assert actions > 0 and reference > 0
        assert ratio == pytest.approx(actions / reference, abs=0.01)
        made, copied = (float(cell.replace(",", "")) for cell in row.split()[6:8])
        assert float(row.split()[8].removesuffix("x")) == pytest.approx(made / copied, abs=0.01)
    assert clones.startswith("measured alternately with each row (ref-clones/s")
    assert note.startswith("reference/s: actions per second of a minimal crazy-eights engine")
    assert formula.endswith("ratio = actions/s / reference/s.")


def test_bench_help_says_the_seconds_are_per_row() -> None:
    result = invoke("bench", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "--seconds SECONDS Measuring time per row (not for the whole run)." in text
    assert "a run takes about that many seconds times the number of rows" in text


def test_every_command_summary_fits_an_80_column_help_whole() -> None:
    """``cardgames --help`` cut "export", "join", "play" … short with "...": each command has a
    summary that fits beside the longest command name in 80 columns, so none is cut."""
    result = CliRunner().invoke(cli.cli, ["--help"], terminal_width=80)
    assert result.exit_code == 0
    listing = result.stdout.split("Commands:", 1)[1]
    assert "..." not in listing, listing
    rows = [line for line in listing.splitlines() if line.strip()]
    assert len(rows) == len(cli.cli.commands), "one line a command: none wraps"
    for name, command in cli.cli.commands.items():
        summary = command.get_short_help_str(limit=1000)
        assert summary.endswith("."), (name, summary)
        assert f"{name}  " in listing and summary in listing, (name, listing)


@pytest.mark.parametrize("command", [None, *cli.cli.commands])
def test_no_help_shows_the_markup_of_a_docstring(command: str | None) -> None:
    """``cardgames rules --help`` printed "with ``--ascii`` in letters only": the help of
    ``cardgames`` and of each command is plain text, without reStructuredText's literals and
    roles (``:func:`...```) or click's own markers."""
    result = invoke(*([] if command is None else [command]), "--help")
    assert result.exit_code == 0, result.output
    assert "``" not in result.stdout, result.stdout
    assert not re.search(r":[a-z]+:`|\\[bf]|\x08|\x0c", result.stdout), result.stdout


def test_every_command_that_takes_a_game_lists_the_games() -> None:
    """``cardgames stats --help`` named no game, unlike ``play --help``: every command with a
    GAME argument or a --game option ends its help with the games' names."""
    takers = [name for name, command in cli.cli.commands.items()
              if any(param.name == "game" for param in command.params)]
    assert {"play", "rules", "stats", "resume", "bench", "host"} <= set(takers)
    for name in takers:
        text = invoke(name, "--help").stdout
        assert "Games: makao, shithead, spite_malice, zoliky, trash." in text, name


def test_numbers_are_read_from_text(launched: list[Launch]) -> None:
    result = invoke("play", "makao", "--players", " 3 ", "--seed", "-5", "--bot-delay", "1.5")
    assert result.exit_code == 0, result.output
    [(setup, settings)] = launched
    assert setup is not None
    assert (len(setup.seats), setup.seed, settings.bot_delay) == (3, -5, 1.5)


def test_screenshots_writes_into_the_chosen_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    written: list[Path] = []

    def fake(directory: Path) -> list[Path]:
        written.append(directory)
        return [directory / "picker.svg"]

    monkeypatch.setattr("cardgames.tui.screenshots.write_screenshots", fake)
    out = tmp_path / "shots"
    result = invoke("screenshots", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert written == [out]
    assert out.is_dir()
    assert result.stdout == f"{out / 'picker.svg'}\n"


def test_no_arguments_open_the_picker_without_the_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []
    monkeypatch.setattr("cardgames.tui.launch.run_app", lambda setup: opened.append(setup))
    main([])
    assert opened == [None]


LIGHT = """
import sys
from cardgames.cli import main
try:
    main({args!r})
except SystemExit as stop:
    assert stop.code == 0, stop.code
heavy = sorted(m for m in ("textual", "rich") if m in sys.modules)
assert not heavy, heavy
"""


@pytest.mark.parametrize(
    "args", [["--help"], ["play", "--help"], ["simulate", "makao", "--games", "2"]]
)
def test_command_line_does_not_import_textual_or_rich(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LIGHT.format(args=args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Usage: cardgames" in done.stdout or "games per second" in done.stdout


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^\*\*Test:\*\* `([^`]+)`$", readme, re.MULTILINE)
    assert match is not None, "README has no **Test:** line"
    command = match.group(1)
    assert "pytest" in command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in ci
    assert ci.index(command) < ci.index(".venv/bin/ruff check cardgames tests")
    assert "set -euo pipefail" in ci
    assert ".venv/bin/mypy" in ci


def test_readme_starts_with_the_play_and_test_commands() -> None:
    lines = [line for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines() if line]
    assert lines[1] == (
        "**Play:** `python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/cardgames`"
    )
    assert lines[2].startswith("**Test:** `python3 -m venv .venv && ")


def _on_a_terminal(*args: str) -> tuple[int, str]:
    """Run ``cardgames ARGS`` with a terminal as its output: its exit status and output."""
    pid, terminal = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execv(
            sys.executable,
            [sys.executable, "-c", "from cardgames.cli import main; main()", *args],
        )
    output = b""
    while True:
        try:
            chunk = os.read(terminal, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    _, status = os.waitpid(pid, 0)
    os.close(terminal)
    return os.waitstatus_to_exitcode(status), output.decode("utf-8", "replace")


def test_rules_are_formatted_on_a_terminal() -> None:
    status, text = _on_a_terminal("rules", "makao")
    assert status == 0, text
    assert "Makao" in text
    assert "# Makao" not in text, "the Markdown heading is rendered, not printed raw"
    assert "\x1b[" in text, "styled for the terminal"


def test_rules_with_ascii_on_a_terminal_draw_letters_only() -> None:
    """``cardgames rules zoliky --ascii`` on a terminal drew Rich's bullets (•) and rules (─)."""
    status, text = _on_a_terminal("rules", "zoliky", "--ascii")
    assert status == 0, text
    assert "Zoliky" in text and "\x1b[" in text
    assert text.isascii(), sorted({char for char in text if not char.isascii()})


def test_a_game_not_playable_yet_is_a_one_line_error(
    launched: list[Launch], coming_soon: str
) -> None:
    for command in ("play", "rules", "simulate"):
        result = invoke(command, coming_soon)
        assert result.exit_code == 2
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("cardgames: error: Skat is coming soon")
    assert launched == []


def test_resume_continues_the_latest_unfinished_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import UTC, datetime, timedelta

    from cardgames.session.autosave import Autosave
    from cardgames.session.session import Session

    opened: list[object] = []
    monkeypatch.setattr("cardgames.tui.launch.run_app",
                        lambda setup, settings, resume: opened.append(resume))
    moment = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    for number, game in enumerate(("makao", "shithead", "makao")):
        session = Session(GameSetup(game, default_seats(2, 1), {}, number))
        Autosave.start(session, moment + timedelta(minutes=number)).save(session, moment)
    assert invoke("resume", "shithead").exit_code == 0
    assert invoke("resume").exit_code == 0
    records = [saved.record for saved in opened]  # type: ignore[attr-defined]
    assert [(r.setup.game, r.setup.seed) for r in records] == [("shithead", 1), ("makao", 2)]


def test_resume_without_a_saved_game_is_a_one_line_error() -> None:
    result = invoke("resume", "makao")
    assert result.exit_code == 2
    assert "there is no unfinished game of Makao to continue" in result.output


def test_play_deal_starts_exactly_that_deal(launched: list[Launch]) -> None:
    from cardgames.session.dealcode import deal_code

    setup = GameSetup("makao", default_seats(4, 3), {"queens": True}, 4242)
    code = deal_code(setup)
    assert invoke("play", "--deal", code).exit_code == 0
    assert invoke("play", "makao", "--deal", code.upper()).exit_code == 0
    for started, _ in launched:
        assert started is not None
        assert deal_code(started) == code
        assert (started.seed, started.options, len(started.seats)) == (
            4242, setup.options | started.options, 4)
        assert started.options["queens"] is True


@pytest.mark.parametrize(
    ("args", "part"),
    [
        (["play", "--deal", "garbage"], "is not a deal code"),
        (["play", "--deal", "makao-9-7"], "Makao takes 2-6 players, not 9"),
        (["play", "shithead", "--deal", "makao-4-7"], "is for Makao, not shithead"),
        (["play"], "name a game to play, or give --deal CODE"),
        (
            ["play", "--deal", "makao-4-7XK2", "--players", "3"],
            "the deal makao-4-7XK2 is for 4 players, not 3",
        ),
        (
            ["play", "--deal", "makao-4-7XK2", "--option", "queens"],
            "the deal makao-4-7XK2 is without the option queens",
        ),
        (
            ["play", "--deal", "makao-4-q-7XK2", "--option", "queens", "--option", "jokers"],
            "the deal makao-4-q-7XK2 is without the option jokers",
        ),
        (
            ["play", "--deal", "zoliky-2-t300-7", "--option", "target = 500"],
            "the deal zoliky-2-t300-7 has target=300, not target = 500",
        ),
        (
            ["play", "--deal", "makao-4-7XK2", "--option", "fast"],
            "Makao has no option 'fast'; its options are",
        ),
        (
            ["play", "--deal", "makao-4-7", "--seed", "8"],
            "the deal makao-4-7 has the seed 7, not 8",
        ),
        (
            ["play", "--deal", "makao-4-7", "--bots", "0", "--level", "easy"],
            "there are no computer players for --level easy (--bots 0)",
        ),
    ],
)
def test_a_bad_deal_code_is_a_one_line_error(
    launched: list[Launch], args: list[str], part: str
) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and part in lines[0], result.stderr
    assert launched == []


def test_play_deal_accepts_arguments_that_say_what_the_code_says(launched: list[Launch]) -> None:
    args = ("--players", "4", "--seed", "7", "--option", "queens", "--bots", "1")
    assert invoke("play", "--deal", "makao-4-q-7", *args).exit_code == 0
    assert invoke("play", "--deal", "zoliky-2-t300-7", "--option", "target=300").exit_code == 0
    (makao, _), (zoliky, _) = launched
    assert makao is not None and zoliky is not None
    assert (makao.seed, len(makao.seats), makao.options["queens"]) == (7, 4, True)
    assert [seat.is_human for seat in makao.seats] == [True, True, True, False]
    assert zoliky.options["target"] == 300


def _finished_game(game: str, seed: int, name: str = "Ola") -> None:
    """Play a game of computer players only to the end and count it in the statistics
    (``name``: the first computer player's)."""
    from datetime import UTC, datetime

    from cardgames.session.autosave import Autosave
    from cardgames.session.session import Session

    session = Session(GameSetup(game, (SeatSpec(name, "default"), SeatSpec("Bot", "random")),
                                {}, seed))
    session.run_bots()
    moment = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    Autosave.start(session, moment).save(session, moment)


def test_stats_prints_a_table_per_player_and_game() -> None:
    assert "No finished games yet" in invoke("stats").stdout
    _finished_game("makao", 1)
    _finished_game("makao", 2)
    _finished_game("shithead", 3)
    out = invoke("stats", "--computers").stdout
    assert "Played" in out and "Best" in out and "Win %" in out
    rows = [line for line in out.splitlines() if "Ola" in line]
    assert len(rows) == 2 and "Makao" in rows[0] and "Shithead" in rows[1]
    assert rows[0].split()[:4] == ["Ola", "Makao", "normal", "2"], "one line, level apart"
    assert "Shithead" not in invoke("stats", "makao", "--computers").stdout
    assert "No finished games yet" in invoke("stats").stdout, "people only by default"


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_stats_of_a_game_not_yet_played_names_the_game_by_its_title(game: str) -> None:
    """``cardgames stats shithead`` with no Shithead game finished says "No finished Shithead
    games yet", in the same words for every game (by its title, in ASCII with --ascii)."""
    _finished_game("makao" if game != "makao" else "shithead", 1)
    title = find_game(game).title
    out = invoke("stats", game, "--computers").stdout
    assert out.startswith(f"No finished {title} games yet: "), out
    ascii_out = invoke("--ascii", "stats", game).stdout
    assert ascii_out.startswith(f"No finished {ascii_text(title)} games yet: "), ascii_out


def test_export_prints_the_game_as_text_and_replay_last_finds_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardgames.session.savefile import records_dir

    for command in ("export", "replay"):
        result = invoke(command, "last")
        assert result.exit_code == 2
        assert result.stderr == f"cardgames: error: there is no finished game to {command} yet\n"
    _finished_game("makao", 5)
    (path,) = records_dir().glob("*.json")
    out = invoke("export", str(path), "--format", "text").stdout
    assert "Makao" in out and "  1. " in out
    assert invoke("export", str(path), "--open-hands").exit_code == 0
    assert "You played" in invoke("export", str(path), "--seat", "2").stdout
    for seat in ("0", "3", "-1"):
        result = invoke("export", str(path), "--seat", seat)
        assert result.exit_code == 2
        assert f"there is no seat {seat}; the seats are 1 to 2" in result.stderr
    shown: list[int] = []
    monkeypatch.setattr("cardgames.tui.launch.run_replay",
                        lambda replay, settings: shown.append(len(replay)))
    assert invoke("replay", "last").exit_code == 0
    assert shown and shown[0] > 0
    bad = records_dir() / "bad.json"
    for text, reason in (
        ("{", "it is cut short: its JSON ends early"),
        ("root:x:0:0:root:/root:/bin/bash\n", "it is not a game record (not JSON)"),
    ):
        bad.write_text(text, encoding="utf-8")
        result = invoke("export", str(bad), "--format", "text")
        assert result.exit_code == 2
        assert result.stderr == f"cardgames: error: {bad}: {reason}\n"


def test_export_of_an_unfinished_game_takes_only_the_seat_of_a_person() -> None:
    from datetime import UTC, datetime

    from cardgames.session.autosave import Autosave
    from cardgames.session.savefile import records_dir
    from cardgames.session.session import Session

    seats = (SeatSpec("Anna"), SeatSpec("Ola", "default"), SeatSpec("Bot", "random"))
    session = Session(GameSetup("makao", seats, {}, 5))
    while session.current_player == 0:
        session.submit(0, session.legal_actions()[0])
    session.run_bots(limit=4)
    moment = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    Autosave.start(session, moment).save(session, moment)
    (path,) = records_dir().glob("*.json")
    assert "Seen by: Anna" in invoke("export", str(path), "--seat", "1").stdout
    for seat, name in (("2", "Ola"), ("3", "Bot")):
        result = invoke("export", str(path), "--seat", seat)
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == (
            f"cardgames: error: {path}: seat {seat} ({name}) is a computer player: its eyes "
            "would give away this unfinished game; it can be seen with seat 1 (Anna)\n")


def test_command_line_choices_win_over_the_remembered_set_up(launched: list[Launch]) -> None:
    from cardgames.session.setup import SeatSpec
    from cardgames.session.setups import remember, setups_path

    remember(GameSetup("zoliky", (SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cyril", "easy")),
                       {"target": 0}), setups_path())
    assert invoke("play", "zoliky", "--bots", "1", "--level", "hard").exit_code == 0
    setup = launched[0][0]
    assert setup is not None and not setup.options
    assert setup.seats == (SeatSpec("You"), SeatSpec("Anna", "hard"))


def test_the_display_options_work_after_every_command_that_shows_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``cardgames replay last --ascii`` means ``cardgames --ascii replay last``, as the help
    says, for replay, resume, export, stats and rules; export and rules then print ASCII."""
    from cardgames.session.savefile import records_dir

    _finished_game("makao", 5)
    (path,) = records_dir().glob("*.json")
    shown: list[object] = []
    monkeypatch.setattr("cardgames.tui.launch.run_replay",
                        lambda replay, settings: shown.append(settings))
    for args in (("replay", "last", "--ascii", "--four-colour"),
                 ("--ascii", "replay", "last", "--four-colour")):
        assert invoke(*args).exit_code == 0
    assert [(s.ascii, s.four_colour) for s in shown] == [(True, True)] * 2  # type: ignore[attr-defined]
    unicode = invoke("export", str(path)).stdout
    assert not unicode.isascii()
    for args in (("export", str(path), "--ascii"), ("--ascii", "export", str(path))):
        out = invoke(*args).stdout
        assert out.isascii() and out.count("\n") == unicode.count("\n"), out
    assert invoke("rules", "zoliky", "--ascii").stdout.isascii()
    assert not invoke("rules", "zoliky").stdout.isascii()
    assert invoke("stats", "--ascii").exit_code == 0
    assert invoke("resume", "--ascii").stderr.startswith(
        "cardgames: error: there is no unfinished game")


PLAYER = "Žofie 🃏"
"""A name with a letter that neither ASCII nor Latin-1 has, and a character with no ASCII
spelling at all."""


@pytest.mark.parametrize("charset", ["ascii", "latin-1"])
@pytest.mark.parametrize(
    "args",
    [
        ("stats", "--computers"),
        ("stats", "--computers", "--ascii"),
        ("export", "last"),
        ("export", "last", "--ascii"),
        ("rules", "zoliky"),
        ("simulate", "zoliky", "--games", "1", "--players", "2"),
        ("resume", "zoliky"),
    ],
)
def test_no_command_fails_on_an_output_encoding_without_the_names_letters(
    charset: str, args: tuple[str, ...]
) -> None:
    """``PYTHONIOENCODING=ascii cardgames stats`` ended with a UnicodeEncodeError after a game
    of Žofie 🃏 (and a Latin-1 terminal did so on any Ž): what cannot be written becomes ``?``,
    and a name in a table or a record is spelled in ASCII as with --ascii (the suits cannot be
    written either)."""
    _finished_game("makao", 5, PLAYER)
    result = CliRunner(charset=charset).invoke(cli.cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == (2 if args[0] == "resume" else 0), result.output
    if args[0] in ("stats", "export"):
        assert "Zofie ?" in result.stdout and result.stdout.isascii(), result.stdout


@pytest.mark.parametrize(
    "args",
    [("stats", "--computers", "--ascii"), ("--ascii", "stats", "--computers"),
     ("export", "last", "--ascii"), ("--ascii", "export", "last")],
)
def test_ascii_prints_ascii_only_whatever_the_names_hold(args: tuple[str, ...]) -> None:
    """``cardgames stats --ascii`` spelled Ž as Z but printed 🃏 as it is: a character with no
    ASCII spelling is printed as ``?``."""
    _finished_game("makao", 5, PLAYER)
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert "Zofie ?" in result.stdout, result.stdout
    assert result.stdout.isascii(), sorted({char for char in result.stdout if not char.isascii()})


SPELLINGS = (
    ("zoliky", "zolíky"), ("zoliky", "Žolíky"), ("zoliky", "ŽOLÍKY"), ("zoliky", "zolik"),
    ("makao", "macao"), ("makao", "Makao"), ("shithead", "skitgubbe"), ("shithead", "vändtia"),
    ("trash", "garbage"), ("spite_malice", "spite"), ("spite_malice", "Spite & Malice"),
    ("spite_malice", "spite-malice"),
)
"""A game's name and another spelling of it that every command must take alike."""

GAME_COMMANDS = {
    "play": ("play", "{}", "--players", "9"),
    "host": ("host", "{}", "--players", "9"),
    "simulate": ("simulate", "{}", "--players", "9"),
    "tournament": ("tournament", "{}", "--players", "9"),
    "rules": ("rules", "{}"),
    "stats": ("stats", "{}"),
    "resume": ("resume", "{}"),
    "bench": ("bench", "--game", "{}", "--seconds", "0"),
}
"""Each command that takes a game, with arguments that end it soon after it found the game
(too many players, nothing to show), its words naming the game found."""


@pytest.mark.parametrize(("name", "spelling"), SPELLINGS)
def test_every_command_takes_a_game_by_the_same_spellings(
    launched: list[Launch], name: str, spelling: str
) -> None:
    """``cardgames stats zolíky`` was refused though ``rules žolíky`` and ``rules zoliky``
    were not: every command takes a game by the same names, titles and aliases, whatever
    their case and accents, and does with it what it does with the game's own name."""
    takers = {name for name, command in cli.cli.commands.items()
              if any(param.name == "game" for param in command.params)}
    assert takers == set(GAME_COMMANDS)
    for args in GAME_COMMANDS.values():
        by_name, by_spelling = (invoke(*(arg.format(game) for arg in args))
                                for game in (name, spelling))
        assert "unknown game" not in by_spelling.stderr, (args, spelling)
        assert (by_spelling.exit_code, by_spelling.stderr) == (
            by_name.exit_code, by_name.stderr), (args, spelling)
        assert _words(by_spelling.stdout) == _words(by_name.stdout), args
    assert launched == []


def _words(text: str) -> list[str]:
    """The words of ``text`` with every figure as ``N``: bench's speeds (and so the widths of
    its columns) differ from run to run."""
    return re.sub(r"[\d,.]+", "N", text).split()
