"""Every key of a table, for the rules screen: the game's own keys, then the table's and the app's.

The footer shows only the keys that do something now (and an 80-column footer may leave out the
least important ones); this list shows them all, whether they apply now or not, so that every
key can be found in the app. It is built from the ``BINDINGS`` of the product's own classes
(never Textual's built-in scrolling keys), so it cannot drift from what the keys do. A widget
whose table names a key otherwise in the footer says so in its ``key_list_names`` (action to
description), so the list uses the footer's words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from textual.binding import Binding
from textual.dom import DOMNode

_NUMBERED = re.compile(r"^(.*\S) \d+$")
"""A description ending in a number ("Position 7"), one of a family of keys."""


def own_bindings(node: DOMNode) -> list[Binding]:
    """The bindings that the product's classes of ``node`` declare (base classes first), each
    key of a compound binding (``"escape,q"``) on its own.

    Args:
        node: A screen, widget or the app.

    Returns:
        The bindings, without Textual's own (scrolling, focus) ones.
    """
    found: list[Binding] = []
    for cls in reversed(type(node).__mro__):
        if not cls.__module__.startswith("cardgames."):
            continue
        declared = cls.__dict__.get("BINDINGS")
        if declared:
            found.extend(Binding.make_bindings(declared))
    return found


def _action_family(action: str) -> str:
    """The action's name when its arguments are numbers (``position(7)`` → ``position``), so
    a family of numbered keys shares one row; the whole action otherwise."""
    name, _, arguments = action.partition("(")
    numbers = arguments.rstrip(")").replace("-", "").replace(",", " ").split()
    if numbers and all(word.isdigit() for word in numbers):
        return name
    return action


def _described(descriptions: list[str]) -> str:
    """One row's text: "Position 1" … "Position 10" → "Position N"; distinct words joined."""
    stems = {match.group(1) for text in descriptions if (match := _NUMBERED.match(text))}
    if len(stems) == 1 and all(_NUMBERED.match(text) for text in descriptions):
        return f"{stems.pop()} N"
    unique = list(dict.fromkeys(descriptions))
    return " / ".join(unique)


def key_rows(
    nodes: Iterable[DOMNode], display: Callable[[Binding], str]
) -> list[tuple[str, str]]:
    """The keys of ``nodes`` as (keys, what they do) rows, one row per action (a numbered
    family of actions is one row), in the order the nodes and their bindings come.

    Args:
        nodes: The widgets, screens or app whose keys are listed.
        display: How a key is written (the app's ``get_key_display``).

    Returns:
        Rows such as ``("d", "Draw")`` or ``("1 2 3", "Position N")``; a key that does the
        same thing in several places (or in two bindings, one acting and one saying why it
        does not) is listed once. A node's ``key_list_names`` (action to
        description, if it has them) replace its bindings' descriptions; "" leaves the key out.
    """
    keys: dict[str, list[str]] = {}
    descriptions: dict[str, list[str]] = {}
    listed: set[tuple[str, str]] = set()
    for node in nodes:
        names: dict[str, str] = getattr(node, "key_list_names", {})
        for binding in own_bindings(node):
            described = names.get(binding.action, binding.description or binding.action)
            if not described:
                continue
            family = _action_family(binding.action)
            shown = display(binding)
            if (shown, described) in listed:
                # The same key for the same thing, e.g. the unlisted twin that says why the
                # key does nothing now: listed once.
                continue
            listed.add((shown, described))
            keys.setdefault(family, [])
            if shown not in keys[family]:
                keys[family].append(shown)
            descriptions.setdefault(family, []).append(described)
    rows: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for family, shown_keys in keys.items():
        row = (" ".join(shown_keys), _described(descriptions[family]))
        if row not in seen:
            seen.add(row)
            rows.append(row)
    return rows


def keys_markdown(
    game: list[tuple[str, str]], table: list[tuple[str, str]], title: str
) -> str:
    """The "Keys" section of the rules screen: the game's keys, then the table's, one line a
    key (a list, so a long one stays short on screen).

    Args:
        game: Rows of the game's own keys (:func:`key_rows` of its board).
        table: Rows of the keys every table has (the table screen's and the app's).
        title: The game's title, as shown.

    Returns:
        Markdown: a heading and two lists of "`key` what it does".
    """
    parts = ["## Keys", "",
             "The footer shows the keys that do something now; these are all of them."]
    for heading, rows in ((f"Keys of {title}", game), ("Keys of every table", table)):
        if not rows:
            continue
        parts += ["", f"### {heading}", ""]
        parts += [f"- `{keys}` {what}" for keys, what in rows]
    return "\n".join(parts) + "\n"
