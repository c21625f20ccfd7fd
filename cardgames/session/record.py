"""Game records: a game as its set-up plus its commands, as a versioned JSON document.

A record is ``{format, version, id, game, options, seed, game_number, seats, commands, result,
started, finished, seconds}``, plus ``turn_seconds`` for a game with a turn clock (and
``time_left`` while a person's turn clock runs) and ``remote``
(the seats played from other terminals) for a game of a network table. Bots'
choices and time-out moves are commands like any other, so loading a record replays it without
asking a bot. Everything here is pure: the caller passes the timestamps and does the file I/O
(see :mod:`cardgames.session.savefile`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from cardgames.core.engine import OptionValue, Outcome, PlayerId
from cardgames.core.registry import find_game
from cardgames.session.commands import REDEAL
from cardgames.session.session import ReplayError, Session
from cardgames.session.setup import GameSetup, SeatSpec

FORMAT = "cardgames-record"
"""The ``format`` field of every record."""

VERSION = 1
"""The record version this program writes; it reads this one and older ones."""


class RecordError(ValueError):
    """A record cannot be used: damaged, of a newer version, of an unknown game, or its
    commands do not replay. The message is one sentence."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game, finished or not.

    Attributes:
        id: The game's unique id (also the record's file name, without ``.json``).
        setup: The game, seats, options, seed and game number.
        commands: Every accepted command text, in order.
        result: The outcome once the game is over, else None.
        started: When the game was dealt (timezone-aware).
        finished: When it ended, or None while it is unfinished.
        seconds: Seconds of play so far, summed over every sitting.
        turn_seconds: The turn clock the game is played with, in seconds (0: switched off);
            None for a game without a clock (or a record written before it was kept).
        remote: The seats people played from other terminals at a network table (whose
            hands nobody at this one saw); empty for a game played here.
        time_left: Seconds the turn to play had left on its clock when the record was
            written; None when no turn clock ran (a computer player's turn, no clock).
    """

    id: str
    setup: GameSetup
    commands: tuple[str, ...]
    result: Outcome | None
    started: datetime
    finished: datetime | None = None
    seconds: float = 0.0
    turn_seconds: float | None = None
    remote: tuple[PlayerId, ...] = ()
    time_left: float | None = None

    @property
    def is_finished(self) -> bool:
        """True once the game has a result."""
        return self.result is not None

    @property
    def moves(self) -> int:
        """The moves played: the commands, without the redeal lines undos left."""
        return sum(not text.startswith(f"{REDEAL} ") for text in self.commands)

    @property
    def local_seats(self) -> tuple[PlayerId, ...]:
        """The seats of the people who played this game here (not computer players, not the
        seats played from other terminals): the only eyes an unfinished game may be shown
        with, since the others' would give the live game away."""
        return tuple(seat for seat, spec in enumerate(self.setup.seats)
                     if spec.is_human and seat not in self.remote)


def record_of(
    session: Session,
    *,
    id: str,
    started: datetime,
    finished: datetime | None = None,
    seconds: float = 0.0,
    remote: tuple[PlayerId, ...] = (),
) -> GameRecord:
    """The record of ``session`` as it stands now.

    Args:
        session: The game in play (or over).
        id: The game's unique id (see ``savefile.new_game_id``).
        started: When the game was dealt.
        finished: When it ended; give it once ``session.is_over``.
        seconds: Seconds of play so far.
        remote: The seats played from other terminals at a network table.
    """
    return GameRecord(
        id=id,
        setup=session.setup,
        commands=tuple(session.commands()),
        result=session.outcome(),
        started=started,
        finished=finished,
        seconds=seconds,
        turn_seconds=(session.turn_seconds or 0.0)
        if getattr(session.game, "clock_seconds", None) is not None else None,
        remote=remote,
        time_left=None if session.is_over else session.time_left(),
    )


def session_of(record: GameRecord, **kwargs: Any) -> Session:
    """Rebuild the Session of ``record`` by replaying its commands: the same position, log,
    history (so the same undo) and seat to act; hot-seat games start behind the pass screen.

    Args:
        record: The record.
        **kwargs: Passed to :class:`Session` (``clock``, ``turn_seconds``).

    Raises:
        RecordError: If the set-up is invalid (unknown or unplayable game, bad seats or
            options), a command does not replay (the message names its number), or the
            recorded result differs from the replayed one.
    """
    try:
        session = Session(record.setup, **kwargs)
    except (ValueError, LookupError) as error:
        raise RecordError(f"the game cannot be set up: {_reason(error)}") from None
    try:
        session.restore(record.commands)
    except ReplayError as error:
        raise RecordError(f"the record is damaged: {error}") from None
    if record.result is not None and session.outcome() != record.result:
        raise RecordError("the record is damaged: its result is not where its commands lead")
    if record.time_left is not None:
        session.carry_time_left(record.time_left)
    return session


def _reason(error: Exception) -> str:
    return str(error.args[0]) if error.args else type(error).__name__


# --------------------------------------------------------------------------- JSON


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The record as JSON-compatible data (see the module docstring for the fields)."""
    setup = record.setup
    result = record.result
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": record.id,
        "game": setup.game,
        "options": dict(setup.options),
        "seed": setup.seed,
        "game_number": setup.game_number,
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in setup.seats],
        "commands": list(record.commands),
        "result": None if result is None else {
            "ranking": list(result.ranking),
            "winners": list(result.winners),
            "scores": {str(seat): score for seat, score in result.scores.items()},
        },
        "started": record.started.isoformat(),
        "finished": None if record.finished is None else record.finished.isoformat(),
        "seconds": record.seconds,
        **({} if record.turn_seconds is None else {"turn_seconds": record.turn_seconds}),
        **({"remote": list(record.remote)} if record.remote else {}),
        **({} if record.time_left is None else {"time_left": round(record.time_left, 3)}),
    }


def record_from_json(data: object) -> GameRecord:
    """Read a record written by :func:`record_to_json` (checks its shape, not its moves).

    Raises:
        RecordError: If it is not a record, is of a newer version, names an unknown game or has
            a field of the wrong type; the message names the field.
    """
    if not isinstance(data, Mapping):
        raise RecordError("it is not a game record")
    if data.get("format") != FORMAT:
        raise RecordError("it is not a game record (no cardgames-record format field)")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError("its version is missing or not a whole number")
    if version > VERSION:
        raise RecordError(
            f"it was written by a newer cardgames (record version {version}; "
            f"this one reads up to {VERSION})"
        )
    game = _text(data, "game")
    try:
        info = find_game(game)
    except KeyError:
        raise RecordError(f"it is a game of {game!r}, which this cardgames does not know") from None
    if not info.playable:
        raise RecordError(f"{info.title} cannot be played in this cardgames yet")
    seats = seats_from_json(data.get("seats"))
    return GameRecord(
        id=_text(data, "id"),
        setup=GameSetup(
            game=info.name,
            seats=seats,
            options=options_from_json(data.get("options")),
            seed=_int(data, "seed"),
            game_number=_int(data, "game_number", minimum=0),
        ),
        commands=_commands(data.get("commands")),
        result=_result(data.get("result")),
        started=_time(data, "started"),
        finished=_time(data, "finished") if data.get("finished") is not None else None,
        seconds=_seconds(data.get("seconds", 0.0)),
        turn_seconds=_seconds(data["turn_seconds"], "turn_seconds")
        if data.get("turn_seconds") is not None else None,
        remote=_remote(data.get("remote", []), seats),
        time_left=_seconds(data["time_left"], "time_left")
        if data.get("time_left") is not None else None,
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value:
        raise RecordError(f"its {name!r} field is missing or not a text")
    return value


def _int(data: Mapping[str, Any], name: str, *, minimum: int | None = None) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or (
        minimum is not None and value < minimum
    ):
        raise RecordError(f"its {name!r} field is missing or not a valid whole number")
    return value


def seats_from_json(raw: object) -> tuple[SeatSpec, ...]:
    """The seats of a JSON list of ``{"name": ..., "bot": ...}`` (as a record writes them).

    Raises:
        RecordError: If ``raw`` is not a non-empty list of such seats.
    """
    if not isinstance(raw, list) or not raw:
        raise RecordError("its 'seats' field is missing or not a list of seats")
    seats = []
    for seat in raw:
        if (
            not isinstance(seat, Mapping)
            or not isinstance(seat.get("name"), str)
            or not isinstance(seat.get("bot"), str | None)
        ):
            raise RecordError("its 'seats' field holds a seat without a name or with a bad bot")
        seats.append(SeatSpec(seat["name"], seat["bot"]))
    return tuple(seats)


def options_from_json(raw: object) -> dict[str, OptionValue]:
    """The house options of a JSON table of names to on/off or numbers (None: no options).

    Raises:
        RecordError: If ``raw`` is not such a table.
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or not all(
        isinstance(name, str) and isinstance(value, bool | int) for name, value in raw.items()
    ):
        raise RecordError("its 'options' field is not a table of on/off or number options")
    return dict(raw)


def _commands(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(text, str) for text in raw):
        raise RecordError("its 'commands' field is missing or not a list of texts")
    return tuple(raw)


def _result(raw: object) -> Outcome | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise RecordError("its 'result' field is not a result")
    ranking, winners, scores = raw.get("ranking"), raw.get("winners"), raw.get("scores", {})
    if (
        not _seat_list(ranking)
        or not _seat_list(winners)
        or not isinstance(scores, Mapping)
        or not all(isinstance(k, str) and k.isdigit() and _is_int(v) for k, v in scores.items())
    ):
        raise RecordError("its 'result' field has a bad ranking, winners or scores")
    assert isinstance(ranking, list) and isinstance(winners, list)
    return Outcome(
        ranking=tuple(ranking),
        winners=tuple(winners),
        scores={int(seat): score for seat, score in scores.items()},
    )


def _remote(raw: object, seats: Sequence[SeatSpec]) -> tuple[PlayerId, ...]:
    if not _seat_list(raw) or not all(
        seat < len(seats) and seats[seat].is_human for seat in cast(list[int], raw)
    ):
        raise RecordError("its 'remote' field is not a list of the seats of people")
    return tuple(cast(list[int], raw))


def _seat_list(raw: object) -> bool:
    return isinstance(raw, list) and all(_is_int(seat) and int(seat) >= 0 for seat in raw)


def _time(data: Mapping[str, Any], name: str) -> datetime:
    value = data.get(name)
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise RecordError(f"its {name!r} field is not a date and time with a time zone")
    return moment


def _seconds(raw: object, name: str = "seconds") -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not 0 <= raw < 1e9:
        raise RecordError(f"its {name!r} field is not a number of seconds")
    return float(raw)


# --------------------------------------------------------------------------- words


def describe_record(record: GameRecord) -> str:
    """One line for a list of games: "Makao, you and 3 computer players, 41 moves"."""
    title = find_game(record.setup.game).title
    seats = record.setup.seats
    humans = [seat.name for seat in seats if seat.is_human]
    bots = len(seats) - len(humans)
    people = ["you" if name == "You" else name for name in humans]
    if bots:
        people.append(f"{bots} computer player{'s' if bots > 1 else ''}")
    moves = record.moves
    return f"{title}, {_join(people)}, {moves} move{'' if moves == 1 else 's'}"


def _join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"
