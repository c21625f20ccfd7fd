"""Engines outside the collection, measured beside ours: OpenSpiel and RLCard, when installed.

Neither package is a dependency of cardgames; each comparison is skipped with a one-line note
when its package cannot be imported. Like our games, each is played at random in slices of time
alternating with ``ReferenceState`` of ``cardgames.bench``, so its ratio to the reference stands
in the same column as ours and two rows compare by their ratios: for example Makao's actions/s
over OpenSpiel's crazy_eights' actions/s is Makao's ratio over crazy_eights' ratio.

- OpenSpiel ``crazy_eights`` (``use_special_cards=True``), 2 and 4 players, the yardstick of the
  shedding games. Each node is played with one ``legal_actions()`` plus one ``apply_action()``;
  an action counted is a player's decision, as in our engines, where the deal happens in
  ``new_game`` and a drawn card comes with the draw: OpenSpiel's chance nodes (the deal, the
  card each draw brings) take their time but are not counted. About 40% of its nodes are
  chance nodes, so counting them would raise its rate by about 1.6×; ``against`` says both.
  Its ``clone()`` is timed like ours.
- OpenSpiel ``gin_rummy``, 2 players, the yardstick of Žolíky (counted the same way).
- RLCard ``uno`` through ``Env.run`` with random agents, 2 players (RLCard's UNO has no other
  player count); an action is one ``Env.step``. RLCard has no ``clone``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgames.bench import CloneTimer, Speed, cpu_seconds, speed_of
from cardgames.core.rng import Rng


@dataclass(frozen=True)
class Comparison:
    """One engine from outside, at one player count.

    Attributes:
        label: The row's name (package and game).
        players: Seats per game.
        play: Makes the random play from a seed.
        clones: Makes the clone timer from a seed, or None when the engine cannot clone.
    """

    label: str
    players: int
    play: Callable[[int], Any]
    clones: Callable[[int], CloneTimer] | None


class SpielPlay:
    """Random play of an OpenSpiel game: whole games, chance nodes picked uniformly.

    Args:
        game: The loaded ``pyspiel`` game.
        seed: Seed of the random choices.
    """

    def __init__(self, game: Any, seed: int) -> None:
        self._game = game
        self._chooser = Rng(seed)
        self.games = 0
        self.actions = 0
        self.steps = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Play whole games until ``seconds`` have passed (at least one game)."""
        choice = self._chooser.choice
        new_state = self._game.new_initial_state
        start = cpu_seconds()
        deadline = start + seconds
        while True:
            state = new_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    self.actions += 1
                state.apply_action(choice(state.legal_actions()))
                self.steps += 1
            self.games += 1
            now = cpu_seconds()
            if now >= deadline:
                break
        self.seconds += now - start

    @property
    def rate(self) -> float:
        """Players' actions (decisions) per second; chance nodes take time but do not count."""
        return self.actions / self.seconds

    @property
    def steps_per_action(self) -> float:
        """Nodes played (chance nodes included) per player's action."""
        return self.steps / self.actions

    @property
    def games_per_second(self) -> float:
        """Whole games per second."""
        return self.games / self.seconds


def spiel_positions(game: Any, seed: int, count: int = 200) -> list[Any]:
    """Every 5th position of seeded random games of an OpenSpiel game, for timing ``clone``."""
    chooser = Rng(seed)
    positions: list[Any] = []
    while len(positions) < count:
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and len(positions) < count:
            if step % 5 == 0:
                positions.append(state.clone())
            state.apply_action(chooser.choice(state.legal_actions()))
            step += 1
    return positions


class UnoPlay:
    """Whole games of RLCard's UNO through ``Env.run`` with random agents.

    Args:
        rlcard: The imported ``rlcard`` package.
        seed: The environment's seed.
    """

    def __init__(self, rlcard: Any, seed: int) -> None:
        agents = importlib.import_module("rlcard.agents")
        self._env = rlcard.make("uno", config={"seed": seed})
        self._env.set_agents(
            [agents.RandomAgent(num_actions=self._env.num_actions) for _ in range(2)]
        )
        self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        """Play whole games until ``seconds`` have passed (at least one game)."""
        start = cpu_seconds()
        deadline = start + seconds
        while True:
            self._env.run(is_training=False)
            self.games += 1
            now = cpu_seconds()
            if now >= deadline:
                break
        self.seconds += now - start

    @property
    def rate(self) -> float:
        """Steps (actions) per second."""
        return int(self._env.timestep) / self.seconds

    @property
    def games_per_second(self) -> float:
        """Whole games per second."""
        return self.games / self.seconds


def _spiel(name: str, players: int | None, **parameters: Any) -> Comparison | str:
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return f"OpenSpiel {name} skipped: the open_spiel package is not installed"
    if players is not None:
        parameters["players"] = players
    game = pyspiel.load_game(name, parameters)
    seats = int(game.num_players())
    return Comparison(
        f"OpenSpiel {name}",
        seats,
        lambda seed: SpielPlay(game, seed),
        lambda seed: CloneTimer(spiel_positions(game, seed)),
    )


def _uno() -> Comparison | str:
    try:
        rlcard = importlib.import_module("rlcard")
    except ImportError:
        return "RLCard uno skipped: the rlcard package is not installed"
    return Comparison("RLCard uno Env.run", 2, lambda seed: UnoPlay(rlcard, seed), None)


def available() -> tuple[list[Comparison], list[str]]:
    """The comparisons whose packages import here, and a note for each one skipped."""
    found: list[Comparison] = []
    notes: list[str] = []
    for made in (
        _spiel("crazy_eights", 2, use_special_cards=True),
        _spiel("crazy_eights", 4, use_special_cards=True),
        _spiel("gin_rummy", None),
        _uno(),
    ):
        if isinstance(made, str):
            notes.append(made)
        else:
            found.append(made)
    return found, notes


@dataclass(frozen=True)
class Outside:
    """One measured comparison.

    Attributes:
        speed: The row, as ours are measured.
        nodes_per_action: OpenSpiel nodes played (chance nodes included) per player's action;
            1 for RLCard, which has no chance nodes.
    """

    speed: Speed
    nodes_per_action: float


def measure(comparisons: list[Comparison], seconds: float, *, seed: int = 0) -> list[Outside]:
    """Measure each comparison alternately with the reference, as ``cardgames.bench`` does ours."""
    rows = []
    for item in comparisons:
        play = item.play(seed)
        speed = speed_of(
            item.label,
            item.label,
            item.players,
            play,
            None if item.clones is None else item.clones(seed),
            seconds,
            seed=seed,
        )
        rows.append(Outside(speed, getattr(play, "steps_per_action", 1.0)))
    return rows


_SHORT = {
    "OpenSpiel crazy_eights": "crazy_eights",
    "OpenSpiel gin_rummy": "gin_rummy",
    "RLCard uno Env.run": "UNO",
}


def against(rows: list[Speed], others: list[Outside]) -> list[str]:
    """One line per row of ours: its speed as a multiple of each comparison's, via the ratios
    (crazy_eights with as many players as the row, UNO with two).

    A row is set against crazy_eights with as many players, Žolíky against gin_rummy, and
    every row against UNO (2 players); clone speed against OpenSpiel's clone speed. Against
    OpenSpiel the multiple counting its chance nodes as actions too follows in brackets.
    """
    lines = []
    for row in rows:
        parts = []
        for outside in others:
            other = outside.speed
            if other.title.endswith("crazy_eights") and (
                other.players != row.players or row.game == "zoliky"
            ):
                continue
            if other.title.endswith("gin_rummy") and row.game != "zoliky":
                continue
            multiple = row.ratio / other.ratio
            part = f"{multiple:.2f}× {_SHORT.get(other.title, other.title)}"
            if outside.nodes_per_action != 1.0:
                part += f" [{multiple / outside.nodes_per_action:.2f}× its nodes]"
            if row.clone_ratio is not None and other.clone_ratio is not None:
                part += f", clone {row.clone_ratio / other.clone_ratio:.2f}×"
            parts.append(part)
        if parts:
            lines.append(f"{row.title} {row.players}p: " + "; ".join(parts))
    return lines
