"""Engine speed: random legal play measured in games and actions per second.

Shared by ``cardgames bench`` and ``benchmarks/engine_speed.py`` so both print the same figures.
Each action counted is one ``legal_actions()`` call plus one ``apply()``, as a search bot uses them.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from cardgames.core.registry import GAMES, load_game
from cardgames.core.rng import Rng

BENCH_PLAYERS: dict[str, tuple[int, ...]] = {
    "makao": (2, 4),
    "shithead": (2, 4),
    "trash": (2, 6),
}
"""The player counts measured per game; a game missing here is measured with 2 players."""


@dataclass(frozen=True, slots=True)
class Speed:
    """One measured row.

    Attributes:
        game: The game's name.
        players: Seats per game.
        games_per_second: Whole games played per second.
        actions_per_second: Actions (legal_actions + apply) per second.
    """

    game: str
    players: int
    games_per_second: float
    actions_per_second: float


def engine_speed(game: str, players: int, seconds: float, *, seed: int = 0) -> tuple[float, float]:
    """Play seeded random games of ``game`` for about ``seconds`` and return the rates.

    At least one whole game is played; only whole games are counted.

    Args:
        game: A game name or alias.
        players: Seats per game.
        seconds: How long to measure.
        seed: Seed of the first deal (game ``i`` uses ``seed + i``) and of the random choices.

    Returns:
        ``(games per second, actions per second)``.

    Raises:
        KeyError: If the game is unknown.
        LookupError: If the game is not playable yet.
        ValueError: If ``players`` is out of the game's range.
    """
    engine = load_game(game)
    chooser = Rng(seed)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = engine.new_game(players, seed=seed + games)
        legal = state.legal_actions()
        while legal:
            state.apply(chooser.choice(legal))
            actions += 1
            legal = state.legal_actions()
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return games / elapsed, actions / elapsed


def playable_names() -> tuple[str, ...]:
    """The names of the games that can be measured now (playable and importable)."""
    names = []
    for info in GAMES:
        if not info.playable:
            continue
        try:
            load_game(info.name)
        except ImportError:
            continue
        names.append(info.name)
    return tuple(names)


def measure(games: Iterable[str], seconds: float) -> list[Speed]:
    """Measure every game for each of its player counts in :data:`BENCH_PLAYERS`.

    Args:
        games: Game names.
        seconds: Measuring time per row.

    Returns:
        One row per game and player count.
    """
    rows = []
    for game in games:
        for players in BENCH_PLAYERS.get(game, (2,)):
            per_game, per_action = engine_speed(game, players, seconds)
            rows.append(Speed(game, players, per_game, per_action))
    return rows


def format_table(rows: Iterable[Speed]) -> str:
    """The rows as a plain text table with a header line."""
    lines = [f"{'game':<10} {'players':>7} {'games/s':>10} {'actions/s':>11}"]
    lines.extend(
        f"{row.game:<10} {row.players:>7} {row.games_per_second:>10,.0f} "
        f"{row.actions_per_second:>11,.0f}"
        for row in rows
    )
    return "\n".join(lines)
