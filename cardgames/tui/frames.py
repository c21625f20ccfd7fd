"""Changes to several widgets shown together, in one frame.

Textual repaints a widget once that widget has sent the screen its change, and each widget does
so on its own turn of the event loop: a screen repaint that falls between two widgets' turns
shows one change without the other (the log naming a move the pile does not show yet). The
table holds the screen's repaints for a moment after each change, until every changed widget
has sent its part.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from textual.app import App

HOLD_SECONDS = 0.005
"""How long repaints wait after a change: the changed widgets send their parts first (they
are due on the event loop before any timer), and a short wait keeps fast chains smooth (a
repaint comes at most every 1/60 s after it)."""


def hold_frame(app: App[Any], then: Callable[[], None] | None = None) -> None:
    """Hold the screen's repaints until the changes made now (in this handler) are all sent,
    so they show in one frame; then repaint what changed.

    Args:
        app: The running app.
        then: Called once that frame is on the screen. A step that must be seen before the
            next one starts its wait here: on a busy machine the next step's timer would
            otherwise fall due before the repaint and the step would never be drawn.
    """
    held = ExitStack()
    held.enter_context(app.batch_update())

    def release() -> None:
        held.close()
        if app.is_running and app.screen_stack:
            app.screen.check_idle()
            if then is not None:
                app.screen.call_after_refresh(then)

    app.set_timer(HOLD_SECONDS, release)
