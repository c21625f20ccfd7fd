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
from cardgames.core.registry import load_game
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.simulate import simulate
from cardgames.tui.settings import AppSettings

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
            "unknown game 'poker'; the games are makao, shithead, spite_malice (Spite & Malice, "
            "coming soon), zoliky (Žolíky, coming soon), trash (coming soon)",
        ),
        (["play", "makao", "--players", "9"], "Makao takes 2-6 players, not 9"),
        (["play", "shithead", "--players", "1"], "Shithead takes 2-4 players, not 1"),
        (["play", "makao", "--seed", "seven"], "--seed must be a whole number, not 'seven'"),
        (["play", "makao", "--seed", "1.5"], "--seed must be a whole number, not '1.5'"),
        (
            ["play", "makao", "--players", "two"],
            "--players must be a whole number (1 or more), not 'two'",
        ),
        (["play", "makao", "--bots", "-1"], "--bots must be a whole number (0 or more), not '-1'"),
        (["play", "makao", "--option", "fast"], "Makao has no option 'fast'; its options are"),
        (["play", "trash"], "Trash is coming soon and cannot be played yet"),
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
            ["screenshots", "--out", "/proc/no-such-folder"],
            "cannot write screenshots to '/proc/no-such-folder'",
        ),
        (["play", "makao", "--colour"], "No such option '--colour'"),
        (["play"], "Missing argument 'GAME'"),
        (["deal", "makao"], "No such command 'deal'"),
        (["rules", "zoliky"], "Žolíky is coming soon"),
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
        (["simulate", "spite"], "Spite & Malice is coming soon"),
        (["bench", "--game", "garbage"], "Trash is coming soon"),
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


def test_two_humans_get_names(launched: list[Launch]) -> None:
    assert invoke("play", "macao", "--players", "3", "--bots", "1").exit_code == 0
    [(setup, _)] = launched
    assert setup is not None
    assert [seat.name for seat in setup.seats[:2]] == ["Anna", "Bob"]
    assert setup.seats[2].bot == "default"


def test_no_command_opens_the_picker(launched: list[Launch]) -> None:
    assert invoke("--ascii", "--bot-delay", "0").exit_code == 0
    assert launched == [(None, AppSettings(ascii=True, bot_delay=0))]


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
    header, *rows, note, formula = result.stdout.splitlines()
    assert header.split() == ["game", "players", "games/s", "actions/s", "reference/s", "ratio"]
    assert [row.split()[:2] for row in rows] == [["makao", "2"], ["makao", "4"]]
    for row in rows:
        actions, reference = (float(cell.replace(",", "")) for cell in row.split()[3:5])
        ratio = float(row.split()[5].removesuffix("x"))
        assert actions > 0 and reference > 0
        assert ratio == pytest.approx(actions / reference, abs=0.01)
    assert note.startswith("reference/s: actions per second of a minimal crazy-eights engine")
    assert formula.endswith("ratio = actions/s / reference/s.")


def test_bench_help_says_the_seconds_are_per_row() -> None:
    result = invoke("bench", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "--seconds SECONDS Measuring time per row (not for the whole run)." in text
    assert "a run takes about that many seconds times the number of rows" in text


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

    class FakeApp:
        def run(self) -> None:
            opened.append(self)

    monkeypatch.setattr("cardgames.tui.app.make_app", lambda: FakeApp())
    main([])
    assert len(opened) == 1


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


def test_rules_are_formatted_on_a_terminal() -> None:
    pid, terminal = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execv(
            sys.executable,
            [sys.executable, "-c", "from cardgames.cli import main; main()", "rules", "makao"],
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
    text = output.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 0, text
    assert "Makao" in text
    assert "# Makao" not in text, "the Markdown heading is rendered, not printed raw"
    assert "\x1b[" in text, "styled for the terminal"
