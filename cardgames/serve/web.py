"""``cardgames serve-web``: the app in the browser, one app process per tab (textual-serve)."""

from __future__ import annotations

from html import escape

from aiohttp import web
from textual_serve.server import Server

from cardgames.serve.tab import tab_command
from cardgames.tui.settings import AppSettings

TITLE = "Card games"
"""The page's title: the browser's tab and window, and the page while the app starts."""


class PageServer(Server):
    """textual-serve's server, its page titled with its ``title``.

    textual-serve shows ``title`` on the page while the app starts, but its page has no
    ``<title>``, so a browser tab shows only the address; this server gives the page one.
    """

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page textual-serve renders, with ``<title>`` as the first element of its head."""
        response = await super().handle_index(request)
        assert isinstance(response, web.Response) and response.text is not None
        response.text = response.text.replace(
            "<head>", f"<head>\n    <title>{escape(self.title)}</title>", 1)
        return response


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
    PageServer(tab_command(settings), host=host, port=port, title=TITLE).serve()
