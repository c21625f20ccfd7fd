"""The ``cardgames`` subcommands (click): start a game, print rules, simulate, benchmark.

Textual and Rich are imported only inside the commands that need them, so ``cardgames --help``
and ``cardgames simulate`` start quickly. Every bad argument ends the program with one line on
stderr (``cardgames: error: Makao takes 2-6 players, not 9``) and exit status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from cardgames.cli import PROG
from cardgames.core.registry import GAMES, GameInfo, find_game
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.settings import AppSettings


class OneLineErrors(click.Group):
    """A click group that reports every usage error as one line: ``cardgames: error: ...``."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; with ``standalone_mode`` exit with the status (2 for bad usage)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            status = super().main(args, prog_name or PROG, complete_var, False, **extra)
        except click.ClickException as error:
            message = " ".join(error.format_message().split())
            click.echo(f"{PROG}: error: {message}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo(f"{PROG}: aborted", err=True)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


def _game(name: str) -> GameInfo:
    """The playable game called ``name`` (or an alias), else a usage error."""
    try:
        info = find_game(name)
    except KeyError as error:
        raise click.UsageError(error.args[0]) from None
    if not info.playable:
        raise click.UsageError(f"{info.title} is coming soon and cannot be played yet")
    return info


def _settings(
    ascii_cards: bool, four_colour: bool, bot_delay: float, turn_seconds: float | None
) -> AppSettings:
    return AppSettings(
        ascii=ascii_cards, four_colour=four_colour, bot_delay=bot_delay, turn_seconds=turn_seconds
    )


def _run_app(setup: GameSetup | None, settings: AppSettings) -> None:
    from cardgames.tui.app import make_app

    make_app(setup, settings).run()


GAMES_EPILOG = "Games: " + ", ".join(info.name for info in GAMES if info.playable) + "."
ascii_option = click.option(
    "--ascii", "ascii_cards", is_flag=True, help="Draw cards with letters only (7h, Ks)."
)
four_colour_option = click.option(
    "--four-colour", is_flag=True, help="Give each suit its own colour."
)
bot_delay_option = click.option(
    "--bot-delay",
    type=click.FloatRange(min=0),
    default=0.6,
    show_default=True,
    help="Seconds between computer players' moves.",
)
turn_seconds_option = click.option(
    "--turn-seconds",
    type=click.FloatRange(min=0),
    default=None,
    help="Seconds per turn in games with a turn clock (0 switches it off).",
)
option_option = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME",
    help="Switch a house option on (repeatable).",
)


@click.group(
    cls=OneLineErrors,
    invoke_without_command=True,
    context_settings={
        "help_option_names": ["-h", "--help"],
        "max_content_width": 100,
    },
)
@ascii_option
@four_colour_option
@bot_delay_option
@turn_seconds_option
@click.pass_context
def cli(
    ctx: click.Context,
    ascii_cards: bool,
    four_colour: bool,
    bot_delay: float,
    turn_seconds: float | None,
) -> None:
    """Card games in the terminal. Without a command, opens the game picker."""
    if ctx.invoked_subcommand is None:
        _run_app(None, _settings(ascii_cards, four_colour, bot_delay, turn_seconds))


@cli.command(epilog=GAMES_EPILOG)
@click.argument("game")
@click.option(
    "--players", type=click.IntRange(min=1), default=None, help="Seats at the table [default: 4]."
)
@click.option(
    "--bots",
    type=click.IntRange(min=0),
    default=None,
    help="Computer players [default: all but one].",
)
@click.option("--seed", type=int, default=None, help="Seed of the deal [default: random].")
@option_option
@ascii_option
@four_colour_option
@bot_delay_option
@turn_seconds_option
def play(
    game: str,
    players: int | None,
    bots: int | None,
    seed: int | None,
    options: tuple[str, ...],
    ascii_cards: bool,
    four_colour: bool,
    bot_delay: float,
    turn_seconds: float | None,
) -> None:
    """Start a game of GAME directly.

    The humans sit first, then the computer players.
    """
    info = _game(game)
    count = min(4, info.max_players) if players is None else players
    setup = _setup(info, count, count - 1 if bots is None else bots, seed, options)
    _run_app(setup, _settings(ascii_cards, four_colour, bot_delay, turn_seconds))


def _setup(
    info: GameInfo, players: int, bots: int, seed: int | None, options: tuple[str, ...]
) -> GameSetup:
    """A checked set-up, or a usage error with the reason."""
    import secrets

    try:
        setup = GameSetup(
            info.name,
            default_seats(players, bots),
            dict.fromkeys(options, True),
            secrets.randbelow(1_000_000) if seed is None else seed,
        )
        setup.check()
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    return setup


@cli.command(epilog=GAMES_EPILOG)
@click.argument("game")
def rules(game: str) -> None:
    """Print the rules of GAME.

    Formatted on a terminal, plain Markdown when piped.
    """
    from cardgames.core.registry import load_game

    text = load_game(_game(game).name).rules_text()
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        click.echo(text)


@cli.command(epilog=GAMES_EPILOG)
@click.argument("game")
@click.option(
    "--games", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play."
)
@click.option(
    "--players", type=click.IntRange(min=1), default=4, show_default=True, help="Seats per game."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@option_option
@click.option("--bot", default="default", show_default=True, help="Computer player for all seats.")
def simulate(
    game: str, games: int, players: int, seed: int, options: tuple[str, ...], bot: str
) -> None:
    """Play bot-against-bot games of GAME headless.

    Prints the games, average turns per game, wins per seat and games per second.
    """
    from cardgames.simulate import simulate as run

    info = _game(game)
    try:
        result = run(
            info.name,
            games=games,
            players=players,
            seed=seed,
            options=dict.fromkeys(options, True),
            bot=bot,
        )
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    wins = "  ".join(
        f"{seat + 1}: {won} ({won / result.games:.1%})" for seat, won in enumerate(result.wins)
    )
    click.echo(
        f"game              {result.title}, {players} players, seeds {seed}..{seed + games - 1}"
    )
    click.echo(f"games             {result.games}")
    click.echo(f"average turns     {result.average_actions:.1f}")
    click.echo(f"wins per seat     {wins}")
    click.echo(f"games per second  {result.games_per_second:,.1f}")


@cli.command()
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("screenshots"),
    show_default=True,
    help="Folder for the SVG files.",
)
def screenshots(out: Path) -> None:
    """Write SVG screenshots of the main screens.

    The screens come from real games played headless with fixed seeds.
    """
    from cardgames.tui.screenshots import write_screenshots

    out.mkdir(parents=True, exist_ok=True)
    for path in write_screenshots(out):
        click.echo(str(path))


@cli.command()
@click.option("--game", default="all", show_default=True, help="A game name, or all.")
@click.option(
    "--seconds",
    type=click.FloatRange(min=0),
    default=2.0,
    show_default=True,
    help="Measuring time per row.",
)
def bench(game: str, seconds: float) -> None:
    """Measure engine speed in games and actions per second.

    Random legal play, one row per game and player count.
    """
    from cardgames.bench import format_table, measure, playable_names

    names = playable_names() if game == "all" else (_game(game).name,)
    click.echo(format_table(measure(names, seconds)))
