"""Trash commands as text, and the log line of each event.

Grammar (case-insensitive)::

    draw      (d)                take the top card of the stock
    take      (t)                take the top card of the discard pile, when it can be placed
    place <1-10>  (p 7, or 7)    put the jack in hand on that face-down position
    replace   (r, y, yes)        put the pip card in hand on its position in place of the jack
    keep      (k, n, no)         leave the jack where it is; the pip card is discarded
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.core.engine import Event
from cardgames.core.errors import IllegalMove, InvalidCommand, quoted
from cardgames.games.common import addressed
from cardgames.games.trash.actions import DRAW, KEEP, PLACES, REPLACE, TAKE, Action, Place
from cardgames.games.trash.engine import TrashView
from cardgames.games.trash.moves import BEYOND, FACE_UP, KEPT, NO_POSITION, WON, refusal

EXAMPLES = "draw, place 7"
"""Example commands, shown in the empty command bar."""

HELP = "Commands: draw, take, place 7 (a jack onto face-down position 7), replace, keep"

_SIMPLE: dict[str, Action] = {
    "draw": DRAW, "d": DRAW, "take": TAKE, "t": TAKE,
    "replace": REPLACE, "r": REPLACE, "y": REPLACE, "yes": REPLACE,
    "keep": KEEP, "k": KEEP, "n": KEEP, "no": KEEP,
}


def _position(word: str) -> Place:
    if not word.isdigit() or not 1 <= int(word) <= len(PLACES):
        raise InvalidCommand(f"{quoted(word)} is not a position; positions are 1 to 10")
    return PLACES[int(word) - 1]


def read_action(text: str) -> Action:
    """Read a command into an action without judging it against a position.

    Raises:
        InvalidCommand: If the text is not a Trash command.
    """
    words = text.lower().split()
    if not words:
        raise InvalidCommand(HELP)
    verb, args = words[0], words[1:]
    if verb in _SIMPLE and not args:
        return _SIMPLE[verb]
    if verb in ("place", "p"):
        if len(args) != 1:
            raise InvalidCommand("Write place and a face-down position, for example: place 7")
        return _position(args[0])
    if verb.isdigit() and not args:
        return _position(verb)
    raise InvalidCommand(f"{quoted(text.strip())} is not a Trash command. {HELP}")


def parse_command(view: TrashView, text: str) -> Action:
    """Read a command typed by the seat whose view is given.

    Args:
        view: The typing seat's view (or the public view: then only the text is read).
        text: For example ``draw``, ``take``, ``place 7``, ``replace``, ``keep``.

    Returns:
        The action.

    Raises:
        InvalidCommand: If the text cannot be read.
        IllegalMove: If it is not the viewer's turn, or the rules forbid the action now.
    """
    action = read_action(text)
    if view.viewer is None or action in view.legal:
        return action
    if view.current_player is None:
        raise IllegalMove("The match is over")
    if view.viewer != view.current_player:
        raise IllegalMove("It is not your turn")
    raise IllegalMove(refusal(view, action))


def format_action(view: TrashView, action: Action) -> str:
    """The command text of ``action``; :func:`parse_command` reads it back to an equal action."""
    return str(action)


def _positions(number: int) -> str:
    return f"{number} position{'' if number == 1 else 's'}"


def describe(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One log line for ``event`` as ``viewer`` may see it.

    Every card an event names is face up for everyone, so all viewers read the same facts.

    Args:
        event: An event from :meth:`TrashState.apply`.
        viewer: The seat reading the log, or None for the public.
        names: The seat names.

    Returns:
        A sentence such as "Bob put 5♣ on 5 and turned up 9♦".
    """
    player = event.player
    you = addressed(player, viewer, names)
    who = "You" if you else (names[player] if player is not None else "The table")
    kind = event.kind
    cards = event.cards
    if kind == "place":
        return f"{who} put {cards[0]} on {event.count} and turned up {cards[1]}"
    if kind == "draw":
        return f"{who} drew {cards[0]}"
    if kind == "take":
        return f"{who} took {cards[0]} from the discard pile"
    if kind == "discard":
        return f"{who} discarded {cards[0]}{_reason(event)}"
    if kind == "replace":
        return f"{who} put {cards[0]} on {event.count} in place of {cards[1]}"
    if kind == "reshuffle":
        return f"The discard pile but its top card is shuffled into a new stock of {event.count}"
    if kind == "hand":
        verb = "win" if you else "wins"
        if event.detail:
            return f"{who} {verb} hand {event.count}: {_positions(int(event.detail))} next hand"
        return f"{who} {verb} hand {event.count}"
    if kind == "deal":
        return f"Hand {event.count} is dealt; {'you start' if you else f'{who} starts'}"
    if kind == "redeal":
        return f"No card can be taken at all: hand {event.count} is dealt again"
    if kind == "win":
        return f"{who} {'win' if you else 'wins'} the match"
    return f"{who}: {kind}"


def _reason(event: Event) -> str:
    detail = event.detail
    card = event.cards[0]
    if detail == NO_POSITION:
        return f" ({card.rank.noun} have no position)"
    if detail == BEYOND:
        return f" (no position {event.count})"
    if detail == FACE_UP:
        return f" ({event.count} is face up)"
    if detail == KEPT:
        return f" and kept the jack on {event.count}"
    if detail == WON:
        return ", the last card turned up"
    return ""
