"""Deal codes: round trips for every playable game and its options, one-line errors for garbage."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest

from cardgames.core.engine import OptionSpec, OptionValue
from cardgames.core.registry import load_game
from cardgames.session import dealcode
from cardgames.session.dealcode import Deal, deal_code, deal_of, format_deal, parse_deal
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, default_seats
from tests.session.play import PLAYABLE

README = Path(__file__).resolve().parents[2] / "README.md"

SEEDS = (0, 1, 31, 32, 7 * 32**3 + 29 * 32**2 + 19 * 32 + 2, 999_999, 2**40 + 5, -1, -12345)


def values(spec: OptionSpec) -> tuple[OptionValue, ...]:
    if isinstance(spec.default, bool):
        return (False, True)
    return (spec.default, spec.default + 1, 150, 0)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_deal_of_every_game_round_trips(game: str) -> None:
    info = load_game(game)
    for choice in product(*(values(spec) for spec in info.options)):
        options = {spec.name: value for spec, value in zip(info.options, choice, strict=True)}
        for players in range(info.min_players, info.max_players + 1):
            for seed in SEEDS:
                for number in (0, 3):
                    deal = Deal(game, players, options, seed, number)
                    code = format_deal(deal)
                    assert parse_deal(code) == deal, code
                    assert parse_deal(code.upper()) == deal
                    assert format_deal(parse_deal(code)) == code
                    assert " " not in code and code.count("-") in (2, 3)


def test_the_example_reads_as_promised() -> None:
    deal = parse_deal("makao-4-q-7XK2")
    assert (deal.game, deal.players, deal.seed, deal.game_number) == ("makao", 4, 7 * 32**3 +
                                                                      29 * 32**2 + 19 * 32 + 2, 0)
    assert deal.options == {"queens": True, "makao-call": False, "jokers": False}
    assert format_deal(deal) == "makao-4-q-7XK2"
    assert format_deal(replace(deal, options={"makao-call": True, "jokers": True})) == (
        "makao-4-mc.j-7XK2"
    )


def test_a_code_starts_exactly_that_deal() -> None:
    setup = GameSetup("makao", default_seats(3, 2), {"jokers": True}, seed=4242, game_number=1)
    code = deal_code(setup)
    again = parse_deal(code).setup(default_seats(3, 2))
    assert again == replace(setup, options=deal_of(setup).options)
    assert Session(again).to_json() == Session(setup).to_json()
    with pytest.raises(ValueError, match="3 players, not 2"):
        parse_deal(code).setup(default_seats(2, 1))


def test_numbers_and_clashing_initials(monkeypatch: pytest.MonkeyPatch) -> None:
    specs = (
        OptionSpec("play-fast", "x"), OptionSpec("pick-four", "y"),
        OptionSpec("target", "z", 100), OptionSpec("open", "w", True),
    )
    assert dealcode._abbreviations(specs) == {
        "play-fast": "playfast", "pick-four": "pickfour", "target": "t", "open": "o",
    }
    game = load_game("makao")
    fake = replace(game, options=specs)  # type: ignore[type-var]
    monkeypatch.setattr(dealcode, "load_game", lambda name: fake)
    deal = Deal("makao", 2, {"play-fast": True, "pick-four": False, "target": 150, "open": False},
                77)
    assert format_deal(deal) == "makao-2-playfast.t150.o0-2D"
    assert parse_deal("makao-2-playfast.t150.o0-2D") == deal


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a deal code"),
        ("hello", "not a deal code"),
        ("makao-4-q-7XK2-9", "not a deal code"),
        ("makao--7XK2", "not a deal code"),
        ("chess-2-7XK2", "unknown game 'chess'"),
        ("makao-9-7XK2", "2-6 players, not 9"),
        ("makao-x-7XK2", "players, not x"),
        ("makao-4-zz-7XK2", "'zz' is no option"),
        ("makao-4-q5-7XK2", "on or off"),
        ("makao-4-q-7X!2", "not a seed"),
        ("makao-4-q-7UK2", "not a seed"),
        ("makao-4-q-7XK2+x", "not a seed"),
    ],
)
def test_garbage_is_a_one_line_value_error(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as error:
        parse_deal(text)
    assert "\n" not in str(error.value)


def test_a_game_not_playable_yet_is_a_one_line_value_error(coming_soon: str) -> None:
    with pytest.raises(ValueError, match="cannot be played yet"):
        parse_deal(f"{coming_soon}-3-7XK2")


def test_unknown_games_are_value_errors(coming_soon: str) -> None:
    with pytest.raises(ValueError, match="unknown game"):
        format_deal(Deal("chess", 2))
    with pytest.raises(ValueError, match="coming soon"):
        deal_code(GameSetup(coming_soon, default_seats(3, 2)))


def test_the_readme_says_which_codes_play_again_deals() -> None:
    readme = " ".join(README.read_text(encoding="utf-8").split())
    said = re.search(r'After "Play again" .*?`([^`]+)` is followed by `([^`]+)`, then `([^`]+)`',
                     readme)
    assert said is not None, "README gives no example of the codes after Play again"
    first, *following = said.groups()
    setup = parse_deal(first).setup(default_seats(parse_deal(first).players, 1))
    for code in following:
        setup = setup.next_game()
        assert deal_code(setup) == code
