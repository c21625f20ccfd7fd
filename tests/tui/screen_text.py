"""Read what the app draws as plain text (the same compositor output a screenshot uses)."""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App


def screen_text(app: App[None]) -> str:
    """The characters on screen (the top screen and those showing through it), a line per row."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text()


def non_ascii(app: App[None]) -> set[str]:
    """The characters on screen outside ASCII (empty when ``--ascii`` keeps its promise)."""
    return {char for char in screen_text(app) if not char.isascii()}
