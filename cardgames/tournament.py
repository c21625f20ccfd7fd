"""Computer players against each other, for ``cardgames tournament``: win rates and thinking time.

Every deal is played once per seat rotation, so each bot sits in every seat of every deal and
no bot profits from a lucky seat. Times per move are measured around the bot's decision only (a
move with a choice; a forced move is not timed) and never steer a bot: its budget is counted in
playouts. Between games the reference engine of :mod:`cardgames.bench` is played for a moment, so
the times stand next to a speed measured under the same load.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from cardgames.bench import reference_play
from cardgames.core.engine import OptionValue
from cardgames.core.registry import load_game
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

REFERENCE_SECONDS = 0.02
"""Seconds of reference play after each game."""

MOVE_LIMIT = 3000
"""Moves after which a game counts as unfinished (no winner): bots may go round in circles."""


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate.

    Args:
        wins: Games won.
        games: Games played (0 gives the whole range).
        z: The normal quantile (1.96 for 95%).

    Returns:
        The lower and upper bound, from 0.0 to 1.0.
    """
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` 0.99 for p99) of sorted values; 0.0 if none."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(share * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass(frozen=True, slots=True)
class BotRecord:
    """How one computer player did.

    Attributes:
        bot: The bot's kind (a level such as ``hard``, or a bot of the game such as ``random``).
        games: Games it played in.
        wins: Games it won (a seat of it among the winners).
        move_seconds: Its decision times in seconds, sorted, one per move with a choice.
    """

    bot: str
    games: int
    wins: int
    move_seconds: tuple[float, ...]

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 .. 1.0."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson_interval(self.wins, self.games)

    @property
    def median_seconds(self) -> float:
        """The median decision time in seconds."""
        return statistics.median(self.move_seconds) if self.move_seconds else 0.0

    @property
    def p99_seconds(self) -> float:
        """The 99th-percentile decision time in seconds."""
        return percentile(self.move_seconds, 0.99)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """What a tournament gives.

    Attributes:
        title: The game's display name.
        players: Seats per game.
        games: Games played.
        actions: Actions played in all games together.
        records: One per bot kind, in the order given.
        unfinished: Games stopped at :data:`MOVE_LIMIT` moves, won by nobody.
        seconds: Wall time of the games (without the reference play).
        reference_per_second: Actions per second of the reference engine, played between games.
    """

    title: str
    players: int
    games: int
    actions: int
    records: tuple[BotRecord, ...]
    unfinished: int
    seconds: float
    reference_per_second: float

    @property
    def games_per_second(self) -> float:
        """Games per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def seating(bots: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """The bot of each seat: ``bots`` repeated round the table, turned by ``rotation`` seats."""
    return tuple(bots[(seat + rotation) % players % len(bots)] for seat in range(players))


def check_entries(
    game: str,
    bots: Sequence[str],
    *,
    games: int,
    players: int,
    options: Mapping[str, OptionValue] | None = None,
) -> tuple[str, ...]:
    """The distinct bot kinds of a tournament, checked with its options before any game is
    played.

    Args:
        game: A game name or alias.
        bots: The bot kinds as named, one per seat at most.
        games: How many games.
        players: Seats per game.
        options: House options.

    Returns:
        The kinds, each once, in the order first named.

    Raises:
        ValueError: With a one-line message, if the game is unknown or not playable, an
            option is unknown or has a wrong value, ``games`` is below 1, ``bots`` names
            fewer than 2 or more than ``players`` bots, or all the names are one computer
            player (a level and the bot it is, such as ``normal`` and a game's heuristic, are
            one): its win rate would be meaningless.
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if not 2 <= len(bots) <= players:
        needed = "2" if players == 2 else f"2 to {players}"
        raise ValueError(
            f"a tournament needs {needed} computer players for {players} seats; "
            f"--bots names {len(bots)}"
        )
    try:
        rules = load_game(game)
    except (KeyError, LookupError) as error:
        raise ValueError(error.args[0] if error.args else str(error)) from None
    rules.check_options(options)
    factories: Mapping[str, object] = getattr(rules, "bots", dict)()
    kinds = tuple(dict.fromkeys(bots))
    if len({factories.get(kind, kind) for kind in kinds}) < 2:
        named = " and ".join(repr(kind) for kind in kinds)
        same = ", the same player" if len(kinds) > 1 else ""
        raise ValueError(
            f"a tournament matches different computer players; --bots names only {named}{same}"
        )
    return kinds


def tournament(
    game: str,
    bots: Sequence[str],
    *,
    games: int,
    players: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    clock: Callable[[], float] = time.perf_counter,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games between the computer players ``bots``, seats rotated.

    Game ``i`` is deal ``seed + i // players`` with the seats turned by ``i % players`` (see
    :func:`seating`), so every deal is played from every seat while the games last.

    Args:
        game: A game name or alias.
        bots: The bot kinds (levels or the game's own bots), 2 to ``players`` of them, at least
            two of them different.
        games: How many games (at least 1).
        players: Seats per game.
        seed: Seed of the first deal.
        options: House options.
        clock: Seconds, for the timings.
        progress: Called with the number of games finished after each game.

    Returns:
        The win rates and timings.

    Raises:
        ValueError: With a one-line message, if the set-up is invalid (unknown game or bot,
            player count out of range, too few or too many bots, a single kind of bot, fewer
            than one game).
    """
    kinds = check_entries(game, bots, games=games, players=players, options=options)
    played = dict.fromkeys(kinds, 0)
    won = dict.fromkeys(kinds, 0)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    reference = reference_play(players, seed)
    actions = unfinished = 0
    seconds = 0.0
    title = ""
    for index in range(games):
        seats = seating(bots, players, index % players)
        names = tuple(SeatSpec(f"{kind} {seat + 1}", kind) for seat, kind in enumerate(seats))
        setup = GameSetup(game, names, dict(options or {}), seed + index // players)
        start = clock()
        session = Session(setup, turn_seconds=0)
        title = session.game.title
        moves = 0
        while moves < MOVE_LIMIT and (turn := session.bot_turn()) is not None:
            moves += 1
            before = clock()
            action = turn.think()
            if len(turn.legal) > 1:
                times[seats[turn.seat]].append(clock() - before)
            session.play_bot_turn(turn, action)
        seconds += clock() - start
        outcome = session.outcome()
        actions += len(session.history)
        for kind in set(seats):
            played[kind] += 1
        if outcome is None:
            unfinished += 1
        else:
            for kind in {seats[seat] for seat in outcome.winners}:
                won[kind] += 1
        reference.run(REFERENCE_SECONDS)
        if progress is not None:
            progress(index + 1)
    records = tuple(
        BotRecord(kind, played[kind], won[kind], tuple(sorted(times[kind]))) for kind in kinds
    )
    return TournamentResult(
        title, players, games, actions, records, unfinished, seconds, reference.actions_per_second
    )


def format_result(result: TournamentResult, seed: int) -> str:
    """The tournament's figures as lines of text for the terminal (80 columns wide at most for
    bot names of up to 12 characters, the longest the games have)."""
    lines = [
        f"game              {result.title}, {result.players} players, {result.games} games "
        f"from seed {seed}, seats rotated",
        f"games per second  {result.games_per_second:,.2f}",
        f"unfinished        {result.unfinished} (stopped after {MOVE_LIMIT} moves, no winner)",
        f"reference         {result.reference_per_second:,.0f} actions/s of the reference "
        "engine between games",
        "",
    ]
    width = max(3, *(len(record.bot) for record in result.records))
    lines.append(
        f"{'bot':<{width}} {'games':>6} {'wins':>6} {'win rate':>9}  {'95% interval':<13} "
        f"{'moves':>7} {'median':>9} {'p99':>9}"
    )
    for record in result.records:
        low, high = record.interval
        lines.append(
            f"{record.bot:<{width}} {record.games:>6} {record.wins:>6} {record.win_rate:>9.1%}  "
            f"{f'{low:.1%}-{high:.1%}':<13} {len(record.move_seconds):>7} "
            f"{_duration(record.median_seconds):>9} {_duration(record.p99_seconds):>9}"
        )
    return "\n".join(lines)


def _duration(seconds: float) -> str:
    """``0.4 ms``, ``312 ms`` or ``1.25 s``."""
    if seconds < 0.01:
        return f"{seconds * 1000:.2f} ms"
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.2f} s"
