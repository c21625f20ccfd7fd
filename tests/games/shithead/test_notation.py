"""Shithead commands: every legal action round-trips through its text; bad input is explained."""

from __future__ import annotations

import pytest

from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.shithead import GAME
from cardgames.games.shithead.actions import (
    Blind,
    Bonus,
    Decline,
    PickUp,
    Play,
    Ready,
    Swap,
    Timeout,
)
from tests.games.shithead.builders import card, cards, position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_round_trips(players: int) -> None:
    checked = 0
    for seed in range(8):
        options = {"voluntary-pickup": seed % 2 == 0, "play-to-last": seed % 3 == 0}
        state = GAME.new_game(players, seed=seed, options=options)
        chooser = Rng(seed)
        for _ in range(400):
            legal = state.legal_actions()
            if not legal:
                break
            seat = state.current_player
            view = state.view(seat)
            for action in legal:
                text = GAME.format_action(view, action)
                assert text == str(action)
                assert GAME.parse_command(view, text) == action
                checked += 1
            state.apply(chooser.choice(legal))
    assert checked > 5000


def test_command_texts() -> None:
    assert str(Swap(card("3d"), 1)) == "swap 3d 1"
    assert str(Ready()) == "ready"
    assert str(Play(cards("8d 8c"))) == "play 8d 8c"
    assert str(Bonus(cards("5h 3s"))) == "bonus 5h 3s"
    assert str(Decline()) == "decline"
    assert str(PickUp()) == "pickup"
    assert str(Blind(2)) == "blind 2"
    assert str(Timeout()) == "timeout"
    assert str(Play(cards("10s Qd"))) == "play 10s Qd"


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("PLAY 10S", Play(cards("10s"))),
        ("p ts", Play(cards("10s"))),
        ("play 7♥ 7d", Play(cards("7h 7d"))),
        ("  play   qd  ", Play(cards("Qd"))),
        ("b 5h 3s", Bonus(cards("5h 3s"))),
        ("pick up", PickUp()),
        ("take", PickUp()),
        ("Pickup", PickUp()),
        ("blind 3", Blind(3)),
        ("swap 3d 2", Swap(card("3d"), 2)),
        ("decline", Decline()),
        ("ready", Ready()),
        ("timeout", Timeout()),
    ],
)
def test_public_view_reads_without_judging(text: str, action: object) -> None:
    view = position(hands=["4c", "5d"]).view(None)
    assert GAME.parse_command(view, text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type a command: play, bonus, decline, pickup, blind, swap or ready"),
        ("dance", "'dance' is not a Shithead command; try play, bonus"),
        ("play", "Name the cards after play, e.g. play 8d 8c"),
        ("bonus", "Name the cards after bonus, e.g. bonus 8d 8c"),
        ("play 7x", "the suit must be s, h, d or c"),
        ("play 1h", "the rank must be A, 2-10, J, Q or K"),
        ("swap 3d", "Write swap, a hand card and a face-up position, e.g. swap 3d 1"),
        ("swap 3d 4", "'4' is not a position; positions are 1, 2 and 3"),
        ("blind", "Write blind and one position, e.g. blind 2"),
        ("blind 0", "'0' is not a position; positions are 1, 2 and 3"),
        ("blind 1 2", "Write blind and one position, e.g. blind 2"),
        ("ready now", "ready takes nothing after it"),
        ("pickup 3", "pickup takes nothing after it"),
        ("pick", "Write pickup (or pick up) to take the pile"),
    ],
)
def test_unreadable_commands(text: str, message: str) -> None:
    view = position(hands=["4c", "5d"]).view(0)
    with pytest.raises(InvalidCommand) as error:
        GAME.parse_command(view, text)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play 9d", "9♦ is lower than J♣"),
        ("play Kd", "You don't hold K♦"),
        ("play Ac Kc", "Cards played together must be of one rank: A♣ and K♣ differ"),
        ("pickup", "You can play, so you may not pick up"),
        ("bonus 9d", "You have no extra move; each 2 you play from your hand gives one"),
        ("decline", "There is no extra move to decline"),
        ("blind 1", "You still have cards in hand; blind play comes last"),
        ("swap 9d 1", "Swaps are over once everyone is ready"),
        ("ready", "Everyone is ready already; the game is on"),
    ],
)
def test_rule_refusals_when_parsing(text: str, message: str) -> None:
    state = position(hands=["9d Ac Kc", "5d"], pile="Jc")
    with pytest.raises(IllegalMove) as error:
        GAME.parse_command(state.view(0), text)
    assert str(error.value) == message


def test_parsing_for_a_seat_not_to_act_or_after_the_end() -> None:
    state = position(hands=["9d", "5d"], pile="8c")
    with pytest.raises(IllegalMove, match="It is not your turn"):
        GAME.parse_command(state.view(1), "play 5d")
    empty = [None, None, None]
    over = position(hands=["9d", "5d"], pile="8c", face_up=[empty, empty],
                    face_down=[empty, ["4c", "5c", "6c"]])
    over.apply(Play(cards("9d")))
    with pytest.raises(IllegalMove, match="The game is over"):
        GAME.parse_command(over.view(1), "play 5d")
