"""Stepping through a recorded game, for the replay viewer: the position after any move, seen
by any seat, the public, or (once the game is over) with every hand open.

Positions are rebuilt from checkpoints kept every :data:`CHECKPOINT` moves, so a long game
costs little memory and any step is reached quickly. A redeal line left by an undo
(``#deal 12345``) is no move of its own: the cards the human player could not see are dealt
afresh, as in the game, just before the move that follows it (or at the end of the record), and
that move's log says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardgames.core.cards import Card
from cardgames.core.engine import Event, Game, PlayerId, State, View
from cardgames.core.errors import CardGameError
from cardgames.core.registry import load_game
from cardgames.core.rng import Rng
from cardgames.session.commands import parse_redeal
from cardgames.session.record import GameRecord, RecordError
from cardgames.session.session import known_view

CHECKPOINT = 32
"""Moves between kept positions."""


@dataclass(frozen=True, slots=True)
class Move:
    """One recorded move.

    Attributes:
        number: Its number, from 1.
        player: The seat that made it (for a redeal, the human player whose view was kept).
        command: Its command text.
        events: What happened.
        redeal: The seed of the redeal an undo left just before this move (the cards the
            human player could not see dealt afresh), or None.
    """

    number: int
    player: PlayerId
    command: str
    events: tuple[Event, ...]
    redeal: int | None = None


class Replay:
    """A recorded game, ready to step through (step 0 is the deal, step n after move n).

    Args:
        record: The game.

    Raises:
        RecordError: If the set-up is invalid or a command does not replay (with its number).
    """

    def __init__(self, record: GameRecord) -> None:
        setup = record.setup
        self.record = record
        self.names = tuple(seat.name for seat in setup.seats)
        try:
            self.game: Game = load_game(setup.game)
            state = self._deal()
        except (ValueError, LookupError) as error:
            raise RecordError(f"the game cannot be set up: {error}") from None
        first = getattr(self.game, "first_events", None)
        self.first_events: tuple[Event, ...] = () if first is None else first(state)
        """The events the log starts with, before move 1 (the game's ``first_events``)."""
        humans = [seat for seat, spec in enumerate(setup.seats) if spec.is_human]
        self.undoer: PlayerId | None = humans[0] if len(humans) == 1 else None
        """The one human player whose undos left redeals (None with several people)."""
        self._checkpoints: list[State] = [state.clone()]
        moves: list[Move] = []
        seed: int | None = None
        for index, text in enumerate(record.commands, start=1):
            seat = state.current_player
            if seat is None:
                raise RecordError(f"command {index} ({text!r}) comes after the end of the game")
            try:
                redeal = parse_redeal(text)
                if redeal is not None:
                    state, seed = self._redealt(state, redeal.seed), redeal.seed
                    continue
                move = Move(len(moves) + 1, seat, text, (), seed)
                move = replace(move, events=self._play(state, move))
            except (CardGameError, ValueError) as error:
                raise RecordError(f"command {index} ({text!r}) does not replay: {error}") from None
            moves.append(move)
            seed = None
            if move.number % CHECKPOINT == 0:
                self._checkpoints.append(state.clone())
        self.moves = tuple(moves)
        self._final = state

    def _redealt(self, state: State, seed: int) -> State:
        """The position after a redeal: what the :attr:`undoer` cannot see dealt afresh.

        Raises:
            ValueError: If the game has not exactly one human player.
        """
        if self.undoer is None:
            raise ValueError("a redeal needs a game with one human player")
        return self.game.sample_state(known_view(state, self.undoer), Rng(seed))

    def _play(self, state: State, move: Move) -> tuple[Event, ...]:
        """Play ``move`` on ``state`` (changed in place) and give its events; a move after an
        undo's redeal is played on the redealt position, which :meth:`state_at` rebuilds."""
        return state.apply(self.game.parse_command(state.view(move.player), move.command))

    def _deal(self) -> State:
        setup = self.record.setup
        return self.game.new_game(
            len(setup.seats), seed=setup.seed, options=setup.options,
            game_number=setup.game_number,
        )

    def __len__(self) -> int:
        """The number of moves (the last step)."""
        return len(self.moves)

    @property
    def reader(self) -> PlayerId | None:
        """The seat that reads an open replay as "You": the one person who played against
        computer players (named "You"), or None at a table of several people."""
        return self.names.index("You") if "You" in self.names else None

    @property
    def is_finished(self) -> bool:
        """True if the recorded game reached its end (only then may hands be shown open)."""
        return self._final.current_player is None

    @property
    def eyes(self) -> tuple[PlayerId, ...]:
        """The seats whose eyes may show this game: every seat once it is over; while it is
        unfinished only the seats of the people who played it here
        (:attr:`GameRecord.local_seats`)."""
        if self.is_finished:
            return tuple(range(len(self.names)))
        return self.record.local_seats

    def state_at(self, step: int) -> State:
        """A copy of the position after ``step`` moves (0 = the deal).

        Raises:
            IndexError: If ``step`` is not 0 .. ``len(self)``.
        """
        if not 0 <= step <= len(self.moves):
            raise IndexError(f"step {step} is not between 0 and {len(self.moves)}")
        if step == len(self.moves):
            return self._final.clone()
        state = self._checkpoints[step // CHECKPOINT].clone()
        for move in self.moves[step // CHECKPOINT * CHECKPOINT : step]:
            if move.redeal is not None:
                state = self._redealt(state, move.redeal)
            self._play(state, move)
        return state

    def view(self, step: int, viewer: PlayerId | None) -> View:
        """What ``viewer`` (a seat, or None for the public) saw after ``step`` moves."""
        return self.state_at(step).view(viewer)

    def open_hands(self, step: int) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards after ``step`` moves, seat 0 first, for the view with every hand
        open: what the game's public view gives once it is over (``open_hands``), else what
        the state's ``open_hands()`` gives if it has one (Shithead: the hand, then the
        face-down cards), else each seat's own hand as that seat saw it (a game without hands
        gives none).

        Raises:
            ValueError: If the game is unfinished (that would give away a live game).
            IndexError: If ``step`` is not 0 .. ``len(self)``.
        """
        if not self.is_finished:
            raise ValueError("an unfinished game cannot be shown with every hand open")
        state = self.state_at(step)
        given = getattr(state.view(None), "open_hands", None)
        if given is None and callable(every := getattr(state, "open_hands", None)):
            # A game whose seats hold hidden cards besides the hand (Shithead's face-down
            # ones) says, at any move, which cards its open hands hold.
            given = every()
        if given is not None:
            return tuple(tuple(cards) for cards in given)
        return tuple(tuple(getattr(state.view(seat), "hand", ()))
                     for seat in range(len(self.names)))

    def log(self, step: int, viewer: PlayerId | None, *, open_hands: bool = False) -> list[str]:
        """The log lines of the deal (:attr:`first_events`) and of moves 1 .. ``step`` for
        ``viewer`` (every card shown with ``open_hands``, finished games only); the last lines
        belong to the move looked at.

        Raises:
            ValueError: If ``open_hands`` is asked for an unfinished game.
        """
        if open_hands and not self.is_finished:
            raise ValueError("an unfinished game cannot be shown with every hand open")
        described = (self.describe(event, viewer, open_hands=open_hands)
                     for event in self.first_events)
        lines = [line for line in described if line]
        for number in range(1, step + 1):
            lines.extend(self.move_log(number, viewer, open_hands=open_hands))
        return lines

    def move_log(self, number: int, viewer: PlayerId | None, *,
                 open_hands: bool = False) -> list[str]:
        """The log lines of move ``number`` (from 1) alone, for ``viewer`` as in :meth:`log`.

        Raises:
            ValueError: If ``open_hands`` is asked for an unfinished game.
            IndexError: If ``number`` is not 1 .. ``len(self)``.
        """
        if open_hands and not self.is_finished:
            raise ValueError("an unfinished game cannot be shown with every hand open")
        if not 1 <= number <= len(self.moves):
            raise IndexError(f"move {number} is not between 1 and {len(self.moves)}")
        move = self.moves[number - 1]
        described = [self.describe(event, viewer, open_hands=open_hands)
                     for event in move.events]
        if move.redeal is not None:
            described.insert(0, self.redeal_line(viewer))
        return [line for line in described if line]

    def redeal_line(self, viewer: PlayerId | None) -> str:
        """The log line of an undo's redeal for ``viewer`` (the human player reads "you")."""
        undoer = self.undoer
        names = self.names_for(viewer if viewer is not None else self.reader)
        if undoer is None or names[undoer] == "You":
            return "You took a turn back; the cards you could not see were dealt afresh."
        name = names[undoer]
        return f"{name} took a turn back; the cards {name} could not see were dealt afresh."

    def names_for(self, viewer: PlayerId | None) -> tuple[str, ...]:
        """The seats' names as ``viewer`` (None: nobody's eyes) reads them.

        The game's log words a seat called "You" as the reader; seen through other eyes that
        seat needs a name of its own: "Player N" (N counted from 1).
        """
        return tuple(
            f"Player {seat + 1}" if name == "You" and seat != viewer else name
            for seat, name in enumerate(self.names)
        )

    def describe(self, event: Event, viewer: PlayerId | None, *, open_hands: bool = False) -> str:
        """One log line; with ``open_hands`` the public line, worded for the :attr:`reader`,
        plus any private cards."""
        if not open_hands:
            return self.game.describe(event.for_viewer(viewer), viewer, self.names_for(viewer))
        reader = self.reader
        line = self.game.describe(event.for_viewer(None), reader, self.names_for(reader))
        if event.private and event.cards and line:
            line += " (" + " ".join(card.symbol for card in event.cards) + ")"
        return line
