"""``cardgames serve-web``: the app in the browser, one app process per tab (textual-serve)."""

from __future__ import annotations

from cardgames.serve.tab import tab_command
from cardgames.tui.settings import AppSettings

TITLE = "Card games"
"""The page's title while the app starts."""


def serve_web(host: str, port: int, settings: AppSettings) -> None:
    """Serve the picker on ``http://host:port/`` until Ctrl+C or SIGTERM.

    Every tab that opens the page gets its own app process, which ends when the tab is closed.
    There is no log-in: bind to 127.0.0.1 (the default) or put the page behind a proxy that
    asks for one.

    Args:
        host: The address to listen on.
        port: The TCP port.
        settings: The display and pacing settings of every tab's app.

    Raises:
        OSError: If the address cannot be listened on (the port is taken).
    """
    from textual_serve.server import Server

    Server(tab_command(settings), host=host, port=port, title=TITLE).serve()
