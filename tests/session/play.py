"""Playing Session games at random for the record tests: humans choose random legal moves."""

from __future__ import annotations

from datetime import datetime

from cardgames.core.registry import GAMES
from cardgames.core.rng import Rng
from cardgames.session.commands import Accepted
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec

PLAYABLE = tuple(info.name for info in GAMES if info.playable)
"""Every game of the collection that can be played: each gets the record tests."""


def setup_for(game: str, seed: int, humans: int, *, players: int | None = None) -> GameSetup:
    """A set-up of ``game`` with ``humans`` people first and random bots in the other seats."""
    info = next(info for info in GAMES if info.name == game)
    rng = Rng(seed)
    count = players or info.min_players + rng.randrange(info.max_players - info.min_players + 1)
    humans = min(humans, count)
    names = ["You"] if humans == 1 else [f"Player {i + 1}" for i in range(humans)]
    seats = [SeatSpec(name) for name in names]
    seats.extend(SeatSpec(f"Bot {i + 1}", "random") for i in range(count - humans))
    return GameSetup(game, tuple(seats), seed=seed)


def new_session(setup: GameSetup) -> Session:
    """A Session without a turn clock (the tests move at their own pace)."""
    return Session(setup, turn_seconds=0)


def play(session: Session, rng: Rng, moves: int) -> int:
    """Make up to ``moves`` accepted moves (bots' and humans'); returns how many were made."""
    made = 0
    while made < moves and not session.is_over:
        if session.handover is not None:
            session.ready(session.handover)
            continue
        if session.bot_to_move:
            session.step_bot()
        else:
            seat = session.current_player
            assert seat is not None
            result = session.submit(seat, rng.choice(session.legal_actions()))
            assert isinstance(result, Accepted)
        made += 1
    return made


def save_finished(setup: GameSetup, moment: datetime) -> str:
    """Play ``setup`` to the end (people choosing random legal moves) and save it, finished at
    ``moment``, as the app does: its record in the records folder, its result in the
    statistics. Returns the game's id."""
    from cardgames.session.autosave import Autosave

    session = new_session(setup)
    play(session, Rng(setup.seed), 1_000_000)
    assert session.is_over
    saver = Autosave.start(session, moment)
    saver.save(session, moment)
    return saver.id
