"""The ``jokers`` house option with sets (MK-4): a joker stands for a card of the set's rank and
counts as that card under every rule (battles MK-7/MK-8, king order MK-9, stops MK-10, demands
MK-11 to MK-13, the drawn card MK-5); refusals leave the position unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.games.makao import GAME
from cardgames.games.makao.actions import Demand, Draw
from cardgames.games.makao.engine import MakaoState
from cardgames.games.makao.moves import (
    KING_LAST,
    check_play,
    joker_namings,
    joker_sets,
)
from tests.games.makao.builders import cards, play, plays_of, position

NAMES = ["Anna", "Bob", "Cyril"]
OTHERS = [["8c", "6c", "5d"], ["9h", "10h", "Qh"]]


def jokers(hands: list[list[str]], discard: list[str], **fields: Any) -> MakaoState:
    """A position under the ``jokers`` option, one deck (two decks for five or more seats)."""
    decks = 2 if len(hands) > 4 else 1
    return position(hands, discard, options=["jokers"], jokers=2, decks=decks, **fields)


def refused(state: MakaoState, action: object, message: str) -> None:
    """``action`` is refused with ``message`` and the position is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalMove, match=message):
        state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_mk_4_joker_joins_a_set() -> None:
    """MK-4: on 7♣, 7♥ and a joker named 7♠ go together; 7♠ is the new top card."""
    state = jokers([["7h", "9c", "Xr"], *OTHERS], ["7c"])
    legal = plays_of(state.legal_actions())
    assert {"play 7h Xr=7c", "play 7h Xr=7d", "play 7h Xr=7h", "play 7h Xr=7s",
            "play Xr=7c 7h"} <= legal
    events = state.apply(GAME.parse_command(state.view(0), "play 7h Xr=7s"))
    assert state.hands[0] == list(cards("9c"))
    assert (state.discard[-1], state.top_as) == (cards("Xr")[0], cards("7s")[0])
    assert GAME.describe(events[0], None, NAMES) == "Anna played 7♥ Jkr=7♠"


def test_mk_4_top_suit_after_a_joker_last() -> None:
    """MK-4: the joker on top counts as the card named, so the next player follows 7♠."""
    state = jokers([["7h", "9c", "Xr"], ["9s", "9h", "8d"], ["10c", "Jd", "Qh"]], ["7c"])
    state.apply(play("7h", "Xr", named=("7s",)))
    assert plays_of(state.legal_actions()) == {"play 9s", "play 9s 9h"}
    assert state.view(1).top_as == cards("7s")[0]


def test_mk_4_joker_starts_a_set() -> None:
    """MK-4: on 5♣ a joker named 7♣ starts the set and 7♥ follows; 7♥ cannot go first."""
    state = jokers([["7h", "9d", "Xr"], *OTHERS], ["5c"])
    assert play("Xr", "7h", named=("7c",)) in state.legal_actions()
    refused(state, play("7h", "Xr", named=("7c",)),
            "7♥ does not match 5♣; the first card must match, so play Xr=7c first")
    refused(state, play("Xr", "7h", named=("7h",)), "Xr=7h does not match 5♣")
    state.apply(play("Xr", "7h", named=("7c",)))
    assert state.top_as == state.discard[-1] == cards("7h")[0]


def test_mk_4_joker_in_the_middle_may_be_named_any_suit() -> None:
    """MK-4: a joker between the first and the last card counts the same whatever suit it is
    named; one name is listed, every name is accepted, and the positions are identical."""
    hand = ["7d", "7h", "9c", "Xr"]
    listed = [action for action in jokers([hand, *OTHERS], ["7c"]).legal_actions()
              if str(action).startswith("play 7h Xr=") and str(action).endswith(" 7d")]
    assert [str(action) for action in listed] == ["play 7h Xr=7c 7d"]
    results = []
    for suit in "cdhs":
        state = jokers([hand, *OTHERS], ["7c"])
        state.apply(GAME.parse_command(state.view(0), f"play 7h Xr=7{suit} 7d"))
        data = state.to_json()
        results.append(data)
    assert all(data == results[0] for data in results)


def test_mk_4_two_jokers_join_a_set_or_make_one() -> None:
    """MK-4: both jokers may join a set, and two jokers alone are a set of the rank named."""
    state = jokers([["7h", "9c", "Xr", "Xb"], *OTHERS], ["7c"])
    legal = state.legal_actions()
    assert play("7h", "Xr", "Xb", named=("7c", "7s")) in legal
    assert play("Xr", "Xb", named=("7c", "7d")) in legal
    copy = state.clone()
    copy.apply(GAME.parse_command(copy.view(0), "play 7h Xb=7d Xr=7h"))
    assert copy.hands[0] == list(cards("9c"))
    assert copy.top_as == cards("7h")[0]
    state.apply(GAME.parse_command(state.view(0), "play 9c Xb=9s Xr=9h"))
    assert (state.top_as, state.hands[0]) == (cards("9h")[0], list(cards("7h")))


def test_mk_4_refusals_of_joker_sets_change_nothing() -> None:
    """MK-4: a joker named another rank, a joker named a joker, a joker without a name."""
    state = jokers([["7h", "9c", "Xr", "Xb"], *OTHERS], ["7c"])
    refused(state, play("7h", "Xr", named=("8h",)),
            "A joker in a set stands for a card of the set's rank: Xr=8h cannot join 7♥")
    refused(state, play("Xr", "7h", named=("8h",)), "Xr=8h cannot join 7♥")
    refused(state, play("Xr", "Xb", named=("7h", "8h")), "Xb=8h cannot join Xr=7h")
    refused(state, play("7h", "9c", "Xr", named=("7h",)), "must all be of one rank")
    refused(state, play("7h", "Xr", named=("Xb",)), "A joker cannot stand for a joker")
    refused(state, play("7h", "Xr"), "Say what each joker stands for")
    with pytest.raises(InvalidCommand, match="A joker cannot stand for a joker"):
        GAME.parse_command(state.view(0), "play 7h Xr=Xb")
    with pytest.raises(IllegalMove, match="Xr=8h cannot join 7♥"):
        GAME.parse_command(state.view(0), "play 7h Xr=8h")


def test_mk_5_a_drawn_joker_is_played_alone() -> None:
    """MK-5: after drawing a joker only that joker may be played, on its own."""
    state = jokers([["7h", "9c"], *OTHERS], ["7c"], stock=["Xr"])
    state.apply(Draw())
    assert state.drawn == cards("Xr")[0]
    assert all(len(action.cards) == 1 for action in state.legal_actions()
               if hasattr(action, "cards"))
    refused(state, play("Xr", "7h", named=("7c",)), "only the card you drew")


def test_mk_7_joker_named_two_of_spades_in_a_set_of_twos_adds_its_penalty() -> None:
    """MK-7, MK-8: on 2♥ (2 pending) 2♣ and a joker named 2♠ add 4: the next player takes 6."""
    state = jokers([["8c", "6c"], ["2c", "Xr", "9d"], ["10c", "Jd", "Qh"]], ["2h"],
                   current=1, pending_draw=2)
    assert play("2c", "Xr", named=("2s",)) in state.legal_actions()
    events = state.apply(play("2c", "Xr", named=("2s",)))
    assert (state.current_player, state.pending_draw, state.top_as) == (2, 6, cards("2s")[0])
    assert GAME.describe(events[0], None, NAMES) == (
        "Bob played 2♣ Jkr=2♠ — Cyril must take 6 or answer")


def test_mk_8_joker_answers_a_battle_first_in_a_set() -> None:
    """MK-8: on 2♥ a joker named 3♥ answers, and 3♣ follows it: 2 + 3 + 3 pending."""
    state = jokers([["8c", "6c"], ["3c", "Xr", "9d"], ["10c", "Jd", "Qh"]], ["2h"],
                   current=1, pending_draw=2)
    assert play("Xr", "3c", named=("3h",)) in state.legal_actions()
    refused(state, play("3c", "Xr", named=("3h",)), "3♣ does not answer 2♥")
    refused(state, play("Xr", "3c", named=("3s",)), "Xr=3s does not answer 2♥")
    state.apply(play("Xr", "3c", named=("3h",)))
    assert (state.pending_draw, state.top_as) == (8, cards("3c")[0])


def test_mk_9_joker_named_king_of_hearts_in_a_king_play() -> None:
    """MK-7, MK-9: a joker named K♥ is a battle king, so it must be last; named K♣ it is a
    plain king; K♦, a joker named K♥ and K♠ make 10, sent back by the K♠ on top."""
    hands = [["8c", "6c"], ["Kd", "Ks", "Xr", "9d"], ["10c", "Jd", "Qh"]]
    state = jokers(hands, ["Kc"], current=1)
    legal = state.legal_actions()
    assert play("Kd", "Xr", named=("Kh",)) in legal
    refused(state, play("Xr", "Kd", named=("Kh",)), KING_LAST)
    plain = state.clone()
    plain.apply(play("Kd", "Xr", named=("Kc",)))
    assert (plain.pending_draw, plain.current_player) == (0, 2)
    battle = state.clone()
    battle.apply(play("Kd", "Xr", named=("Kh",)))
    assert (battle.pending_draw, battle.current_player, battle.top_as) == (5, 2, cards("Kh")[0])
    state.apply(play("Kd", "Xr", "Ks", named=("Kh",)))
    assert (state.pending_draw, state.current_player) == (10, 0)


def test_mk_9_listed_king_sets_with_jokers() -> None:
    """MK-9: among kings the listed names give each number of battle kings once, and a joker
    on top after a battle king is named only K♥ or K♠."""
    state = jokers([["Kd", "Kh", "Xr", "9d"], *OTHERS], ["5d"])
    listed = plays_of(state.legal_actions())
    assert {"play Kd Xr=Kc Kh", "play Kd Xr=Ks Kh", "play Kd Kh Xr=Kh",
            "play Kd Kh Xr=Ks"} <= listed
    assert "play Kd Kh Xr=Kc" not in listed
    refused(state, play("Kd", "Kh", "Xr", named=("Kc",)), KING_LAST)


def test_mk_10_jokers_named_four_add_lost_turns() -> None:
    """MK-10: on a stop, 4♣ and a joker named 4♥ pass it on with two more lost turns."""
    state = jokers([["8c", "6c"], ["4c", "Xr", "9d"], ["10c", "Jd", "Qh"]], ["4d"],
                   current=1, pending_skips=1)
    state.apply(play("4c", "Xr", named=("4h",)))
    assert (state.pending_skips, state.current_player) == (3, 2)


def test_mk_11_joker_in_a_set_of_jacks_demands() -> None:
    """MK-11: jacks with a joker named a jack on top still make a demand."""
    state = jokers([["Jc", "Xr", "9d"], *OTHERS], ["5c"])
    state.apply(play("Jc", "Xr", named=("Jh",)))
    assert state.phase == "demand"
    state.apply(Demand("rank", cards("7h")[0].rank))
    assert state.demand is not None and state.demand.text == "sevens"


def test_mk_13_joker_joins_a_set_under_a_demand() -> None:
    """MK-11, MK-14: under a demand for 7s a joker named a 7 starts a set; named 9 it does not."""
    demand = {"kind": "rank", "value": "7", "by": 2}
    state = jokers([["7h", "9c", "Xr"], *OTHERS], ["5d"], demand=demand)
    assert play("Xr", "7h", named=("7c",)) in state.legal_actions()
    refused(state, play("Xr", "9c", named=("9c",)), "Xr=9c does not meet the demand")


def test_joker_sets_round_trip_through_the_notation() -> None:
    """Multi-card joker plays print and parse back to the same play, two decks included."""
    hands = [["7h", "7h#1", "Xr", "Xr#1", "Xb"], ["8c"], ["9c"], ["10c"], ["Jd"]]
    state = jokers(hands, ["7c"])
    view = state.view(0)
    sets = [action for action in view.legal
            if hasattr(action, "cards") and len(action.cards) > 1
            and any(card.is_joker for card in action.cards)]
    assert len(sets) > 50
    for action in sets:
        assert GAME.parse_command(view, GAME.format_action(view, action)) == action
    typed = GAME.parse_command(view, "play Xr=7c Xr=7d 7h Xb=7s")
    assert typed == play("Xr", "Xr#1", "7h", "Xb", named=("7c", "7d", "7s"))
    events = state.apply(typed)
    assert GAME.describe(events[0], None, NAMES) == "Anna played Jkr=7♣ Jkr=7♦ 7♥ Jkb=7♠"


def test_every_listed_joker_set_passes_the_rule_check() -> None:
    """``joker_sets`` lists only plays that ``check_play`` accepts, each once."""
    state = jokers([["2c", "2s", "Kd", "Kh", "Xr", "Xb"], *OTHERS], ["2h"], pending_draw=2)
    hand = state.hands[0]
    sets = joker_sets(state.masks[0], state.situation())
    assert sets and len(set(sets)) == len(sets)
    for action in sets:
        assert check_play(hand, action, state.situation(), None) is None, action


def test_joker_namings_ask_only_what_matters() -> None:
    """What a player who picked cards with jokers may still choose: the suit of a joker on top;
    nothing for a joker that starts a set; no name at all if none fits."""
    state = jokers([["7h", "9c", "Xr", "Xb"], *OTHERS], ["7c"])
    hand, situation = state.hands[0], state.situation()
    on_top = joker_namings(hand, cards("7h", "Xr"), situation, None)
    assert [str(action) for action in on_top] == [
        "play 7h Xr=7c", "play 7h Xr=7d", "play 7h Xr=7h", "play 7h Xr=7s"]
    assert joker_namings(hand, cards("Xr", "7h"), situation, None) == [
        play("Xr", "7h", named=("7c",))]
    assert joker_namings(hand, cards("7h", "9c", "Xr"), situation, None) == []
    alone = joker_namings(hand, cards("Xr", "Xb"), situation, None)
    assert len({action.named[0].rank for action in alone}) == 13


def test_mk_9_joker_namings_among_kings_offer_battle_or_plain() -> None:
    """MK-7, MK-9: a joker between two kings is offered as a battle king or a plain one, the
    two plays that count differently (5 or 10 to take)."""
    state = jokers([["Kd", "Ks", "Xr", "9d"], *OTHERS], ["Kc"])
    namings = joker_namings(state.hands[0], cards("Kd", "Xr", "Ks"), state.situation(), None)
    assert [str(action) for action in namings] == ["play Kd Xr=Kc Ks", "play Kd Xr=Kh Ks"]
    taken = []
    for action in namings:
        copy = state.clone()
        copy.apply(action)
        taken.append(copy.pending_draw)
    assert taken == [5, 10]
