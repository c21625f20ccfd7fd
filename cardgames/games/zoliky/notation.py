"""Žolíky commands as text: reading what a player types, writing actions and log lines.

Grammar (case-insensitive; cards as ``7h``, ``10s``, ``Ts``, ``Qd`` or ``7♥``; a joker is ``jk``,
and in a run ``jk=7h`` says what it stands for)::

    draw | d               draw from the stock (after take/cut: put that card back first)
    take | t               take the top of the discard pile
    cut                    take the face-up cut card (to close from hand)
    meld <cards>           lay a run or a set: meld 5h 6h jk=7h, meld qh qd jk (m)
    layoff <card> [<n>]    lay a card off onto meld n, or onto the one meld it fits:
                           layoff 8s 3, layoff jk=9s 3, layoff 8s (l)
    takeback               take this turn's unfinished opening back (x)
    discard <card>         discard face up; the turn ends
    close <card>           the last card, face down: the round ends
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgames.core.cards import Card, Rank, card_from_json, cards_text, parse_card
from cardgames.core.engine import Event
from cardgames.core.errors import AmbiguousMove, IllegalMove, InvalidCommand, quoted
from cardgames.games.common import addressed
from cardgames.games.zoliky.actions import (
    Action,
    Close,
    Cut,
    Discard,
    Draw,
    LayOff,
    Meld,
    Take,
    TakeBack,
)
from cardgames.games.zoliky.engine import ZolikyView, layoff_refusal, layoff_result, refusal
from cardgames.games.zoliky.melds import (
    FACE,
    IS_JOKER,
    TableMeld,
    joker_layoffs,
    jokers_word,
    read_meld,
)

EXAMPLES = "draw, meld 5h 6h 7h, discard kd"
"""Example commands, shown in the empty command bar."""

HELP = (
    "Commands: draw, take, cut, meld 5h 6h jk=7h, layoff 8s 3, takeback, discard kd, close 7h"
)
_SIMPLE: dict[str, Action] = {
    "draw": Draw(), "d": Draw(), "take": Take(), "t": Take(), "cut": Cut(),
    "takeback": TakeBack(), "x": TakeBack(),
}
_JOKER_WORDS = ("jk", "joker", "x", "xr", "xb")


def parse_command(view: ZolikyView, text: str) -> Action:
    """Read a command typed by the seat whose view is given.

    Args:
        view: The typing seat's view.
        text: For example ``meld 5h 6h jk=7h``, ``layoff 8s 3``, ``discard kd``, ``draw``.

    Returns:
        The action, with each card mapped to a copy in the hand (the card taken this turn
        first, then the first deck) and each joker's meaning filled in where only one fits.

    Raises:
        InvalidCommand: If the text cannot be read (unknown word, bad card code).
        AmbiguousMove: If a joker could stand for more than one card; the message lists them.
        IllegalMove: If it reads but the rules forbid it now.
    """
    words = text.split()
    if not words:
        raise InvalidCommand(HELP)
    verb, args = words[0].lower(), words[1:]
    if verb in _SIMPLE:
        if args:
            raise InvalidCommand(f"{verb} takes nothing after it")
        action: Action = _SIMPLE[verb]
    elif verb in ("meld", "m"):
        action = _read_meld(view, args)
    elif verb in ("layoff", "l", "lay"):
        action = _read_layoff(view, args)
    elif verb in ("discard", "close"):
        if len(args) != 1:
            raise InvalidCommand(f"Name one card, for example: {verb} kd")
        card, named = _read_word(args[0])
        if named is not None:
            raise InvalidCommand(f"Only a joker in a meld or lay-off stands for a card; {verb} kd")
        held = _first(view, card)
        action = Discard(held) if verb == "discard" else Close(held)
    else:
        raise InvalidCommand(f"{quoted(text.strip())} is not a Žolíky command. {HELP}")
    if action in view.legal:
        return action
    raise IllegalMove(refusal(view, action))


def format_action(view: ZolikyView, action: Action) -> str:
    """The command text of ``action``; :func:`parse_command` reads it back to an equal action."""
    return str(action)


def _read_word(word: str) -> tuple[Card | None, Card | None]:
    """A card word: ``(card, None)``, or ``(None, named)`` for a joker (``jk`` / ``jk=7h``)."""
    code, equals, named = word.partition("=")
    if code.lower() in _JOKER_WORDS:
        if not equals:
            return None, None
        stands_for = parse_card(named)
        return None, stands_for
    if equals:
        raise InvalidCommand(f"Only a joker stands for another card; {code} is not a joker")
    return parse_card(code), None


def _order(view: ZolikyView) -> tuple[dict[Card, list[Card]], list[Card]]:
    """The hand's copies of each face (the taken card first) and its jokers, in the order the
    engine uses them."""
    copies: dict[Card, list[Card]] = {}
    jokers: list[Card] = []
    for card in view.hand:
        if IS_JOKER[card]:
            jokers.append(card)
        else:
            copies.setdefault(FACE[card], []).append(card)
    taken = view.taken
    if taken is not None and taken in view.hand:
        if IS_JOKER[taken]:
            jokers.remove(taken)
            jokers.insert(0, taken)
        else:
            same = copies[FACE[taken]]
            same.remove(taken)
            same.insert(0, taken)
    return copies, jokers


def _first(view: ZolikyView, card: Card | None) -> Card:
    """The hand card a discard or close means: the first copy of the face, or the first joker."""
    for held in view.hand:
        if (card is None and IS_JOKER[held]) or (card is not None and held.same_face(card)):
            return held
    if card is None:
        raise IllegalMove("You don't hold a joker")
    raise IllegalMove(f"You don't hold {card}")


def _read_meld(view: ZolikyView, args: list[str]) -> Meld:
    if not args:
        raise InvalidCommand("Name the cards of the meld, for example: meld 5h 6h 7h")
    words = [_read_word(arg) for arg in args]
    copies, jokers = _order(view)
    naturals: list[Card] = []
    used: dict[Card, int] = {}
    for card, _ in words:
        if card is None:
            continue
        face = FACE[card]
        index = used.get(face, 0)
        held = copies.get(face, [])
        if index >= len(held):
            raise IllegalMove(
                f"You don't hold {card}" if not held else f"You don't hold that many {card}"
            )
        naturals.append(held[index])
        used[face] = index + 1
    names = [named for card, named in words if card is None]
    if len(names) > len(jokers):
        raise IllegalMove("You don't hold that many jokers")
    cards = [*naturals, *jokers[: len(names)]]
    shapes, reason = read_meld(cards)
    if not shapes:
        raise IllegalMove(reason[:1].upper() + reason[1:])
    wanted = [FACE[name] for name in names if name is not None]
    shown = cards_text(cards)
    is_set = shapes[0].rank is not None
    _check_names(shown, {FACE[card] for card in naturals}, wanted, is_set)
    fitting = [shape for shape in shapes if _names_fit(shape.named, wanted, shape.rank)]
    if not fitting:
        names_shown = " ".join(card.symbol for card in wanted)
        raise IllegalMove(f"The {jokers_word(len(wanted))} cannot stand for {names_shown} "
                          f"in {shown}{_SET_JOKER if is_set else ''}")
    if len(fitting) > 1:
        typed = [FACE[card] if card is not None else None for card, _ in words]
        alike = all(shape.named == fitting[0].named for shape in fitting)
        same_order = [shape for shape in fitting if alike and _typed_order(shape.cards, typed)]
        if len(same_order) != 1:
            options = " or ".join(str(Meld(shape.cards, shape.named)) for shape in fitting)
            raise AmbiguousMove(f"Say what the joker stands for: {options}")
        fitting = same_order
    shape = fitting[0]
    return Meld(shape.cards, shape.named)


_SET_JOKER = ": a joker in a set stands for a card of the set's rank in a missing suit"
"""Why a set's joker cannot stand for a card of another rank (ZO-11)."""


def _check_names(shown: str, faces: set[Card], wanted: Sequence[Card], is_set: bool) -> None:
    """Refuse a joker named as a card the meld already holds (ZO-11: a joker stands for a
    missing card; in a set, for a missing suit).

    Args:
        shown: The meld as the message shows it.
        faces: The faces (deck 0) the meld holds: its natural cards, and what its jokers
            on the table stand for.
        wanted: The faces the typed jokers are named as.
        is_set: True for a set, False for a run.

    Raises:
        IllegalMove: "The joker cannot stand for 8♦ in 8♥ 8♦ Jkr: that card is already in
            the set".
    """
    for card in wanted:
        if card in faces:
            raise IllegalMove(f"The joker cannot stand for {card} in {shown}: that card is "
                              f"already in the {'set' if is_set else 'run'}")


def _held_faces(meld: TableMeld) -> set[Card]:
    """The faces (deck 0) a meld on the table holds: its natural cards and what its jokers
    stand for in a run (a set's jokers stand for no one card), ZO-11."""
    faces = {FACE[card] for card in meld.cards if not IS_JOKER[card]}
    faces.update(card for card in meld.stands_for() if card is not None)
    return faces


def _names_fit(named: tuple[Card, ...], wanted: list[Card], rank: Rank | None) -> bool:
    """True if the typed joker names are among what the jokers of this reading stand for."""
    if rank is not None:
        return all(card.rank is rank for card in wanted)
    free = list(named)
    for card in wanted:
        if card not in free:
            return False
        free.remove(card)
    return True


def _typed_order(cards: tuple[Card, ...], typed: list[Card | None]) -> bool:
    if len(cards) != len(typed):
        return False
    return all(
        IS_JOKER[card] if face is None else FACE[card] == face
        for card, face in zip(cards, typed, strict=True)
    )


def _read_layoff(view: ZolikyView, args: list[str]) -> LayOff:
    if len(args) not in (1, 2):
        raise InvalidCommand(
            "Name a card and, if it fits more than one meld, the meld's number, for example: "
            "layoff 8s or layoff 8s 3"
        )
    card, named = _read_word(args[0])
    if len(args) == 1:
        return _layoff_anywhere(view, card, named)
    if not args[1].isdigit():
        raise InvalidCommand(
            f"{quoted(args[1])} is not a meld number; the melds are numbered 1, 2, …"
        )
    number = int(args[1]) - 1
    if not 0 <= number < len(view.melds):
        raise IllegalMove(f"There is no meld {number + 1} on the table")
    copies, jokers = _order(view)
    if card is not None:
        held = copies.get(FACE[card])
        if not held:
            raise IllegalMove(f"You don't hold {card}")
        return LayOff(held[0], number, None)
    if not jokers:
        raise IllegalMove("You don't hold a joker")
    joker = jokers[0]
    meld = view.melds[number]
    if named is not None:
        _check_names(meld.text(), _held_faces(meld), [FACE[named]], not meld.is_run)
    if meld.suit is None:
        if named is not None and named.rank is not meld.rank:
            raise IllegalMove(f"The joker cannot stand for {named} in {meld.text()}{_SET_JOKER}")
        return LayOff(joker, number, None)
    places = joker_layoffs(meld, joker)
    if named is None:
        if len(places) > 1:
            options = " or ".join(str(LayOff(joker, number, place.named)) for place in places)
            raise AmbiguousMove(f"Say what the joker stands for: {options}")
        if places:
            named = places[0].named
    elif layoff_result(meld, joker, named) is not None:
        named = FACE[named]
    return LayOff(joker, number, named)


def _layoff_anywhere(view: ZolikyView, card: Card | None, named: Card | None) -> LayOff:
    """``layoff <card>`` without a meld number: the one legal lay-off of that card (ZO-12).

    Args:
        view: The typing seat's view.
        card: The typed card, or None for a joker.
        named: What the typed joker stands for (``jk=7h``), else None.

    Raises:
        AmbiguousMove: If the card may go onto more than one meld (or place); the message
            lists the commands.
        IllegalMove: If it may go onto none: the engine's reason, e.g. that it fits no meld
            on the table.
    """
    matches = [action for action in view.legal if isinstance(action, LayOff)
               and _same_card(action, card) and _same_name(view, action, named)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        options = " or ".join(str(action) for action in matches)
        raise AmbiguousMove(f"Say which meld: {options}")
    if card is None and named is not None and any(
            isinstance(action, LayOff) and IS_JOKER[action.card] for action in view.legal):
        raise IllegalMove(f"The joker cannot stand for {named} in any meld on the table")
    copies, jokers = _order(view)
    held = jokers if card is None else copies.get(FACE[card], [card])
    if not held:
        raise IllegalMove("You don't hold a joker")
    raise IllegalMove(layoff_refusal(view, held[0]))


def _same_card(action: LayOff, card: Card | None) -> bool:
    """True if ``action`` lays off a copy of ``card`` (any joker for None)."""
    return IS_JOKER[action.card] if card is None else FACE[action.card] == FACE[card]


def _same_name(view: ZolikyView, action: LayOff, named: Card | None) -> bool:
    """True if the joker of ``action`` stands for ``named`` (a set's joker for its rank);
    always True when nothing is named."""
    if named is None:
        return True
    if action.named is not None:
        return action.named == FACE[named]
    meld = view.melds[action.meld]
    return meld.rank is named.rank and FACE[named] not in _held_faces(meld)


# ---------------------------------------------------------------------- log lines


def describe(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One log line for ``event`` as ``viewer`` may see it.

    Args:
        event: An event returned by ``ZolikyState.apply``.
        viewer: The seat reading the log (None for the public log).
        names: The players' names by seat.

    Returns:
        For example "Bob drew a card", "You drew 7♥", "Anna melded 5♣ 6♣ 7♣ (meld 4)",
        "Anna melded 5♣ 6♣ Jkr(7♣) (meld 5)": a joker is named as the hand and the melds panel
        name it, with what it stands for.
    """
    event = event.for_viewer(viewer)

    def who(seat: int | None) -> str:
        if seat is None:
            return "the table"
        return "you" if addressed(seat, viewer, names) else names[seat]

    # The seat called "You" is spoken to as the reader in every log, the public one too.
    you = addressed(event.player, viewer, names)
    # Lines start with the subject or with our own words, capitalised where they are written;
    # a player's name is shown as typed, never re-cased.
    subject = "You" if you else names[event.player] if event.player is not None else "The table"
    return _line(event, subject, you, who, names)


def _verb(you: bool, plain: str, third: str) -> str:
    return plain if you else third


def _line(
    event: Event, subject: str, you: bool, who: Callable[[int | None], str],
    names: Sequence[str],
) -> str:
    kind = event.kind
    shown = cards_text(event.cards)
    details = dict(word.split("=", 1) for word in event.detail.split() if "=" in word)
    if kind == "deal":
        cutter, leader = int(details["cutter"]), int(details["leader"])
        cut = details["cut"]
        cut_text = "no cut card" if cut == "-" else f"cut card {card_from_json(cut)}"
        kept = f", keeping {shown}" if event.cards else ""
        return (
            f"Round {event.count}: {who(event.player)} {_verb(you, 'deal', 'deals')}; "
            f"{who(cutter)} {_seat_verb(cutter, who, 'cut')}{kept} ({cut_text}); "
            f"{who(leader)} {_seat_verb(leader, who, 'lead')}"
        )
    if kind == "discard":
        return f"{subject} discarded {shown}"
    if kind == "draw":
        return f"{subject} drew {shown}" if event.cards else f"{subject} drew a card"
    if kind == "take":
        return f"{subject} took {shown} from the discard pile"
    if kind == "cut":
        return f"{subject} took the cut card {shown}"
    if kind == "return":
        return f"{subject} put {shown} back"
    if kind == "turnover":
        return f"The discard pile is turned over as the new stock ({event.count} cards)"
    if kind == "meld":
        return f"{subject} melded {_meld_text(event, details)} (meld {event.count})"
    if kind == "layoff":
        return f"{subject} laid {_layoff_text(event, details)} off onto meld {details['meld']}"
    if kind == "joker":
        return f"{subject} took the joker back from meld {details['meld']}"
    if kind == "takeback":
        return f"{subject} took the opening back"
    if kind == "opened":
        return f"{subject} opened with {event.count} points"
    if kind == "close":
        how = " from hand: the others' penalties are doubled" if event.detail else ""
        card = f" with {shown}" if event.cards else ""
        return f"{subject} closed{card}{how}"
    if kind == "exhausted":
        return "The stock ran out for the fourth time: the round ends without a closer"
    if kind == "round":
        points = [int(word) for word in event.detail.split() if word.isdigit()]
        table = ", ".join(f"{names[seat]} {value}" for seat, value in enumerate(points))
        return f"Round {event.count} is over: {table}"
    if kind == "over":
        # ZO-17: the lowest total wins; players level on it win together (``count`` of them).
        order = [int(seat) for seat in event.detail.split()]
        winners = [who(seat) for seat in order[: max(1, event.count)]]
        alone = len(winners) == 1 and winners[0] != "you"
        return f"The match is over: {' and '.join(winners)} {'wins' if alone else 'win'}"
    return f"{subject}: {kind}"


def _seat_verb(seat: int, who: Callable[[int | None], str], verb: str) -> str:
    """``verb`` in the present for ``seat``: "lead" for the reader, "leads" for another."""
    return verb if who(seat) == "you" else f"{verb}s"


def _meld_text(event: Event, details: dict[str, str]) -> str:
    """The meld's cards, each joker with what it stands for, as the melds panel writes them:
    ``Jkr(A♦) 2♦ 3♦`` in a run, ``Q♥ Q♦ Jkb(Q)`` in a set."""
    named = iter(details["named"].split(",")) if "named" in details else iter(())
    ranks = {card.rank for card in event.cards if not IS_JOKER[card]}
    rank = next(iter(ranks)).code if "named" not in details and len(ranks) == 1 else ""
    parts = []
    for card in event.cards:
        if IS_JOKER[card]:
            code = next(named, None)
            stands = str(card_from_json(code)) if code else rank
            parts.append(f"{card.symbol}({stands})" if stands else card.symbol)
        else:
            parts.append(card.symbol)
    return " ".join(parts)


def _layoff_text(event: Event, details: dict[str, str]) -> str:
    card = event.cards[0]
    if IS_JOKER[card] and "named" in details:
        return f"{card.symbol}({card_from_json(details['named'])})"
    return card.symbol
