"""The history of finished games, most recent first, for the app's History list.

Read from the statistics file (one indexed query, whatever the number of games), not from the
records: a record is read only when its game is opened for a replay.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cardgames.core.registry import find_game
from cardgames.session.dealcode import deal_code
from cardgames.session.record import GameRecord, RecordError
from cardgames.session.savefile import read, record_path
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.stats import connect

LIMIT = 500
"""Games listed at most (the most recent)."""


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game in the history.

    Attributes:
        id: The game's id (its record is ``<id>.json`` in the records folder).
        title: The game's title (``Makao``).
        seats: Every seat, seat 0 first.
        winners: The names of the winners.
        moves: Moves played.
        finished: When it ended.
        deal: Its deal code (``makao-4-q-7XK2``), or "" for a game this program cannot deal.
    """

    id: str
    title: str
    seats: tuple[SeatSpec, ...]
    winners: tuple[str, ...]
    moves: int
    finished: datetime
    deal: str

    def line(self) -> str:
        """One line for the list: ``Makao  You, Anna, Bob  You won  41 moves  2026-12-01 14:02
        makao-3-1A``."""
        names = ", ".join(seat.name for seat in self.seats)
        winners = " and ".join(self.winners)
        won = f"{winners} {'won' if len(self.winners) == 1 else 'tied'}" if winners else "no winner"
        when = self.finished.astimezone().strftime("%Y-%m-%d %H:%M")
        return f"{self.title}  {names}  {won}  {self.moves} moves  {when}  {self.deal}"


def history(path: Path, limit: int = LIMIT) -> list[PastGame]:
    """The finished games in the statistics file ``path``, most recent first.

    Args:
        path: The statistics file (a missing file gives an empty list).
        limit: How many games at most.

    Raises:
        StatsError: If the file cannot be used.
    """
    if not path.exists():
        return []
    connection = connect(path)
    try:
        games = connection.execute(
            "SELECT id, game, options, seed, game_number, moves, finished FROM games "
            "ORDER BY finished DESC, id DESC LIMIT ?", (limit,)).fetchall()
        seats: dict[str, list[tuple[int, str, str | None, int]]] = {}
        for game_id, seat, name, bot, won in connection.execute(
                "SELECT seats.game_id, seats.seat, seats.name, seats.bot, seats.won FROM seats "
                "JOIN (SELECT id FROM games ORDER BY finished DESC, id DESC LIMIT ?) AS recent "
                "ON recent.id = seats.game_id", (limit,)):
            seats.setdefault(game_id, []).append((seat, name, bot, won))
    finally:
        connection.close()
    return [_past(row, sorted(seats.get(row[0], []))) for row in games]


def _past(row: tuple[str, str, str, int, int, int, str],
          seats: list[tuple[int, str, str | None, int]]) -> PastGame:
    game_id, game, options, seed, game_number, moves, finished = row
    specs = tuple(SeatSpec(name, bot) for _, name, bot, _ in seats)
    try:
        title = find_game(game).title
        code = deal_code(GameSetup(game, specs, json.loads(options), seed, game_number))
    except (KeyError, LookupError, ValueError):
        title, code = game, ""
    return PastGame(
        id=game_id, title=title, seats=specs,
        winners=tuple(name for _, name, _, won in seats if won), moves=moves,
        finished=datetime.fromisoformat(finished), deal=code,
    )


def past_record(folder: Path, game: PastGame) -> GameRecord:
    """The record of a game in the history, read from the records folder ``folder``.

    The record is ``<id>.json``; a record file given another name (a game continued from a
    renamed file is saved under that name) is found by its id.

    Raises:
        RecordError: If the record is gone or cannot be read (the message says which).
    """
    path = record_path(folder, game.id)
    if path.exists():
        return read(path)
    for other in sorted(folder.glob("*.json")):
        try:
            record = read(other)
        except RecordError:
            continue
        if record.id == game.id:
            return record
    raise RecordError(f"the record of this game is no longer in {folder}")
