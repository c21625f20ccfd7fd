"""Headless bot-against-bot games played through the Session, for ``cardgames simulate``."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from cardgames.core.engine import OptionValue
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a run of simulated games gives.

    Attributes:
        title: The game's display name.
        players: Seats per game.
        games: Games played.
        actions: Actions played in all games together.
        wins: Games won per seat (a game with several winners counts for each).
        seconds: Wall time of the whole run.
    """

    title: str
    players: int
    games: int
    actions: int
    wins: tuple[int, ...]
    seconds: float

    @property
    def average_actions(self) -> float:
        """Actions (turns) per game."""
        return self.actions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def simulate(
    game: str,
    *,
    games: int,
    players: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    bot: str = "default",
    clock: Callable[[], float] = time.perf_counter,
) -> SimulationResult:
    """Play ``games`` games with a computer player in every seat.

    Game ``i`` is dealt from ``seed + i``, so a run is reproducible.

    Args:
        game: A game name or alias.
        games: How many games (at least 1).
        players: Seats per game.
        seed: Seed of the first game.
        options: House options.
        bot: The bot kind for every seat (a key of the game's ``bots()``), or "default"; or
            one kind per seat separated by commas (``"spite_malice,random"``).
        clock: Seconds, for the games-per-second figure.

    Returns:
        The totals.

    Raises:
        ValueError: With a one-line message, if the set-up is invalid (unknown or unplayable
            game, player count out of range, unknown option or bot, fewer than one game).
        RuntimeError: If a game does not end.
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    kinds = bot.split(",")
    if len(kinds) == 1:
        seats = default_seats(players, players, bot)
    elif len(kinds) == players:
        named = default_seats(players, players)
        seats = tuple(replace(seat, bot=kind) for seat, kind in zip(named, kinds, strict=True))
    else:
        raise ValueError(f"--bot names {len(kinds)} computer players for {players} seats")
    base = GameSetup(game, seats, dict(options or {}), seed)
    base.check()
    wins = [0] * players
    actions = 0
    title = ""
    start = clock()
    for index in range(games):
        session = Session(GameSetup(base.game, seats, base.options, seed + index), turn_seconds=0)
        title = session.game.title
        session.run_bots()
        outcome = session.outcome()
        if outcome is None:
            raise RuntimeError(f"{title} game {seed + index} did not end")
        actions += len(session.history)
        for seat in outcome.winners:
            wins[seat] += 1
    return SimulationResult(title, players, games, actions, tuple(wins), clock() - start)
