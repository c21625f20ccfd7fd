"""The rules screen's list of keys: one row per action, numbered keys in one row, and only the
product's own bindings."""

from __future__ import annotations

from textual.binding import Binding

from cardgames.tui.boards.trash import TrashBoard
from cardgames.tui.keys import key_rows, keys_markdown
from cardgames.tui.widgets.hand import HandWidget


def _key(binding: Binding) -> str:
    return binding.key


def test_numbered_keys_share_a_row_and_a_key_with_two_actions_is_listed_once() -> None:
    rows = key_rows([TrashBoard()], _key)
    assert ("0 1 2 3 4 5 6 7 8 9", "Position N") in rows
    assert [what for keys, what in rows if keys == "t"] == ["Take discard"]
    assert ("d", "Draw") in rows


def test_moves_in_the_hand_pair_up_and_textual_keys_stay_out() -> None:
    rows = key_rows([HandWidget()], _key)
    assert ("left right", "Left / Right") in rows
    assert ("home end", "First / Last") in rows
    assert not any("scroll" in what.lower() for _, what in rows)


def test_the_markdown_has_a_list_per_part() -> None:
    text = keys_markdown([("d", "Draw")], [("q", "Leave")], "Trash")
    assert "### Keys of Trash" in text and "### Keys of every table" in text
    assert "- `d` Draw" in text and "- `q` Leave" in text
