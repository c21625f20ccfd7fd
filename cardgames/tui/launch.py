"""Start the app in the real terminal: check that there is one and what it can show.

Kept free of Textual at module level; the app is imported only once the terminal is known to work.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from cardgames import PROG
from cardgames.tui.settings import AppSettings

if TYPE_CHECKING:
    from cardgames.session.replay import Replay
    from cardgames.session.savefile import SavedGame
    from cardgames.session.setup import GameSetup

NEEDS_TERMINAL = 2
"""Exit status when the output is not a terminal (a pipe or a file)."""

_SAMPLE = "♠♥♦♣╭─╮│▶←→—"
"""Characters the Unicode style draws; a terminal that cannot encode them gets the ASCII style."""


def can_show_unicode(stream: TextIO) -> bool:
    """True if ``stream``'s encoding can write the card suits and box lines.

    False for ``PYTHONIOENCODING=ascii`` or the C locale without Python's UTF-8 mode, where
    Unicode would reach the terminal as ``\\u2665`` escapes.
    """
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        _SAMPLE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def run_app(
    setup: GameSetup | None,
    settings: AppSettings | None = None,
    resume: SavedGame | None = None,
) -> None:
    """Run the app in this terminal, then exit with its status.

    Args:
        setup: A game to start at once, or None for the game picker.
        settings: Display and pacing choices (default: the defaults).
        resume: A saved game to continue at once (``cardgames resume``).

    Exits with status 2 and one line on stderr if standard output is not a terminal; falls back
    to the ASCII style if the output encoding cannot show the card suits.
    """
    settings = settings or AppSettings()
    if not sys.stdout.isatty():
        print(f"{PROG}: error: the games need a terminal; standard output is not one "
              f"(try {PROG} rules GAME or {PROG} simulate GAME for text output)", file=sys.stderr)
        sys.exit(NEEDS_TERMINAL)
    if not settings.ascii and not can_show_unicode(sys.stdout):
        settings = replace(settings, ascii=True)
    from cardgames.tui.app import make_app

    app = make_app(setup, settings, resume)
    app.run()
    if app.return_code:
        sys.exit(app.return_code)


def run_replay(replay: Replay, settings: AppSettings) -> None:
    """Show a recorded game in the replay screen in this terminal (``cardgames replay``)."""
    if not sys.stdout.isatty():
        print(f"{PROG}: error: the replay needs a terminal; standard output is not one "
              f"(try {PROG} export FILE)", file=sys.stderr)
        sys.exit(NEEDS_TERMINAL)
    from cardgames.tui.app import make_app

    app = make_app(None, settings, replay=replay)
    app.run()
