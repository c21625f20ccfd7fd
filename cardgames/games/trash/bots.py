"""The Trash heuristic bot: it sees only its seat's view and the legal actions.

A seat's progress in a hand is the number of its positions still face down (TR-9), and a card
helps it when its rank is that of a face-down position or of a face-up jack (which it replaces,
TR-5), or when it is a jack (TR-6). Two of the three choices follow from that:

* Taking the discard top (TR-4) is legal only when the card can be placed, and then it turns up
  at least one card for sure, where a card drawn from the stock does the same only if it is of
  use: a take is never worse, so the bot always takes.
* Replacing a face-up jack (TR-5) places the pip card and frees the jack for a face-down position:
  one card more turned up than keeping it, so the bot always replaces.

Where a jack goes (TR-6) changes neither the count of face-down positions nor the ranks that are
of use (a rank whose position shows a jack stays of use), and the card turned up is equally
unknown under every face-down position; the bot puts it on the position whose rank is least
likely to come, which is what a person would do.
"""

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

    * Takes the discard top whenever it may (TR-4: the card fills a face-down position or
      replaces a face-up jack), else draws.
    * Always replaces a face-up jack (TR-5).
    * Puts a jack on the face-down position whose own rank has the fewest copies not yet seen
      face up (on any layout or the discard pile); ties go to the highest position (TR-6).
    """

    name = "trash"

    def choose(self, view: TrashView, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` for the seat of ``view``."""
        if view.phase == JACK:
            return _jack_position(view, legal)
        if view.phase == SWAP:
            return REPLACE
        if TAKE in legal:
            return TAKE
        return DRAW if DRAW in legal else legal[0]


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


def race(own: int, rival: int) -> float:
    """The chance of winning ``own`` hands before a rival wins ``rival``, each hand a coin toss.

    Args:
        own: Hands still to win (0: the match is won).
        rival: Hands the rival still has to win (0: the match is lost), ``own`` not 0.

    Returns:
        0.0 .. 1.0; 1.0 if ``own`` is 0, else 0.0 if ``rival`` is 0.
    """
    return _RACE[own][rival]


def _race_table(most: int) -> list[list[float]]:
    table = [[1.0] * (most + 1)] + [[0.0] * (most + 1) for _ in range(most)]
    for own in range(1, most + 1):
        for rival in range(1, most + 1):
            table[own][rival] = (table[own - 1][rival] + table[own][rival - 1]) / 2
    return table


_RACE = _race_table(10)
"""``_RACE[own][rival]``: see :func:`race`; a layout has at most 10 positions (TR-2)."""


def evaluate(state: State, seat: PlayerId) -> float:
    """The search bot's guess (0.0 .. 1.0) that ``seat`` wins an unfinished match (TR-11).

    A seat with a layout of ``n`` positions must still win ``n`` hands, the one in play included
    (TR-10, TR-11). Each seat's chance of winning the hand in play is taken as inversely
    proportional to its face-down positions (TR-9; a jack or pip card in hand waiting to be placed
    counts as one turned up); the seat then races its strongest rival for the hands left, each
    hand a coin toss (:func:`race`).
    """
    assert isinstance(state, TrashState)
    down = list(state.down)
    acting = state.current_player
    if acting is not None and state.phase in (JACK, SWAP):
        down[acting] -= 1
    if 0 in down:
        shares = [float(left == 0) for left in down]
    else:
        weights = [1 / left for left in down]
        total = sum(weights)
        shares = [weight / total for weight in weights]
    sizes = state.sizes
    rival = min(
        (other for other in range(state.players) if other != seat),
        key=lambda other: (sizes[other], -shares[other]),
    )
    own, theirs = sizes[seat], sizes[rival]
    mine, its = shares[seat], shares[rival]
    return (
        mine * race(own - 1, theirs)
        + its * race(own, theirs - 1)
        + (1 - mine - its) * race(own, theirs)
    )


HEURISTIC = TrashBot
"""The heuristic bot: the ``normal`` level and the search bot's playout policy."""
