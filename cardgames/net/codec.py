"""Views as plain JSON and back: a game's typed View rebuilt on the client from data it trusts not.

The encoding follows the View's own type hints: a card is its code (``"7h"``, ``"Xr"``; a card of
the second deck ``"7h.1"``), a rank its number, a suit its letter, a tuple or frozenset a list, and
a dataclass an object whose ``"$"`` names its class. Decoding walks the same hints: every value is
checked against the type its field declares, only the dataclasses reachable from the game's View
type are built (an allow-list made from the code, never from the data), and every list and text
is bounded. Nothing is imported or called by a name the peer sends; there is no pickle.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.engine import Game

MAX_ITEMS = 1000
"""The most items a list in a view may have."""

MAX_TEXT = 2000
"""The most characters a text in a view may have."""

MAX_INT = 2**31
"""Whole numbers in a view lie strictly between minus and plus this."""

MAX_DECKS = 4
"""Cards of deck 0 up to deck ``MAX_DECKS - 1`` can be read."""

TAG = "$"
"""The key that names a dataclass in its JSON object."""


class CodecError(ValueError):
    """Data that is no valid view of this game; the message says where and why."""


def card_code(card: Card) -> str:
    """A card on the wire: its command code, with ``.n`` for deck ``n`` > 0 (``"7h.1"``)."""
    return card.code if card.deck == 0 else f"{card.code}.{card.deck}"


def _all_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for deck in range(MAX_DECKS):
        for suit in Suit:
            for rank in Rank:
                card = Card(rank, suit, deck)
                cards.setdefault(card_code(card), card)
    return cards


_CARDS = _all_cards()
"""Every card code the wire may carry (a joker's suit gives its colour: hearts red)."""


def view_type(game: Game) -> type:
    """The class of ``game``'s views, found by dealing a game and looking at its public view."""
    state = game.new_game(game.min_players, seed=0)
    return type(state.view(None))


Decoder = Callable[[object, str], Any]
"""Reads one value of a known type from JSON data (raises CodecError); the text says where."""


class ViewCodec:
    """Encodes and decodes one game's views.

    The decoders are built once from the type hints (one small function per type), so a view
    is read with no look-up of types on the way.

    Args:
        root: The game's View class (a frozen dataclass); see :func:`view_type`.

    Raises:
        TypeError: If a field of the View, or of a dataclass inside it, has a type the wire
            cannot carry (a programming error, found at once rather than mid-game).
    """

    def __init__(self, root: type) -> None:
        self.root = root
        self._fields: dict[type, tuple[str, ...]] = {}
        self._readers: dict[type, Decoder] = {}
        self._names: dict[str, type] = {}
        self._writers = _base_writers()
        self._read_root = self._reader(root)

    # ---------------------------------------------------------------- the allow-list

    @property
    def classes(self) -> frozenset[type]:
        """Every dataclass the codec builds: the View and what it holds."""
        return frozenset(self._fields)

    def _reader(self, hint: Any) -> Decoder:
        """The decoder of values of type ``hint``; admits the dataclasses it reaches."""
        scalar = _SCALARS.get(hint)
        if scalar is not None:
            return scalar
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            return self._union_reader(args)
        if origin is typing.Literal:
            return _literal_reader(args)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return _list_reader(self._reader(args[0]), tuple)
        if origin is frozenset:
            return _list_reader(self._reader(args[0]), frozenset)
        if origin is tuple:
            return _fixed_reader(tuple(self._reader(arg) for arg in args))
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _member_reader(hint)
        if _record_fields(hint) is not None:
            return self._object_reader(hint)
        raise TypeError(f"a view field of type {hint!r} cannot be sent")

    def _object_reader(self, cls: type) -> Decoder:
        known = self._readers.get(cls)
        if known is not None:
            return known
        name = cls.__name__
        readers: dict[str, Decoder] = {}

        def read(data: object, where: str) -> Any:
            if not isinstance(data, dict) or data.get(TAG) != name:
                raise CodecError(f"{where}: expected a {name}")
            if len(data) != len(readers) + 1:
                odd = sorted(set(data) ^ {TAG, *readers})[:1]
                raise CodecError(f"{where}: unknown or missing field {_short(odd)} in a {name}")
            try:
                values = {key: reader(data[key], where) for key, reader in readers.items()}
            except KeyError as missing:
                raise CodecError(f"{where}: missing field {missing} in a {name}") from None
            return cls(**values)

        self._readers[cls] = read
        self._names[name] = cls
        hints = typing.get_type_hints(cls)
        self._fields[cls] = _record_fields(cls) or ()
        for key in self._fields[cls]:
            readers[key] = self._reader(hints[key])
        writers = self._writers
        keys = self._fields[cls]

        def write(value: Any) -> dict[str, Any]:
            data: dict[str, Any] = {TAG: name}
            for key in keys:
                item = getattr(value, key)
                writer = writers.get(type(item))
                data[key] = writer(item) if writer is not None else _encode_any(item, writers)
            return data

        writers[cls] = write
        return read

    def _union_reader(self, arms: tuple[Any, ...]) -> Decoder:
        nullable = type(None) in arms
        classes = {arm.__name__: self._reader(arm) for arm in arms
                   if _record_fields(arm) is not None}
        others = tuple(self._reader(arm) for arm in arms
                       if arm is not type(None) and arm.__name__ not in classes)

        def read(data: object, where: str) -> Any:
            if data is None and nullable:
                return None
            if isinstance(data, dict):
                reader = classes.get(str(data.get(TAG)))
                if reader is None:
                    raise CodecError(f"{where}: {_short(data.get(TAG))} is not allowed here")
                return reader(data, where)
            for other in others:
                try:
                    return other(data, where)
                except CodecError:
                    continue
            raise CodecError(f"{where}: {_short(data)} fits none of the allowed types")

        return read

    # ---------------------------------------------------------------- encoding

    def encode(self, value: Any) -> Any:
        """``value`` (a View, or anything inside one) as JSON-compatible data.

        Raises:
            CodecError: If it holds a value of a type the codec does not know.
        """
        writer = self._writers.get(type(value))
        if writer is not None:
            return writer(value)
        return _encode_any(value, self._writers)

    # ---------------------------------------------------------------- decoding

    def decode(self, data: object) -> Any:
        """The View that ``data`` encodes.

        Raises:
            CodecError: If ``data`` is not exactly a valid encoding of this game's View: a wrong
                type anywhere, an unknown class or field, a list or text over its bound.
        """
        return self._read_root(data, "view")


_CODES = {card: code for code, card in _CARDS.items()}
"""The wire code of every card."""


def _card_code(card: Card) -> str:
    code = _CODES.get(card)
    if code is None:
        raise CodecError(f"the card {card!r} cannot be sent")
    return code


def _base_writers() -> dict[type, Callable[[Any], Any]]:
    """Encoders by exact type for everything but the dataclasses (added as they are admitted)."""
    writers: dict[type, Callable[[Any], Any]] = {}

    def plain(value: Any) -> Any:
        return value

    def sequence(value: Any) -> list[Any]:
        return [writers[type(item)](item) if type(item) in writers else _encode_any(item, writers)
                for item in value]

    for kind in (int, str, bool, float, type(None)):
        writers[kind] = plain
    for enum_type in (Rank, Suit):
        writers[enum_type] = _enum_value
    writers[Card] = _card_code
    writers[tuple] = writers[list] = sequence
    writers[frozenset] = lambda value: sequence(sorted(value))
    return writers


def _enum_value(member: enum.Enum) -> Any:
    return member.value


def _record_fields(hint: Any) -> tuple[str, ...] | None:
    """The field names of a dataclass or a typed named tuple (such as ``Event``), else None."""
    if not isinstance(hint, type) or hint in _SCALARS:
        return None
    if dataclasses.is_dataclass(hint):
        return tuple(field.name for field in dataclasses.fields(hint))
    if issubclass(hint, tuple) and hasattr(hint, "_fields") and hasattr(hint, "__annotations__"):
        return tuple(hint._fields)
    return None


def _encode_any(value: Any, writers: dict[type, Callable[[Any], Any]]) -> Any:
    """Encode a value that is no dataclass of the allow-list: a scalar, card, enum or sequence.

    Raises:
        CodecError: If it is of a type the wire cannot carry.
    """
    if value is None or type(value) in (bool, int, str, float):
        return value
    if type(value) is Card:
        code = _CODES.get(value)
        if code is None:
            raise CodecError(f"the card {value!r} cannot be sent")
        return code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [writers[type(item)](item) if type(item) in writers else _encode_any(item, writers)
                for item in items]
    raise CodecError(f"a value of type {type(value).__name__} cannot be sent")


def _literal_reader(choices: tuple[Any, ...]) -> Decoder:
    def read(data: object, where: str) -> Any:
        for choice in choices:
            if data == choice and type(data) is type(choice):
                return choice
        raise CodecError(f"{where}: {_short(data)} is not one of the allowed values")

    return read


def _list_reader(item: Decoder, kind: type) -> Decoder:
    def read(data: object, where: str) -> Any:
        if not isinstance(data, list):
            raise CodecError(f"{where}: expected a list")
        if len(data) > MAX_ITEMS:
            raise CodecError(f"{where}: a list of {len(data)} items is over {MAX_ITEMS}")
        return kind([item(value, where) for value in data])

    return read


def _fixed_reader(items: tuple[Decoder, ...]) -> Decoder:
    def read(data: object, where: str) -> Any:
        if not isinstance(data, list) or len(data) != len(items):
            raise CodecError(f"{where}: expected a list of {len(items)} items")
        return tuple(item(value, where) for item, value in zip(items, data, strict=True))

    return read


def _member_reader(cls: type[enum.Enum]) -> Decoder:
    kind = int if issubclass(cls, int) else str
    members = {member.value: member for member in cls}

    def read(data: object, where: str) -> Any:
        if type(data) is kind and data in members:
            return members[data]
        raise CodecError(f"{where}: {_short(data)} is not a {cls.__name__}")

    return read


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int(data: object, where: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not -MAX_INT < data < MAX_INT:
        raise CodecError(f"{where}: expected a whole number, not {_short(data)}")
    return data


def _float(data: object, where: str) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float) or not -1e12 < data < 1e12:
        raise CodecError(f"{where}: expected a number, not {_short(data)}")
    return float(data)


def _str(data: object, where: str) -> str:
    if not isinstance(data, str) or len(data) > MAX_TEXT:
        raise CodecError(f"{where}: expected a text of at most {MAX_TEXT} characters")
    return data


def _bool(data: object, where: str) -> bool:
    if not isinstance(data, bool):
        raise CodecError(f"{where}: expected true or false, not {_short(data)}")
    return data


def _none(data: object, where: str) -> None:
    if data is not None:
        raise CodecError(f"{where}: expected null, not {_short(data)}")


def _card(data: object, where: str) -> Card:
    card = _CARDS.get(data) if isinstance(data, str) else None
    if card is None:
        raise CodecError(f"{where}: {_short(data)} is not a card")
    return card


_SCALARS: dict[Any, Callable[[object, str], Any]] = {
    int: _int, float: _float, str: _str, bool: _bool, type(None): _none, Card: _card,
}
