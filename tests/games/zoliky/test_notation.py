"""Žolíky commands: every legal action round-trips through its text; bad input is explained."""

from __future__ import annotations

import pytest

from cardgames.core.errors import IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Cut, Draw, Take, TakeBack
from tests.games.zoliky.builders import cards, layoff, meld, position


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_legal_action_round_trips(players: int) -> None:
    """parse_command(view, format_action(view, a)) == a for every legal action of random games."""
    rng = Rng(players)
    checked = 0
    for seed in range(2):
        state = GAME.new_game(players, seed=seed, options={"target": 0, "deal-14": seed == 1})
        while state.current_player is not None:
            view = state.view(state.current_player)
            for action in view.legal:
                assert GAME.parse_command(view, GAME.format_action(view, action)) == action
                checked += 1
            laying = [a for a in view.legal if str(a).startswith(("meld", "layoff", "close"))]
            state.apply(rng.choice(laying if laying and rng.random() < 0.7 else view.legal))
    assert checked > 1000


def test_command_words() -> None:
    """Verbs, short forms, case, 10/T, suit symbols and joker words."""
    state = position(
        [["5h", "6h", "7h", "Js", "Xb", "Qd", "Qc"], ["4h"]],
        melds=[(1, ["8s", "9s", "10s"])], opened=[True, False],
    )
    view = state.view(0)
    assert GAME.parse_command(view, "MELD 5H 6H 7H") == meld("5h", "6h", "7h")
    assert GAME.parse_command(view, "m 7♥ 5h 6h") == meld("5h", "6h", "7h")
    assert GAME.parse_command(view, "l js 1") == layoff("Js", 1)
    assert GAME.parse_command(view, "layoff J♠ 1") == layoff("Js", 1)
    assert GAME.parse_command(view, "meld qd qc joker") == meld("Qd", "Qc", "Xb")
    assert GAME.parse_command(view, "meld qd qc xr") == meld("Qd", "Qc", "Xb")
    assert GAME.parse_command(view, "discard jk") == GAME.parse_command(view, "discard xb")
    assert str(layoff("Xb", 2, "9s")) == "layoff jk=9s 2"
    assert [str(a) for a in (Draw(), Take(), Cut(), TakeBack())] == [
        "draw", "take", "cut", "takeback",
    ]


def test_second_copy_and_taken_card_are_used() -> None:
    """Two copies of a face: the taken one first, then the first deck."""
    state = position([["8c", "8d", "8s", "2h", "3s"], ["4h"]], discard=["8c#1"], phase="draw",
                     opened=[True, False])
    state.apply(Take())
    action = GAME.parse_command(state.view(0), "meld 8s 8d 8c")
    assert action == meld("8s", "8d", "8c#1")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", InvalidCommand, "Commands:"),
        ("fly", InvalidCommand, "not a Žolíky command"),
        ("meld", InvalidCommand, "Name the cards"),
        ("meld 7x 8h 9h", InvalidCommand, "suit must be"),
        ("meld 2c 3c 4c", IllegalMove, "You don't hold 2♣"),
        ("meld 5h 6h", IllegalMove, "at least 3 cards"),
        ("meld 5h 6h 10h", IllegalMove, "not in sequence"),
        ("meld 5h 6h js", IllegalMove, "neither a run"),
        ("layoff js", InvalidCommand, "a meld number"),
        ("layoff js 9", IllegalMove, "no meld 9"),
        ("layoff 5h 1", IllegalMove, "does not fit meld 1"),
        ("draw now", InvalidCommand, "takes nothing"),
        ("take", IllegalMove, "drawn already"),
        ("close 5h", IllegalMove, "last card only"),
        ("discard 2c", IllegalMove, "You don't hold 2♣"),
        ("discard 5h=6h", InvalidCommand, "Only a joker"),
    ],
)
def test_bad_commands_are_explained(text: str, error: type[Exception], message: str) -> None:
    """Unreadable or illegal commands raise with a message that says why."""
    state = position(
        [["5h", "6h", "7h", "Js", "Xb", "Qd", "10h"], ["4h"]],
        melds=[(1, ["8s", "9s", "10s"])], opened=[True, False],
    )
    with pytest.raises(error, match=message):
        GAME.parse_command(state.view(0), text)


def test_describe_lines() -> None:
    """Log lines say who did what; meld numbers and jokers' meanings are shown."""
    state = position([["5c", "6c", "Xr", "9d", "2h"], ["4h", "4s"]], opened=[True, False],
                     melds=[(1, ["Ks", "Kh", "Kd"])])
    names = ["Anna", "Bob"]
    events = state.apply(meld("5c", "6c", "Xr", named=("7c",)))
    assert GAME.describe(events[0], 1, names) == "Anna melded 5♣ 6♣ Jk(7♣) (meld 2)"
    assert GAME.describe(events[0], 0, names) == "You melded 5♣ 6♣ Jk(7♣) (meld 2)"
    events = state.apply(GAME.parse_command(state.view(0), "discard 9d"))
    assert GAME.describe(events[-1], 1, names) == "Anna discarded 9♦"
    assert cards("9d")[0] == state.discard[-1]
