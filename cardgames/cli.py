"""The console script ``cardgames``.

``cardgames`` alone opens the game picker at once, without loading the command-line parser, so
the first frame comes as early as Textual allows; anything else goes to the click commands in
:mod:`cardgames.cli_commands`. Every bad argument ends the program with one line on stderr
(``cardgames: error: Makao takes 2-6 players, not 9``) and exit status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardgames import PROG


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        from cardgames.tui.launch import run_app

        run_app(None)
        return
    from cardgames.cli_commands import cli

    cli.main(args, prog_name=PROG)
