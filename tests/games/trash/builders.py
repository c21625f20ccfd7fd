"""Building Trash positions for tests, from card codes.

A layout is written position by position, 1 first: ``"3s 9d ^Jd Kc"`` means position 1 hides
3♠, 2 hides 9♦, 3 shows J♦ face up and 4 hides K♣. ``#1`` marks a card of the second deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames.core.cards import Card, card_from_json, card_to_json
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.trash import GAME
from cardgames.games.trash.actions import Action
from cardgames.games.trash.engine import TrashState

FILLER = " Qc#2 Qd#2 Qs#2 Qh#2"
"""Cards put under the stock of a test position by default."""


def card(code: str) -> Card:
    """One card from its code (``7h``, ``7h#1``)."""
    return card_from_json(code)


def cards(text: str) -> list[Card]:
    """``cards("8d 8c")`` -> the cards, in order."""
    return [card(code) for code in text.split()]


def _layout(text: str) -> tuple[list[str | None], list[str | None]]:
    hidden: list[str | None] = []
    shown: list[str | None] = []
    for token in text.split():
        up = token.startswith("^")
        code = card_to_json(card(token.lstrip("^")))
        hidden.append(None if up else code)
        shown.append(code if up else None)
    return hidden, shown


def position(
    *,
    layouts: Sequence[str],
    stock: str = "",
    discard: str = "",
    hand: str | None = None,
    phase: str = "turn",
    current: int | None = 0,
    hand_number: int = 1,
    starter: int = 0,
    winners: Sequence[int] = (),
    seed: int = 0,
    filler: bool = True,
) -> TrashState:
    """A position from card codes.

    Args:
        layouts: Each seat's layout (see the module docstring); the number of seats.
        stock: The stock in drawing order (first drawn first).
        discard: The discard pile, bottom first.
        hand: The card in hand during a chain.
        phase: ``"turn"``, ``"jack"``, ``"replace"`` or ``"over"``.
        current: The seat to act.
        hand_number: The hand being played.
        starter: The seat that started the hand.
        winners: The winners of the finished hands.
        seed: Seeds the RNG of later reshuffles and deals.
        filler: Put four queens of a third deck under the stock, so a short test position does
            not run into TR-8's dead end.
    """
    rows = [_layout(text) for text in layouts]
    data: dict[str, Any] = {
        "players": len(layouts),
        "rng": Rng(seed).to_json(),
        "hidden": [hidden for hidden, _ in rows],
        "shown": [shown for _, shown in rows],
        "stock": [card_to_json(c) for c in reversed(cards(stock + (FILLER if filler else "")))],
        "discard": [card_to_json(c) for c in cards(discard)],
        "hand": None if hand is None else card_to_json(card(hand)),
        "phase": phase,
        "current": current,
        "hand_number": hand_number,
        "starter": starter,
        "winners": list(winners),
    }
    return TrashState.from_json(data)


def refused(state: TrashState, action: Action) -> str:
    """Apply ``action``, expect IllegalMove, check nothing changed; return the message."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalMove as error:
        assert state.to_json() == before
        return str(error)
    raise AssertionError(f"{action} was accepted")


def run(state: TrashState, *commands: str) -> TrashState:
    """Type the commands for the current player, one after the other, through the notation."""
    for text in commands:
        state.apply(GAME.parse_command(state.view(state.current_player), text))
    return state


def shuffle_hidden(state: TrashState, rng: Rng) -> TrashState:
    """A copy where every face-down card and the stock have been dealt again at random.

    Nobody may see any of them (TR-2), so every view must stay the same.
    """
    copy = state.clone()
    hidden = [c for row in copy.hidden for c in row if c is not None]
    hidden.extend(copy.stock)
    rng.shuffle(hidden)
    for row in copy.hidden:
        for index, under in enumerate(row):
            if under is not None:
                row[index] = hidden.pop()
    copy.stock = [hidden.pop() for _ in range(len(copy.stock))]
    assert not hidden
    return copy


def face_up(state: TrashState, seat: int) -> list[str | None]:
    """The seat's layout as codes: the face-up card, or None where face down."""
    return [None if c is None else c.code for c in state.shown[seat]]


def face_down(state: TrashState, seat: int) -> list[int]:
    """The seat's face-down positions, 1-based."""
    return [i + 1 for i, c in enumerate(state.hidden[seat]) if c is not None]
