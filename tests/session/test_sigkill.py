"""Killing the process at any instant (SIGKILL) loses at most the move being written.

A child process plays bot games and autosaves after every accepted command; it is killed at
random instants, many times. Afterwards every record in the folder loads and replays, and each
holds every move whose save the child had reported (at most one more, being reported). A kill
during a write leaves only a hidden temporary file, which the listing ignores.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgames.core.rng import Rng
from cardgames.session.record import session_of
from cardgames.session.savefile import saved_games

ROOT = Path(__file__).resolve().parents[2]
KILLS = 16


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_instants_never_leaves_an_unreadable_record(tmp_path: Path) -> None:
    rng = Rng(2026)
    acknowledged: dict[str, int] = {}
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.session.autosave_child", str(tmp_path), str(kill)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        assert child.stdout is not None
        first = child.stdout.readline()  # the child is running and has saved once
        assert first, "the child did not start"
        time.sleep(0.01 + 0.15 * rng.random())
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        assert child.returncode == -signal.SIGKILL
        for line in (first + rest).splitlines(keepends=True):
            assert re.fullmatch(r"\S+ \d+\n", line), f"not a whole report line: {line!r}"
            game_id, moves = line.split()
            acknowledged[game_id] = int(moves)
    listing = saved_games(tmp_path)
    finished = saved_games(tmp_path, finished=True)
    assert listing.messages == () and finished.messages == ()
    records = {saved.record.id: saved.record for saved in (*listing.games, *finished.games)}
    assert set(acknowledged) <= set(records)
    for game_id, record in records.items():
        moves = acknowledged.get(game_id, 0)
        assert moves <= len(record.commands) <= moves + 1, game_id
        session_of(record, turn_seconds=0)
