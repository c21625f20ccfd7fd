"""A player that never stops: plays bot games through the Session and autosaves after every
accepted command, printing ``<id> <commands>`` once each save is done.

Each line goes out in one ``os.write`` of a few bytes, which a pipe delivers whole: ``print``
writes its pieces separately when Python runs unbuffered (``PYTHONUNBUFFERED``), so a kill
between them would leave half a line.

Run as ``python -m tests.session.autosave_child FOLDER SEED``; the SIGKILL test kills it.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime
from pathlib import Path

from cardgames.session.record import record_of
from cardgames.session.savefile import save
from tests.session.play import PLAYABLE, new_session, setup_for

STARTED = datetime(2026, 12, 1, tzinfo=UTC)


def main(folder: Path, seed: int) -> None:
    """Play game after game in ``folder`` until killed."""
    number = 0
    while True:
        game = PLAYABLE[(seed + number) % len(PLAYABLE)]
        session = new_session(setup_for(game, seed * 1000 + number, 0))
        game_id = f"{seed}-{number}"
        while not session.is_over:
            session.step_bot()
            finished = STARTED if session.is_over else None
            save(record_of(session, id=game_id, started=STARTED, finished=finished), folder)
            os.write(1, f"{game_id} {len(session.history)}\n".encode())
        number += 1


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
