"""Žolíky commands: every legal action round-trips through its text; bad input is explained."""

from __future__ import annotations

import pytest

from cardgames.core.errors import AmbiguousMove, IllegalMove, InvalidCommand
from cardgames.core.rng import Rng
from cardgames.games.zoliky import GAME
from cardgames.games.zoliky.actions import Cut, Draw, Take, TakeBack
from cardgames.games.zoliky.engine import ZolikyView
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
        # The meld number is optional (a card that fits one meld needs none): the usage says so.
        ("layoff js 1 2", InvalidCommand, "if it fits more than one meld, the meld's number"),
        ("layoff", InvalidCommand, "for example: layoff 8s or layoff 8s 3"),
        ("layoff 5h", IllegalMove, "5♥ fits no meld on the table"),
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


def _layoff_table(opened: bool) -> ZolikyView:
    """Melds 1: 7♦ 8♦ 9♦, 2: J♠ J♦ J♣, 3: Q♦ Q♣ Jkr(Q), 4: Q♥ K♥ A♥; seat 0 holds 8♥ (it fits
    none), 10♦ (meld 1 only) and J♥ (melds 2 and 4)."""
    return position(
        [["8h", "10d", "Jh", "2c", "5s"], ["4h"]],
        melds=[(1, ["7d", "8d", "9d"]), (1, ["Js", "Jd", "Jc"]), (1, ["Qd", "Qc", "Xr"]),
               (1, ["Qh", "Kh", "Ah"])],
        opened=[opened, True],
    ).view(0)


def test_a_lay_off_without_a_meld_number_goes_where_the_card_fits() -> None:
    """ZO-12: ``layoff <card>`` lays the card off onto the one meld it fits, asks which meld
    when it fits several, and says so when it fits none (not naming an arbitrary meld); a
    meld number the card does not fit keeps the specific refusal."""
    view = _layoff_table(opened=True)
    assert GAME.parse_command(view, "layoff 10d") == layoff("10d", 1)
    with pytest.raises(AmbiguousMove, match="Say which meld: layoff jh 2 or layoff jh 4"):
        GAME.parse_command(view, "layoff jh")
    with pytest.raises(IllegalMove, match=r"^8♥ fits no meld on the table$"):
        GAME.parse_command(view, "layoff 8h")
    with pytest.raises(IllegalMove, match=r"^8♥ does not fit meld 3 \(Q♦ Q♣ Jkr\(Q\)\)$"):
        GAME.parse_command(view, "layoff 8h 3")
    with pytest.raises(IllegalMove, match="You don't hold 9♥"):
        GAME.parse_command(view, "layoff 9h")
    bare = position([["8h", "2c"], ["4h"]], opened=[True, True]).view(0)
    with pytest.raises(IllegalMove, match=r"^There are no melds on the table yet$"):
        GAME.parse_command(bare, "layoff 8h")


def test_before_opening_a_lay_off_without_a_meld_number_names_the_opening() -> None:
    """ZO-12: a player who has not opened hears that first, whether the card fits or not."""
    view = _layoff_table(opened=False)
    for text in ("layoff 8h", "layoff 10d", "layoff 9h"):
        with pytest.raises(IllegalMove, match="You have not opened yet"):
            GAME.parse_command(view, text)


def test_describe_lines() -> None:
    """Log lines say who did what; meld numbers and jokers' meanings are shown."""
    state = position([["5c", "6c", "Xr", "9d", "2h"], ["4h", "4s"]], opened=[True, False],
                     melds=[(1, ["Ks", "Kh", "Kd"])])
    names = ["Anna", "Bob"]
    events = state.apply(meld("5c", "6c", "Xr", named=("7c",)))
    assert GAME.describe(events[0], 1, names) == "Anna melded 5♣ 6♣ Jkr(7♣) (meld 2)"
    assert GAME.describe(events[0], 0, names) == "You melded 5♣ 6♣ Jkr(7♣) (meld 2)"
    events = state.apply(GAME.parse_command(state.view(0), "discard 9d"))
    assert GAME.describe(events[-1], 1, names) == "Anna discarded 9♦"
    assert cards("9d")[0] == state.discard[-1]
