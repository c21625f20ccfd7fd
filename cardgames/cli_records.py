"""The ``cardgames`` subcommands about saved games: resume, replay, export, stats.

Registered on the command group by :mod:`cardgames.cli_commands`; like it, they import Textual
and Rich only when they need them.
"""

from __future__ import annotations

import click


@click.command()
@click.argument("game", required=False)
@click.pass_context
def resume(ctx: click.Context, game: str | None) -> None:
    """Continue the latest unfinished game (of GAME, if given)."""
    from cardgames.cli_commands import _game
    from cardgames.session.savefile import latest_unfinished, records_dir
    from cardgames.tui.launch import run_app
    from cardgames.tui.settings import AppSettings

    info = None if game is None else _game(game)
    saved, listing = latest_unfinished(records_dir(), None if info is None else info.name)
    for message in listing.messages:
        click.echo(message, err=True)
    if saved is None:
        which = "" if info is None else f" of {info.title}"
        raise click.UsageError(f"there is no unfinished game{which} to continue")
    settings = ctx.obj if isinstance(ctx.obj, AppSettings) else AppSettings()
    run_app(None, settings, saved)


@click.command()
@click.argument("game", required=False)
@click.option("--computers", is_flag=True, help="Show the computer players too.")
@click.pass_context
def stats(ctx: click.Context, game: str | None, computers: bool) -> None:
    """Print the statistics of the finished games (of GAME, if given): per player name and
    game, played, won, win %, current and best streak, average moves."""
    from rich.console import Console

    from cardgames.cli_commands import _game
    from cardgames.session.stats import StatsError, player_stats, stats_path
    from cardgames.tui.settings import AppSettings
    from cardgames.tui.stats_table import stats_table

    name = None if game is None else _game(game).name
    try:
        rows = player_stats(stats_path(), name, people_only=not computers)
    except StatsError as error:
        raise click.ClickException(f"the statistics cannot be read: {error}") from None
    ascii = isinstance(ctx.obj, AppSettings) and ctx.obj.ascii
    Console().print(stats_table(rows, ascii=ascii))


RECORD_COMMANDS = (resume, stats)
"""The commands this module adds to ``cardgames``."""
