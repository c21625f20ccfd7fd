"""A heuristic Žolíky bot that sees only its seat's view.

It collects runs and sets, opens as soon as its hand holds an opening (ZO-10), then lays down
every meld it can and lays off natural cards (taking jokers back where it can, ZO-13), keeps its
jokers for its own melds, takes the discard only when it can use it (ZO-8), closes from hand with
the cut card when that works (ZO-16), and discards high cards that fit nothing in its hand and
nothing on the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardgames.core.cards import Card
from cardgames.core.engine import Action, PlayerId, State
from cardgames.core.rng import Rng
from cardgames.games.zoliky.actions import Close, Cut, Discard, Draw, LayOff, Meld, Take, TakeBack
from cardgames.games.zoliky.engine import ZolikyState, ZolikyView
from cardgames.games.zoliky.melds import (
    FACE,
    HAND_POINTS,
    IS_JOKER,
    SUIT_NUMBER,
    layoff_faces,
    meld_shape,
    run_choices,
    set_choices,
)

_SEARCH_NODES = 400
"""How many partial plans the meld planner looks at, at most."""


class ZolikyBot:
    """The default Žolíky bot ("zoliky")."""

    name = "zoliky"

    def choose(self, view: ZolikyView, legal: tuple[Action, ...], rng: Rng) -> Action:
        """Return one element of ``legal`` for the seat of ``view``.

        Args:
            view: The bot's own view (never the State).
            legal: The legal actions, never empty.
            rng: The bot's random stream (unused: the bot is deterministic given the view).
        """
        if len(legal) == 1:
            return legal[0]
        if view.phase == "draw":
            return _choose_draw(view, legal)
        for action in legal:
            if isinstance(action, Close):
                return action
        me = view.viewer
        assert me is not None
        melds = [action for action in legal if isinstance(action, Meld)]
        if view.opened[me]:
            return _choose_opened(view, legal, _plan(melds, len(view.hand)))
        return _choose_unopened(view, legal, melds)


def _choose_draw(view: ZolikyView, legal: tuple[Action, ...]) -> Action:
    """Take the discard (or the cut card) only when it goes onto the table this turn."""
    me = view.viewer
    assert me is not None
    hand = list(view.hand)
    top = view.discard_top
    if top is not None and Take() in legal and _usable(view, hand, top, closing=False):
        return Take()
    if view.cut is not None and Cut() in legal and _usable(view, hand, view.cut, closing=True):
        return Cut()
    return Draw()


def _usable(view: ZolikyView, hand: list[Card], card: Card, *, closing: bool) -> bool:
    """True if ``card`` added to the hand can go onto the table this turn (ZO-8), or, with
    ``closing``, lets the hand close from hand (ZO-16)."""
    me = view.viewer
    assert me is not None
    with_card = sorted([*hand, card])
    melds = _hand_melds(with_card)
    if view.opened[me]:
        if not IS_JOKER[card] and any(
            face == FACE[card] for meld in view.melds for face, _ in layoff_faces(meld)
        ):
            return True
        return any(card in meld.cards for meld in melds)
    if not any(card in meld.cards for meld in melds):
        return False
    plan = _plan(melds, len(with_card), needed=view.needed, need_pure=True, required=card)
    if not plan:
        return False
    used = sum(len(meld.cards) for meld in plan)
    return not closing or used == len(with_card) - 1


def _hand_melds(hand: Sequence[Card]) -> list[Meld]:
    """Every meld a hand could lay (one copy of each face, jokers in hand order)."""
    pick: dict[Card, Card] = {}
    jokers: list[Card] = []
    for card in hand:
        if IS_JOKER[card]:
            jokers.append(card)
        else:
            pick.setdefault(FACE[card], card)
    by_suit: tuple[list[Card], ...] = ([], [], [], [])
    for card in pick.values():
        by_suit[SUIT_NUMBER[card]].append(card)
    found: list[Meld] = []
    ranks: dict[object, list[Card]] = {}
    for group in by_suit:
        if len(group) >= 2:
            found.extend(meld for size, meld in run_choices(tuple(group), tuple(jokers))
                         if size < len(hand))
        for card in group:
            ranks.setdefault(card.rank, []).append(card)
    joker = jokers[0] if jokers else None
    for same in ranks.values():
        if len(same) >= 2:
            found.extend(meld for size, meld in set_choices(tuple(same), joker)
                         if size < len(hand))
    return found


def _plan(
    melds: list[Meld], hand_size: int, *, needed: int = 0, need_pure: bool = False,
    required: Card | None = None,
) -> list[Meld]:
    """The best set of disjoint melds: the most cards, then the most points, leaving a card;
    a pure run first.

    Only plans worth ``needed`` points (with a pure run if ``need_pure``) count (ZO-10); with
    ``required``, only plans that use that card (ZO-8). Returns [] if none qualifies.
    """
    info = []
    for meld in melds:
        shape, _ = meld_shape(meld)
        assert shape is not None
        table = shape.meld(0)
        info.append((meld, frozenset(meld.cards), table.points, table.is_pure))
    info.sort(key=lambda entry: (-len(entry[1]), -entry[2]))
    best: list[Meld] = []
    best_key = (0, 0)
    nodes = 0

    def search(start: int, used: frozenset[Card], chosen: list[int], points: int,
               pure: bool) -> None:
        nonlocal best, best_key, nodes
        nodes += 1
        if chosen and points >= needed and (pure or not need_pure) and (
            required is None or required in used
        ):
            key = (len(used), points)
            if key > best_key:
                best_key = key
                best = [info[index][0] for index in chosen]
        if nodes >= _SEARCH_NODES:
            return
        for index in range(start, len(info)):
            _, cards, value, is_pure = info[index]
            if cards & used or len(used) + len(cards) >= hand_size:
                continue
            chosen.append(index)
            search(index + 1, used | cards, chosen, points + value, pure or is_pure)
            chosen.pop()
            if nodes >= _SEARCH_NODES:
                return

    search(0, frozenset(), [], 0, False)
    first = [meld for meld in best if _is_pure(meld)][:1]
    return first + [meld for meld in best if meld not in first]


def _choose_unopened(view: ZolikyView, legal: tuple[Action, ...], melds: list[Meld]) -> Action:
    """Build an opening when the hand holds one; otherwise give a taken card back."""
    opening = view.opening
    taken = view.taken
    size = len(view.hand)
    if opening is not None and opening.complete:
        return _after_opening(view, legal, _plan(melds, size))
    laid = opening.points if opening is not None else 0
    pure = opening.pure if opening is not None else False
    required = taken if taken is not None and taken in view.hand and view.source == "discard" \
        else None
    plan = _plan(melds, size, needed=max(1, view.needed - laid), need_pure=not pure,
                 required=required)
    closing = view.source != "cut" or sum(len(m.cards) for m in plan) == size - 1
    if plan and closing:
        return plan[0]
    if TakeBack() in legal:
        return TakeBack()
    if Draw() in legal:
        return Draw()
    return _discard(view, legal)


def _after_opening(view: ZolikyView, legal: tuple[Action, ...], plan: list[Meld]) -> Action:
    if plan:
        return plan[0]
    action = _lay_off_or_discard(view, legal)
    if isinstance(action, TakeBack | Draw | Discard) and view.source == "cut" and (
        TakeBack() in legal
    ):
        return TakeBack()
    return action


def _choose_opened(view: ZolikyView, legal: tuple[Action, ...], plan: list[Meld]) -> Action:
    """Lay down melds, then lay off, then discard; a taken card is used first, else put back
    while nothing is laid, else the first lay, which leaves it a place (ZO-8)."""
    taken = view.taken
    if taken is not None and taken in view.hand:
        lays = [action for action in legal if isinstance(action, Meld | LayOff)]
        for action in lays:
            if action.card == taken if isinstance(action, LayOff) else taken in action.cards:
                return action
        return Draw() if Draw() in legal else lays[0]
    if plan:
        return plan[0]
    return _lay_off_or_discard(view, legal)


def _lay_off_or_discard(view: ZolikyView, legal: tuple[Action, ...]) -> Action:
    layoffs_now = [action for action in legal if isinstance(action, LayOff)]
    naturals = [action for action in layoffs_now if not IS_JOKER[action.card]]
    for action in naturals:
        if _takes_joker(view, action):
            return action
    if naturals:
        return naturals[0]
    if len(view.hand) == 2 and layoffs_now:
        return layoffs_now[0]
    return _discard(view, legal)


def _takes_joker(view: ZolikyView, action: LayOff) -> bool:
    face = FACE[action.card]
    return any(swap for other, swap in layoff_faces(view.melds[action.meld]) if other == face)


def _is_pure(meld: Meld) -> bool:
    shape, _ = meld_shape(meld)
    assert shape is not None
    return shape.meld(0).is_pure


def _discard(view: ZolikyView, legal: tuple[Action, ...]) -> Action:
    """The discard that costs least: a high card that fits nothing in the hand or on the table;
    never a joker while there is another choice."""
    ranked = _ranked_discards(view, legal)
    return ranked[0] if ranked else legal[-1]


def _ranked_discards(view: ZolikyView, legal: tuple[Action, ...]) -> list[Discard]:
    """The legal discards, the cheapest to give up first (see :func:`_discard`)."""
    discards = [action for action in legal if isinstance(action, Discard)]
    hand = view.hand
    table_faces: set[Card] = set()
    for meld in view.melds:
        table_faces.update(face for face, _ in layoff_faces(meld))
    anyone_open = any(view.opened)

    def cost(action: Discard) -> float:
        card = action.card
        if IS_JOKER[card]:
            return 1000.0
        keep = 0.0
        for other in hand:
            if other is card or IS_JOKER[other]:
                continue
            if other.rank is card.rank and other.suit is not card.suit:
                keep += 1.5
            elif other.suit is card.suit:
                gap = abs(int(other.rank) - int(card.rank))
                if gap in (12, 11):
                    gap = 13 - gap
                if 0 < gap <= 2:
                    keep += 2.0 if gap == 1 else 1.0
        if anyone_open and FACE[card] in table_faces:
            keep += 3.0
        return keep * 10 - HAND_POINTS[card]

    return sorted(discards, key=cost)


SEARCH_DISCARDS = 4
"""How many of the heuristic's cheapest discards (distinct faces, no joker) the search weighs."""

EVALUATE_SCALE = 40.0
"""Penalty points (ZO-17) that turn an even match into about a 73% chance for the seat ahead."""


def search_candidates(
    view: ZolikyView, legal: tuple[Action, ...], preferred: Action
) -> tuple[Action, ...]:
    """The actions the search bot weighs against the heuristic's ``preferred`` one.

    Only two decisions are searched: which card to discard (ZO-7), among the heuristic's
    :data:`SEARCH_DISCARDS` cheapest, one per face and never a joker; and whether to take the
    discard pile's top card the heuristic would take (ZO-8) or draw from the stock instead.
    Melds, lay-offs, take-backs and closing (ZO-10 … ZO-16) are left to the heuristic.

    Args:
        view: The searching seat's view.
        legal: The legal actions.
        preferred: The heuristic's choice, an element of ``legal``.

    Returns:
        ``preferred`` first, then the alternatives; ``(preferred,)`` if nothing is searched.
    """
    if isinstance(preferred, Take) and Draw() in legal:
        return preferred, Draw()
    if not isinstance(preferred, Discard):
        return (preferred,)
    chosen: list[Action] = [preferred]
    faces = {FACE[preferred.card]}
    for action in _ranked_discards(view, legal):
        if len(chosen) >= SEARCH_DISCARDS:
            break
        if not IS_JOKER[action.card] and FACE[action.card] not in faces:
            faces.add(FACE[action.card])
            chosen.append(action)
    return tuple(chosen)


def round_number(state: State) -> object:
    """The round a position is in (ZO-17): the search bot plays each playout to its end."""
    assert isinstance(state, ZolikyState)
    return state.round


def hand_penalty(hand: Sequence[Card]) -> int:
    """A guess at what ``hand`` will cost at the end of the round (ZO-2, ZO-17): the points of
    its cards outside the best melds it holds (a joker outside them counts 50)."""
    plan = _plan(_hand_melds(sorted(hand)), len(hand) + 1)
    melded = {card for meld in plan for card in meld.cards}
    return sum(HAND_POINTS[card] for card in hand if card not in melded)


def evaluate(state: State, seat: PlayerId) -> float:
    """The search bot's guess (0.0 .. 1.0) that ``seat`` wins the match (ZO-17).

    Each seat's penalty points so far plus, in a round under way, what its hand would cost
    (:func:`hand_penalty`; nothing for a hand just dealt, before anyone has played); the
    seat's total against the lowest rival's, on a logistic curve: 0.5 when even, more for the
    seat with fewer points.

    Args:
        state: A position, finished or not.
        seat: The seat to score.
    """
    assert isinstance(state, ZolikyState)
    totals = list(state.totals())
    if state.phase != "over" and (state.discard or state.turn_round > 1):
        totals = [total + hand_penalty(hand) for total, hand in zip(totals, state.hands,
                                                                    strict=True)]
    rival = min(total for other, total in enumerate(totals) if other != seat)
    return 1.0 / (1.0 + math.exp((totals[seat] - rival) / EVALUATE_SCALE))


HEURISTIC = ZolikyBot
"""The heuristic bot: the ``normal`` level and the search bot's playout policy."""
