"""legal_actions against apply over random crafted positions, not only positions reached in play.

Each position mixes pending battles and stops, demands by any seat, players out, lost turns, a
card just drawn, a short stock and every house option; one series deals the player to move
several kings, so battle and plain kings meet in one play (MK-4, MK-9); another deals him
jokers (``jokers`` option), so jokers join sets. For a sample of candidate actions (every
non-play action, every demand, every ordering of up to three hand cards, jokers named at random
and named in the rank of the set) an action must be accepted by ``apply`` exactly when an
equivalent play is listed as legal (a play with jokers may be refused for a name that does
not fit where an equivalent one with fitting names is listed), and a refusal must leave
``to_json`` unchanged. Every listed action must apply and pass the rule check.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pytest

from cardgames.core.cards import Card, Rank, Suit, card_to_json
from cardgames.core.deck import build_deck
from cardgames.core.errors import IllegalMove
from cardgames.core.rng import Rng
from cardgames.games.makao.actions import (
    Action,
    CallMakao,
    Demand,
    Draw,
    Pass,
    Play,
    Take,
    Wait,
)
from cardgames.games.makao.engine import OPTION_NAMES, MakaoState
from cardgames.games.makao.moves import (
    ALL_FACES,
    DEMAND_RANKS,
    SUITS,
    battle_value,
    check_play,
    effective_cards,
    is_battle_king,
    starts,
)

CHUNKS = 4
KING_CHUNKS = 2
JOKER_CHUNKS = 2
POSITIONS_PER_CHUNK = 150


def _codes(cards: list[Card]) -> list[str]:
    return [card_to_json(card) for card in cards]


def _pending(data: dict[str, Any], top_as: Card, rng: Rng) -> None:
    """Add a battle, a stop or the demand phase that the top card could have started."""
    chance = rng.random()
    if battle_value(top_as) and chance < 0.5:
        data["pending_draw"] = battle_value(top_as) * (1 + rng.randrange(3))
    elif top_as.rank is Rank.FOUR and chance < 0.5:
        data["pending_skips"] = 1 + rng.randrange(3)
    elif top_as.rank in (Rank.JACK, Rank.ACE) and chance < 0.4:
        data["phase"] = "demand"


def random_position(rng: Rng) -> MakaoState:
    """A crafted position that holds whole decks (MK-1) with random effects in force."""
    players = 2 + rng.randrange(5)
    options = [name for name in OPTION_NAMES if rng.random() < 0.4]
    deck = build_deck(1 if players <= 4 else 2, 2 if "jokers" in options else 0)
    rng.shuffle(deck)
    finished: list[int] = []
    hands: list[list[Card]] = []
    most_out = players - 2 if players <= 4 else 2
    for seat in range(players):
        size = rng.randrange(7)
        if size == 0 and len(finished) < most_out:
            finished.append(seat)
        hands.append([deck.pop() for _ in range(max(size, 1) if seat not in finished else 0)])
    while deck[-1].is_joker:
        deck.insert(0, deck.pop())
    discard = [deck.pop() for _ in range(1 + rng.randrange(4))]
    short = rng.randrange(len(deck) + 1) if rng.random() < 0.3 else len(deck)
    discard = deck[short:] + discard
    top_as = rng.choice(ALL_FACES) if discard[-1].is_joker else discard[-1]
    live = [seat for seat in range(players) if seat not in finished]
    current = rng.choice(live)
    data: dict[str, Any] = {
        "players": players,
        "options": options,
        "hands": [_codes(hand) for hand in hands],
        "stock": _codes(deck[:short]),
        "discard": _codes(discard),
        "top_as": card_to_json(top_as),
        "current": current,
        "finished": finished,
        "skip_turns": [rng.randrange(2) if seat in live and seat != current else 0
                       for seat in range(players)],
        "called": "makao-call" in options and rng.random() < 0.3,
    }
    _pending(data, top_as, rng)
    if not (data.get("pending_draw") or data.get("pending_skips") or data.get("phase")):
        if rng.random() < 0.4:
            by = rng.choice([seat for seat in range(players) if seat != current])
            data["demand"] = (
                {"kind": "rank", "value": rng.choice(DEMAND_RANKS).code, "by": by}
                if rng.random() < 0.5
                else {"kind": "suit", "value": rng.choice(SUITS).value, "by": by}
            )
        if rng.random() < 0.2:
            data["drawn"] = card_to_json(rng.choice(hands[current]))
            data["phase"] = "drawn"
    return MakaoState.from_json(data)


def with_kings(state: MakaoState, rng: Rng) -> MakaoState:
    """``state`` with up to four of its kings swapped into the hand of the player to move.

    Only cards under the top of the discard pile or elsewhere move, so every card stays in play
    once and the pending effects still fit the top card.
    """
    data = state.to_json()
    current = data["current"]
    hand = data["hands"][current]
    zones = [data["stock"], data["discard"]]
    zones.extend(cards for seat, cards in enumerate(data["hands"]) if seat != current)
    for _ in range(min(4, len(hand))):
        places = [
            (zone, index)
            for zone in zones
            for index, code in enumerate(zone)
            if code.startswith("K") and not (zone is data["discard"] and index == len(zone) - 1)
        ]
        if not places:
            break
        zone, index = rng.choice(places)
        slot = rng.choice([i for i, code in enumerate(hand) if not code.startswith("K")] or [0])
        if hand[slot].startswith("K"):
            break
        hand[slot], zone[index] = zone[index], hand[slot]
    if data["drawn"] is not None and data["drawn"] not in hand:
        data["drawn"] = rng.choice(hand)
    return MakaoState.from_json(data)


def with_jokers(state: MakaoState, rng: Rng) -> MakaoState:
    """``state`` (under the ``jokers`` option) with up to three of its jokers swapped into the
    hand of the player to move, each for a card of a rank the hand holds more of, so jokers
    and plain cards of one rank meet in a hand.

    Only cards under the top of the discard pile or elsewhere move, as in :func:`with_kings`.
    """
    data = state.to_json()
    if "jokers" not in data["options"]:
        data["options"] = [*data["options"], "jokers"]
        data["stock"] = [*data["stock"], "Xr", "Xb"]
        if state.players > 4:
            data["stock"] += ["Xr#1", "Xb#1"]
    current = data["current"]
    hand = data["hands"][current]
    zones = [data["stock"], data["discard"]]
    zones.extend(cards for seat, cards in enumerate(data["hands"]) if seat != current)
    for _ in range(1 + rng.randrange(3)):
        places = [
            (zone, index)
            for zone in zones
            for index, code in enumerate(zone)
            if code.startswith("X") and not (zone is data["discard"] and index == len(zone) - 1)
        ]
        plain = [i for i, code in enumerate(hand) if not code.startswith("X")]
        if not places or len(plain) < 2:
            break
        zone, index = rng.choice(places)
        slot = rng.choice(plain)
        hand[slot], zone[index] = zone[index], hand[slot]
    if data["drawn"] is not None and data["drawn"] not in hand:
        data["drawn"] = rng.choice(hand)
    return MakaoState.from_json(data)


def mixes_kings(action: Action) -> bool:
    """True for a play that holds both a battle king and a plain king."""
    if not isinstance(action, Play):
        return False
    kings = {is_battle_king(card) for card in action.cards if card.rank is Rank.KING}
    return kings == {True, False}


def candidates(state: MakaoState, rng: Rng) -> list[Action]:
    """Every non-play action and demand, and every ordering of up to three hand cards."""
    assert state.current is not None
    hand = state.hands[state.current]
    actions: list[Action] = [Draw(), Take(), Wait(), Pass(), CallMakao(), Demand()]
    actions.extend(Demand("rank", rank) for rank in Rank if rank is not Rank.JOKER)
    actions.extend(Demand("suit", suit) for suit in Suit)
    for size in (1, 2, 3):
        for chosen in permutations(hand, size):
            jokers = sum(card.is_joker for card in chosen)
            if not jokers:
                actions.append(Play(chosen))
                continue
            if size == 1:
                actions.extend(Play(chosen, (face,)) for face in ALL_FACES)
            named = tuple(rng.choice(ALL_FACES) for _ in range(jokers))
            actions.append(Play(chosen, named))
            plain = [card for card in chosen if not card.is_joker]
            rank = plain[0].rank if plain else rng.choice(ALL_FACES).rank
            for _ in range(3):
                suits = [rng.choice(SUITS) for _ in range(jokers)]
                actions.append(Play(chosen, tuple(Card(rank, suit) for suit in suits)))
    return actions


def key(action: Action, state: MakaoState) -> object:
    """What makes two plays the same move: the faces, the last face and what the play does
    (the card it leaves on top, the cards it makes the next player take); without a joker the
    first face too (``moves.legal_plays`` lists every first card of a plain set, and one per
    set and effect of a set with jokers, ``moves.joker_sets``).

    After a draw the very card drawn matters, so plays are then compared as they are.
    """
    if not isinstance(action, Play) or state.drawn is not None:
        return action
    faces = [(card.rank, card.suit) for card in action.cards]
    counted = effective_cards(action)
    top = (counted[-1].rank, counted[-1].suit)
    first = None if has_joker(action) else faces[0]
    return first, faces[-1], tuple(sorted(faces)), top, sum(map(battle_value, counted))


SERIES = (
    [(chunk, "") for chunk in range(CHUNKS)]
    + [(CHUNKS + chunk, "kings") for chunk in range(KING_CHUNKS)]
    + [(CHUNKS + KING_CHUNKS + chunk, "jokers") for chunk in range(JOKER_CHUNKS)]
    + [(CHUNKS + KING_CHUNKS + JOKER_CHUNKS, "kings+jokers")]
)


@pytest.mark.parametrize(("chunk", "deal"), SERIES)
def test_legal_actions_match_apply(chunk: int, deal: str) -> None:
    """MK-3 … MK-14 and the options: apply accepts an action iff legal_actions lists it."""
    rng = Rng(chunk)
    checked = 0
    mixed = 0
    joker_sets = 0
    kings = "kings" in deal
    for _ in range(POSITIONS_PER_CHUNK):
        state = random_position(rng)
        if kings:
            state = with_kings(state, rng)
        if "jokers" in deal:
            state = with_jokers(state, rng)
        drawn = state.drawn
        if drawn is not None and not (drawn.is_joker or starts(drawn, state.situation())):
            continue
        legal = state.legal_actions()
        assert legal
        listed = {key(action, state) for action in legal}
        assert len(listed) == len(legal)
        before = state.to_json()
        assert state.current is not None
        hand = state.hands[state.current]
        for action in legal:
            state.clone().apply(action)
            if isinstance(action, Play):
                assert check_play(hand, action, state.situation(), drawn) is None, action
        for action in candidates(state, rng):
            trial = state.clone()
            try:
                trial.apply(action)
            except IllegalMove as error:
                assert str(error)
                assert trial.to_json() == before, f"refused {action} changed the position"
                assert action not in legal, f"{action} listed but refused"
                if not has_joker(action):
                    assert key(action, state) not in listed, f"{action} listed but refused"
            else:
                assert key(action, state) in listed, f"{action} accepted but not listed"
                mixed += mixes_kings(action)
                joker_sets += joins_a_set(action)
            checked += 1
    assert checked > 10 * POSITIONS_PER_CHUNK
    if kings:
        assert mixed > POSITIONS_PER_CHUNK // 10, "too few mixed-king plays were tried"
    if "jokers" in deal:
        assert joker_sets > POSITIONS_PER_CHUNK, "too few joker sets were tried"


def has_joker(action: Action) -> bool:
    """True for a play with a joker in it."""
    return isinstance(action, Play) and any(card.is_joker for card in action.cards)


def joins_a_set(action: Action) -> bool:
    """True for a play of several cards with a joker among them."""
    return (
        isinstance(action, Play)
        and len(action.cards) > 1
        and any(card.is_joker for card in action.cards)
    )
