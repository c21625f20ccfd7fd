"""Race: a tiny game with a secret per seat and a turn clock, for testing the Session alone.

Players take turns adding 1 or 2 to a shared total; whoever brings it to the target wins. Each seat
holds a secret number only it may see, so hand-over can be checked; the game offers a time-out move
(add 1), so the turn clock can be checked without a real game's rules. It has a sampler (the other
seats' secrets dealt afresh) and levels, so the search bot can be checked on it too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.bots import Bot, RandomBot
from cardgames.bots.levels import level_bots
from cardgames.core import registry
from cardgames.core.engine import Event, OptionSpec, OptionValue, Outcome, PlayerId
from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.common import CardGame


@dataclass(frozen=True, slots=True)
class Add:
    """Add ``amount`` (1 or 2) to the total."""

    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True, slots=True)
class Timeout:
    """What the turn clock submits: add 1."""

    def __str__(self) -> str:
        return "timeout"


@dataclass(frozen=True, slots=True)
class RaceView:
    """What a seat sees: the total, and its own secret (None for others and the public)."""

    viewer: PlayerId | None
    current_player: PlayerId | None
    total: int
    secret: int | None
    players: int = 2
    target: int = 10


class RaceState:
    """One position of Race."""

    def __init__(self, players: int, target: int, rng: Rng) -> None:
        self._players = players
        self.target = target
        self.total = 0
        self.current: PlayerId | None = 0
        self.rng = rng
        self.secrets = [rng.randrange(1000) for _ in range(players)]
        self.winner: PlayerId | None = None

    @property
    def players(self) -> int:
        return self._players

    @property
    def current_player(self) -> PlayerId | None:
        return self.current

    def legal_actions(self) -> tuple[Add, ...]:
        return () if self.current is None else (Add(1), Add(2))

    def timeout_action(self) -> Timeout | None:
        return None if self.current is None else Timeout()

    def apply(self, action: Add | Timeout) -> tuple[Event, ...]:
        if self.current is None:
            raise IllegalMove("The game is over.")
        amount = 1 if isinstance(action, Timeout) else action.amount
        if amount not in (1, 2):
            raise IllegalMove(f"You may add 1 or 2, not {amount}.")
        player = self.current
        self.total += amount
        if self.total >= self.target:
            self.winner, self.current = player, None
        else:
            self.current = (player + 1) % self._players
        return (Event("add", player, count=amount),)

    def view(self, viewer: PlayerId | None) -> RaceView:
        secret = None if viewer is None else self.secrets[viewer]
        return RaceView(viewer, self.current, self.total, secret, self._players, self.target)

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        others = tuple(seat for seat in range(self._players) if seat != self.winner)
        return Outcome((self.winner, *others), (self.winner,))

    def clone(self) -> RaceState:
        copy = RaceState.__new__(RaceState)
        copy.__dict__.update(self.__dict__)
        copy.secrets = list(self.secrets)
        copy.rng = self.rng.clone()
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self._players,
            "target": self.target,
            "total": self.total,
            "current": self.current,
            "secrets": list(self.secrets),
            "winner": self.winner,
            "rng": self.rng.to_json(),
        }

    def card_count(self) -> int:
        return 0


class RaceGame:
    """The Game object of Race."""

    name = "race"
    title = "Race"
    aliases: tuple[str, ...] = ()
    min_players = 2
    max_players = 4
    options = (
        OptionSpec("long", "Race to 30 instead of 10."),
        OptionSpec("target", "Points that win (0: the usual 10 or 30).", 0),
    )
    clock_seconds = 30

    def new_game(
        self,
        players: int,
        *,
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
        game_number: int = 0,
    ) -> RaceState:
        chosen = self.check_options(options)
        target = int(chosen["target"]) or (30 if chosen["long"] else 10)
        return RaceState(players, target, Rng(seed))

    def check_options(self, options: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
        """Checked as every game of the collection checks its options."""
        return CardGame.check_options(self, options)  # type: ignore[arg-type]

    def state_from_json(self, data: Mapping[str, Any]) -> RaceState:
        state = RaceState(data["players"], data["target"], Rng.from_json(data["rng"]))
        state.total, state.current = data["total"], data["current"]
        state.secrets, state.winner = list(data["secrets"]), data["winner"]
        return state

    def parse_command(self, view: RaceView, text: str) -> Add:
        words = text.split()
        if len(words) != 2 or words[0] != "add" or not words[1].isdigit():
            raise InvalidCommand(f"{text!r} is not a command; write add 1 or add 2")
        return Add(int(words[1]))

    def format_action(self, view: RaceView, action: Add | Timeout) -> str:
        return str(action)

    def describe(self, event: Event, viewer: PlayerId | None, names: Sequence[str]) -> str:
        who = "You" if viewer == event.player else names[event.player or 0]
        return f"{who} added {event.count}"

    def rules_text(self) -> str:
        return "# Race\n\nAdd 1 or 2; reach the target to win.\n"

    @property
    def sampler(self) -> Callable[[RaceView, Rng], RaceState]:
        return self.sample_state

    def sample_state(self, view: RaceView, rng: Rng) -> RaceState:
        """The position of ``view`` with every secret but the viewer's dealt afresh."""
        state = RaceState(view.players, view.target, Rng(rng.randrange(2**32)))
        state.total, state.current = view.total, view.current_player
        if view.viewer is not None and view.secret is not None:
            state.secrets[view.viewer] = view.secret
        return state

    def bots(self) -> dict[str, Callable[[], Bot]]:
        levels = level_bots(RandomBot, self.sample_state, playouts=24, depth=30)
        return {"normal": levels["normal"], "easy": levels["easy"], "hard": levels["hard"],
                "random": RandomBot}


GAME = RaceGame()

RACE_INFO = registry.GameInfo(
    "race", "Race", (), "Add 1 or 2 to reach the target.", 2, 4, __name__
)

