"""The Session: the only holder of a game's State.

Every front end (keys, mouse, typed commands, bots, tests) submits moves here and gets back
:class:`Accepted` or :class:`Rejected`; a player's mistake never raises. The Session knows the
seats, keeps the history (a game is its set-up plus its commands), runs the bots, offers undo
against bots, runs the turn clock of games that have one, and manages hand-over between humans:
when the next human to act is not the one who saw the table last, it serves only the public view
until that human says ``ready``. With ``confirm_pass``, the human who just moved first keeps his
own view (to see the card he drew) until he says :meth:`Session.release`.

Undo cannot peek: after taking a turn back, every card the player could not see there is dealt
afresh by the game's ``sample_state`` from a seed drawn from the game's RNG, and that redeal is
recorded (``#deal 12345`` in :meth:`Session.commands`), so replaying a record still gives the
identical game while redoing a move shows nothing learned before. A turn played again after an
undo stands (else undoing it again would deal the unseen cards afresh once more, a free retry of
every draw), and no turn before the end of a round or hand can be taken back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.bots import Bot
from cardgames.core.engine import Action, Event, Game, Outcome, PlayerId, State, View
from cardgames.core.errors import CardGameError, quoted
from cardgames.core.registry import load_game
from cardgames.core.rng import Rng
from cardgames.session.commands import Accepted, Redeal, Rejected, Result, parse_redeal
from cardgames.session.setup import GameSetup

Clock = Callable[[], float]
"""Returns a monotonic time in seconds; injected so tests need not wait."""


class ReplayError(ValueError):
    """A recorded command does not replay: the record was edited or comes from other rules.

    Attributes:
        number: The command's number, counting from 1.
        command: The command's text.
        reason: Why it was refused, in the game's words.
    """

    def __init__(self, number: int, command: str, reason: str) -> None:
        super().__init__(f"command {number} ({command!r}) does not replay: {reason}")
        self.number = number
        self.command = command
        self.reason = reason


def known_view(state: State, seat: PlayerId) -> View:
    """All that ``seat`` knows of ``state``: its view, with whatever it may look at any time
    (the game's ``State.peek``, if it has one), for dealing the cards it has not seen afresh."""
    peek = getattr(state, "peek", None)
    return state.view(seat) if peek is None else peek(seat)


_MASK = 2**64 - 1

RESUME_FLOOR_SECONDS = 10.0
"""Seconds a turn continued from a saved game has at least on its clock (see
:meth:`Session.carry_time_left`)."""


def bot_rng(seed: int, seat: PlayerId, move: int) -> Rng:
    """The random stream of one computer player's decision: a function of the game's seed, the
    seat and the move number (entries in the history before it) alone, so the same record
    always gives the same bot moves, however often it was saved, resumed or replayed.

    Args:
        seed: The game's seed (``GameSetup.seed``).
        seat: The computer player's seat.
        move: How many entries the history has before this decision.

    Returns:
        A new, independent Rng.
    """
    mixed = (seed & _MASK) * 0x9E3779B97F4A7C15 ^ (seat + 1) * 0xC2B2AE3D27D4EB4F ^ move
    return Rng(mixed & _MASK ^ 0x5EED)


def possessive(name: str) -> str:
    """``Anna's``; for the seat called "You", ``your``."""
    return "your" if name == "You" else f"{name}'s"


def out_of_turn(mover: str, other: str) -> str:
    """Why the seat called ``other`` cannot act while it is the turn of the seat called
    ``mover``, said to the person acting for ``other`` (names as written): "It is Bob's turn,
    not yours."; when the mover is the seat called "You", the person reading is the mover, and
    the other is named: "It is your turn, not Bot's."."""
    if mover == "You":
        return f"It is your turn, not {other}'s."
    return f"It is {possessive(mover)} turn, not yours."


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A computer player's turn, to be thought about anywhere (a worker thread) and then played.

    Made by :meth:`Session.bot_turn`; everything in it is the bot's own: its view, the legal
    actions and a copy of its random stream, so thinking touches nothing the Session holds.

    Attributes:
        seat: The computer player's seat.
        bot: The bot.
        view: The seat's view of the position.
        legal: The legal actions.
        rng: The decision's own random stream (:func:`bot_rng`), advanced by :meth:`think`.
        move: How many moves (and undos) the game had seen when the turn was taken out.
    """

    seat: PlayerId
    bot: Bot
    view: View
    legal: tuple[Action, ...]
    rng: Rng
    move: int

    @property
    def thinks(self) -> bool:
        """True if the bot searches (long enough to want a worker thread)."""
        return bool(getattr(self.bot, "thinks", False))

    def think(self) -> Action:
        """The bot's choice; call once."""
        return self.bot.choose(self.view, self.legal, self.rng)

    def think_quickly(self) -> Action:
        """The choice of the bot's playout policy (a searching bot's heuristic, the ``normal``
        level) if it has one, else :meth:`think`; call once instead of :meth:`think`."""
        policy: Bot | None = getattr(self.bot, "policy", None) if self.thinks else None
        if policy is None:
            return self.think()
        return policy.choose(self.view, self.legal, self.rng)


class Session:
    """One game in play.

    Args:
        setup: The game, seats, options and seed. Checked with ``GameSetup.check``.
        clock: Monotonic seconds, for the turn clock (default ``time.monotonic``).
        turn_seconds: Seconds a human has for a turn in games with a turn clock; 0 switches the
            clock off; None (the default) takes the game's ``clock_seconds``, if it has one.
        confirm_pass: When the turn passes to another human, keep showing the view of the
            human who just moved (:attr:`passing`) until he calls :meth:`release`; without it,
            the hand-over begins at once.

    Raises:
        ValueError: If the set-up is invalid.
    """

    def __init__(
        self,
        setup: GameSetup,
        *,
        clock: Clock | None = None,
        turn_seconds: float | None = None,
        confirm_pass: bool = False,
    ) -> None:
        setup.check()
        self.setup = setup
        self.game: Game = load_game(setup.game)
        self.names: tuple[str, ...] = tuple(seat.name for seat in setup.seats)
        self._state: State = self._deal()
        self.history: list[tuple[PlayerId, Action]] = []
        self.events: list[Event] = self._first_events()
        self._texts: list[str] = []
        self._moves = 0
        self._timeouts: set[int] = set()
        self._round_start = 0
        self._round_ends: frozenset[str] = getattr(self.game, "round_ends", frozenset())
        self._bots: dict[PlayerId, Bot] = {}
        factories: dict[str, Callable[[], Bot]] = getattr(self.game, "bots", lambda: {})()
        default_bot = next(iter(factories), "random")
        for seat, spec in enumerate(setup.seats):
            if spec.bot is not None:
                kind = default_bot if spec.bot == "default" else spec.bot
                if kind not in factories:
                    raise ValueError(
                        f"unknown computer player {quoted(spec.bot)} for {self.game.title}"
                    )
                self._bots[seat] = factories[kind]()
        humans = self.humans
        self._shown: PlayerId | None = humans[0] if len(humans) == 1 else None
        self.confirm_pass = confirm_pass
        self._released = False
        self._reason = ""
        if clock is None:
            import time

            clock = time.monotonic
        self._clock = clock
        if turn_seconds is None:
            turn_seconds = getattr(self.game, "clock_seconds", None)
        self.turn_seconds: float | None = turn_seconds or None
        self._turn_owner: PlayerId | None = None
        self._turn_started: float | None = None
        self._paused_at: float | None = None
        self._carried: tuple[int, float] | None = None
        self._sync_clock()

    def _deal(self) -> State:
        """A new State from the set-up: the start of the game and of every replay."""
        setup = self.setup
        return self.game.new_game(
            len(setup.seats), seed=setup.seed, options=setup.options, game_number=setup.game_number
        )

    def _first_events(self) -> list[Event]:
        """The events the log starts with, from the dealt position (the game's
        ``first_events``, e.g. Žolíky's deal of round 1), before any move."""
        first = getattr(self.game, "first_events", None)
        return [] if first is None else list(first(self._state))

    # ----------------------------------------------------------------- seats and views

    @property
    def humans(self) -> tuple[PlayerId, ...]:
        """The seats played by people, in seat order."""
        return tuple(i for i, seat in enumerate(self.setup.seats) if seat.is_human)

    @property
    def here(self) -> tuple[PlayerId, ...]:
        """The seats played at this terminal: every person's, in a local game."""
        return self.humans

    def is_human(self, seat: PlayerId) -> bool:
        """True if ``seat`` is played by a person."""
        return self.setup.seats[seat].is_human

    @property
    def current_player(self) -> PlayerId | None:
        """The seat to act, or None once the game is over."""
        return self._state.current_player

    @property
    def handover(self) -> PlayerId | None:
        """The human who must take the terminal and say ready before his view is shown, or None.

        While this is set, :meth:`view` gives only the public view and the human's moves are
        refused.
        """
        seat = self._next_human()
        if seat is None or self.passing is not None:
            return None
        return seat

    @property
    def passing(self) -> PlayerId | None:
        """The human the terminal goes to next, while the one who just moved still sees his own
        view (the card he drew); None otherwise. Ends with :meth:`release`.

        Only with ``confirm_pass``; moves are refused and no clock runs meanwhile.
        """
        seat = self._next_human()
        if seat is None or not self.confirm_pass or self._shown is None or self._released:
            return None
        return seat

    @property
    def handover_reason(self) -> str:
        """Why the terminal changes hands, for the pass screen ("Anna's time ran out."), or ""."""
        return self._reason if self.handover is not None else ""

    def _whose(self, seat: PlayerId) -> str:
        """``Anna's`` (the name exactly as written), or ``Your`` for the seat called "You"."""
        return "Your" if self.names[seat] == "You" else possessive(self.names[seat])

    def _next_human(self) -> PlayerId | None:
        """The human to act if he is not the one whose view is shown, else None."""
        seat = self._state.current_player
        if seat is None or not self.is_human(seat) or seat == self._shown:
            return None
        return seat

    def release(self) -> Result:
        """The human who just moved has seen the table: begin the hand-over (:attr:`passing`).

        Returns:
            Accepted with no events, or Rejected if nothing is being passed on.
        """
        seat = self.passing
        if seat is None or self._shown is None:
            return Rejected("There is no terminal to pass on now.")
        self._released = True
        self._reason = f"{self._whose(self._shown)} turn is over."
        self._sync_clock()
        return Accepted(self._shown, None, "release", ())

    @property
    def viewer(self) -> PlayerId | None:
        """The seat whose view the screen shows now: None (public) during a hand-over."""
        if self.handover is not None:
            return None
        if self._shown is None and self.is_over:
            return None
        return self._shown

    def ready(self, seat: PlayerId) -> Result:
        """``seat`` has the terminal: end the hand-over and show his view.

        Returns:
            Accepted with no events, or Rejected if no hand-over to ``seat`` is pending.
        """
        if self.handover != seat:
            return Rejected(f"It is not {self.names[seat]}'s turn to take the terminal.")
        self._shown = seat
        self._released = False
        self._reason = ""
        self._sync_clock(restart=True)
        return Accepted(seat, None, "ready", ())

    def view(self) -> View:
        """The view of :attr:`viewer` (the public view during a hand-over)."""
        return self._state.view(self.viewer)

    def peek_view(self) -> View:
        """The view of :attr:`viewer` with what that seat may look at on request but is not
        shown by default (the game's ``State.peek``, e.g. his own pay-off bottom card in Spite &
        Malice); the plain :meth:`view` for games without one or during a hand-over.

        Looking changes nothing and is not a move: nothing goes into the history.
        """
        viewer = self.viewer
        peek = getattr(self._state, "peek", None)
        if viewer is None or peek is None:
            return self.view()
        return peek(viewer)

    def view_for(self, seat: PlayerId | None) -> View:
        """The view of any seat (for bots and tests; front ends use :meth:`view`)."""
        return self._state.view(seat)

    def peek_for(self, seat: PlayerId) -> View:
        """The view of ``seat`` with what it may look at on request (see :meth:`peek_view`),
        whoever is shown: for a network table, where every seat has a terminal of its own."""
        return known_view(self._state, seat)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state.current_player is None

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""
        return self._state.outcome()

    # ----------------------------------------------------------------- moves

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the human to act, once the hand-over is done; () otherwise."""
        seat = self._state.current_player
        if seat is None or not self.is_human(seat) or self._next_human() is not None:
            return ()
        return self._state.legal_actions()

    def completions(self) -> tuple[str, ...]:
        """The command texts of :meth:`legal_actions`, for the command bar."""
        view = self._state.view(self._state.current_player)
        return tuple(self.game.format_action(view, a) for a in self.legal_actions())

    def submit_text(self, seat: PlayerId, text: str) -> Result:
        """Read and play a typed command for ``seat``; never raises for a player's mistake."""
        refusal = self._refuse_human(seat)
        if refusal is not None:
            return refusal
        view = self._state.view(seat)
        try:
            action = self.game.parse_command(view, text)
        except CardGameError as error:
            return Rejected(str(error))
        return self._submit_checked(seat, action, view)

    def submit(self, seat: PlayerId, action: Action) -> Result:
        """Play ``action`` for ``seat``; never raises for a player's mistake."""
        refusal = self._refuse_human(seat)
        if refusal is not None:
            return refusal
        return self._submit_checked(seat, action, None)

    def _submit_checked(self, seat: PlayerId, action: Action, view: View | None) -> Result:
        """Play a person's ``action`` once :meth:`_refuse_human` has let ``seat`` act."""
        if action is not None and action == self._timeout_action():
            return Rejected("Only the turn clock plays the time-out move.")
        return self._apply(seat, action, view)

    def _refuse_human(self, seat: PlayerId) -> Rejected | None:
        current = self._state.current_player
        if current is None:
            return Rejected("The game is over.")
        if not 0 <= seat < len(self.names):
            return Rejected(f"There is no seat {seat}.")
        if seat != current:
            return Rejected(out_of_turn(self.names[current], self.names[seat]))
        if not self.is_human(seat):
            return Rejected(f"{self.names[seat]} is a computer player.")
        if self._next_human() is not None:
            return Rejected(f"Hand the terminal to {self.names[seat]} first.")
        return None

    def _apply(self, seat: PlayerId, action: Action, view: View | None = None) -> Result:
        """Play ``action`` for ``seat``; ``view`` is ``seat``'s view of the position before it,
        if the caller has it already (it only formats the command text)."""
        if view is None:
            view = self._state.view(seat)
        try:
            command = self.game.format_action(view, action)
            events = self._state.apply(action)
        except CardGameError as error:
            return Rejected(str(error))
        self.history.append((seat, action))
        self._texts.append(command)
        self._add_events(events)
        self._moves += 1
        self._sync_clock()
        return Accepted(seat, action, command, tuple(events))

    @property
    def bot_to_move(self) -> bool:
        """True if a computer player must act now."""
        seat = self._state.current_player
        return seat is not None and seat in self._bots

    def step_bot(self) -> Accepted | None:
        """Let the computer player to act make one move; None if it is no bot's turn."""
        turn = self.bot_turn()
        return None if turn is None else self.play_bot_turn(turn, turn.think())

    def bot_turn(self) -> BotTurn | None:
        """The turn of the computer player to act, to think about; None if it is no bot's turn.

        The bot's random stream is :func:`bot_rng` of the seed, the seat and the move number, so a
        turn thought about and then dropped (the game moved on) leaves the game as it was, and a
        game resumed from its record or replayed gets the same bot moves as one played straight
        through.
        """
        seat = self._state.current_player
        if seat is None or seat not in self._bots:
            return None
        view = self._state.view(seat)
        rng = bot_rng(self.setup.seed, seat, len(self.history))
        return BotTurn(seat, self._bots[seat], view, self._state.legal_actions(), rng, self._moves)

    def play_bot_turn(self, turn: BotTurn, action: Action) -> Accepted | None:
        """Play ``action``, the choice of ``turn``'s bot, if the game is still where it was.

        Returns:
            The move, or None if the game has moved on since ``turn`` was taken out (a move or an
            undo), in which case nothing changes.

        Raises:
            RuntimeError: If the bot chose an illegal action (a bug in the bot).
        """
        if turn.move != self._moves or self._state.current_player != turn.seat:
            return None
        result = self._apply(turn.seat, action, turn.view)
        if isinstance(result, Rejected):
            raise RuntimeError(f"bot {turn.bot.name} chose an illegal move: {result.message}")
        return result

    def run_bots(self, limit: int = 100_000, *, quick: bool = False) -> list[Accepted]:
        """Let bots move until a human must act or the game ends; returns their moves.

        Args:
            limit: The most moves to play.
            quick: Searching bots play their heuristic's choice instead (the ``normal`` level),
                so the rest of a game is played at once (the table's "finish instantly").
        """
        moves: list[Accepted] = []
        while len(moves) < limit and (turn := self.bot_turn()) is not None:
            move = self.play_bot_turn(turn, turn.think_quickly() if quick else turn.think())
            assert move is not None
            moves.append(move)
        return moves

    # ----------------------------------------------------------------- undo

    def can_undo(self, seat: PlayerId) -> bool:
        """True if ``seat`` may take back his last turn (see :meth:`undo`)."""
        return isinstance(self._undo_start(seat), int)

    def offers_undo(self, seat: PlayerId) -> bool:
        """True if undo is there for ``seat`` now, allowed or not for his last turn: he plays
        alone against computer players, the game goes on and he has moved (a refused undo
        then says why, see :meth:`undo`)."""
        return isinstance(self._last_move(seat), int)

    def _last_move(self, seat: PlayerId) -> int | str:
        """Where ``seat``'s last move stands in the history, or why there is no undo for him."""
        if self.humans != (seat,) or not self._bots:
            return "Undo is only for a game against computer players."
        if self.is_over:
            return "The game is over; its moves cannot be taken back."
        if getattr(self.game, "sampler", None) is None:
            return f"Undo is not available in {self.game.title} yet."
        for index in range(len(self.history) - 1, -1, -1):
            player, action = self.history[index]
            if player == seat and not isinstance(action, Redeal):
                return index
        return "There is no move of yours to undo."

    def _undo_start(self, seat: PlayerId) -> int | str:
        """Where ``seat``'s last turn starts in the history, or why it cannot be taken back."""
        start = self._last_move(seat)
        if isinstance(start, str):
            return start
        history = self.history
        while (
            start > 0
            and history[start - 1][0] == seat
            and not isinstance(history[start - 1][1], Redeal)
        ):
            start -= 1
        if any(start <= index for index in self._timeouts):
            return "The turn clock played that move for you; a time-out cannot be taken back."
        if start < self._round_start:
            return "That turn belongs to a finished round; it cannot be taken back."
        if start > 0 and isinstance(history[start - 1][1], Redeal):
            return "That turn was played again after an undo; it stands."
        return start

    def undo(self, seat: PlayerId) -> Result:
        """Take back ``seat``'s last turn and every bot move after it, then redeal the unseen.

        A turn is the run of ``seat``'s consecutive commands (a draw and the play of the drawn
        card, a play and its demand). The game goes back to the position before it, and every
        card ``seat`` could not see there (the stock order, face-down cards, other hands) is dealt
        afresh by the game's ``sample_state`` from a seed drawn from the game's RNG; the seed is
        recorded in the history as a :class:`Redeal`, so a replay gives the same cards. Undo is
        only for the one human against bots, never once the game is over, never for a turn
        the turn clock ended with a time-out move, never for a turn before the end of a round
        or hand, and never for a turn played again right after an undo (its redeal stands).

        Returns:
            Accepted (with no events), or Rejected when undo is not allowed.
        """
        start = self._undo_start(seat)
        if isinstance(start, str):
            return Rejected(start)
        redeal = Redeal(self._state.rng.randrange(2**32))
        kept = self.history[:start]
        del self._texts[start:]
        self._timeouts = {index for index in self._timeouts if index < start}
        self._state = self._deal()
        self.history = []
        self.events = self._first_events()
        self._round_start = 0
        for player, action in kept:
            self._play_entry(player, action)
        self._play_entry(seat, redeal)
        self._texts.append(str(redeal))
        self._sync_clock(restart=True)
        return Accepted(seat, None, "undo", ())

    def _play_entry(self, seat: PlayerId, action: Action) -> None:
        """Play one history entry without asking the bots: a move, or a redeal of every card
        ``seat`` cannot see from the redeal's seed."""
        if isinstance(action, Redeal):
            self._state = self.game.sample_state(known_view(self._state, seat), Rng(action.seed))
            self.history.append((seat, action))
        else:
            events = self._state.apply(action)
            self.history.append((seat, action))
            self._add_events(events)
        self._moves += 1

    def _add_events(self, events: Sequence[Event]) -> None:
        """Log the events of the last history entry; one that ends a round or hand (the
        game's ``round_ends``) moves the start of the round, before which undo cannot go."""
        self.events.extend(events)
        if self._round_ends and any(event.kind in self._round_ends for event in events):
            self._round_start = len(self.history)

    # ----------------------------------------------------------------- log

    def describe(self, event: Event, viewer: PlayerId | None) -> str:
        """One log line for ``event`` from ``viewer``'s side; private cards stay hidden."""
        return self.game.describe(event.for_viewer(viewer), viewer, self.names)

    def log_lines(self, viewer: PlayerId | None, last: int = 200) -> list[str]:
        """The last ``last`` events described for ``viewer``, without those he may not learn of."""
        lines = (self.describe(event, viewer) for event in self.events[-last:])
        return [line for line in lines if line]

    def last_line_of(self, seat: PlayerId) -> str:
        """The log line of ``seat``'s last event, from his side ("You drew 4♥"), or ""."""
        for event in reversed(self.events):
            if event.player == seat:
                line = self.describe(event, seat)
                if line:
                    return line
        return ""

    def commands(self) -> list[str]:
        """The command texts of the history, in order (with the set-up, a full record).

        Each text is written from its actor's view, as accepted; a redeal left by an undo is
        the line ``#deal 12345``. :meth:`restore` reads them back.
        """
        return list(self._texts)

    def restore(self, commands: Sequence[str]) -> None:
        """Play recorded commands on a new Session, without asking the bots or the seats.

        Every command is read from the view of the seat to act and applied as it stands in the
        record (bot moves and time-out moves included), so the history, the log and undo come
        out as they were; a redeal line (``#deal 12345``) deals what the human player could not
        see as the undo that left it did. Hand-over starts as in a new Session: with several
        humans the next one must say ready first.

        Args:
            commands: Command texts as given by :meth:`commands`.

        Raises:
            ReplayError: If a command cannot be read or is not legal where it stands; the Session
                is then back at the deal.
            RuntimeError: If the Session has moves already.
        """
        if self.history:
            raise RuntimeError("restore needs a Session with no moves")
        for number, text in enumerate(commands, start=1):
            seat = self._state.current_player
            if seat is None:
                self._reset()
                raise ReplayError(number, text, "the game is already over")
            try:
                self._restore_one(seat, text)
            except (CardGameError, ValueError) as error:
                self._reset()
                raise ReplayError(number, text, str(error)) from None
            self._texts.append(text)
        self._sync_clock(restart=True)

    def _restore_one(self, seat: PlayerId, text: str) -> None:
        """Play one recorded command for ``seat``, the seat to act (see :meth:`restore`).

        Raises:
            CardGameError: If the move cannot be read or is not legal; nothing changes.
            ValueError: If a redeal line is malformed or stands in a game without exactly one
                human player.
        """
        redeal = parse_redeal(text)
        if redeal is not None:
            if len(self.humans) != 1:
                raise ValueError("a redeal needs a game with one human player")
            self._play_entry(self.humans[0], redeal)
            return
        action = self.game.parse_command(self._state.view(seat), text)
        if action == self._timeout_action():
            self._timeouts.add(len(self.history))
        self._play_entry(seat, action)

    def _reset(self) -> None:
        self._state = self._deal()
        self.history = []
        self.events = self._first_events()
        self._texts = []
        self._timeouts = set()
        self._round_start = 0

    def to_json(self) -> dict[str, Any]:
        """The set-up and the full position, for bug reports."""
        return {"game": self.setup.game, "state": self._state.to_json()}

    # ----------------------------------------------------------------- turn clock

    @property
    def clock_running(self) -> bool:
        """True while a human's turn clock counts down (never during a hand-over or for bots)."""
        return self._turn_started is not None

    def time_left(self) -> float | None:
        """Seconds left in the current human turn, or None when no clock runs."""
        if self._turn_started is None or self.turn_seconds is None:
            return None
        now = self._clock() if self._paused_at is None else self._paused_at
        return max(0.0, self.turn_seconds - (now - self._turn_started))

    @property
    def clock_paused(self) -> bool:
        """True while :meth:`pause_clock` holds the turn clock."""
        return self._paused_at is not None

    def pause_clock(self) -> None:
        """Hold the turn clock (a screen covers the table: rules, a dialog, a question).

        The time left stays as it is until :meth:`resume_clock`; pausing twice is pausing once.
        """
        if self._paused_at is None:
            self._paused_at = self._clock()

    def resume_clock(self) -> None:
        """Let a held turn clock run on from the time it had when it was paused."""
        if self._paused_at is None:
            return
        if self._turn_started is not None:
            self._turn_started += self._clock() - self._paused_at
        self._paused_at = None

    def carry_time_left(self, seconds: float) -> None:
        """Give the turn to play now the time it had left when the game was saved, instead of
        a fresh turn (a game continued after leaving, a dropped connection or a signal): the
        clock starts from ``seconds``, but from at least :data:`RESUME_FLOOR_SECONDS` (or the
        whole turn, if shorter), so the player sees the table again before it runs out.

        Args:
            seconds: Seconds left on the turn clock when the game was saved; the turn may be
                behind the pass screen now, and its clock starts from them once it runs. Any
                move played before that forgets them.
        """
        self._carried = (len(self.history), seconds)
        if self._turn_started is not None:
            self._sync_clock(restart=True)

    def tick(self) -> Accepted | None:
        """Submit the game's time-out move if the current human's time has run out.

        Returns:
            The time-out move, or None if time is not up (or no clock runs).
        """
        left = self.time_left()
        if left is None or left > 0:
            return None
        seat = self._state.current_player
        timeout = self._timeout_action()
        if seat is None or timeout is None:
            return None
        result = self._apply(seat, timeout)
        if not isinstance(result, Accepted):
            return None
        self._timeouts.add(len(self.history) - 1)
        if self._next_human() is not None:
            # The player is away or too slow: the terminal passes on at once, and says why.
            self._released = True
            self._reason = f"{self._whose(seat)} time ran out."
            self._sync_clock()
        return result

    def _timeout_action(self) -> Action | None:
        offer = getattr(self._state, "timeout_action", None)
        return None if offer is None else offer()

    def _sync_clock(self, restart: bool = False) -> None:
        """Start, keep or stop the turn clock after anything that may change whose turn it is.

        The clock runs for a human seat whose view is shown (not under the pass screen) in a game
        that offers a time-out move; it restarts when the turn passes to another seat.
        """
        seat = self._state.current_player
        runs = (
            self.turn_seconds is not None
            and seat is not None
            and self.is_human(seat)
            and self._next_human() is None
            and self._timeout_action() is not None
        )
        if not runs:
            self._turn_owner = None
            self._turn_started = None
            return
        if restart or seat != self._turn_owner or self._turn_started is None:
            self._turn_owner = seat
            self._turn_started = self._clock() if self._paused_at is None else self._paused_at
            carried, self._carried = self._carried, None
            if carried is not None and carried[0] == len(self.history):
                left = max(carried[1], min(RESUME_FLOOR_SECONDS, self.turn_seconds or 0.0))
                self._turn_started -= max(0.0, (self.turn_seconds or 0.0) - left)
