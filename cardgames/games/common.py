"""What every game's ``GAME`` object shares: the Game protocol built from a game's parts.

A game of the collection is its engine (deal and rebuild a State), its notation (parse and format
commands, describe events), its bots and its ``rules.md``; :class:`CardGame` joins them into the
:class:`cardgames.core.engine.Game` protocol and checks the set-up once for every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from cardgames.core.engine import Action, Event, OptionSpec, OptionValue, PlayerId, State, View
from cardgames.core.errors import quoted
from cardgames.core.rng import Rng

if TYPE_CHECKING:
    from cardgames.bots import Bot


YOU = "You"
"""The name of the seat of the one person playing at this terminal (see
:func:`cardgames.session.setup.seat_names`): the log speaks to that seat as "you"."""


def addressed(seat: PlayerId | None, viewer: PlayerId | None, names: Sequence[str]) -> bool:
    """True if a log line speaks to ``seat`` as "you", with the verb to match ("You win",
    never "You wins"): the seat is the viewer's, or it is the seat called "You", whose name
    reads as the pronoun in every log (the public one too, and the final table's).

    Args:
        seat: The seat the words are about (None: the table).
        viewer: The seat reading the log (None: the public log).
        names: The players' names by seat.
    """
    return seat is not None and (seat == viewer or names[seat] == YOU)


class Notation(Protocol):
    """A game's notation module: typed commands in and out, and log lines."""

    def parse_command(self, view: Any, text: str) -> Any:
        """Read a typed command (raises InvalidCommand, IllegalMove or AmbiguousMove)."""
        ...

    def format_action(self, view: Any, action: Any) -> str:
        """The command text of ``action``."""
        ...

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str:
        """One log line for ``event`` as ``viewer`` may see it ("" if nothing to learn)."""
        ...


Deal = Callable[[int, int, Mapping[str, OptionValue], int], State]
"""``deal(players, seed, options, game_number)``: a new position; options already checked."""

Sampler = Callable[[View, Rng], State]
"""``sample(view, rng)``: a full position that the seat of ``view`` cannot tell from the real one.

Everything the seat sees or has seen stays as it is; every card it has not seen is dealt at
random (from ``rng``) into the places it cannot see, every count kept. The position's own RNG is
seeded from ``rng``, so play after it is deterministic.
"""


@dataclass(frozen=True)
class CardGame:
    """A game of the collection, as the registry, the Session and the app see it.

    Attributes:
        name: The key used on the command line (``makao``).
        title: The display name (``Makao``).
        aliases: Other names accepted for it.
        min_players: Fewest seats.
        max_players: Most seats.
        options: The house options, with the spec's defaults.
        package: The game's package; its ``rules.md`` is the rules text.
        deal: Deals a new position (see :data:`Deal`).
        load: Rebuilds a position saved by ``State.to_json``.
        notation: The game's notation module.
        bots_module: The game's bots module. Its ``HEURISTIC`` is the heuristic bot's class (the
            ``normal`` level, see :meth:`bots`); its ``evaluate(state, seat)`` gives the search
            bot the chance (0.0 .. 1.0) that a seat wins an unfinished position. It is imported
            only when bots are wanted.
        clock_seconds: The default turn time in seconds for games with a turn clock, else None.
        sampler: Deals a position consistent with one seat's view (see :data:`Sampler`), or None
            while the game has none (the search bot and undo need it).
        search_playouts: The ``hard`` level's playouts per decision.
        search_depth: The longest playout of the ``hard`` level, in actions.
        hard: Makes the ``hard`` level's bot when the game tunes its own search; None builds
            it from ``sampler``, the bots module's ``evaluate``, ``search_playouts`` and
            ``search_depth``.
        look_command: The typed command that shows what the seat may look at on request
            (``State.peek``, not a move), e.g. ``bottom`` in Spite & Malice; None if none.
        round_ends: The event kinds that close a round or hand and deal the next (Žolíky's
            ``round``, Trash's ``deal``); no turn before one can be taken back.
        first_events: The events a new game's log starts with, from its dealt position
            (Žolíky's deal of round 1: who dealt, cut and leads); None for none.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    package: str
    deal: Deal
    load: Callable[[Mapping[str, Any]], State]
    notation: Notation
    bots_module: str
    clock_seconds: int | None = None
    sampler: Sampler | None = None
    search_playouts: int = 60
    search_depth: int = 16
    hard: Callable[[], Bot] | None = None
    look_command: str | None = None
    round_ends: frozenset[str] = frozenset()
    first_events: Callable[[State], tuple[Event, ...]] | None = None

    def check_options(self, options: Mapping[str, OptionValue] | None) -> dict[str, OptionValue]:
        """Every option's value: the given ones checked, the missing ones at their default.

        Raises:
            ValueError: If an option is unknown, or a switch is given a number or a number
                option a switch (``True``/``False``) or a negative number.
        """
        specs = {spec.name: spec for spec in self.options}
        chosen = dict(options or {})
        for name, value in chosen.items():
            spec = specs.get(name)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise ValueError(
                    f"{self.title} has no option {quoted(name)}; its options are: {known}"
                )
            if isinstance(spec.default, bool) != isinstance(value, bool):
                option = f"the {self.title} option {quoted(name)}"
                if isinstance(spec.default, bool):
                    raise ValueError(f"{option} is on or off, not the number {value}: give its "
                                     "name alone")
                state = "on" if value else "off"
                raise ValueError(f"{option} takes a number ({name}=N), not {state}")
            if not isinstance(value, bool) and value < 0:
                raise ValueError(f"the {self.title} option {quoted(name)} cannot be negative")
        return {name: chosen.get(name, spec.default) for name, spec in specs.items()}

    def new_game(
        self,
        players: int,
        *,
        seed: int,
        options: Mapping[str, OptionValue] | None = None,
        game_number: int = 0,
    ) -> State:
        """Deal a new game (see :meth:`cardgames.core.engine.Game.new_game`).

        Raises:
            ValueError: If ``players`` is out of range or an option is unknown or ill-typed.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {players}"
            )
        return self.deal(players, seed, self.check_options(options), game_number)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a position saved by ``State.to_json``, checked before it is built.

        Raises:
            BadPosition: If the data is malformed or the position impossible (a card twice, a
                seat out of range, a negative count); the message names the problem.
        """
        return self.load(data)

    def sample_state(self, view: View, rng: Rng) -> State:
        """A full position consistent with everything the seat of ``view`` sees or has seen.

        Its own cards and the public zones are as in ``view``; every card that seat has not seen
        is dealt at random from ``rng`` into the places it cannot see (other hands, the stock,
        face-down cards), with every count kept. The position's RNG is seeded from ``rng``.

        Args:
            view: A view given by ``State.view`` (a seat's, or the public one).
            rng: The randomness of the deal; it is advanced.

        Raises:
            NotImplementedError: If this game has no sampler.
        """
        if self.sampler is None:
            raise NotImplementedError(f"{self.title} cannot deal a position from a view yet")
        return self.sampler(view, rng)

    def parse_command(self, view: View, text: str) -> Action:
        """Read a typed command for the seat whose view is given (see the game's notation)."""
        return self.notation.parse_command(view, text)

    def format_action(self, view: View, action: Action) -> str:
        """The command text of ``action``; ``parse_command`` reads it back to an equal action."""
        return self.notation.format_action(view, action)

    def describe(self, event: Event, viewer: PlayerId | None, names: Sequence[str]) -> str:
        """One log line for ``event`` as ``viewer`` may see it ("" if nothing to learn)."""
        return self.notation.describe(event, viewer, names)

    def rules_text(self) -> str:
        """The player-facing rules in Markdown, with the command grammar."""
        return resources.files(self.package).joinpath("rules.md").read_text(encoding="utf-8")

    def bots(self) -> dict[str, Callable[[], Bot]]:
        """The computer players by name: the levels ``normal`` (the default, first), ``easy``
        and ``hard`` (with a sampler), then the game's own bots."""
        from cardgames.bots import RandomBot
        from cardgames.bots.levels import level_bots

        module = importlib.import_module(self.bots_module)
        heuristic = module.HEURISTIC
        own: dict[str, Callable[[], Bot]] = {heuristic.name: heuristic, RandomBot.name: RandomBot}
        levels = level_bots(
            heuristic,
            self.sampler,
            module.evaluate,
            playouts=self.search_playouts,
            depth=self.search_depth,
        )
        if self.hard is not None:
            levels["hard"] = self.hard
        return {"normal": levels.pop("normal"), **levels, **own}
