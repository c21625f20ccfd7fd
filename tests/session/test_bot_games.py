"""Whole games between computer players through the Session: the same seeds give the same games.

The digests pin the command texts of seeded bot games (seeds 1-10, every seat a default computer
player). A change to an engine, a bot or the Session that changes them changes what players get
for a seed: update them only when that is intended.
"""

from __future__ import annotations

import hashlib

import pytest

from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats

GAMES = {
    ("makao", 2): (532, "6c39030d72780fb3"),
    ("makao", 4): (1309, "5dbf71088d5ae843"),
    ("shithead", 2): (765, "49e9e41d2a8c1d2a"),
    ("shithead", 4): (661, "37ed81b9f719377e"),
}


@pytest.mark.parametrize(("game", "players"), list(GAMES))
def test_seeded_bot_games_stay_the_same(game: str, players: int) -> None:
    digest = hashlib.sha256()
    turns = 0
    for seed in range(1, 11):
        session = Session(GameSetup(game, default_seats(players, players), {}, seed))
        texts = [move.command for move in session.run_bots()]
        assert session.is_over
        assert texts == session.commands(), "each bot move's text is formatted from its own view"
        digest.update("\n".join(texts).encode())
        digest.update(b"\0")
        turns += len(texts)
    assert (turns, digest.hexdigest()[:16]) == GAMES[game, players]
