"""Spite & Malice commands: every legal action round-trips through its text; bad input is
explained; the short forms find the one pile or spot that takes the card."""

from __future__ import annotations

import pytest

from cardgames.core.errors import AmbiguousMove, IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.spite_malice import GAME
from cardgames.games.spite_malice.actions import Bottom, Bus, Discard, End, Play
from cardgames.games.spite_malice.engine import SpiteMaliceState
from tests.games.spite_malice.builders import card, position, run_of


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_round_trips(players: int) -> None:
    checked = 0
    for seed in range(6):
        state = GAME.new_game(players, seed=seed)
        assert isinstance(state, SpiteMaliceState)
        chooser = Rng(seed)
        for _ in range(300):
            legal = state.legal_actions()
            if not legal:
                break
            view = state.view(state.current_player)
            assert view.legal == legal
            for action in legal:
                text = GAME.format_action(view, action)
                assert text == str(action)
                assert GAME.parse_command(view, text) == action
                checked += 1
            plays = [a for a in legal if isinstance(a, Play)]
            state.apply(chooser.choice(plays if plays and chooser.random() < 0.7 else legal))
    assert checked > 5000


def test_command_texts() -> None:
    assert str(Play(card("7h"), "hand", 3)) == "play 7h 3"
    assert str(Play(card("Xb#1"), "hand", 2)) == "play jkb 2"
    assert str(Play(card("9c"), "pay", 1)) == "play pay 1"
    assert str(Play(card("9c"), "s2", 4)) == "play s2 4"
    assert str(Discard(card("10s"), 2)) == "discard 10s 2"
    assert str(Discard(card("Xr"), 1)) == "discard jkr 1"
    assert str(Bus(card("5d"))) == "bus 5d"
    assert str(End()) == "end"
    assert str(Bottom()) == "bottom"


def _table() -> SpiteMaliceState:
    """Piles 1 and 3 need a 3, pile 2 needs a 5; spot 2 holds 4s; pay-off top 5♥."""
    return position(
        hands=["3h 3h#1 4s Xr 9d", "2d"],
        pay_off=["Kc 5h", "6c 7c"],
        spots=[["", "4c 4d"]],
        piles=["As 2s", run_of(4, "s", deck=1), "Ad 2c"],
        full=True,
    )


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("play 3h 3", Play(card("3h"), "hand", 3)),
        ("P 3♥ 1", Play(card("3h"), "hand", 1)),
        ("play pay", Play(card("5h"), "pay", 2)),
        ("play PAY 2", Play(card("5h"), "pay", 2)),
        ("play jk 1", Play(card("Xr"), "hand", 1)),
        ("play xr 2", Play(card("Xr"), "hand", 2)),
        ("discard 4s", Discard(card("4s"), 2)),
        ("d 9d 3", Discard(card("9d"), 3)),
        ("bus 9d", Bus(card("9d"))),
        ("b jk", Bus(card("Xr"))),
        ("bottom", Bottom()),
    ],
)
def test_commands_read(text: str, action: object) -> None:
    assert GAME.parse_command(_table().view(0), text) == action


def test_play_from_a_spot_without_a_pile_is_refused_when_none_takes_it() -> None:
    state = _table()
    with pytest.raises(IllegalMove, match="4♦ fits no building pile: the piles need 3, 5"):
        GAME.parse_command(state.view(0), "play s2")


def test_short_forms_ask_when_several_piles_or_spots_fit() -> None:
    state = _table()
    with pytest.raises(AmbiguousMove, match="3♥ can go on piles 1 and 3"):
        GAME.parse_command(state.view(0), "play 3h")
    with pytest.raises(AmbiguousMove, match="9♦ can go on spots 1, 3 and 4"):
        GAME.parse_command(state.view(0), "discard 9d")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play 8c 1", "You do not hold 8♣"),
        ("play 9d 1", "9♦ cannot go on pile 1: it needs a 3"),
        ("play s1 1", "Your discard spot 1 is empty"),
        ("play 3h 9", "'9' is not a pile; the piles are 1 to 8"),
        ("discard 3h 5", "'5' is not a spot; the spots are 1 to 4"),
        ("discard 4s 1", "4♠ cannot go on spot 1: your fours are on spot 2"),
        ("end", "You still hold cards: end your turn with a discard or the bus"),
        ("draw", "'draw' is not a Spite & Malice command; try play, discard, bus, end or bottom"),
        ("", "Type a command: play, discard, bus, end or bottom"),
        ("play", "Write play, a card (or pay, s1-s4) and maybe a pile, e.g. play 7h 3"),
        ("play zz", "'zz' is not a card: the suit must be s, h, d or c (♠ ♥ ♦ ♣)"),
        ("end now", "end takes nothing after it"),
        # SM-2, SM-9: four discard spots, s1 to s4; a spot-like word past them is no card.
        ("play s5", "'s5' is not a discard spot: your spots are s1 to s4 "
                    "(for the 5 of spades, write 5s)"),
        ("play s0 2", "'s0' is not a discard spot: your spots are s1 to s4"),
        ("p S12", "'S12' is not a discard spot: your spots are s1 to s4"),
    ],
)
def test_bad_commands_are_explained(text: str, message: str) -> None:
    state = _table()
    with pytest.raises((IllegalMove, InvalidCommand)) as caught:
        GAME.parse_command(state.view(0), text)
    assert str(caught.value) == message


def test_commands_out_of_turn_are_refused() -> None:
    state = _table()
    with pytest.raises(IllegalMove, match="It is not your turn"):
        GAME.parse_command(state.view(1), "discard 2d 1")
    with pytest.raises(IllegalMove, match="It is not your turn"):
        GAME.parse_command(state.view(None), "end")


def test_the_log_reads_like_a_table_talk() -> None:
    state = _table()
    names = ["Anna", "Bob"]
    lines = []
    for text in ("play jk 1", "play pay", "discard 4s"):
        events = state.apply(GAME.parse_command(state.view(0), text))
        lines.extend(GAME.describe(e, None, names) for e in events)
    assert lines[0] == "Anna played Jkr as a 3 from the hand onto pile 1"
    assert lines[1] == "Anna played 5♥ from the pay-off pile onto pile 2"
    assert lines[2] == "Anna's next pay-off card is K♣ (1 card left)"
    assert lines[3] == "Anna discarded 4♠ onto spot 2"
    assert lines[4] == "Bob drew 4 cards"
    assert GAME.describe(events[-1], 0, names) == "Bob drew 4 cards"
    assert GAME.describe(events[-1], 1, names) == "You drew Jkb Jkr Jkb A♣"
    assert GAME.describe(events[0], 0, names) == "You discarded 4♠ onto spot 2"


def test_a_joker_named_by_its_colour_is_the_one_that_moves() -> None:
    """With both jokers in hand, ``jkb``/``Xb``/``Jkb`` move the black one, ``jkr`` the red
    one and ``jk`` the first; the command text names the colour and reads back to the same
    action, so a record replays the joker that was picked (SM-6)."""
    state = position(hands=["3h Xr Xb 9d", "2d"], pay_off=["Kc 5h", "6c 7c"],
                     piles=["As 2s"], full=True)
    view = state.view(0)
    for text, joker in (("discard jkb 1", "Xb"), ("discard Jkb 1", "Xb"), ("d Xb 1", "Xb"),
                        ("discard jkr 1", "Xr"), ("discard JKR 1", "Xr")):
        action = GAME.parse_command(view, text)
        assert action == Discard(card(joker), 1), text
        assert GAME.parse_command(view, str(action)) == action
    assert str(GAME.parse_command(view, "discard jk 1")) in ("discard jkr 1", "discard jkb 1")


@pytest.mark.parametrize("command", ["discard jkb 2", "d Xb 2", "play jkb", "play Jkb 1",
                                     "p jkb 1", "bus jkb", "b Xb"])
def test_a_joker_of_a_colour_not_held_is_refused(command: str) -> None:
    """Holding only the red joker, a command naming the black one is refused and names it,
    rather than moving the red one (SM-6); ``jk`` still names the joker held."""
    state = position(hands=["3h Xr 9d", "2d"], pay_off=["Kc 5h", "6c 7c"],
                     piles=["As 2s"], full=True)
    view = state.view(0)
    with pytest.raises(IllegalMove, match=r"^You do not hold Jkb$"):
        GAME.parse_command(view, command)
    assert GAME.parse_command(view, "discard jk 2") == Discard(card("Xr"), 2)
    assert GAME.parse_command(view, "play jkr 1") == Play(card("Xr"), "hand", 1)
