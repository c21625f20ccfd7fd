"""Finding a game named on the command line; shared by the command modules.

Imports no Textual or Rich, so ``--help`` stays fast.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardgames.core.errors import quoted
from cardgames.core.registry import GAMES, GameInfo, find_game

if TYPE_CHECKING:
    from cardgames.tui.settings import AppSettings

ascii_option = click.option(
    "--ascii", "ascii_cards", is_flag=True, help="Draw cards with letters only (7h, Ks)."
)
four_colour_option = click.option(
    "--four-colour", is_flag=True, help="Give each suit its own colour."
)


def display_settings(ascii_cards: bool, four_colour: bool = False) -> AppSettings:
    """The settings given before the subcommand (``cardgames --ascii replay``), with the
    display options given after it (``cardgames replay last --ascii``) added.

    ASCII is chosen by itself, as the app does, when standard output's encoding cannot write
    the card suits (``PYTHONIOENCODING=ascii``).

    Args:
        ascii_cards: ``--ascii`` after the subcommand.
        four_colour: ``--four-colour`` after the subcommand.

    Returns:
        The settings to print or play with.
    """
    from dataclasses import replace

    from cardgames.tui.launch import can_show_unicode
    from cardgames.tui.settings import AppSettings

    root = click.get_current_context().find_root().obj
    earlier = root if isinstance(root, AppSettings) else AppSettings()
    ascii = ascii_cards or earlier.ascii or not can_show_unicode(sys.stdout)
    return replace(earlier, ascii=ascii, four_colour=four_colour or earlier.four_colour)

GAMES_EPILOG = "Games: " + ", ".join(info.name for info in GAMES if info.playable) + "."
"""The last line of the help of every command that takes a game's name."""


def unknown_game_message(name: str) -> str:
    """``unknown game 'poker'; the games are makao, shithead, trash (coming soon) …``."""
    listed = []
    for info in GAMES:
        notes = [] if info.title.lower() == info.name else [info.title]
        if not info.playable:
            notes.append("coming soon")
        listed.append(f"{info.name} ({', '.join(notes)})" if notes else info.name)
    return f"unknown game {quoted(name)}; the games are {', '.join(listed)}"


def game_named(name: str) -> GameInfo:
    """The playable game called ``name``: its name, title or alias, found by ``find_game``
    for every command that takes a game (``zolíky`` is ``zoliky``).

    Raises:
        click.UsageError: If no game is called so, or that game cannot be played yet.
    """
    try:
        info = find_game(name)
    except KeyError:
        raise click.UsageError(unknown_game_message(name)) from None
    if not info.playable:
        raise click.UsageError(f"{info.title} is coming soon and cannot be played yet")
    return info


@contextlib.contextmanager
def played_from(record: Path) -> Iterator[None]:
    """Hold the lock of the game played from ``record`` while the block runs (see
    ``session.lock``); a game being played in another window is a usage error (status 2) that
    changes nothing. A lock file that cannot be made (a folder that cannot be written) locks
    nothing: the game is still played."""
    from cardgames.session.lock import GameInUse, acquire, release

    try:
        lock: Path | None = acquire(record)
    except GameInUse as error:
        raise click.UsageError(str(error)) from None
    except OSError:
        lock = None
    try:
        yield
    finally:
        if lock is not None:
            release(lock)
