"""Engine speed: random legal play in games and actions per second, next to a reference engine.

Shared by ``cardgames bench`` and the scripts in ``benchmarks/`` so all print the same figures.
Each action counted is one ``legal_actions()`` call plus one ``apply()``, as a search bot uses them.

Absolute figures depend on the machine and on what else runs on it, so every figure comes with
the speed of :class:`ReferenceState` (a minimal crazy-eights engine in plain Python, with the same
``legal_actions``/``apply`` protocol and the same seeded ``Rng``) measured in the same run: the
two are played in alternate slices of time, so a change of load slows both alike and their ratio
is what to compare between machines. Time is the process's CPU time (:data:`cpu_seconds`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardgames.core.registry import GAMES, find_game, load_game
from cardgames.core.rng import Rng
from cardgames.simulate import SimulationResult, simulate

SLICE_SECONDS = 0.25
"""How long one slice of a game or of the reference runs before the other's turn."""

SIMULATION_BLOCK = 50
"""Games played through the Session between two runs of the reference."""

cpu_seconds = time.process_time
"""The clock of the engine figures: the CPU time of this process, so that other programs
running on a busy machine do not count against the engine measured (the figures are for one
core, and the engines, ours and the references, are single-threaded)."""

CLONED_POSITIONS = 200
"""Positions of random games whose ``clone()`` is timed, per row."""

_EIGHT = 6
"""The rank index of the eights (ranks 0-12 are 2 to ace); a card is ``rank * 4 + suit``."""
_DRAW = -1
_PASS = -2


class Playable(Protocol):
    """What random play needs of a position."""

    def legal_actions(self) -> Sequence[Any]:
        """The legal actions; empty once the game is over."""
        ...

    def apply(self, action: Any) -> object:
        """Play one legal action."""
        ...


class ReferenceState:
    """Crazy eights reduced to its core, the yardstick of the engine figures.

    A 52-card deck; 7 cards each for two players, 5 for more. A card plays on the discard pile if
    it matches the suit in force or the top card's rank; an eight plays on anything and names the
    suit in force (one action per suit). A player with no card to play draws one card (the
    discard pile under its top card is shuffled into an empty stock) and the turn passes; with
    nothing to draw he passes. The game ends when a hand is empty or every player has passed in a
    row. Actions are ``(card, suit)`` pairs, ``(-1, 0)`` to draw and ``(-2, 0)`` to pass.

    Args:
        players: Seats (2 or more).
        seed: Seed of the shuffles.
    """

    __slots__ = ("_legal", "hands", "passes", "pile", "player", "rng", "stock", "suit")

    def __init__(self, players: int, *, seed: int) -> None:
        self.rng = Rng(seed)
        self.stock = list(range(52))
        self.rng.shuffle(self.stock)
        size = 7 if players == 2 else 5
        self.hands = [[self.stock.pop() for _ in range(size)] for _ in range(players)]
        self.pile = [self.stock.pop()]
        self.suit = self.pile[-1] % 4
        self.player: int | None = 0
        self.passes = 0
        self._legal: list[tuple[int, int]] | None = None

    def clone(self) -> ReferenceState:
        """An independent copy, RNG included (the yardstick of the clone figures)."""
        copy = ReferenceState.__new__(ReferenceState)
        copy.rng = self.rng.clone()
        copy.stock = list(self.stock)
        copy.hands = [list(hand) for hand in self.hands]
        copy.pile = list(self.pile)
        copy.suit = self.suit
        copy.player = self.player
        copy.passes = self.passes
        copy._legal = self._legal
        return copy

    def legal_actions(self) -> list[tuple[int, int]]:
        """The plays that fit, else drawing (or passing when nothing is left to draw)."""
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal

    def _list_legal(self) -> list[tuple[int, int]]:
        if self.player is None:
            return []
        top_rank = self.pile[-1] // 4
        plays: list[tuple[int, int]] = []
        for card in self.hands[self.player]:
            rank, suit = divmod(card, 4)
            if rank == _EIGHT:
                plays.extend((card, named) for named in range(4))
            elif suit == self.suit or rank == top_rank:
                plays.append((card, suit))
        if plays:
            return plays
        return [(_DRAW, 0)] if self.stock or len(self.pile) > 1 else [(_PASS, 0)]

    def apply(self, action: tuple[int, int]) -> None:
        """Play ``action``.

        Raises:
            ValueError: If it is not legal now; the position is unchanged.
        """
        if action not in self.legal_actions():
            raise ValueError(f"{action} is not legal now")
        assert self.player is not None
        self._legal = None
        card, suit = action
        players = len(self.hands)
        if card == _PASS:
            self.passes += 1
            if self.passes == players:
                self.player = None
                return
        elif card == _DRAW:
            self.passes = 0
            if not self.stock:
                self.stock = self.pile[:-1]
                del self.pile[:-1]
                self.rng.shuffle(self.stock)
            self.hands[self.player].append(self.stock.pop())
        else:
            self.passes = 0
            hand = self.hands[self.player]
            hand.remove(card)
            self.pile.append(card)
            self.suit = suit
            if not hand:
                self.player = None
                return
        self.player = (self.player + 1) % players


class Runner(Protocol):
    """Something measured in slices of time: random play, or cloning positions."""

    def run(self, seconds: float) -> None:
        """Work until ``seconds`` have passed (at least one unit of work)."""
        ...

    @property
    def rate(self) -> float:
        """Units of work (actions, clones) per second of the time measured so far."""
        ...


class GamePlay(Runner, Protocol):
    """Random play of whole games, measured in slices of time."""

    @property
    def games_per_second(self) -> float:
        """Whole games per second of the time measured so far."""
        ...


class RandomPlay:
    """Plays whole seeded games at random, one after another, and counts them.

    Args:
        deal: Returns the position of a new game from its seed.
        seed: Seed of the first deal (game ``i`` uses ``seed + i``) and of the random choices.
        clock: The clock timing the games: CPU seconds, or wall seconds where the figures stand
            next to wall-clock ones (the Session's simulation).
    """

    def __init__(
        self,
        deal: Callable[[int], Playable],
        seed: int = 0,
        clock: Callable[[], float] = cpu_seconds,
    ) -> None:
        self._deal = deal
        self._clock = clock
        self._seed = seed
        self._chooser = Rng(seed)
        self.games = 0
        self.actions = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Play whole games until ``seconds`` have passed (at least one game)."""
        choice = self._chooser.choice
        clock = self._clock
        start = clock()
        deadline = start + seconds
        while True:
            state = self._deal(self._seed + self.games)
            legal = state.legal_actions()
            while legal:
                state.apply(choice(legal))
                self.actions += 1
                legal = state.legal_actions()
            self.games += 1
            now = clock()
            if now >= deadline:
                break
        self.seconds += now - start

    @property
    def rate(self) -> float:
        """Actions per second of the time measured so far."""
        return self.actions / self.seconds

    @property
    def actions_per_second(self) -> float:
        """Actions per second of the time measured so far."""
        return self.actions / self.seconds

    @property
    def games_per_second(self) -> float:
        """Whole games per second of the time measured so far."""
        return self.games / self.seconds


class CloneTimer:
    """Clones a fixed set of positions over and over and counts the clones.

    Args:
        positions: The positions to clone, in turn (any objects with a ``clone()`` method).
    """

    def __init__(self, positions: Sequence[Any]) -> None:
        self._positions = positions
        self.clones = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Clone every position in turn until ``seconds`` have passed (at least one round)."""
        positions = self._positions
        start = cpu_seconds()
        deadline = start + seconds
        while True:
            for position in positions:
                position.clone()
            self.clones += len(positions)
            now = cpu_seconds()
            if now >= deadline:
                break
        self.seconds += now - start

    @property
    def rate(self) -> float:
        """Clones per second of the time measured so far."""
        return self.clones / self.seconds


def sample_positions(
    deal: Callable[[int], Any], *, count: int = CLONED_POSITIONS, seed: int = 0
) -> list[Any]:
    """Positions met in seeded random games, for timing ``clone``: every 5th of each game.

    Args:
        deal: Returns the position of a new game from its seed; it must have ``clone()``,
            ``legal_actions()`` and ``apply()``.
        count: How many positions.
        seed: Seed of the first deal and of the random choices.
    """
    chooser = Rng(seed)
    positions: list[Any] = []
    game = seed
    while len(positions) < count:
        state = deal(game)
        game += 1
        legal = state.legal_actions()
        step = 0
        while legal and len(positions) < count:
            if step % 5 == 0:
                positions.append(state.clone())
            state.apply(chooser.choice(legal))
            step += 1
            legal = state.legal_actions()
    return positions


def alternate(first: Runner, second: Runner, seconds: float) -> None:
    """Run the two in turn, in slices of :data:`SLICE_SECONDS`, half of ``seconds`` each."""
    slices = max(1, round(seconds / 2 / SLICE_SECONDS))
    for _ in range(slices):
        first.run(seconds / 2 / slices)
        second.run(seconds / 2 / slices)


def reference_play(
    players: int = 2, seed: int = 0, clock: Callable[[], float] = cpu_seconds
) -> RandomPlay:
    """Random play of :class:`ReferenceState` with ``players`` seats, timed by ``clock``."""
    return RandomPlay(lambda game_seed: ReferenceState(players, seed=game_seed), seed, clock)


def reference_clones(
    players: int = 2, seed: int = 0, count: int = CLONED_POSITIONS
) -> CloneTimer:
    """Cloning ``count`` positions of :class:`ReferenceState` with ``players`` seats."""
    return CloneTimer(
        sample_positions(
            lambda game_seed: ReferenceState(players, seed=game_seed), count=count, seed=seed
        )
    )


@dataclass(frozen=True, slots=True)
class Speed:
    """One measured row.

    Attributes:
        game: The game's name (or, for an engine outside the collection, its label).
        title: The name to print: the game's title, or the label.
        players: Seats per game.
        games_per_second: Whole games played per second.
        actions_per_second: Actions (legal_actions + apply) per second.
        reference_per_second: Actions per second of the reference engine, measured alternately.
        clones_per_second: ``clone()`` calls per second on positions of random games, or None
            if not measured.
        reference_clones_per_second: The same for the reference engine, measured alternately.
    """

    game: str
    title: str
    players: int
    games_per_second: float
    actions_per_second: float
    reference_per_second: float
    clones_per_second: float | None = None
    reference_clones_per_second: float | None = None

    @property
    def ratio(self) -> float:
        """The game's actions per second as a multiple of the reference's."""
        return self.actions_per_second / self.reference_per_second

    @property
    def clone_ratio(self) -> float | None:
        """Clones per second as a multiple of the reference's, or None if not measured."""
        if self.clones_per_second is None or not self.reference_clones_per_second:
            return None
        return self.clones_per_second / self.reference_clones_per_second


def speed_of(
    game: str,
    title: str,
    players: int,
    play: GamePlay,
    clones: Runner | None,
    seconds: float,
    *,
    seed: int = 0,
    positions: int = CLONED_POSITIONS,
) -> Speed:
    """Measure ``play`` (and ``clones``) alternately with the reference, ``seconds`` for each.

    Args:
        game: The row's name.
        title: The row's printed name.
        players: Seats per game (the reference is played with as many).
        play: Random play with ``run``, ``rate`` and ``games_per_second``.
        clones: Cloning positions of the game, or None not to measure ``clone``.
        seconds: Time of the random play and of the reference together; cloning (if measured)
            takes as long again.
        seed: Seed of the reference's games.
        positions: How many positions of the reference are cloned.
    """
    reference = reference_play(players, seed)
    alternate(play, reference, seconds)
    clone_rate = reference_clone_rate = None
    if clones is not None:
        reference_cloning = reference_clones(players, seed, positions)
        alternate(clones, reference_cloning, seconds)
        clone_rate, reference_clone_rate = clones.rate, reference_cloning.rate
    return Speed(
        game,
        title,
        players,
        play.games_per_second,
        play.rate,
        reference.rate,
        clone_rate,
        reference_clone_rate,
    )


def engine_speed(
    game: str, players: int, seconds: float, *, seed: int = 0, positions: int = CLONED_POSITIONS
) -> Speed:
    """Play seeded random games of ``game`` and of the reference for about ``seconds`` in all,
    then clone positions of both for as long.

    The two take turns in slices of :data:`SLICE_SECONDS` (fewer for a short run), each getting
    half the time; only whole games are counted, at least one per slice.

    Args:
        game: A game name or alias.
        players: Seats per game (the reference is played with as many).
        seconds: How long to measure both together (for play, and again for cloning).
        seed: Seed of the first deal (game ``i`` uses ``seed + i``) and of the random choices.
        positions: How many positions of random games are cloned, for each of the two.

    Returns:
        The rates of the game and of the reference.

    Raises:
        KeyError: If the game is unknown.
        LookupError: If the game is not playable yet.
        ValueError: If ``players`` is out of the game's range.
    """
    engine = load_game(game)

    def deal(game_seed: int) -> Any:
        return engine.new_game(players, seed=game_seed)

    info = find_game(game)
    return speed_of(
        info.name,
        info.title,
        players,
        RandomPlay(deal, seed),
        CloneTimer(sample_positions(deal, count=positions, seed=seed)),
        seconds,
        seed=seed,
        positions=positions,
    )


def playable_names() -> tuple[str, ...]:
    """The names of the games of the registry that can be played (and so measured) now."""
    return tuple(info.name for info in GAMES if info.playable)


def player_counts(game: str) -> tuple[int, ...]:
    """The player counts measured for ``game``: its fewest players, and four (or its most).

    Raises:
        KeyError: If the game is unknown.
    """
    info = find_game(game)
    return tuple(sorted({info.min_players, min(4, info.max_players)}))


def measure(
    games: Iterable[str], seconds: float, *, positions: int = CLONED_POSITIONS
) -> list[Speed]:
    """Measure every game for each of its :func:`player_counts`.

    Args:
        games: Game names.
        seconds: Measuring time per row, the reference's share included (and as long again
            for cloning).
        positions: How many positions of random games are cloned per row.

    Returns:
        One row per game and player count.
    """
    return [
        engine_speed(game, players, seconds, positions=positions)
        for game in games
        for players in player_counts(game)
    ]


def format_table(rows: Iterable[Speed]) -> str:
    """The rows as a plain text table with a header line and a note on the reference."""
    lines = [
        f"{'game':<24} {'players':>7} {'games/s':>9} {'actions/s':>10} "
        f"{'reference/s':>11} {'ratio':>6} {'clones/s':>9} {'ref-clones/s':>12} {'ratio':>6}"
    ]
    for row in rows:
        clones = "" if row.clones_per_second is None else (
            f" {row.clones_per_second:>9,.0f} {row.reference_clones_per_second:>12,.0f} "
            f"{row.clone_ratio:>5.2f}x"
        )
        lines.append(
            f"{row.game:<24} {row.players:>7} {row.games_per_second:>9,.0f} "
            f"{row.actions_per_second:>10,.0f} {row.reference_per_second:>11,.0f} "
            f"{row.ratio:>5.2f}x{clones}"
        )
    lines.append(
        "reference/s: actions per second of a minimal crazy-eights engine (cardgames.bench),\n"
        "measured alternately with each row (ref-clones/s: its clones per second, the same way);\n"
        "CPU time of this process; ratio = actions/s / reference/s."
    )
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class SimulationSpeed:
    """Whole games between computer players through the Session, next to the reference.

    Attributes:
        result: The totals, as ``cardgames simulate`` gives them for the same arguments.
        reference_per_second: Actions per second of the reference engine, measured alternately.
    """

    result: SimulationResult
    reference_per_second: float

    @property
    def turns_per_second(self) -> float:
        """Turns (actions of the Session's history) per second."""
        return self.result.actions / self.result.seconds

    @property
    def ratio(self) -> float:
        """Turns per second as a multiple of the reference's actions per second."""
        return self.turns_per_second / self.reference_per_second


def simulation_speed(
    game: str, *, games: int, players: int, seed: int = 1, block: int = SIMULATION_BLOCK
) -> SimulationSpeed:
    """Play the games of :func:`cardgames.simulate.simulate` in blocks between reference runs.

    After each block of ``block`` games the reference plays at random for as long as the block
    took, both timed by the wall clock as ``simulate`` times its games. The games, turns and
    wins are those of one ``simulate`` call with the same arguments.

    Args:
        game: A game name or alias.
        games: How many games (at least 1).
        players: Seats per game (the reference is played with as many).
        seed: Seed of the first game.
        block: Games per block.

    Returns:
        The totals and the reference's rate.

    Raises:
        ValueError: If the set-up is invalid (see :func:`cardgames.simulate.simulate`).
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    reference = reference_play(players, seed, time.perf_counter)
    parts: list[SimulationResult] = []
    for first in range(0, games, block):
        part = simulate(game, games=min(block, games - first), players=players, seed=seed + first)
        reference.run(part.seconds)
        parts.append(part)
    total = SimulationResult(
        parts[0].title,
        players,
        sum(part.games for part in parts),
        sum(part.actions for part in parts),
        tuple(map(sum, zip(*(part.wins for part in parts), strict=True))),
        sum(part.seconds for part in parts),
    )
    return SimulationSpeed(total, reference.actions_per_second)
