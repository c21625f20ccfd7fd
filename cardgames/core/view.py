"""The placeholder for cards a viewer may not see, and helpers to hide them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, TypeAlias

from cardgames.core.cards import Card


class Hidden:
    """The type of :data:`HIDDEN`: a card whose face the viewer may not see."""

    __slots__ = ()
    _instance: Hidden | None = None

    def __new__(cls) -> Hidden:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HIDDEN"

    def __reduce__(self) -> str:
        return "HIDDEN"


HIDDEN: Final = Hidden()
"""Stands where a card lies face down for this viewer."""

Slot: TypeAlias = Card | Hidden
"""A card position in a view: the card, or HIDDEN."""


def hide_all(cards: Iterable[Card]) -> tuple[Hidden, ...]:
    """One HIDDEN per card: keeps the count, drops the faces."""
    return tuple(HIDDEN for _ in cards)


def visible_to(viewer: int | None, owner: int, cards: Iterable[Card]) -> tuple[Slot, ...]:
    """The cards as ``viewer`` sees a zone private to ``owner``."""
    if viewer == owner:
        return tuple(cards)
    return hide_all(cards)
