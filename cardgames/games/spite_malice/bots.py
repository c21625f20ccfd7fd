"""The Spite & Malice heuristic bot: it sees only its seat's view and the legal actions."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.bots.search import shedding_value
from cardgames.core.cards import Card, Rank
from cardgames.core.engine import PlayerId, State
from cardgames.core.rng import Rng
from cardgames.games.spite_malice.actions import HAND, PAY_OFF, Action, Bus, Discard, End, Play
from cardgames.games.spite_malice.engine import SpiteMaliceState, SpiteMaliceView
from cardgames.games.spite_malice.moves import KING, SPOTS, VALUES

_FAR = 13
"""A distance larger than any pile can need."""
_BUS_COST = 35
"""What putting a card under the bus costs: one more pay-off card to play (SM-13)."""
_JOKER_COST = 15
"""What parting with a joker costs: it is the card that bridges any gap (SM-6)."""


def _distance(worth: int, needs: Sequence[int]) -> int:
    """How many cards must go on some pile before a card of building value ``worth`` fits."""
    if worth == 0:
        return 0
    best = worth - 1
    for need in needs:
        if need <= worth:
            best = min(best, worth - need)
    return best


class SpiteMaliceBot:
    """A plain heuristic player, the way a decent player plays.

    * Plays its pay-off top whenever it can (SM-14), and builds a chain of hand and spot cards
      (jokers only when needed) onto the pile that comes closest to its pay-off top.
    * Plays its aces at once (SM-12), then other cards from the spots and the hand, but never a
      card that makes a pile need an opponent's pay-off top (the next player's above all), and
      never a joker outside a chain to its pay-off top.
    * Ends the turn on the spot of the card's own rank when it can; opens a new spot only while
      another stays free, unless the card is about to be played anyway; otherwise it puts the
      card that would clog a spot under the bus (SM-13).
    """

    name = "spite_malice"

    def choose(self, view: SpiteMaliceView, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` for the seat of ``view``."""
        plays = [action for action in legal if isinstance(action, Play)]
        if plays:
            chosen = _best_play(view, plays)
            if chosen is not None:
                return chosen
        return _best_end(view, legal)


def _needs(view: SpiteMaliceView) -> list[int]:
    return [len(pile) + 1 for pile in view.piles if pile]


def _best_play(view: SpiteMaliceView, plays: list[Play]) -> Play | None:
    for play in plays:
        if play.source == PAY_OFF:
            return play
    for play in plays:
        if play.source == HAND and play.card.rank is Rank.ACE:
            return play
    chain = _chain_play(view, plays)
    if chain is not None:
        return chain
    return _safe_play(view, plays)


def _supply(view: SpiteMaliceView) -> tuple[dict[int, int], int]:
    """The cards of each building value the seat can reach now (hand and spots), and jokers."""
    seat = view.viewer
    assert seat is not None
    counts: dict[int, int] = {}
    jokers = 0
    for card in view.hand:
        worth = VALUES[card.rank]
        if worth == 0:
            jokers += 1
        else:
            counts[worth] = counts.get(worth, 0) + 1
    for spot in view.spots[seat]:
        if spot:
            worth = VALUES[spot[-1].rank]
            if worth == 0:
                jokers += len(spot)
            else:
                counts[worth] = counts.get(worth, 0) + len(spot)
    return counts, jokers


def _chain_play(view: SpiteMaliceView, plays: list[Play]) -> Play | None:
    """The next card of the cheapest chain of plays that lets the pay-off top go (SM-14)."""
    seat = view.viewer
    assert seat is not None
    top = view.pay_off_tops[seat]
    if top is None:
        return None
    target = VALUES[top.rank]
    if target <= 1:
        return None
    counts, jokers = _supply(view)
    best: tuple[int, int, int] | None = None
    for number, pile in enumerate(view.piles, 1):
        need = len(pile) + 1
        if not pile or need >= target:
            continue
        gaps = sum(1 for worth in range(need, target) if not counts.get(worth))
        if gaps <= jokers and (best is None or (gaps, target - need) < best[:2]):
            best = (gaps, target - need, number)
    if best is None:
        return None
    number = best[2]
    need = len(view.piles[number - 1]) + 1
    options = [play for play in plays if play.pile == number]
    natural = [play for play in options if VALUES[play.card.rank] == need]
    natural.sort(key=lambda play: play.source == HAND)
    if natural:
        return natural[0]
    wild = [play for play in options if play.card.rank is Rank.JOKER]
    wild.sort(key=lambda play: play.source == HAND)
    return wild[0] if wild else None


def _fed(view: SpiteMaliceView) -> dict[int, int]:
    """Per building value, how much it hurts to make a pile need it: opponents' pay-off tops."""
    seat = view.viewer
    assert seat is not None
    hurt: dict[int, int] = {}
    for step in range(1, view.players):
        other = (seat + step) % view.players
        top = view.pay_off_tops[other]
        if top is not None and top.rank is not Rank.JOKER:
            worth = VALUES[top.rank]
            hurt[worth] = hurt.get(worth, 0) + (3 if step == 1 else 1)
    return hurt


def _safe_play(view: SpiteMaliceView, plays: list[Play]) -> Play | None:
    """A spot or hand card (no joker) whose play feeds no opponent's pay-off top."""
    hurt = _fed(view)
    best: tuple[int, int] | None = None
    chosen: Play | None = None
    for play in plays:
        worth = VALUES[play.card.rank]
        if worth == 0:
            continue
        after = worth + 1 if worth < KING else 0
        if hurt.get(after):
            continue
        rank = (0 if play.source != HAND else 1, -worth)
        if best is None or rank < best:
            best, chosen = rank, play
    return chosen


def _best_end(view: SpiteMaliceView, legal: tuple[Action, ...]) -> Action:
    """The cheapest way to end the turn (SM-13)."""
    seat = view.viewer
    assert seat is not None
    needs = _needs(view)
    free_spots = sum(1 for spot in view.spots[seat] if not spot)
    best: Action = legal[0]
    best_cost: int | None = None
    for action in legal:
        if isinstance(action, End):
            return action
        if isinstance(action, Discard):
            cost = _discard_cost(action, view, needs, free_spots)
        elif isinstance(action, Bus):
            cost = _BUS_COST + (_JOKER_COST * 3 if action.card.rank is Rank.JOKER else 0)
        else:
            continue
        if best_cost is None or cost < best_cost:
            best, best_cost = action, cost
    return best


def _discard_cost(action: Discard, view: SpiteMaliceView, needs: list[int], free: int) -> int:
    seat = view.viewer
    assert seat is not None
    card: Card = action.card
    joker = _JOKER_COST if card.rank is Rank.JOKER else 0
    if view.spots[seat][action.spot - 1]:
        return joker
    distance = _distance(VALUES[card.rank], needs)
    if free > 1 or SPOTS == 1:
        return 10 + distance + joker
    return 20 + 4 * distance + joker


def evaluate(state: State, seat: PlayerId) -> float:
    """The search bot's guess (0.0 .. 1.0) that ``seat`` wins an unfinished game (SM-14): its
    pay-off cards left against the fewest a rival has left (see ``shedding_value``)."""
    assert isinstance(state, SpiteMaliceState)
    return shedding_value(state.pay_off_sizes(), seat, state.winners)


HEURISTIC = SpiteMaliceBot
"""The heuristic bot: the ``normal`` level and the search bot's playout policy."""
