"""Makao commands as text: reading what a player types, writing actions and log lines.

Grammar (case-insensitive): ``play 7h 7s`` (or ``p 7h``; ``10``/``T`` and suit symbols
accepted; a joker is ``Xr=7h``, alone or in a set: ``play 7h Xr=7s``), ``draw`` / ``d``,
``take`` / ``t``, ``wait`` / ``w``, ``pass``, ``demand 9`` / ``demand h`` / ``demand none``,
``makao``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgames.core.cards import Card, cards_text, parse_card, parse_rank, parse_suit
from cardgames.core.engine import Event
from cardgames.core.errors import IllegalMove, InvalidCommand, quoted
from cardgames.games.common import addressed
from cardgames.games.makao.actions import (
    Action,
    CallMakao,
    Demand,
    Draw,
    Pass,
    Play,
    Take,
    Wait,
)
from cardgames.games.makao.engine import MakaoView, refusal
from cardgames.games.makao.moves import check_play

_SIMPLE: dict[str, Action] = {
    "draw": Draw(), "d": Draw(), "take": Take(), "t": Take(), "wait": Wait(), "w": Wait(),
    "pass": Pass(), "makao": CallMakao(),
}
_NO_DEMAND = ("none", "nothing", "no", "-")
EXAMPLES = "play 7h 7s, draw"
"""Example commands, shown in the empty command bar."""

HELP = "Commands: play 7h 7s, draw, take, wait, pass, demand 7, demand h, demand none"


def _help(view: MakaoView) -> str:
    """The commands that exist under the game's options (``makao`` only with ``makao-call``)."""
    return f"{HELP}, makao" if "makao-call" in view.options else HELP


def parse_command(view: MakaoView, text: str) -> Action:
    """Read a command typed by the seat whose view is given.

    Args:
        view: The typing seat's view.
        text: For example ``play 7h 7s``, ``p Xr=2h``, ``draw``, ``demand 9``, ``demand none``.

    Returns:
        The action; a play may be in any valid order, not only the one ``legal`` lists.

    Raises:
        InvalidCommand: If the text cannot be read (unknown word, bad card code).
        IllegalMove: If it reads but the rules forbid it now (cards not held, no match …).
    """
    words = text.split()
    if not words:
        raise InvalidCommand(_help(view))
    verb, args = words[0].lower(), words[1:]
    if verb in ("play", "p"):
        if not args:
            raise InvalidCommand("Name the cards to play, for example: play 7h")
        faces = [_read_card(arg) for arg in args]
        action: Action = _to_play(view.hand, faces, view.drawn)
    elif verb == "demand":
        action = _read_demand(args)
    elif verb in _SIMPLE and not args:
        action = _SIMPLE[verb]
    else:
        raise InvalidCommand(f"{quoted(text)} is not a Makao command. {_help(view)}")
    if action in view.legal:
        return action
    if view.viewer is None or view.viewer != view.current_player:
        raise IllegalMove("It is not your turn")
    if isinstance(action, Play) and view.phase in ("play", "drawn"):
        error = check_play(view.hand, action, view.situation(), view.drawn)
        if error is None:
            return action
        raise IllegalMove(error)
    raise IllegalMove(refusal(view, action))


def format_action(view: MakaoView, action: Action) -> str:
    """The command text of ``action``; :func:`parse_command` reads it back to an equal action."""
    return str(action)


def _read_card(arg: str) -> tuple[Card, Card | None]:
    code, equals, named = arg.partition("=")
    card = parse_card(code)
    if card.is_joker:
        if not named:
            raise InvalidCommand(f"Say what the joker stands for, for example: {card.code}=7h")
        stands_for = parse_card(named)
        if stands_for.is_joker:
            raise InvalidCommand("A joker cannot stand for a joker: name a plain card such as 7h")
        return card, stands_for
    if equals:
        raise InvalidCommand(f"Only a joker can stand for another card; {card} is not a joker")
    return card, None


def _to_play(
    hand: tuple[Card, ...], faces: list[tuple[Card, Card | None]], drawn: Card | None
) -> Play:
    """Map card codes to hand cards left to right: the card just drawn, then lowest deck first."""
    free = sorted(hand, key=lambda card: (card != drawn, card.deck))
    cards: list[Card] = []
    named: list[Card] = []
    for face, stands_for in faces:
        match = next((card for card in free if card.same_face(face)), None)
        if match is None:
            if any(card.same_face(face) for card in hand):
                raise IllegalMove(f"You don't hold that many {face}")
            raise IllegalMove(f"You don't hold {face}")
        free.remove(match)
        cards.append(match)
        if stands_for is not None:
            named.append(stands_for)
    return Play(tuple(cards), tuple(named))


def _read_demand(args: list[str]) -> Demand:
    if len(args) != 1:
        raise InvalidCommand(
            "Demand one rank or suit, for example: demand 7, demand h, demand none"
        )
    word = args[0].lower()
    if word in _NO_DEMAND:
        return Demand()
    try:
        return Demand("suit", parse_suit(word))
    except InvalidCommand:
        pass
    try:
        return Demand("rank", parse_rank(word))
    except InvalidCommand:
        raise InvalidCommand(
            f"{quoted(args[0])} is neither a rank nor a suit; try demand 7, demand h or demand none"
        ) from None


def _details(event: Event) -> dict[str, str]:
    return dict(word.split("=", 1) for word in event.detail.split())


def describe(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One log line for ``event`` as ``viewer`` may see it.

    Args:
        event: An event returned by ``MakaoState.apply``.
        viewer: The seat reading the log (None for the public log).
        names: The players' names by seat.

    Returns:
        For example "Bob drew 2 cards", "You drew 7♥", "Anna played 2♥ 2♠ — Bob must take 4
        or answer", "Anna demands 7s", "Cyril sits out a turn".
    """
    event = event.for_viewer(viewer)

    def who(seat: int | None) -> str:
        if seat is None:
            return "the table"
        return "you" if addressed(seat, viewer, names) else names[seat]

    # "You" is the viewer's seat or the seat called You (the wording); what only the player's
    # own eyes learn (the drawn card kept) goes by the viewer alone.
    you = addressed(event.player, viewer, names)
    own = event.player is not None and event.player == viewer
    # Lines start with the subject or with our own words, capitalised where they are written;
    # a player's name is shown as typed, never re-cased.
    subject = "You" if you else names[event.player] if event.player is not None else "The table"
    return _line(event, subject, you, own, who)


def _line(
    event: Event, subject: str, you: bool, own: bool, who: Callable[[int | None], str]
) -> str:
    kind = event.kind
    if kind == "play":
        return _play_line(event, subject, who)
    if kind in ("draw", "take", "penalty"):
        return _draw_line(event, subject, own)
    if kind == "demand":
        verb = "demand" if you else "demands"
        return f"{subject} {verb} {'nothing' if event.detail == 'none' else event.detail}"
    if kind == "demand-end":
        return f"The demand for {event.detail} ends"
    if kind == "wait":
        turns = "a turn" if event.count == 1 else f"{event.count} turns"
        return f"{subject} {'wait' if you else 'waits'} and {'lose' if you else 'loses'} {turns}"
    if kind == "skip":
        return f"{subject} {'sit' if you else 'sits'} out a turn"
    if kind == "pass":
        # Only the drawer learns that the drawn card could have been played (MK-5).
        return "You keep the drawn card" if own else ""
    if kind == "makao":
        return f"{subject} {'say' if you else 'says'} makao!"
    if kind == "out":
        return f"{subject} {'are' if you else 'is'} out ({_ordinal(event.count)})"
    if kind == "reshuffle":
        return f"The discard pile is shuffled into a new stock of {event.count} cards"
    if kind == "over":
        order = [int(seat) for seat in event.detail.split()]
        ranking = ", ".join(who(seat) for seat in order)
        return f"Game over: {ranking}; {who(order[-1])} lost"
    return f"{subject}: {kind}"


def _play_line(event: Event, subject: str, who: Callable[[int | None], str]) -> str:
    details = _details(event)
    shown = cards_text(event.cards)
    if "named" in details:
        named = iter(details["named"].split(","))
        shown = " ".join(
            f"{card}={parse_card(next(named))}" if card.is_joker else str(card)
            for card in event.cards
        )
    line = f"{subject} played {shown}"
    if "to" in details:
        target = who(int(details["to"]))
        if "draw" in details:
            line += f" — {target} must take {details['draw']} or answer"
        else:
            turns = int(details["stop"])
            line += f" — {target} must wait {turns} turn{'s' if turns > 1 else ''} or answer"
    return line


def _draw_line(event: Event, subject: str, own: bool) -> str:
    verb = {"draw": "drew", "take": "took", "penalty": "took"}[event.kind]
    reason = " for not saying makao" if event.kind == "penalty" else ""
    if event.count == 0:
        return f"{subject} could not draw: the stock is empty"
    if own and event.cards:
        return f"{subject} {verb} {cards_text(event.cards)}{reason}"
    noun = "card" if event.count == 1 else "cards"
    return f"{subject} {verb} {event.count} {noun}{reason}"


def _ordinal(place: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return f"{place}{suffix}"

