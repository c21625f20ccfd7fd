"""The ``cardgames`` subcommands (click): start a game, print rules, simulate, benchmark.

Textual and Rich are imported only inside the commands that need them, so ``cardgames --help``
and ``cardgames simulate`` start quickly. Every bad argument ends the program with one line on
stderr (``cardgames: error: Makao takes 2-6 players, not 9``) and exit status 2.
"""

from __future__ import annotations

import functools
import io
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cardgames import PROG
from cardgames.cli_games import (
    GAMES_EPILOG,
    ascii_option,
    display_settings,
    four_colour_option,
    played_from,
)
from cardgames.cli_games import game_named as _game
from cardgames.core.engine import OptionValue
from cardgames.core.errors import quoted
from cardgames.core.registry import GameInfo, find_game
from cardgames.session.setup import (
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    GameSetup,
    default_seats,
    turn_clock_problem,
)
from cardgames.tui.settings import AppSettings

if TYPE_CHECKING:
    from cardgames.net.server import TableServer
    from cardgames.session.savefile import SavedGame


def _replace_unwritable_characters() -> None:
    """Make standard output and error write ``?`` for a character their encoding cannot write.

    A player called ``Žofie 🃏`` then reaches a Latin-1 terminal (or ``PYTHONIOENCODING=ascii``)
    as ``?ofie ?`` instead of ending the command with a ``UnicodeEncodeError``. Only a stream
    that would raise is changed (errors ``strict`` or ``surrogateescape``); one told to do
    otherwise (``PYTHONIOENCODING=ascii:backslashreplace``) is left as it is.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "surrogateescape"):
            stream.reconfigure(errors="replace")


class OneLineErrors(click.Group):
    """A click group that reports every usage error as one line: ``cardgames: error: ...``.

    Whatever a command prints, through click or Rich, cannot fail on the output's encoding
    (:func:`_replace_unwritable_characters`).
    """

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command line; with ``standalone_mode`` exit with the status (2 for bad usage)."""
        _replace_unwritable_characters()
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


_Decorated = TypeVar("_Decorated", bound=Callable[..., Any])
"""A click command function being decorated."""


class PlainBadParameter(click.BadParameter):
    """A bad option value whose message already names the option, so click adds nothing."""

    def format_message(self) -> str:
        """The message as written: ``--games must be a whole number (1 or more), not 'x'``."""
        return self.message


def number_option(
    name: str,
    kind: type[int] | type[float],
    minimum: float | None,
    what: str,
    maximum: float | None = None,
    refuse: Callable[[float], str | None] | None = None,
    **attrs: Any,
) -> Callable[[_Decorated], _Decorated]:
    """A click option for an int or float whose errors say what is wanted and what was given.

    The text is read by a callback rather than a click number type, so a bad value gives
    ``--bot-delay must be a number of seconds (0 or more), not 'abc'``.

    Args:
        name: The option, such as ``--bot-delay``.
        kind: ``int`` or ``float``.
        minimum: The smallest value allowed, or None.
        maximum: The largest value allowed, or None.
        what: The wanted value in words (``a number of seconds``, ``a whole number``).
        refuse: A further check of a number in range: why it cannot be used, or None if it
            can (the message is shown after the option's name).
        **attrs: Passed on to ``click.option`` (default, help, metavar …).
    """
    if minimum is None:
        wanted = what
    elif maximum is None:
        wanted = f"{what} ({minimum:g} or more)"
    else:
        wanted = f"{what} from {minimum:g} to {maximum:g}"

    def read(ctx: click.Context, param: click.Parameter, value: str | None) -> float | None:
        if value is None:
            return None
        number: float | None
        try:
            number = kind(value.strip())
        except ValueError:
            number = None
        if (
            number is None
            or not math.isfinite(number)
            or (minimum is not None and number < minimum)
            or (maximum is not None and number > maximum)
        ):
            raise PlainBadParameter(f"{name} must be {wanted}, not {quoted(value)}", ctx, param)
        problem = refuse(number) if refuse is not None else None
        if problem is not None:
            raise PlainBadParameter(f"{name}: {problem}", ctx, param)
        return number

    return click.option(name, type=str, callback=read, **attrs)


BOT_DELAY = 0.6
"""Seconds between computer players' moves unless --bot-delay says otherwise."""


def _settings(
    ascii_cards: bool,
    four_colour: bool,
    bot_delay: float | None,
    turn_seconds: float | None,
    bell: bool | None = None,
) -> AppSettings:
    """The display options given after the subcommand, added to those given before it.

    ``cardgames --ascii play makao`` and ``cardgames play makao --ascii`` mean the same; a value
    given after the subcommand wins over one given before it.
    """
    ctx = click.get_current_context()
    earlier: AppSettings | None = ctx.find_root().obj if ctx.parent is not None else None
    if earlier is None:
        earlier = AppSettings(bot_delay=BOT_DELAY)
    return AppSettings(
        ascii=ascii_cards or earlier.ascii,
        four_colour=four_colour or earlier.four_colour,
        bot_delay=earlier.bot_delay if bot_delay is None else bot_delay,
        turn_seconds=earlier.turn_seconds if turn_seconds is None else turn_seconds,
        bell=earlier.bell if bell is None else bell,
    )


def _run_app(setup: GameSetup | None, settings: AppSettings) -> None:
    from cardgames.tui.launch import run_app

    run_app(setup, settings)


bot_delay_option = number_option(
    "--bot-delay",
    float,
    0,
    "a number of seconds",
    metavar="SECONDS",
    default=None,
    help=f"Seconds between computer players' moves [default: {BOT_DELAY:g}].",
)
turn_seconds_option = number_option(
    "--turn-seconds",
    float,
    0,
    "a number of seconds",
    MAX_TURN_SECONDS,
    refuse=turn_clock_problem,
    metavar="SECONDS",
    default=None,
    help=f"Seconds per turn in games with a turn clock, {MIN_TURN_SECONDS} or more "
    "(0 switches it off).",
)
bell_option = click.option(
    "--bell/--no-bell",
    default=None,
    help="Ring the terminal bell when your turn comes after computer players moved "
    "[default: on].",
)
option_option = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME[=N]",
    help="Switch a house option on, or set a number option: --option target=300 (repeatable).",
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
@bell_option
@click.pass_context
def cli(
    ctx: click.Context,
    ascii_cards: bool,
    four_colour: bool,
    bot_delay: float | None,
    turn_seconds: float | None,
    bell: bool | None,
) -> None:
    """Card games in the terminal. Without a command, opens the game picker.

    The display options work before a command or after it:

    \b
        cardgames --ascii play makao
    """
    settings = _settings(ascii_cards, four_colour, bot_delay, turn_seconds, bell)
    ctx.obj = settings
    if ctx.invoked_subcommand is None:
        _run_app(None, settings)


@cli.command(epilog=GAMES_EPILOG,
             short_help="Start a game of GAME (or of a --deal code) directly.")
@click.argument("game", required=False)
@number_option(
    "--players", int, None, "a whole number", metavar="N",
    help="Seats at the table [default: you and the --bots computer players, else 4].",
)
@number_option(
    "--bots",
    int,
    0,
    "a whole number",
    metavar="N",
    help="Computer players, seated after the people; the other seats are people at this "
    "keyboard (hot-seat) [default: every seat but yours].",
)
@number_option(
    "--seed", int, None, "a whole number", metavar="N", help="Seed of the deal [default: random]."
)
@option_option
@click.option("--deal", metavar="CODE",
              help="Play exactly this deal (game, players, options and seed), e.g. makao-4-q-7XK2; "
              "--players, --seed and --option may only repeat what it says.")
@click.option(
    "--level",
    default=None,
    metavar="LEVEL[,LEVEL...]",
    help="Computer level: easy, normal or hard; one for all, or one per computer player "
    "[default: normal].",
)
@ascii_option
@four_colour_option
@bot_delay_option
@turn_seconds_option
@bell_option
def play(
    game: str | None,
    players: int | None,
    bots: int | None,
    seed: int | None,
    options: tuple[str, ...],
    deal: str | None,
    level: str | None,
    ascii_cards: bool,
    four_colour: bool,
    bot_delay: float | None,
    turn_seconds: float | None,
    bell: bool | None,
) -> None:
    """Start a game of GAME directly (GAME may be left out with --deal).

    The people sit first, then the computer players: --players 3 alone is you against two
    computer players, --bots 2 alone the same, --players 3 --bots 1 two people at this keyboard
    (hot-seat) against one, and --bots 0 people only.
    """
    if deal is not None:
        setup = _deal_setup(deal, game, players, bots, seed, options, level)
    elif game is None:
        raise click.UsageError("name a game to play, or give --deal CODE")
    else:
        info = _game(game)
        count = _player_count(info, players, bots)
        computers = count - 1 if bots is None else bots
        levels = _levels(info, level, computers)
        setup = _setup(info, count, computers, seed, options, levels)
    _run_app(setup, _settings(ascii_cards, four_colour, bot_delay, turn_seconds, bell))


def _player_count(info: GameInfo, players: int | None, bots: int | None = None) -> int:
    """The seats of ``--players``, or a usage error naming the game's range: "Makao takes 2-6
    players, not 0".

    Without ``--players`` it is you and the ``bots`` computer players when some are asked for
    ("--bots 1" alone is a game against one computer player, not a hot-seat of three), else four
    (or fewer if the game takes fewer). A count that comes from ``--bots`` says so: "Makao takes
    2-6 players, not 10 (you and 9 computer players)".
    """
    reason = ""
    if players is None:
        if not bots:
            return min(4, info.max_players)
        players = max(bots + 1, info.min_players)
        reason = f" (you and {bots} computer player{'' if bots == 1 else 's'})"
    if not info.min_players <= players <= info.max_players:
        raise click.UsageError(
            f"{info.title} takes {info.min_players}-{info.max_players} players, "
            f"not {players}{reason}"
        )
    return players


def _levels(info: GameInfo, level: str | None, computers: int) -> list[str]:
    """The ``--level`` of each of ``computers`` computer players: one level for all, or one per
    computer player; a usage error otherwise."""
    if level is None:
        return ["default"] * max(computers, 0)
    if computers == 0:
        raise click.UsageError(f"there are no computer players for --level {level} (--bots 0)")
    levels = _bot_list(info, level, "--level")
    if len(levels) == 1:
        levels *= max(computers, 0)
    if len(levels) != computers:
        raise click.UsageError(
            f"--level names {len(levels)} levels for {computers} computer "
            f"player{'' if computers == 1 else 's'}; "
            "give one for all or one for each"
        )
    return levels


def _deal_setup(
    code: str,
    game: str | None,
    players: int | None,
    bots: int | None,
    seed: int | None,
    options: tuple[str, ...],
    level: str | None,
) -> GameSetup:
    """The set-up of a deal code (you and computer players, unless ``--bots`` says otherwise,
    at the ``--level`` given), or a usage error in one line.

    The game, ``--players``, ``--seed`` and ``--option`` may be given as well, but only as the
    code says them: "the deal makao-4-7XK2 is for 4 players, not 3".
    """
    from cardgames.core.registry import load_game
    from cardgames.session.dealcode import parse_deal

    try:
        deal = parse_deal(code)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    if game is not None and _game(game).name != deal.game:
        raise click.UsageError(f"the deal {code} is for {find_game(deal.game).title}, not {game}")
    if players is not None and players != deal.players:
        raise click.UsageError(f"the deal {code} is for {deal.players} players, not {players}")
    if seed is not None and seed != deal.seed:
        raise click.UsageError(f"the deal {code} has the seed {deal.seed}, not {seed}")
    chosen = _options(options)
    try:
        load_game(deal.game).check_options(chosen)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    typed = {text.partition("=")[0].strip(): text for text in options}
    for name, value in chosen.items():
        if deal.options.get(name) == value:
            continue
        if value is True:
            raise click.UsageError(f"the deal {code} is without the option {name}")
        raise click.UsageError(
            f"the deal {code} has {name}={deal.options.get(name)}, not {typed[name]}"
        )
    try:
        computers = deal.players - 1 if bots is None else bots
        levels = _levels(_game(deal.game), level, computers)
        setup = deal.setup(default_seats(deal.players, computers, levels))
        setup.check()
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    return setup


def _setup(
    info: GameInfo,
    players: int,
    bots: int,
    seed: int | None,
    options: tuple[str, ...],
    levels: Sequence[str],
) -> GameSetup:
    """A checked set-up, or a usage error with the reason."""
    import secrets

    try:
        setup = GameSetup(
            info.name,
            default_seats(players, bots, levels),
            read_options(options),
            secrets.randbelow(1_000_000) if seed is None else seed,
        )
        setup.check()
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    return setup


def _bot_list(info: GameInfo, text: str, option: str) -> list[str]:
    """The comma-separated computer players of ``text``, each checked against the game's."""
    kinds = [word.strip().lower() for word in text.split(",")]
    if not all(kinds):
        raise click.UsageError(f"{option} must be names separated by commas, not {text!r}")
    for kind in kinds:
        _check_bot(info, kind, option)
    return kinds


@cli.command(epilog=GAMES_EPILOG)
@click.argument("game")
@ascii_option
def rules(game: str, ascii_cards: bool) -> None:
    """Print the rules of GAME.

    Formatted on a terminal, plain Markdown when piped; with --ascii in letters only.
    """
    from cardgames.core.registry import load_game

    text = load_game(_game(game).name).rules_text()
    ascii = display_settings(ascii_cards).ascii
    if ascii:
        from cardgames.tui.render import ascii_rules

        text = ascii_rules(text)
    if sys.stdout.isatty():
        from rich.console import Console

        from cardgames.tui.markdown import AsciiDrawing, RulesMarkdown

        markdown = RulesMarkdown(text)
        Console().print(AsciiDrawing(markdown) if ascii else markdown)
    else:
        click.echo(text)


@cli.command(epilog=GAMES_EPILOG)
@click.argument("game")
@number_option(
    "--games", int, 1, "a whole number", metavar="N", default=1000, show_default=True,
    help="Games to play.",
)
@number_option(
    "--players", int, None, "a whole number", metavar="N", default=4, show_default=True,
    help="Seats per game.",
)
@number_option(
    "--seed", int, None, "a whole number", metavar="N", default=1, show_default=True,
    help="Seed of the first game.",
)
@option_option
@click.option(
    "--bot",
    default="default",
    metavar="NAME[,NAME…]",
    show_default=True,
    help="Computer player for all seats (a bot of the game, e.g. random), or one per seat "
    "separated by commas (spite_malice,random).",
)
def simulate(
    game: str, games: int, players: int, seed: int, options: tuple[str, ...], bot: str
) -> None:
    """Play bot-against-bot games of GAME headless.

    Prints the games, average turns per game, wins per seat and games per second.
    """
    from cardgames.simulate import simulate as run

    info = _game(game)
    _player_count(info, players)
    for kind in bot.split(","):
        _check_bot(info, kind)
    try:
        result = run(
            info.name,
            games=games,
            players=players,
            seed=seed,
            options=_options(options),
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


def read_options(texts: Sequence[str]) -> dict[str, OptionValue]:
    """The ``--option`` values: ``queens`` switches an option on, ``target=300`` sets a number.

    The values are checked against the game later (``GameSetup.check``).

    Raises:
        ValueError: If a value after ``=`` is not a whole number.
    """
    chosen: dict[str, OptionValue] = {}
    for text in texts:
        name, equals, value = text.partition("=")
        name = name.strip()
        if not equals:
            chosen[name] = True
            continue
        try:
            chosen[name] = int(value.strip())
        except ValueError:
            raise ValueError(
                f"--option {quoted(name)} takes a whole number after '=', not {quoted(value)}"
            ) from None
    return chosen


def _options(texts: Sequence[str]) -> dict[str, OptionValue]:
    """:func:`read_options`, with a bad value as a usage error."""
    try:
        return read_options(texts)
    except ValueError as error:
        raise click.UsageError(str(error)) from None


@cli.command(epilog=GAMES_EPILOG,
             short_help="Match computer players of GAME against each other.")
@click.argument("game")
@click.option(
    "--bots",
    default="hard,normal",
    metavar="BOT,BOT[,...]",
    show_default=True,
    help="The computer players to match: levels (easy, normal, hard) or the game's bots.",
)
@number_option(
    "--players", int, None, "a whole number", metavar="N", default=2, show_default=True,
    help="Seats per game.",
)
@number_option(
    "--games", int, 1, "a whole number", metavar="N", default=200, show_default=True,
    help="Games to play.",
)
@number_option(
    "--seed", int, None, "a whole number", metavar="N", default=1, show_default=True,
    help="Seed of the first deal.",
)
@option_option
def tournament(
    game: str, bots: str, players: int, games: int, seed: int, options: tuple[str, ...]
) -> None:
    """Play computer players of GAME against each other, seats rotated.

    Each deal is played once from every seat. Prints each bot's win rate with its 95% (Wilson)
    interval, the games per second, and the median and 99th-percentile time per move of each
    bot (moves with a choice), next to the speed of the reference engine in the same run.
    On a terminal, a progress bar on standard error counts the games played.
    """
    from cardgames.tournament import check_entries, format_result
    from cardgames.tournament import tournament as run

    info = _game(game)
    _player_count(info, players)
    kinds = _bot_list(info, bots, "--bots")
    chosen = _options(options)
    try:
        check_entries(info.name, kinds, games=games, players=players, options=chosen)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    play = functools.partial(
        run, info.name, kinds, games=games, players=players, seed=seed, options=chosen
    )
    if sys.stderr.isatty():
        with click.progressbar(length=games, label="games played", file=sys.stderr) as bar:
            result = play(progress=lambda _played: bar.update(1))
    else:
        result = play()
    click.echo(format_result(result, seed))


def _check_bot(info: GameInfo, bot: str, option: str = "--bot") -> None:
    """A usage error naming the computer players of the game, if ``bot`` is not one of them.

    For ``--level`` the error names the levels alone (the game's other bots are still accepted,
    but the option is about levels)."""
    from cardgames.bots.levels import DEFAULT_LEVEL, LEVELS
    from cardgames.core.registry import load_game

    kinds = list(getattr(load_game(info.name), "bots", dict)())
    if bot == "default" or bot in kinds:
        return
    if option == "--level":
        levels = [f"{level} (the default)" if level == DEFAULT_LEVEL else level
                  for level in LEVELS if level in kinds]
        raise click.UsageError(
            f"{info.title} has no level {quoted(bot)}; its levels are: " + ", ".join(levels)
        )
    listed = [f"{kinds[0]} (the default)", *kinds[1:]] if kinds else ["default"]
    raise click.UsageError(
        f"{info.title} has no computer player {quoted(bot)}; its computer players are: "
        + ", ".join(listed)
    )


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

    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = f"cannot write screenshots to {str(out)!r}: {error.strerror}"
        raise click.UsageError(reason) from None
    for path in write_screenshots(out):
        click.echo(str(path))


@cli.command(epilog=GAMES_EPILOG)
@click.option("--game", default="all", show_default=True, help="A game name, or all.")
@number_option(
    "--seconds",
    float,
    0,
    "a number of seconds",
    metavar="SECONDS",
    default=2.0,
    show_default=True,
    help="Measuring time per row (not for the whole run).",
)
def bench(game: str, seconds: float) -> None:
    """Measure engine speed in games and actions per second.

    Random legal play, one row per game and player count. --seconds is the time per row, so a
    run takes about that many seconds times the number of rows.
    """
    from cardgames.bench import format_table, measure, playable_names

    names = playable_names() if game == "all" else (_game(game).name,)
    click.echo(format_table(measure(names, seconds)))


@cli.command(epilog=GAMES_EPILOG,
             short_help="Host a network table of GAME and print its join code.")
@click.argument("game", required=False)
@number_option(
    "--players", int, None, "a whole number", metavar="N", help="Seats at the table [default: 4]."
)
@number_option(
    "--bots", int, 0, "a whole number", metavar="N",
    help="Computer players, seated after the people [default: all seats but two].",
)
@number_option(
    "--seed", int, None, "a whole number", metavar="N", help="Seed of the deal [default: random]."
)
@option_option
@click.option("--resume", metavar="[FILE]", is_flag=False, flag_value="", default=None,
              help="Continue an unfinished game of a network table: the one saved in FILE, or "
                   "the latest one (of GAME, if given).")
@number_option("--port", int, 0, "a port number", 65535, metavar="PORT", default="7777",
               show_default=True, help="TCP port to listen on (0: any free one).")
@click.option("--bind", default="127.0.0.1", show_default=True, metavar="ADDRESS",
              help="Address to listen on; 0.0.0.0 for every network of this machine.")
@click.option("--socket", "socket_path", type=click.Path(dir_okay=False, resolve_path=True),
              help="Listen on this Unix socket instead of TCP (players on this machine).")
@click.option("--name", help="Your name at the table [default: Host; with --resume, the name of "
                             "the seat you played].")
@click.option("--headless", is_flag=True,
              help="Only serve the table (print the code, play no seat here).")
@ascii_option
@four_colour_option
@bot_delay_option
@turn_seconds_option
def host(
    game: str | None,
    players: int | None,
    bots: int | None,
    seed: int | None,
    options: tuple[str, ...],
    resume: str | None,
    port: int,
    bind: str,
    socket_path: str | None,
    name: str | None,
    headless: bool,
    ascii_cards: bool,
    four_colour: bool,
    bot_delay: float | None,
    turn_seconds: float | None,
) -> None:
    """Host a network table of GAME: print its join code and play a seat here.

    The others join from their own terminals with cardgames join CODE --name NAME; the game is
    dealt once every seat for a person is taken. With --resume an unfinished game of a network
    table goes on instead, once its players have joined again with their names at the table.
    """
    from cardgames.session.stats import stats_path

    settings = _settings(ascii_cards, four_colour, bot_delay, turn_seconds)
    table: dict[str, Any] = {"turn_seconds": turn_seconds, "bot_delay": settings.bot_delay,
                             "stats": None if headless else stats_path()}
    if resume is None:
        from cardgames.session.setup import NAME_LIMIT

        name = _table_name(name or "Host", NAME_LIMIT)
        server = _new_table(game, players, bots, seed, options,
                            local=None if headless else name, **table)
        _serve_table(server, name, headless, settings, bind, port, socket_path)
        return
    _no_set_up_with_resume(players, bots, seed, options)
    saved = _network_game(resume, game)
    with played_from(saved.path):
        server, name = _resumed_table(saved, name, headless, **table)
        _serve_table(server, name, headless, settings, bind, port, socket_path)


def _serve_table(server: TableServer, name: str | None, headless: bool, settings: AppSettings,
                 bind: str, port: int, socket_path: str | None) -> None:
    """Serve ``server`` until its game ends or the host stops it, the host playing as ``name``
    in the app here (unless ``headless``); exits with the app's status if it is not 0."""
    from cardgames.net.host import (
        SIGNALLED,
        HostedTable,
        announce,
        ended_by_signals,
        goodbye,
        left_seat,
        resumed_lines,
    )

    try:
        hosted = HostedTable(server, bind, port, socket_path)
    except OSError as error:
        where = socket_path or f"{bind}:{port}"
        raise click.UsageError(f"cannot listen on {where}: {error.strerror}") from None
    announce(hosted, click.echo, in_app=not headless)
    status = 0
    try:
        if not headless:
            from cardgames.net.app import run_join

            assert name is not None
            status = run_join(hosted.local_code(), name, settings, hosted.code(), keep=False,
                              notes=resumed_lines(server))
        # A host whose terminal is gone (SIGHUP) or who was told to end closes the table.
        if status < SIGNALLED and not hosted.over:
            if name is not None and not headless:
                left_seat(hosted, name, click.echo)
            with ended_by_signals():
                hosted.wait_over()
    except KeyboardInterrupt:
        click.echo("Table closed.")
    finally:
        hosted.stop()
        goodbye(hosted.server, click.echo)
    if status:
        sys.exit(status)


def _new_table(
    game: str | None,
    players: int | None,
    bots: int | None,
    seed: int | None,
    options: tuple[str, ...],
    **table: Any,
) -> TableServer:
    """The table of a new game of GAME (``table``: passed to :class:`TableServer`), saving
    into the records folder; a usage error if GAME is missing or the set-up is invalid."""
    import secrets

    from cardgames.net.server import TableServer
    from cardgames.session.savefile import records_dir

    if game is None:
        raise click.UsageError("missing argument GAME (or --resume to continue a saved game)")
    info = _game(game)
    count = _player_count(info, players)
    computers = max(0, count - 2) if bots is None else bots
    if table.get("local") is not None and count - computers == 1:
        raise click.UsageError(
            f"a network table needs a seat for someone else: {count} seats with {computers} "
            f"computer player{'s' if computers != 1 else ''} leave none but yours (cardgames "
            f"play {info.name} plays against computer players here)")
    try:
        return TableServer(
            info.name, players=count, bots=computers,
            seed=secrets.randbelow(1_000_000) if seed is None else seed,
            options=_options(options), records=records_dir(), **table,
        )
    except ValueError as error:
        raise click.UsageError(str(error)) from None


def _no_set_up_with_resume(
    players: int | None, bots: int | None, seed: int | None, options: tuple[str, ...]
) -> None:
    """A usage error if a set-up option comes with --resume: the saved game has its own."""
    given = [flag for flag, value in (("--players", players), ("--bots", bots), ("--seed", seed),
                                      ("--option", options or None)) if value is not None]
    if given:
        them = "it comes" if len(given) == 1 else "they come"
        raise click.UsageError(f"{', '.join(given)} cannot go with --resume: {them} from the "
                               "saved game")


def _network_game(file: str, game: str | None) -> SavedGame:
    """The saved game of a network table to continue: the one in ``file``, or ("") the latest
    one (of ``game``, if given); a usage error if there is none, the file cannot be read (one
    in the records folder is moved aside) or it holds a game of another game than ``game``."""
    from cardgames.session.record import RecordError
    from cardgames.session.savefile import latest_unfinished, records_dir, saved_game

    info = None if game is None else _game(game)
    if not file:
        saved, listing = latest_unfinished(records_dir(), None if info is None else info.name,
                                           network=True)
        for message in listing.messages:
            click.echo(message, err=True)
        if saved is None:
            which = "" if info is None else f" of {info.title}"
            raise click.UsageError(f"there is no unfinished game of a network table{which} to "
                                   "continue")
        return saved
    try:
        saved = saved_game(Path(file), records_dir())
    except RecordError as error:
        raise click.UsageError(f"{error}{_game_hint(file)}") from None
    title = find_game(saved.record.setup.game).title
    if info is not None and info.name != saved.record.setup.game:
        raise click.UsageError(f"{file} holds a game of {title}, not of {info.title}")
    return saved


def _game_hint(file: str) -> str:
    """For a --resume FILE that is no file but a game's name, how to continue that game's
    latest table (--resume takes a file; the game comes before it)."""
    if Path(file).exists():
        return ""
    try:
        info = find_game(file)
    except KeyError:
        return ""
    return f" To continue the latest table of {info.title}: cardgames host {info.name} --resume"


def _resumed_table(
    saved: SavedGame, name: str | None, headless: bool, **table: Any
) -> tuple[TableServer, str | None]:
    """The table continuing ``saved`` (``table``: passed to ``TableServer.resume``) and the
    name the host plays it with (``--name``, or the seat he played; None with ``--headless``);
    a usage error if its game cannot go on at a table or ``--name`` is not one of its players."""
    from cardgames.net.host import host_name
    from cardgames.net.server import TableServer
    from cardgames.session.record import RecordError

    try:
        local = None if headless else host_name(saved.record, name)
        return TableServer.resume(saved, local=local, **table), local
    except RecordError as error:
        raise click.UsageError(str(error)) from None
    except ValueError as error:
        raise click.UsageError(f"cannot continue {saved.path}: {error}") from None


@cli.command(short_help="Join a network table by the code its host printed.")
@click.argument("code")
@click.option("--name", required=True, help="Your name at the table (the same name rejoins).")
@ascii_option
@four_colour_option
def join(code: str, name: str, ascii_cards: bool, four_colour: bool) -> None:
    """Join the network table of a join code (HOST:PORT/TABLE.SECRET, printed by host)."""
    from cardgames.net.app import run_join
    from cardgames.net.protocol import SAVED_NAME_LIMIT, parse_code

    try:
        where = parse_code(code)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    # A saved game's names may be longer than a new table takes: the table says which it takes.
    name = _table_name(name, SAVED_NAME_LIMIT)
    status = run_join(where, name, _settings(ascii_cards, four_colour, None, None))
    if status:
        sys.exit(status)


def _table_name(name: str, limit: int) -> str:
    """``name`` (``--name``) with its spaces tidied, as a name at a network table of at most
    ``limit`` characters; a usage error if it is no such name (see ``server.joinable``)."""
    from cardgames.net.server import joinable

    tidy = " ".join(name.split())
    if not joinable(tidy, limit):
        raise click.UsageError(f"--name must have 1 to {limit} printable characters")
    return tidy


def _port_option(default: int) -> Callable[[_Decorated], _Decorated]:
    return number_option(
        "--port", int, 1, "a port number", 65535, metavar="PORT", default=default,
        show_default=True, help="TCP port to listen on.",
    )


def _listen_error(bind: str, port: int, error: OSError) -> click.ClickException:
    """``cannot serve on 127.0.0.1:2222: the port is in use`` (or the system's reason)."""
    import errno

    reason = "the port is in use" if error.errno == errno.EADDRINUSE else error.strerror
    return click.ClickException(f"cannot serve on {bind}:{port}: {reason}")


bind_option = click.option(
    "--bind", default="127.0.0.1", show_default=True, metavar="ADDRESS",
    help="Address to listen on (0.0.0.0: every network interface).",
)


@cli.command("serve-ssh", short_help="Serve the games over SSH, a game picker per connection.")
@_port_option(2222)
@bind_option
@click.option(
    "--authorized-keys", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
    help="Let in the public keys in FILE (OpenSSH authorized_keys format).",
)
@click.option("--open", "open_to_all", is_flag=True, help="Let anyone in, without a key.")
@number_option(
    "--max-connections", int, 1, "a whole number", metavar="N", default=10, show_default=True,
    help="Connections served at once; one more is refused.",
)
@number_option(
    "--idle-timeout", float, 0, "a number of seconds", metavar="SECONDS", default=1800,
    show_default=True, help="Close a connection after this long without a key (0: never).",
)
def serve_ssh(
    port: int,
    bind: str,
    authorized_keys: Path | None,
    open_to_all: bool,
    max_connections: int,
    idle_timeout: float,
) -> None:
    """Serve the games over SSH: every connection gets its own terminal and game picker.

    Visitors connect with ssh -t -p PORT HOST (or ssh -t ... play makao). The host key is made
    in the data folder on the first run.
    """
    from cardgames.serve.ssh import SshConfig, display_args, serve_ssh
    from cardgames.session.savefile import data_dir

    if authorized_keys is not None and open_to_all:
        raise click.UsageError("give --authorized-keys FILE or --open, not both")
    if authorized_keys is None and not open_to_all:
        raise click.UsageError(
            "say who may connect: --authorized-keys FILE for those keys, or --open for anyone"
        )
    settings = _settings(False, False, None, None)
    config = SshConfig(
        data_dir(), authorized_keys, bind, port, max_connections, idle_timeout,
        display_args(settings),
    )
    try:
        serve_ssh(config, click.echo)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    except OSError as error:
        raise _listen_error(bind, port, error) from None


@cli.command("serve-web", short_help="Serve the games in the browser, a game picker per tab.")
@_port_option(8000)
@bind_option
def serve_web(port: int, bind: str) -> None:
    """Serve the games in the browser: every tab gets its own game picker.

    Open http://ADDRESS:PORT/ in a browser. There is no log-in: keep the default address, or
    put the page behind a proxy that asks for one.
    """
    from cardgames.serve.web import serve_web

    try:
        serve_web(bind, port, _settings(False, False, None, None))
    except OSError as error:
        raise _listen_error(bind, port, error) from None


def _add_record_commands() -> None:
    from cardgames.cli_records import RECORD_COMMANDS

    for command in RECORD_COMMANDS:
        cli.add_command(command)


_add_record_commands()
