"""``cardgames host`` and ``cardgames join`` on the command line."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cardgames import cli_commands as cli
from cardgames.net.protocol import parse_code
from tests.net.tables import Player


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["join", "nonsense", "--name", "Anna"], "'nonsense' is not a join code"),
        (["join", "127.0.0.1:7777/ab.cd", "--name", " "], "--name must have 1 to 20"),
        (["join", "127.0.0.1:7777/ab.cd", "--name", "M" * 21], "--name must have 1 to 20"),
        (["host", "makao", "--name", "Maximilianus1"], "--name must have 1 to 12"),
        (["join", "127.0.0.1:99999/ab.cd", "--name", "Anna"], "is not a join code"),
        (["host", "makao", "--players", "3", "--bots", "3"], "--bots must be between 0 and 2"),
        (["host", "makao", "--players", "9"], "Makao takes 2-6 players, not 9"),
        (["host", "poker"], "unknown game 'poker'"),
        (["host", "makao", "--port", "70000"], "--port must be a port number from 0 to 65535"),
        (["host", "makao", "--players", "2", "--bots", "1"],
         "a network table needs a seat for someone else: 2 seats with 1 computer player leave "
         "none but yours"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli.cli, args)
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardgames: error: ")
    assert message in lines[0]


async def test_headless_host_prints_a_join_code_serves_the_game_and_ends_with_it() -> None:
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from cardgames.cli import main; main()", "host", "makao",
        "--players", "2", "--bots", "1", "--seed", "7", "--port", "0", "--headless",
        "--bot-delay", "0",
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        assert host.stdout is not None
        first = (await asyncio.wait_for(host.stdout.readline(), 10)).decode()
        assert first == "Makao table, 2 seats, 1 computer player.\n"
        line = (await asyncio.wait_for(host.stdout.readline(), 10)).decode()
        assert line.startswith("Join code: 127.0.0.1:")
        code = parse_code(line.split()[-1])
        anna = Player(code, "Anna", 1)
        await asyncio.wait_for(anna.run(), 20)
        assert anna.session is not None and anna.session.is_over
        assert await asyncio.wait_for(host.wait(), 10) == 0
    finally:
        if host.returncode is None:
            host.kill()
            await host.wait()
