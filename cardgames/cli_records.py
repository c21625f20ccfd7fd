"""The ``cardgames`` subcommands about saved games: resume, replay, export, stats.

Registered on the command group by :mod:`cardgames.cli_commands`; like it, they import Textual
and Rich only when they need them.
"""

from __future__ import annotations

import click

from cardgames.cli_games import (
    GAMES_EPILOG,
    ascii_option,
    display_settings,
    four_colour_option,
)


@click.command(epilog=GAMES_EPILOG)
@click.argument("game", required=False)
@ascii_option
@four_colour_option
def resume(game: str | None, ascii_cards: bool, four_colour: bool) -> None:
    """Continue the latest unfinished game (of GAME, if given)."""
    from cardgames.cli_games import game_named as _game
    from cardgames.cli_games import played_from
    from cardgames.session.savefile import latest_unfinished, records_dir
    from cardgames.tui.launch import run_app

    info = None if game is None else _game(game)
    saved, listing = latest_unfinished(records_dir(), None if info is None else info.name)
    for message in listing.messages:
        click.echo(message, err=True)
    if saved is None:
        which = "" if info is None else f" of {info.title}"
        hosted, _ = latest_unfinished(records_dir(), None if info is None else info.name,
                                      network=True)
        table = "" if hosted is None else (
            f"; an unfinished network game{which} is continued with: cardgames host --resume")
        raise click.UsageError(f"there is no unfinished game{which} to continue{table}")
    with played_from(saved.path):
        run_app(None, display_settings(ascii_cards, four_colour), saved)


@click.command(epilog=GAMES_EPILOG,
               short_help="Print the statistics of finished games (of GAME, if given).")
@click.argument("game", required=False)
@click.option("--computers", is_flag=True, help="Show the computer players too.")
@ascii_option
def stats(game: str | None, computers: bool, ascii_cards: bool) -> None:
    """Print the statistics of the finished games (of GAME, if given): per player name and
    game, played, won, win %, current and best streak, average moves."""
    from rich.console import Console

    from cardgames.cli_games import game_named as _game
    from cardgames.session.stats import StatsError, player_stats, stats_path
    from cardgames.tui.stats_table import stats_table

    name = None if game is None else _game(game).name
    try:
        rows = player_stats(stats_path(), name, people_only=not computers)
    except StatsError as error:
        raise click.ClickException(f"the statistics cannot be read: {error}") from None
    ascii = display_settings(ascii_cards).ascii
    Console().print(stats_table(rows, game=name, ascii=ascii), soft_wrap=not rows)


def _record(file: str, verb: str) -> object:
    """The record in ``file``, or of the latest finished game for ``last``; a usage error else,
    such as "there is no finished game to export yet" (``verb`` being what the command does)."""
    from pathlib import Path

    from cardgames.session.record import RecordError
    from cardgames.session.savefile import read

    if file == "last":
        record = _last_record()
        if record is None:
            raise click.UsageError(f"there is no finished game to {verb} yet")
        return record
    try:
        return read(Path(file))
    except RecordError as error:
        raise click.UsageError(f"{file}: {error}") from None


def _last_record() -> object:
    """The record of the latest finished game: found through the history (one query), else by
    reading the records folder (a game whose statistics were never written); None if none."""
    from cardgames.session.history import history, past_record
    from cardgames.session.record import RecordError
    from cardgames.session.savefile import records_dir, saved_games
    from cardgames.session.stats import StatsError, stats_path

    try:
        latest = history(stats_path(), limit=1)
        if latest:
            return past_record(records_dir(), latest[0])
    except (StatsError, RecordError):
        pass
    games = saved_games(records_dir(), finished=True).games
    return games[0].record if games else None


@click.command(short_help="Step through a recorded game (FILE, or the latest: last).")
@click.argument("file", default="last")
@ascii_option
@four_colour_option
def replay(file: str, ascii_cards: bool, four_colour: bool) -> None:
    """Step through a recorded game (FILE, or the latest finished game: last)."""
    from cardgames.session.record import GameRecord, RecordError
    from cardgames.session.replay import Replay
    from cardgames.tui.launch import run_replay

    record = _record(file, "replay")
    assert isinstance(record, GameRecord)
    try:
        game = Replay(record)
    except RecordError as error:
        raise click.UsageError(f"{file}: {error}") from None
    run_replay(game, display_settings(ascii_cards, four_colour))


@click.command(short_help="Print a recorded game (FILE, or last) as readable text.")
@click.argument("file")
@click.option("--format", "form", type=click.Choice(["text"]), default="text", show_default=True,
              help="What to print.")
@click.option("--seat", type=int, default=None, help="See the game with this seat's eyes (from 1).")
@click.option("--open-hands", is_flag=True, help="Show every card (finished games only).")
@ascii_option
def export(file: str, form: str, seat: int | None, open_hands: bool, ascii_cards: bool) -> None:
    """Print a recorded game (FILE, or last) as readable text: the set-up, then one line a move."""
    from cardgames.session.export import export_text
    from cardgames.session.record import GameRecord, RecordError

    record = _record(file, "export")
    assert isinstance(record, GameRecord)
    seats = len(record.setup.seats)
    if seat is not None and not 1 <= seat <= seats:
        raise click.UsageError(f"{file}: there is no seat {seat}; the seats are 1 to {seats}")
    try:
        text = export_text(record, viewer=None if seat is None else seat - 1,
                           open_hands=open_hands)
    except (RecordError, ValueError) as error:
        raise click.UsageError(f"{file}: {error}") from None
    if display_settings(ascii_cards).ascii:
        from cardgames.tui.render import CardStyle, cards_in_text

        style = CardStyle(ascii=True)
        text = "".join(cards_in_text(line, style).plain for line in text.splitlines(True))
    click.echo(text, nl=False)


RECORD_COMMANDS = (resume, stats, replay, export)
"""The commands this module adds to ``cardgames``."""
