"""One Board widget per game, imported only when that game is played."""

from __future__ import annotations

import importlib

from cardgames.tui.widgets.board import Board


def load_board(game: str) -> type[Board]:
    """Import ``cardgames.tui.boards.<game>`` and return its ``BOARD`` class.

    Raises:
        LookupError: If the game has no board yet.
    """
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as error:
        raise LookupError(f"there is no table for {game!r} yet") from error
    board: type[Board] = module.BOARD
    return board
