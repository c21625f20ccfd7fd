"""A refusal quotes at most a few dozen characters of what was typed, in every game."""

from __future__ import annotations

import pytest

from cardgames.core.errors import CardGameError, quoted
from cardgames.core.registry import GAMES, load_game
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec

LONG = "x" * 24_000
LIMIT = 200
"""Characters a refusal of a long command may take (its advice included)."""

PLAYABLE = [info.name for info in GAMES if info.playable]


def test_quoted_cuts_long_input() -> None:
    assert quoted(" 9z ") == "'9z'"
    assert quoted("y" * 100) == repr("y" * 30 + "…")


@pytest.mark.parametrize("game_name", PLAYABLE)
def test_every_game_refuses_a_long_command_in_a_short_message(game_name: str) -> None:
    game = load_game(game_name)
    info = next(info for info in GAMES if info.name == game_name)
    state = game.new_game(info.min_players, seed=1)
    view = state.view(state.current_player)
    verbs = {text.split()[0] for text in
             (game.format_action(view, action) for action in state.legal_actions()) if text}
    for text in [LONG, f"{LONG} {LONG}", *(f"{verb} {LONG}" for verb in sorted(verbs)),
                 *(f"{verb} 7h {LONG}" for verb in sorted(verbs))]:
        try:
            game.parse_command(view, text)
        except CardGameError as error:
            assert len(str(error)) < LIMIT, (text[:20], str(error)[:300])


@pytest.mark.parametrize("game_name", PLAYABLE)
def test_the_session_refuses_a_long_command_in_a_short_message(game_name: str) -> None:
    info = next(info for info in GAMES if info.name == game_name)
    seats = tuple(SeatSpec(f"P{i}") for i in range(info.min_players))
    session = Session(GameSetup(game_name, seats, {}, 1))
    seat = session.current_player
    assert seat is not None
    session.ready(seat)
    result = session.submit_text(seat, "play " + LONG)
    assert len(getattr(result, "message", "")) < LIMIT


def test_an_unknown_option_or_game_is_quoted_short() -> None:
    with pytest.raises(ValueError) as caught:
        GameSetup("makao", (SeatSpec("A"), SeatSpec("B")), {LONG: True}).check()
    assert len(str(caught.value)) < LIMIT
    with pytest.raises(ValueError) as caught:
        GameSetup(LONG, (SeatSpec("A"), SeatSpec("B"))).check()
    assert len(str(caught.value)) < LIMIT
