"""The Trash heuristic bot: it sees only its seat's view and the legal actions."""

from __future__ import annotations

from cardgames.core.engine import PlayerId, State
from cardgames.core.rng import Rng
from cardgames.games.trash.actions import DRAW, REPLACE, TAKE, Action, Place
from cardgames.games.trash.engine import TrashState, TrashView
from cardgames.games.trash.moves import JACK, SLOT, SWAP, WILD

COPIES_PER_DECK = 4
"""Cards of one rank in a 52-card deck."""


class TrashBot:
    """A plain heuristic player.

    * Takes the discard top only when it fills a face-down position (a jack, or a pip card whose
      position is face down), else draws (TR-4).
    * Puts a jack on the face-down position whose own rank is least likely to come: the one
      with the fewest copies not yet seen face up (on any layout or the discard pile); ties go
      to the highest position (TR-6).
    * Always replaces a face-up jack (TR-5): the freed jack then fills a face-down position of
      its choice, so replacing turns up one card more than keeping.
    """

    name = "trash"

    def choose(self, view: TrashView, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` for the seat of ``view``."""
        if view.phase == JACK:
            return _jack_position(view, legal)
        if view.phase == SWAP:
            return REPLACE
        if TAKE in legal and _fills(view):
            return TAKE
        return DRAW if DRAW in legal else legal[0]


def _fills(view: TrashView) -> bool:
    """Whether the discard top would go on a face-down position of the viewer."""
    top = view.discard_top
    seat = view.viewer
    assert top is not None and seat is not None
    slot = SLOT[top[0]]
    if slot == WILD:
        return True
    layout = view.layouts[seat]
    return 0 < slot <= len(layout) and layout[slot - 1] is None


def _jack_position(view: TrashView, legal: tuple[Action, ...]) -> Action:
    seen = [0] * (WILD + 1)
    for layout in view.layouts:
        for card in layout:
            if card is not None:
                seen[SLOT[card[0]]] += 1
    for card in view.discard:
        seen[SLOT[card[0]]] += 1
    copies = COPIES_PER_DECK * view.decks
    places = [action for action in legal if isinstance(action, Place)]
    return min(places, key=lambda place: (copies - seen[place.position], -place.position))


def evaluate(state: State, seat: PlayerId) -> float:
    """The search bot's guess (0.0 .. 1.0) that ``seat`` wins an unfinished match (TR-11).

    What a seat has left to do is the hands it must still win after this one (its layout size
    less one, TR-10) plus the share of its layout still face down in this hand (TR-9); that is
    compared with the least a rival has left (see ``shedding_value``).
    """
    assert isinstance(state, TrashState)
    left = [
        size - 1 + down / size for size, down in zip(state.sizes, state.down, strict=True)
    ]
    own = left[seat]
    rival = min(value for other, value in enumerate(left) if other != seat)
    return rival / (own + rival) if own + rival else 0.5
