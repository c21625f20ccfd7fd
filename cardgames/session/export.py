"""A game record as readable text: the set-up, then one line per move (for sharing and bug
reports). Pure: the record in, the text out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from cardgames.core.cards import Card, cards_text
from cardgames.core.engine import Event, Game, PlayerId
from cardgames.session.dealcode import deal_code
from cardgames.session.record import GameRecord, RecordError
from cardgames.session.replay import Replay


def export_text(
    record: GameRecord, *, viewer: PlayerId | None = None, open_hands: bool = False
) -> str:
    """The record as text, seen by ``viewer`` (None: the public) or with every hand open.

    Args:
        record: The game.
        viewer: The seat whose eyes the log uses; ignored with ``open_hands``.
        open_hands: Show every card (the hands at the deal and every private draw); only for a
            finished game, since it would give away a live one.

    Returns:
        Lines ending in a newline: a header (game, deal code, times, seats, options, result),
        then ``  n. Name: command — what happened``.

    Raises:
        ValueError: If ``open_hands`` is asked for an unfinished game, ``viewer`` is no seat,
            or, in an unfinished game, not the seat of a person who played it here (see
            :attr:`Replay.eyes`).
        RecordError: If the set-up is invalid or a command does not replay (with its number).
    """
    setup = record.setup
    if open_hands and not record.is_finished:
        raise ValueError("an unfinished game cannot be shown with every hand open")
    if viewer is not None and not 0 <= viewer < len(setup.seats):
        raise ValueError(f"there is no seat {viewer} in this game")
    replay = Replay(record)
    if viewer is not None and not open_hands and viewer not in replay.eyes:
        raise ValueError(hidden_seat(replay, viewer))
    try:
        code = deal_code(setup)
    except ValueError as error:
        raise RecordError(f"the game cannot be set up: {error}") from None
    if open_hands:
        viewer = None
    # Without a seat's eyes the log is worded for the person called "You" (as the replay
    # screen words it), so that seat keeps the record's name: the one the statistics list.
    reader = replay.reader if viewer is None else viewer
    names = replay.names_for(reader)
    # A game may word more than who won (Shithead played to the last: who is the shithead).
    final = replay.view(len(replay), None) if record.result is not None else None
    verdict = getattr(final, "verdict", None)
    lines = _header(record, replay.game, code, viewer, open_hands, names, reader,
                    str(verdict(names)) if verdict is not None else "")
    shown = range(len(names)) if open_hands else () if viewer is None else (viewer,)
    for owner in shown:
        hand = getattr(replay.view(0, owner), "hand", None)
        if isinstance(hand, tuple) and all(isinstance(card, Card) for card in hand):
            holds = "You hold" if owner == reader else f"{names[owner]} holds"
            lines.append(f"{holds} at the deal: {cards_text(hand)}")
    lines.append("")
    for move in replay.moves:
        if move.redeal is not None:
            lines.append(f"      ({replay.redeal_line(reader)})")
        said = [_line(replay.game, event, viewer, reader, names, open_hands)
                for event in move.events]
        happened = ". ".join(line for line in said if line)
        mover = "You" if move.player == reader else names[move.player]
        head = f"{move.number:>4}. {mover}: {move.command}"
        lines.append(head + (f" — {happened}" if happened else ""))
    return "\n".join(lines) + "\n"


def hidden_seat(replay: Replay, seat: PlayerId) -> str:
    """Why ``seat``'s eyes may not show the unfinished game of ``replay``, and which seats may
    (counted from 1): "seat 3 (Cyril) is a computer player: its eyes would give away this
    unfinished game; it can be seen with seat 1 (Anna)"."""
    seats = replay.record.setup.seats
    whose = "a computer player" if seats[seat].level is not None else "played at another terminal"
    allowed = " or ".join(f"seat {other + 1} ({seats[other].name})" for other in replay.eyes)
    can = f"it can be seen with {allowed}" if allowed else (
        "no seat of it was played here, so it can be seen only without a seat's eyes")
    return (f"seat {seat + 1} ({seats[seat].name}) is {whose}: its eyes would give away "
            f"this unfinished game; {can}")


def _header(
    record: GameRecord,
    game: Game,
    code: str,
    viewer: PlayerId | None,
    open_hands: bool,
    names: Sequence[str],
    reader: PlayerId | None,
    verdict: str = "",
) -> list[str]:
    """The set-up lines; the seats are named and numbered as the move lines name them, the
    reader's seat (whom the log calls "you") marked so when it has a name of its own; the
    result ends with ``verdict`` when the game words more than who won ("Bob is the
    shithead.")."""
    setup = record.setup
    seats = [
        f"{seat + 1}. {names[seat]}"
        + (" (you)" if seat == reader and names[seat] != "You" else "")
        + ("" if spec.level is None else f" (computer: {spec.level})")
        for seat, spec in enumerate(setup.seats)
    ]
    options = ", ".join(
        f"{name} {'on' if value is True else 'off' if value is False else value}"
        for name, value in sorted(game.check_options(setup.options).items())
    )
    seen = (
        "every hand open" if open_hands
        else "the public" if viewer is None else setup.seats[viewer].name
    )
    finished = "unfinished" if record.finished is None else f"finished {_when(record.finished)}"
    moves = record.moves
    lines = [
        f"{game.title}, deal {code}",
        f"Started {_when(record.started)}, {finished}, {moves} move{'s' if moves != 1 else ''}",
        f"Seats: {'; '.join(seats)}",
        f"House options: {options or 'none'}",
        f"Seen by: {seen}",
    ]
    if record.result is not None:
        ranking = ", ".join(names[seat] for seat in record.result.ranking)
        winners = " and ".join(names[seat] for seat in record.result.winners)
        result = f"Result: {winners} won; order {ranking}"
        lines.append(f"{result}; {verdict}" if verdict else result)
    return lines


def _when(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} {moment.tzname()}"


def _line(
    game: Game,
    event: Event,
    viewer: PlayerId | None,
    reader: PlayerId | None,
    names: Sequence[str],
    open_hands: bool,
) -> str:
    """The log line of ``event`` with the cards ``viewer`` sees (every card with
    ``open_hands``), worded for ``reader``, who is "you"; a line that only the reader's own
    eyes get (Makao's "You keep the drawn card") is left out of what ``viewer`` sees."""
    if not open_hands:
        seen = event.for_viewer(viewer)
        if viewer != reader and not game.describe(seen, viewer, names):
            return ""
        return game.describe(seen, reader, names)
    line = game.describe(event.for_viewer(None), reader, names)
    if event.private and event.cards and line:
        line += f" ({cards_text(event.cards)})"
    return line
