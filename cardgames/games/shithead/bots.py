"""The Shithead heuristic bot: it sees only its seat's view and the legal actions."""

from __future__ import annotations

from cardgames.bots.search import shedding_value
from cardgames.core.cards import Card, Rank
from cardgames.core.engine import PlayerId, State, View
from cardgames.core.rng import Rng
from cardgames.games.shithead.actions import Action, Blind, Bonus, Decline, Play, Ready, Swap
from cardgames.games.shithead.engine import ShitheadState, ShitheadView
from cardgames.games.shithead.moves import BONUS, SWAP

_SPECIAL = (Rank.TWO, Rank.TEN)
_LOW_SHED = Rank.NINE
"""Extra moves shed ranks up to this one while the stock lasts (SH-9)."""
_BIG_PILE = 5
"""With only 2s and 10s playable, a pile this big is worth burning with a 10."""


def _strength(card: Card) -> int:
    """How much a card is worth keeping for later: 10s and 2s above the ace (SH-6)."""
    if card.rank is Rank.TEN:
        return 16
    if card.rank is Rank.TWO:
        return 15
    return int(card.rank)


class ShitheadBot:
    """A plain heuristic player.

    * Swap phase (SH-3): puts the three strongest cards (10s, 2s, then high ranks) face up.
    * Play: the lowest rank that goes, all copies of it; 2s and 10s only when nothing else goes
      (a 10 when the pile is big, else a 2). Blind plays take the leftmost face-down card.
    * Extra moves (SH-9): shed all cards of the lowest low rank, else decline.
    """

    name = "shithead"

    def choose(self, view: ShitheadView, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` for the seat of ``view``."""
        if view.phase == SWAP:
            return _swap(view, legal)
        if view.phase == BONUS:
            return _bonus(view, legal)
        return _play(view, legal)


def search_candidates(
    view: View, legal: tuple[Action, ...], preferred: Action
) -> tuple[Action, ...]:
    """The actions the ``hard`` level's search tries (``bots.search.Candidates``).

    In the swap phase (SH-3) only ``preferred``, the heuristic's own swap or ready: playouts
    from the deal cannot tell one swap from another, and a search following their noise would
    swap a card in and then out again. In every other phase, all of ``legal``.

    Args:
        view: The bot's own view (a :class:`ShitheadView`).
        legal: The legal actions.
        preferred: The heuristic's own choice.
    """
    assert isinstance(view, ShitheadView)
    return (preferred,) if view.phase == SWAP else legal


def _swap(view: ShitheadView, legal: tuple[Action, ...]) -> Action:
    seat = view.viewer
    assert seat is not None
    placed = [(pos, card) for pos, card in enumerate(view.face_up[seat], 1) if card is not None]
    strongest = max(view.hand, key=_strength, default=None)
    if placed and strongest is not None:
        position, weakest = min(placed, key=lambda placed_card: _strength(placed_card[1]))
        swap = Swap(strongest, position)
        if _strength(strongest) > _strength(weakest) and swap in legal:
            return swap
    return Ready()


def _play(view: ShitheadView, legal: tuple[Action, ...]) -> Action:
    plays = [action for action in legal if isinstance(action, Play)]
    if plays:
        ordinary = [play for play in plays if play.cards[0].rank not in _SPECIAL]
        if ordinary:
            return _largest(ordinary, min(play.cards[0].rank for play in ordinary))
        preferred = Rank.TEN if len(view.pile) >= _BIG_PILE else Rank.TWO
        ranks = {play.cards[0].rank for play in plays}
        return _largest(plays, preferred if preferred in ranks else ranks.pop())
    for action in legal:
        if isinstance(action, Blind):
            return action
    return legal[0]


def _largest(plays: list[Play], rank: Rank) -> Play:
    return max((play for play in plays if play.cards[0].rank is rank), key=lambda p: len(p.cards))


def _bonus(view: ShitheadView, legal: tuple[Action, ...]) -> Action:
    bonuses = [
        action
        for action in legal
        if isinstance(action, Bonus) and action.cards[0].rank not in _SPECIAL
    ]
    if not bonuses:
        return Decline()
    rank = min(bonus.cards[0].rank for bonus in bonuses)
    if rank > _LOW_SHED and view.stock_size:
        return Decline()
    return max(
        (bonus for bonus in bonuses if bonus.cards[0].rank is rank), key=lambda b: len(b.cards)
    )


def evaluate(state: State, seat: PlayerId) -> float:
    """The search bot's guess (0.0 .. 1.0) that ``seat`` wins an unfinished game (SH-16): the
    cards it still holds (hand, face-up and face-down) against the fewest a rival holds."""
    assert isinstance(state, ShitheadState)
    left = [
        len(hand) + sum(card is not None for card in up + down)
        for hand, up, down in zip(state.hands, state.face_up, state.face_down, strict=True)
    ]
    return shedding_value(left, seat, state.finished)


HEURISTIC = ShitheadBot
"""The heuristic bot: the ``normal`` level and the search bot's playout policy."""
