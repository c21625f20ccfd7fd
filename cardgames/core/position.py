"""Checking a position read from JSON before a game builds it.

Every game's ``state_from_json`` reads its fields through these helpers, so malformed data is
refused with one error type, :class:`~cardgames.core.errors.BadPosition`, and a sentence that
names the field, instead of a raw ``TypeError`` or ``KeyError`` (or a position that hangs).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardgames.core.cards import Card, parse_card
from cardgames.core.errors import BadPosition, InvalidCommand

_REQUIRED: Any = object()


def mapping(data: object, what: str = "the position") -> Mapping[str, Any]:
    """``data`` as a mapping with text keys.

    Raises:
        BadPosition: If it is not one.
    """
    if not isinstance(data, Mapping) or not all(isinstance(key, str) for key in data):
        raise BadPosition(f"{what} must be a JSON object")
    return data


def get(data: Mapping[str, Any], name: str, default: Any = _REQUIRED) -> Any:
    """The field ``name``, or ``default`` when it is absent.

    Raises:
        BadPosition: If it is absent and has no default.
    """
    if name in data:
        return data[name]
    if default is _REQUIRED:
        raise BadPosition(f"the position has no {name!r} field")
    return default


def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``.

    Raises:
        BadPosition: If it is not an int (a bool is not), or out of range.
    """
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadPosition(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    return value


def seat(value: object, name: str, players: int, *, none: bool = False) -> int | None:
    """``value`` as a seat number (or None when ``none`` allows it).

    Raises:
        BadPosition: If it is not a seat of a ``players``-seat game.
    """
    if value is None and none:
        return None
    return whole(value, name, 0, players - 1)


def flag(value: object, name: str) -> bool:
    """``value`` as true or false.

    Raises:
        BadPosition: If it is not a bool.
    """
    if not isinstance(value, bool):
        raise BadPosition(f"{name} must be true or false, not {value!r}")
    return value


def sequence(value: object, name: str, length: int | None = None) -> Sequence[Any]:
    """``value`` as a JSON list (of ``length`` items, if given).

    Raises:
        BadPosition: If it is not a list or has the wrong length.
    """
    if not isinstance(value, list | tuple):
        raise BadPosition(f"{name} must be a list, not {value!r}")
    if length is not None and len(value) != length:
        raise BadPosition(f"{name} must hold {length} entries, not {len(value)}")
    return value


def seats(value: object, name: str, players: int) -> list[int]:
    """``value`` as a list of distinct seats.

    Raises:
        BadPosition: If it is not a list of seats, or names a seat twice.
    """
    found = [whole(item, f"a seat in {name}", 0, players - 1) for item in sequence(value, name)]
    if len(set(found)) != len(found):
        raise BadPosition(f"{name} names a seat twice")
    return found


class CardReader:
    """Reads the card codes of one deck, written by ``code_of`` (any case, symbols too).

    Args:
        deck: Every card of the deck.
        code_of: The game's JSON code of a card.
    """

    def __init__(self, deck: Iterable[Card], code_of: Callable[[Card], str]) -> None:
        self.table = {code_of(card): card for card in deck}
        self.code_of = code_of

    def __call__(self, code: object, where: str) -> Card:
        """The card of ``code``, found in ``where`` (named in the message).

        Raises:
            BadPosition: If the code is not a card, or not a card of this deck.
        """
        card = self.table.get(code) if isinstance(code, str) else None
        if card is not None:
            return card
        if not isinstance(code, str):
            raise BadPosition(f"{where} holds {code!r}, which is not a card code")
        face, _, index = code.partition("#")
        try:
            card = parse_card(face)
        except InvalidCommand:
            raise BadPosition(f"{where} holds {code!r}, which is not a card") from None
        if index:
            if not index.isdigit() or len(index) > 2:
                raise BadPosition(f"{where} holds {code!r}, which is not a card")
            card = card._replace(deck=int(index))
        found = self.table.get(self.code_of(card))
        if found is None:
            raise BadPosition(f"{where} holds {code!r}, which is not in this game's deck")
        return found

    def cards(self, value: object, name: str) -> list[Card]:
        """``value`` as a list of cards.

        Raises:
            BadPosition: If it is not a list of card codes of the deck.
        """
        codes = sequence(value, name)
        try:
            return [self.table[code] for code in codes]
        except (KeyError, TypeError):
            return [self(code, name) for code in codes]


def check_whole_deck(in_play: Iterable[Card], deck: Sequence[Card]) -> None:
    """Every card of ``deck`` lies somewhere exactly once (the conservation invariant).

    Raises:
        BadPosition: Naming a card that is twice in play, or missing.
    """
    counts = Counter(in_play)
    for card, count in counts.items():
        if count > 1:
            raise BadPosition(f"{card} is in play {count} times")
    if len(counts) != len(deck):
        missing = next(card for card in deck if card not in counts)
        raise BadPosition(f"{missing} is missing: a position holds the whole deck")


def rng(value: object) -> list[Any]:
    """``value`` checked as a saved RNG state (see ``Rng.to_json``) without building it.

    Raises:
        BadPosition: If it is not one: version 3, 624 words below 2**32 and a position, and a
            cached Gaussian (a float or null).
    """
    words = value[1] if isinstance(value, list) and len(value) == 3 else None
    try:
        packed = array(_WORD, words) if isinstance(words, list) else None
    except (TypeError, OverflowError):
        packed = None
    if (
        packed is None
        or len(packed) != _MT_WORDS + 1
        or value[0] != 3  # type: ignore[index]
        or not isinstance(value[2], float | None)  # type: ignore[index]
        or packed[-1] > _MT_WORDS
    ):
        raise BadPosition("rng is not a saved random-number state")
    assert isinstance(value, list)
    return value


_MT_WORDS = 624
_WORD = next(code for code in "ILQ" if array(code).itemsize == 4)
"""An array type of unsigned 32-bit words: building one checks every word's range."""
