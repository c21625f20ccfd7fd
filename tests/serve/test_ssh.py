"""``cardgames serve-ssh`` on 127.0.0.1, visited with asyncssh's client: a pseudo-terminal and an
app process per connection, sized and resized with the visitor's terminal, gone with the
connection; keys not authorized, connections beyond the limit and idle visitors refused."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from cardgames.serve.ssh import (
    HOST_KEY_FILE,
    SshConfig,
    SshServer,
    display_args,
    host_key,
    start_ssh_server,
    visitor_args,
    visitor_home,
)
from cardgames.tui.settings import AppSettings

SECONDS = 30.0
"""Upper bound on any wait for the app (it starts in about a second)."""

RULE = "─".encode() * 100
"""A horizontal rule 100 cells wide: the picker draws one across the whole terminal."""


@pytest.fixture
def client_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def authorized(tmp_path: Path, client_key: asyncssh.SSHKey) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_bytes(client_key.export_public_key())
    return path


@pytest.fixture
async def server(cardgames_home: Path, authorized: Path) -> AsyncIterator[SshServer]:
    config = SshConfig(cardgames_home, authorized, port=0, max_connections=1, idle_timeout=0)
    running = await start_ssh_server(config)
    yield running
    await running.close()


def _connect(port: int, key: asyncssh.SSHKey) -> Any:
    """asyncssh's client connection to the server on 127.0.0.1 with ``key`` (for ``async with``)."""
    return asyncssh.connect(
        "127.0.0.1", port, username="anna", client_keys=[key], known_hosts=None,
        agent_path=None, connect_timeout=SECONDS,
    )


async def _read_until(process: asyncssh.SSHClientProcess[bytes], wanted: bytes) -> bytes:
    """What the app shows until ``wanted`` appears."""
    shown = b""
    async with asyncio.timeout(SECONDS):
        while wanted not in shown:
            chunk = await process.stdout.read(65536)
            assert chunk, f"the session ended before {wanted!r}; it showed {shown[-400:]!r}"
            shown += chunk
    return shown


async def _gone(pid: int) -> bool:
    """True once no process ``pid`` exists (waiting up to :data:`SECONDS`)."""
    async with asyncio.timeout(SECONDS):
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
            await asyncio.sleep(0.05)


async def test_a_visitor_gets_the_picker_on_his_own_terminal_and_it_ends_with_him(
    server: SshServer, client_key: asyncssh.SSHKey
) -> None:
    async with _connect(server.port, client_key) as conn:
        process = await conn.create_process(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        await _read_until(process, b"Pick a game")
        (pid,) = server.app_pids()
        process.change_terminal_size(100, 30)
        await _read_until(process, RULE)
        process.stdin.write(b"1")
        await _read_until(process, b"set up a game")
    assert await _gone(pid)
    assert server.app_pids() == []


async def test_the_connection_ends_when_the_app_does(
    server: SshServer, client_key: asyncssh.SSHKey
) -> None:
    async with _connect(server.port, client_key) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await _read_until(process, b"Pick a game")
        process.stdin.write(b"q")
        async with asyncio.timeout(SECONDS):
            result = await process.wait()
    assert result.exit_status == 0


async def test_a_key_not_in_the_authorized_keys_is_refused(server: SshServer) -> None:
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    with pytest.raises(asyncssh.PermissionDenied):
        async with _connect(server.port, stranger):
            pass


async def test_a_connection_beyond_the_maximum_is_refused_with_a_reason(
    server: SshServer, client_key: asyncssh.SSHKey
) -> None:
    async with _connect(server.port, client_key):
        with pytest.raises(asyncssh.DisconnectError) as refused:
            async with _connect(server.port, client_key):
                pass
    assert refused.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
    assert refused.value.reason.startswith(
        "cardgames: the server is full (1 connection); try again later"
    )


async def test_without_a_terminal_or_with_a_command_not_offered_a_visitor_gets_one_line(
    server: SshServer, client_key: asyncssh.SSHKey
) -> None:
    async with _connect(server.port, client_key) as conn:
        done = await conn.run("bench", encoding="utf-8")
    assert done.exit_status == 2
    assert done.stderr == "cardgames: error: 'bench' is not offered here; ask for one of: " \
        "join, play, rules\r\n"


async def test_an_idle_visitor_is_disconnected_with_a_reason(
    cardgames_home: Path, authorized: Path, client_key: asyncssh.SSHKey
) -> None:
    config = SshConfig(cardgames_home, authorized, port=0, idle_timeout=0.5)
    server = await start_ssh_server(config)
    try:
        async with _connect(server.port, client_key) as conn:
            process = await conn.create_process(term_type="xterm", encoding=None)
            async with asyncio.timeout(SECONDS):
                result = await process.wait()
    finally:
        await server.close()
    assert result.stderr == b"cardgames: disconnected after 0.5 seconds without a key press\r\n"


def test_the_host_key_is_made_once_readable_by_its_owner_only_and_kept(tmp_path: Path) -> None:
    first = host_key(tmp_path / "home")
    assert (tmp_path / "home" / HOST_KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert host_key(tmp_path / "home").get_fingerprint() == first.get_fingerprint()


def test_visitors_may_name_only_the_commands_offered() -> None:
    assert visitor_args(None) == ()
    assert visitor_args("play makao --bots 1") == ("play", "makao", "--bots", "1")
    with pytest.raises(ValueError, match="'screenshots' is not offered here"):
        visitor_args("screenshots --out /tmp")
    with pytest.raises(ValueError, match="cannot read the command"):
        visitor_args("play 'makao")


def test_each_user_name_has_a_data_folder_of_its_own(tmp_path: Path) -> None:
    assert visitor_home(tmp_path, "anna") == tmp_path / "ssh-visitors" / "anna"
    assert visitor_home(tmp_path, "../../etc") == tmp_path / "ssh-visitors" / "_.._etc"
    assert visitor_home(tmp_path, "") == tmp_path / "ssh-visitors" / "guest"
    assert visitor_home(tmp_path, "..") == tmp_path / "ssh-visitors" / "guest"


def test_the_display_settings_reach_every_visitors_app() -> None:
    settings = AppSettings(ascii=True, bot_delay=0.25, turn_seconds=20.0, bell=False)
    assert display_args(settings) == (
        "--ascii", "--bot-delay", "0.25", "--turn-seconds", "20.0", "--no-bell"
    )
