"""Shithead commands as text, and the log line of each event.

Grammar (case-insensitive; cards as ``7h``, ``10s``, ``Ts``, ``Qd`` or ``7♥``)::

    swap <card> <1-3>      swap phase: a hand card with the face-up card at that position
    ready                  swap phase: done swapping
    play <card>...         one card or several of one rank (p for short)
    bonus <card>...        extra move after a 2: any hand cards, placed in this order (b)
    decline                no (more) extra moves
    pickup                 pick up the discard pile (also: pick up, take)
    blind <1-3>            turn the face-down card at that position
    timeout                what the turn clock submits when time is up
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgames.core.cards import Card, Rank, parse_card
from cardgames.core.engine import Event
from cardgames.core.errors import IllegalMove, InvalidCommand, quoted
from cardgames.games.common import addressed
from cardgames.games.shithead.actions import (
    Action,
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Swap,
    Timeout,
)
from cardgames.games.shithead.engine import ShitheadView
from cardgames.games.shithead.moves import VOLUNTARY_PICKUP, Turn, refusal

EXAMPLES = "play 8d 8c, pickup"
"""Example commands, shown in the empty command bar."""

_VERBS = "play, bonus, decline, pickup, blind, swap or ready"


def _cards(words: Sequence[str], verb: str) -> tuple[Card, ...]:
    if not words:
        raise InvalidCommand(f"Name the cards after {verb}, e.g. {verb} 8d 8c")
    return tuple(parse_card(word) for word in words)


def _position(words: Sequence[str], verb: str) -> int:
    if len(words) != 1:
        raise InvalidCommand(f"Write {verb} and one position, e.g. {verb} 2")
    word = words[0]
    if word not in ("1", "2", "3"):
        raise InvalidCommand(f"{quoted(word)} is not a position; positions are 1, 2 and 3")
    return int(word)


def _no_words(action: Action) -> Callable[[Sequence[str]], Action]:
    def read(words: Sequence[str]) -> Action:
        if words:
            raise InvalidCommand(f"{action} takes nothing after it")
        return action

    return read


def _swap(words: Sequence[str]) -> Action:
    if len(words) != 2:
        raise InvalidCommand("Write swap, a hand card and a face-up position, e.g. swap 3d 1")
    card = parse_card(words[0])
    return Swap(card, _position(words[1:], "swap"))


def _pick(words: Sequence[str]) -> Action:
    if [word.lower() for word in words] != ["up"]:
        raise InvalidCommand("Write pickup (or pick up) to take the pile")
    return PickUp()


_READERS: dict[str, Callable[[Sequence[str]], Action]] = {
    "swap": _swap,
    "ready": _no_words(Ready()),
    "play": lambda words: Play(_cards(words, "play")),
    "p": lambda words: Play(_cards(words, "play")),
    "bonus": lambda words: Bonus(_cards(words, "bonus")),
    "b": lambda words: Bonus(_cards(words, "bonus")),
    "decline": _no_words(Decline()),
    "pickup": _no_words(PickUp()),
    "take": _no_words(PickUp()),
    "pick": _pick,
    "blind": lambda words: Blind(_position(words, "blind")),
    "timeout": _no_words(Timeout()),
}


def read_action(text: str) -> Action:
    """Read a command into an action without judging it against a position.

    Raises:
        InvalidCommand: If the text is not a Shithead command.
    """
    words = text.split()
    if not words:
        raise InvalidCommand(f"Type a command: {_VERBS}")
    reader = _READERS.get(words[0].lower())
    if reader is None:
        raise InvalidCommand(f"{quoted(words[0])} is not a Shithead command; try {_VERBS}")
    return reader(words[1:])


def turn_of(view: ShitheadView) -> Turn:
    """The current player's :class:`Turn`, from his own view."""
    seat = view.viewer
    assert seat is not None
    return Turn(
        view.phase,
        view.hand,
        view.face_up[seat],
        view.face_down[seat],
        view.pile[-1] if view.pile else None,
        VOLUNTARY_PICKUP in view.options,
    )


def parse_command(view: ShitheadView, text: str) -> Action:
    """Read a typed command of the seat whose view is given.

    Args:
        view: The view of the seat typing (or the public view: then only the text is read).
        text: The command, e.g. ``play 8d 8c``.

    Returns:
        The action.

    Raises:
        InvalidCommand: If the text cannot be read.
        IllegalMove: If it is not the viewer's turn, or the rules forbid the action now.
    """
    action = read_action(text)
    if view.viewer is None:
        return action
    if view.current_player is None:
        raise IllegalMove("The game is over")
    if view.viewer != view.current_player:
        raise IllegalMove("It is not your turn")
    problem = refusal(action, turn_of(view))
    if problem is not None:
        raise IllegalMove(problem)
    return action


def format_action(view: ShitheadView, action: Action) -> str:
    """The command text of ``action``; :func:`parse_command` reads it back to an equal action."""
    return str(action)


_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _extra_moves(number: int) -> str:
    word = _NUMBERS.get(number, str(number))
    return f"{word} extra move{'' if number == 1 else 's'}"


def _cards_count(number: int) -> str:
    return f"{number} card{'' if number == 1 else 's'}"


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _trailing_tens(cards: Sequence[Card]) -> Sequence[Card]:
    """The 10s at the top of a burnt pile: those of the play that burnt it (SH-11)."""
    start = len(cards)
    while start and cards[start - 1].rank is Rank.TEN:
        start -= 1
    return cards[start:]


def describe(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One log line for ``event`` as ``viewer`` may see it.

    Args:
        event: An event from :meth:`ShitheadState.apply`.
        viewer: The seat reading the log, or None for the public.
        names: The seat names.

    Returns:
        A sentence such as "Bob picked up the pile (7 cards)".
    """
    seen = event.for_viewer(viewer)
    player = seen.player
    you = addressed(player, viewer, names)
    who = "You" if you else (names[player] if player is not None else "The table")
    cards = _cards_text(seen.cards)
    kind = seen.kind
    if kind == "play":
        line = f"{who} played {cards}"
        if seen.detail != "hand":
            line += f" from the {seen.detail} cards"
        if seen.count:
            line += f" — {_extra_moves(seen.count)}"
        return line
    if kind == "bonus":
        return f"{who} laid {cards} as an extra move"
    if kind == "decline":
        if seen.count > 1:
            return f"{who} declined the remaining {_extra_moves(seen.count)}"
        return f"{who} declined the extra move"
    if kind == "burn":
        if seen.detail == "10":
            return f"The pile is burnt by {_cards_text(_trailing_tens(seen.cards))}"
        return f"The pile is burnt by four {seen.cards[-1].rank.noun}"
    if kind == "pickup":
        return f"{who} picked up the pile ({_cards_count(seen.count)})"
    if kind == "flip":
        if seen.detail == "played":
            return f"{who} flipped {cards} and played it"
        return f"{who} flipped {cards} and picked up the pile ({_cards_count(seen.count)})"
    if kind == "draw":
        if cards:
            return f"{who} drew {cards}"
        return f"{who} drew {_cards_count(seen.count)}"
    if kind == "complete":
        noun = seen.cards[0].rank.noun
        return f"{who} laid the new {cards} automatically, completing four {noun}"
    if kind == "again":
        return f"{who} play again" if you else f"{who} plays again"
    if kind == "swap":
        return f"{who} swapped {seen.cards[0].symbol} for the face-up {seen.cards[1].symbol}"
    if kind == "ready":
        return f"{who} {'are' if you else 'is'} ready"
    if kind == "start":
        verb = "start" if you else "starts"
        if seen.detail == "no low card":
            return f"{who} {verb}: every hand holds only 2s and 10s"
        return f"{who} {verb}, holding the lowest card"
    if kind == "timeout":
        return f"{who} ran out of time"
    if kind == "out":
        return f"{who} {'are' if you else 'is'} out"
    if kind == "win":
        return f"{who} {'win' if you else 'wins'}"
    if kind == "lose":
        return f"{who} {'are' if you else 'is'} the shithead"
    return f"{who}: {kind}"
