"""A heuristic Makao bot that sees only its seat's view.

It goes out when it can, says "makao", answers battles and stops, sheds several cards of a rank
at once, keeps battle cards (2, 3, K♥, K♠), 4s and jokers for defence unless the next player is
close to going out, and demands ranks (after jacks) or suits (after aces) it holds most of.

With the ``jokers`` option a joker may join a set (MK-4); the bot spends jokers only where they
pay: to go out, to answer a battle or stop it cannot answer otherwise, or when a play scores
better with them. :func:`search_candidates` keeps the search of the ``hard`` level to the few
joker sets worth trying, as a hand with two jokers may have hundreds.
"""

from __future__ import annotations

from collections import Counter

from cardgames.bots.search import shedding_value
from cardgames.core.cards import Card, Rank
from cardgames.core.engine import Action, PlayerId, State, View
from cardgames.core.rng import Rng
from cardgames.games.makao.actions import CallMakao, Demand, Play
from cardgames.games.makao.engine import MakaoState, MakaoView
from cardgames.games.makao.moves import battle_value, effective_cards

_ATTACK_THRESHOLD = 2
"""Attack with battle cards and 4s when the next player holds this many cards or fewer."""


class MakaoBot:
    """The default Makao bot ("makao")."""

    name = "makao"

    def choose(self, view: MakaoView, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` for the seat of ``view``.

        Args:
            view: The bot's own view (never the State).
            legal: The legal actions, never empty.
            rng: The bot's random stream (unused: the bot is deterministic given the view).
        """
        call = next((action for action in legal if isinstance(action, CallMakao)), None)
        if call is None:
            return self._choose(view, legal)
        action = self._choose(view, tuple(other for other in legal if other is not call))
        # Say "makao" only before the play that leaves one card (or with one card left while
        # demanding), never before a draw or a pass.
        rest = len(view.hand) - (len(action.cards) if isinstance(action, Play) else 0)
        return call if rest == 1 and (isinstance(action, Play) or view.phase == "demand") else (
            action)

    def _choose(self, view: MakaoView, legal: tuple[Action, ...]) -> Action:
        """The bot's move among ``legal`` (which holds no call of "makao")."""
        if view.phase == "demand":
            return _choose_demand(view, legal)
        plays = [action for action in legal if isinstance(action, Play)]
        plays = [play for play in plays if not _joker_doubles(play)] or plays
        others = [action for action in legal if not isinstance(action, Play)]
        if not plays:
            return others[0]
        for play in plays:
            if len(play.cards) == len(view.hand):
                return play
        if view.pending_draw or view.pending_skips or view.phase == "drawn":
            return max(plays, key=_answer_size)
        attack = _next_hand_size(view) <= _ATTACK_THRESHOLD
        matching: dict[tuple[object, object], int] = {}
        best, best_score = plays[0], _score(view.hand, plays[0], attack, matching)
        for play in plays[1:]:
            score = _score(view.hand, play, attack, matching)
            if score > best_score:
                best, best_score = play, score
        return others[0] if best_score < 0 else best


def _joker_doubles(play: Play) -> bool:
    """True if a joker of ``play`` stands for a card the same play also lays (``play 7h
    Xr=7h``): a set that, with one deck (MK-1), would hold one card twice. The bot (and so the
    hint) names the joker as another card of the set's rank instead, which the ``jokers``
    option always offers with the same cards."""
    if not play.named:
        return False
    faces = Counter((card.rank, card.suit) for card in effective_cards(play))
    return any(faces[named.rank, named.suit] > 1 for named in play.named)


def _answer_size(play: Play) -> tuple[int, int]:
    """How much an answer to a battle or stop sheds: plain cards first, then fewest jokers (a
    joker is kept for defence unless nothing else answers)."""
    jokers = sum(1 for card in play.cards if card.is_joker)
    return len(play.cards) - jokers, -jokers


def _next_hand_size(view: MakaoView) -> int:
    """Cards held by the next player still in."""
    seat = view.viewer if view.viewer is not None else 0
    for _ in range(view.players):
        seat = (seat + 1) % view.players
        if seat not in view.finished:
            return view.hand_sizes[seat]
    return 0


def _score(
    hand: tuple[Card, ...], play: Play, attack: bool, matching: dict[tuple[object, object], int]
) -> int:
    """How good a play is now: shed many cards, keep weapons unless attacking pays, and keep
    cards that follow the new top card. ``matching`` caches, per suit and rank of a top card,
    how many cards of ``hand`` follow it."""
    counted = effective_cards(play)
    score = 10 * len(play.cards)
    weapon = any(battle_value(card) or card.rank is Rank.FOUR for card in counted)
    if weapon:
        score += 15 if attack else -12
    score -= 25 * sum(1 for card in play.cards if card.is_joker)
    top = counted[-1]
    suit, rank = top.suit, top.rank
    key = (suit, rank)
    followers = matching.get(key)
    if followers is None:
        followers = matching[key] = sum(1 for c in hand if c.suit is suit or c.rank is rank)
    played = sum(1 for card in play.cards if card.suit is suit or card.rank is rank)
    return score + 2 * (followers - played)


SEARCHED_JOKER_SETS = 6
"""How many plays that put a joker in a set the ``hard`` level searches at most."""


def search_candidates(
    view: View, legal: tuple[Action, ...], preferred: Action
) -> tuple[Action, ...]:
    """The actions the ``hard`` level's search tries (``bots.search.Candidates``).

    Every legal action, except that of the plays with a joker in a set (``jokers`` option,
    MK-4) only the :data:`SEARCHED_JOKER_SETS` the heuristic scores best are kept, and
    ``preferred``. Without such plays ``legal`` itself is returned.

    Args:
        view: The bot's own view (a :class:`MakaoView`).
        legal: The legal actions.
        preferred: The heuristic's own choice; always kept.
    """
    sets = [action for action in legal if _joker_set(action)]
    if len(sets) <= SEARCHED_JOKER_SETS:
        return legal
    assert isinstance(view, MakaoView)
    attack = _next_hand_size(view) <= _ATTACK_THRESHOLD
    matching: dict[tuple[object, object], int] = {}
    scores = {
        action: _score(view.hand, action, attack, matching)
        for action in sets
        if isinstance(action, Play)
    }
    best = set(sorted(scores, key=scores.__getitem__, reverse=True)[:SEARCHED_JOKER_SETS])
    return tuple(
        action for action in legal
        if action is preferred or action in best or not _joker_set(action)
    )


def _joker_set(action: Action) -> bool:
    """True for a play of several cards with a joker among them."""
    return (
        isinstance(action, Play)
        and len(action.cards) > 1
        and any(card.is_joker for card in action.cards)
    )


def _choose_demand(view: MakaoView, legal: tuple[Action, ...]) -> Action:
    """Demand what the bot holds most of; nothing if it holds none of the choices."""
    demands = [action for action in legal if isinstance(action, Demand) and action.value]
    counts: Counter[object] = Counter()
    for card in view.hand:
        counts[card.rank] += 1
        counts[card.suit] += 1
    best = max(demands, key=lambda demand: counts[demand.value], default=None)
    if best is None or counts[best.value] == 0:
        return Demand()
    return best


def evaluate(state: State, seat: PlayerId) -> float:
    """The search bot's guess (0.0 .. 1.0) that ``seat`` wins an unfinished game (MK-15): its
    cards left against the fewest a rival holds (see ``shedding_value``)."""
    assert isinstance(state, MakaoState)
    return shedding_value([len(hand) for hand in state.hands], seat, state.finished)


HEURISTIC = MakaoBot
"""The heuristic bot: the ``normal`` level and the search bot's playout policy."""
