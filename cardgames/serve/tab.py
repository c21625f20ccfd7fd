"""One browser tab's app process: the game picker, run by ``cardgames serve-web``.

textual-serve starts this module with Textual's web driver, so standard output is a pipe and not
a terminal; the display settings come as one JSON argument (see :func:`tab_command`).
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Sequence
from dataclasses import asdict

from cardgames.tui.settings import AppSettings


def tab_command(settings: AppSettings) -> str:
    """The shell command that textual-serve runs for each tab: this module, with ``settings``."""
    return shlex.join([sys.executable, "-m", __name__, json.dumps(asdict(settings))])


def main(argv: Sequence[str]) -> None:
    """Run the picker with the settings in ``argv[0]`` (JSON; the defaults without it), then exit
    with the app's status."""
    from cardgames.tui.app import make_app

    settings = AppSettings(**json.loads(argv[0])) if argv else AppSettings()
    app = make_app(None, settings)
    app.run()
    sys.exit(app.return_code or 0)


if __name__ == "__main__":
    main(sys.argv[1:])
