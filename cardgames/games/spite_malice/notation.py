"""Spite & Malice commands as text, and the log line of each event.

Grammar (case-insensitive; cards as ``7h``, ``10s``, ``Ts``, ``Qd`` or ``7♥``; a joker is
``jkr`` (red) or ``jkb`` (black), as the table shows it, or ``jk`` for either)::

    play <card> [pile]     a hand card onto a building pile (p for short); the pile may be left
                           out when only one takes the card; an ace opens a new pile
    play pay [pile]        the top card of your pay-off pile
    play s<1-4> [pile]     the top card of one of your discard spots
    discard <card> [spot]  end the turn: a hand card onto a discard spot (d); the spot may be
                           left out when only one takes the card
    bus <card>             end the turn: a hand card under your pay-off pile (b)
    end                    end the turn with an empty hand when nothing is left to draw
    bottom                 look at the bottom card of your pay-off pile (not a move)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardgames.core.cards import Card, Rank, parse_card
from cardgames.core.engine import Event
from cardgames.core.errors import AmbiguousMove, IllegalMove, InvalidCommand, quoted
from cardgames.games.common import addressed
from cardgames.games.spite_malice.actions import (
    HAND,
    PAY_OFF,
    SPOT_SOURCES,
    Action,
    Bottom,
    Bus,
    Discard,
    End,
    Play,
)
from cardgames.games.spite_malice.engine import SpiteMaliceView
from cardgames.games.spite_malice.moves import (
    RANK_WORDS,
    Turn,
    a_rank,
    piles_for,
    refusal,
    spots_for,
)

EXAMPLES = "play 7h 3, discard 7h 2"
"""Example commands, shown in the empty command bar."""

_VERBS = "play, discard, bus, end or bottom"
_JOKER_WORDS = ("jk", "joker", "x")
_PAY_WORDS = ("pay", "payoff", "pay-off")


def turn_of(view: SpiteMaliceView) -> Turn:
    """The viewer's :class:`Turn`, from his own view."""
    seat = view.viewer
    assert seat is not None
    return Turn(
        view.hand,
        view.pay_off_tops[seat],
        view.spots[seat],
        view.piles,
        bool(view.stock_size or view.cleared_size),
    )


def _number(word: str, what: str, last: int) -> int:
    if not word.isdigit() or not 1 <= int(word) <= last:
        raise InvalidCommand(f"{quoted(word)} is not a {what}; the {what}s are 1 to {last}")
    return int(word)


def _hand_card(word: str, hand: Sequence[Card]) -> Card:
    """The hand card a word names: of equal cards the first in sorted order (as listed); any
    joker for ``jk``; only the joker of that colour for ``Xr``/``Jkr`` or ``Xb``/``Jkb``, so a
    command never moves another card than the one it names.

    Raises:
        IllegalMove: If the hand holds no such card ("You do not hold Jkb"), or no joker at
            all for ``jk``.
    """
    if word.lower() in _JOKER_WORDS:
        jokers = sorted(card for card in hand if card.rank is Rank.JOKER)
        if not jokers:
            raise IllegalMove("You hold no joker")
        return jokers[0]
    named = parse_card(word)
    same = sorted(card for card in hand if card.same_face(named))
    if not same:
        raise IllegalMove(f"You do not hold {named}")
    return same[0]


def _source(word: str, view: SpiteMaliceView, turn: Turn) -> tuple[Card, str]:
    key = word.lower()
    if key in _PAY_WORDS:
        if turn.pay_off_top is None:
            raise IllegalMove("Your pay-off pile is empty")
        return turn.pay_off_top, PAY_OFF
    if key in SPOT_SOURCES:
        number = SPOT_SOURCES.index(key) + 1
        spot = turn.spots[number - 1]
        if not spot:
            raise IllegalMove(f"Your discard spot {number} is empty")
        return spot[-1], key
    if _SPOT_LIKE.fullmatch(key):
        raise InvalidCommand(_no_spot(word))
    return _hand_card(word, turn.hand), HAND


_SPOT_LIKE = re.compile(r"s\d+")
"""A word written like a discard spot (``s5``): no card, as a card's rank comes first (``5s``)."""


def _no_spot(word: str) -> str:
    """Why ``word`` (``s5``) names nothing: the spots are s1 to s4 (SM-2, SM-9)."""
    rank = word[1:]
    card = f" (for the {rank} of spades, write {rank}s)" if rank in _SPOT_RANKS else ""
    return (f"{quoted(word)} is not a discard spot: your spots are {SPOT_SOURCES[0]} to "
            f"{SPOT_SOURCES[-1]}{card}")


_SPOT_RANKS = frozenset({"2", "3", "4", "5", "6", "7", "8", "9", "10"})
"""The ranks that ``s`` and a number could mean as a spade written the wrong way round."""


def _numbers(numbers: Sequence[int]) -> str:
    texts = [str(number) for number in numbers]
    return ", ".join(texts[:-1]) + f" and {texts[-1]}" if len(texts) > 1 else texts[0]


def _needs(view: SpiteMaliceView) -> str:
    needs = sorted({len(pile) + 1 for pile in view.piles if pile})
    if not needs:
        return "there are no building piles yet"
    return "the piles need " + ", ".join(RANK_WORDS[need] for need in needs)


def _play(words: Sequence[str], view: SpiteMaliceView, turn: Turn) -> Action:
    if not 1 <= len(words) <= 2:
        raise InvalidCommand("Write play, a card (or pay, s1-s4) and maybe a pile, e.g. play 7h 3")
    card, source = _source(words[0], view, turn)
    if len(words) == 2:
        return Play(card, source, _number(words[1], "pile", 8))
    targets = piles_for(card, turn.piles)
    if len(targets) == 1:
        return Play(card, source, targets[0])
    if not targets:
        if card.rank is Rank.JOKER:
            raise IllegalMove("A joker cannot open a building pile")
        raise IllegalMove(f"{card} fits no building pile: {_needs(view)}")
    example = f"play {words[0].lower()} {targets[-1]}"
    raise AmbiguousMove(f"{card} can go on piles {_numbers(targets)}: name one, e.g. {example}")


def _discard(words: Sequence[str], turn: Turn) -> Action:
    if not 1 <= len(words) <= 2:
        raise InvalidCommand("Write discard, a hand card and maybe a spot, e.g. discard 7h 2")
    card = _hand_card(words[0], turn.hand)
    if len(words) == 2:
        return Discard(card, _number(words[1], "spot", 4))
    targets = spots_for(card, turn.spots)
    if len(targets) == 1:
        return Discard(card, targets[0])
    if not targets:
        raise IllegalMove(f"No discard spot takes {card}; put it under the bus: bus {words[0]}")
    example = f"discard {words[0].lower()} {targets[0]}"
    raise AmbiguousMove(f"{card} can go on spots {_numbers(targets)}: name one, e.g. {example}")


def _bus(words: Sequence[str], turn: Turn) -> Action:
    if len(words) != 1:
        raise InvalidCommand("Write bus and one hand card, e.g. bus 5d")
    return Bus(_hand_card(words[0], turn.hand))


def _bare(words: Sequence[str], action: Action) -> Action:
    if words:
        raise InvalidCommand(f"{action} takes nothing after it")
    return action


def parse_command(view: SpiteMaliceView, text: str) -> Action:
    """Read a typed command of the seat whose view is given.

    Args:
        view: The view of the seat typing.
        text: The command, e.g. ``play 7h 3`` or ``discard 9c``.

    Returns:
        The action; for ``play`` and ``discard`` without a number, the one pile or spot that
        takes the card; of two equal hand cards, the first in sorted order.

    Raises:
        InvalidCommand: If the text cannot be read.
        AmbiguousMove: If a pile or spot is left out and several take the card.
        IllegalMove: If it is not the viewer's turn, or the rules forbid the action now.
    """
    words = text.split()
    if not words:
        raise InvalidCommand(f"Type a command: {_VERBS}")
    verb, rest = words[0].lower(), words[1:]
    if verb == "bottom":
        return _bare(rest, Bottom())
    if verb not in ("play", "p", "discard", "d", "bus", "b", "end"):
        raise InvalidCommand(f"{quoted(words[0])} is not a Spite & Malice command; try {_VERBS}")
    if view.current_player is None:
        raise IllegalMove("The game is over")
    if view.viewer is None or view.viewer != view.current_player:
        raise IllegalMove("It is not your turn")
    turn = turn_of(view)
    action: Action
    if verb in ("play", "p"):
        action = _play(rest, view, turn)
    elif verb in ("discard", "d"):
        action = _discard(rest, turn)
    elif verb in ("bus", "b"):
        action = _bus(rest, turn)
    else:
        action = _bare(rest, End())
    problem = refusal(action, turn)
    if problem is not None:
        raise IllegalMove(problem)
    return action


def format_action(view: SpiteMaliceView, action: Action) -> str:
    """The command text of ``action``; :func:`parse_command` reads it back to an equal action."""
    return str(action)


def _cards_count(number: int) -> str:
    return f"{number} card{'' if number == 1 else 's'}"


def _source_words(source: str) -> str:
    if source == HAND:
        return "from the hand"
    if source == PAY_OFF:
        return "from the pay-off pile"
    return f"from spot {source[1:]}"


def describe(event: Event, viewer: int | None, names: Sequence[str]) -> str:
    """One log line for ``event`` as ``viewer`` may see it.

    Args:
        event: An event from :meth:`SpiteMaliceState.apply`.
        viewer: The seat reading the log, or None for the public.
        names: The seat names.

    Returns:
        A sentence such as "Bob played 7♥ from the pay-off pile onto pile 3".
    """
    seen = event.for_viewer(viewer)
    player = seen.player
    you = addressed(player, viewer, names)
    who = "You" if you else (names[player] if player is not None else "The table")
    whose = "Your" if you else f"{who}'s"
    cards = " ".join(card.symbol for card in seen.cards)
    kind = seen.kind
    if kind == "play":
        source, _, place = seen.detail.partition(" ")
        card = seen.cards[0]
        if card.rank is Rank.ACE:
            return f"{who} opened pile {seen.count} with {card} {_source_words(source)}"
        stands = f" as {a_rank(int(place))}" if card.rank is Rank.JOKER and place else ""
        return f"{who} played {card}{stands} {_source_words(source)} onto pile {seen.count}"
    if kind == "complete":
        return f"Pile {seen.count} is complete: its 13 cards go to the cleared heap"
    if kind == "turn":
        left = _cards_count(seen.count)
        return f"{whose} next pay-off card is {cards} ({left} left)"
    if kind == "draw":
        if cards:
            return f"{who} drew {cards}"
        return f"{who} drew {_cards_count(seen.count)}"
    if kind == "reshuffle":
        return f"The cleared heap is shuffled into a new stock ({_cards_count(seen.count)})"
    if kind == "discard":
        return f"{who} discarded {cards} onto spot {seen.count}"
    if kind == "bus":
        if cards:
            return f"{who} put {cards} under the bus"
        return f"{who} put a card under the bus"
    if kind == "end":
        return f"{who} ended the turn with an empty hand"
    if kind == "stall":
        return f"{seen.count} turns without a building play: the game ends"
    if kind == "win":
        return f"{who} {'win' if you else 'wins'}"
    return f"{who}: {kind}"
