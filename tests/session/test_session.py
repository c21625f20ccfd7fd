"""The Session with Makao: refusals, hand-over between people, bots, undo and replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardgames.core.deck import build_deck
from cardgames.games.makao.actions import Draw, Play
from cardgames.session.commands import Accepted, Redeal, Rejected
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec, default_seats

ANNA, BOB = SeatSpec("Anna"), SeatSpec("Bob")


def makao(seats: tuple[SeatSpec, ...], seed: int = 5, **options: bool) -> Session:
    return Session(GameSetup("makao", seats, options, seed))


def snapshot(session: Session) -> dict[str, Any]:
    """Everything a move could change, as comparable data."""
    return {
        "position": json.loads(json.dumps(session.to_json())),
        "history": list(session.history),
        "events": list(session.events),
        "handover": session.handover,
        "viewer": session.viewer,
    }


def finish_turn(session: Session, seat: int) -> None:
    """Let ``seat`` play the first legal action until the turn passes on."""
    while session.current_player == seat:
        move = session.submit(seat, session.legal_actions()[0])
        assert isinstance(move, Accepted), move


def unplayable_card(session: Session, seat: int) -> Play:
    """A Play that is refused: a card the seat does not hold."""
    hand = set(session.view_for(seat).hand)
    missing = next(card for card in build_deck(2) if card not in hand)
    return Play((missing,))


def test_rejections_never_raise_and_change_nothing() -> None:
    session = makao((SeatSpec("You"), SeatSpec("Bot", "makao"), SeatSpec("Cy", "random")))
    before = snapshot(session)
    attempts = [
        session.submit_text(0, "play 9z"),
        session.submit_text(0, "juggle"),
        session.submit_text(0, ""),
        session.submit(0, unplayable_card(session, 0)),
        session.submit(0, Play(())),
        session.submit(1, Draw()),
        session.submit_text(2, "draw"),
        session.ready(0),
        session.undo(0),
    ]
    for result in attempts:
        assert isinstance(result, Rejected)
        assert result.message
        assert snapshot(session) == before
    assert attempts[5].message == "It is your turn, not Bot's."
    assert attempts[6].message == "It is your turn, not Cy's."


def test_a_move_for_a_computer_seat_is_refused() -> None:
    session = makao((SeatSpec("Bot", "makao"), SeatSpec("You")))
    before = snapshot(session)
    refused = session.submit(0, Draw())
    assert refused == Rejected("Bot is a computer player.")
    assert snapshot(session) == before


def test_moves_after_the_game_are_refused() -> None:
    session = makao(default_seats(2, 2, "random"), seed=9)
    session.run_bots()
    assert session.is_over
    before = snapshot(session)
    assert session.submit(0, Draw()) == Rejected("The game is over.")
    assert session.submit_text(1, "draw") == Rejected("The game is over.")
    assert snapshot(session) == before
    assert session.legal_actions() == ()


def test_hand_over_between_two_humans_shows_only_the_public_view() -> None:
    session = makao((ANNA, BOB))
    anna_hand, bob_hand = session.view_for(0).hand, session.view_for(1).hand
    assert session.handover == 0, "the first player takes the terminal too"
    public = session.view()
    assert public.viewer is None
    assert public.hand == ()
    assert public.legal == ()
    assert session.legal_actions() == ()
    assert session.completions() == ()

    before = snapshot(session)
    assert session.submit(0, Draw()) == Rejected("Hand the terminal to Anna first.")
    assert session.submit_text(0, "draw") == Rejected("Hand the terminal to Anna first.")
    assert isinstance(session.ready(1), Rejected)
    assert snapshot(session) == before

    assert session.ready(0) == Accepted(0, None, "ready", ())
    assert session.handover is None
    assert session.view().hand == anna_hand
    assert session.legal_actions() == session.view().legal != ()

    finish_turn(session, 0)
    assert session.current_player == 1
    assert session.handover == 1
    assert session.viewer is None
    assert session.view().hand == ()
    assert session.view() == session.view_for(None)
    before = snapshot(session)
    assert session.submit(1, Draw()) == Rejected("Hand the terminal to Bob first.")
    assert isinstance(session.submit(0, Draw()), Rejected)
    assert snapshot(session) == before

    session.ready(1)
    assert session.viewer == 1
    assert session.view() == session.view_for(1)
    assert set(session.view().hand) >= set(bob_hand)


def test_no_hand_over_with_one_human() -> None:
    session = makao(default_seats(3, 2, "random"), seed=21)
    turns = 0
    while not session.is_over:
        assert session.handover is None
        assert session.viewer == 0
        assert session.view().hand == session.view_for(0).hand
        finish_turn(session, 0)
        session.run_bots()
        turns += 1
    assert turns > 1
    assert session.outcome() is not None


def test_bots_run_until_a_human_must_act() -> None:
    session = makao((SeatSpec("Ann", "makao"), SeatSpec("Bo", "random"), SeatSpec("You")))
    assert session.bot_to_move
    moves = session.run_bots()
    assert moves, "seat 0 is a bot and starts"
    assert {move.player for move in moves} <= {0, 1}
    assert session.current_player == 2
    assert not session.bot_to_move
    assert session.step_bot() is None
    assert session.run_bots() == []
    assert [(m.player, m.action) for m in moves] == session.history


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_play_a_whole_game(seed: int) -> None:
    session = makao(default_seats(4, 4), seed=seed)
    session.run_bots()
    outcome = session.outcome()
    assert session.is_over
    assert outcome is not None
    assert sorted(outcome.ranking) == [0, 1, 2, 3]
    assert len(session.history) > 4


def test_undo_goes_back_to_the_view_before_the_last_turn() -> None:
    """Each undo shows the player exactly what he saw before his last turn; the cards he could
    not see there are dealt afresh (see test_undo.py), so the history gains a redeal."""
    session = makao(default_seats(3, 2), seed=8)
    marks: list[tuple[Any, list[Any]]] = []
    while len(marks) < 6 and not session.is_over:
        marks.append((session.view_for(0), list(session.history)))
        while session.current_player == 0:
            assert isinstance(session.submit(0, session.legal_actions()[0]), Accepted)
        session.run_bots()
    assert len(marks) == 6
    for view, history in reversed(marks):
        assert session.can_undo(0)
        assert session.undo(0) == Accepted(0, None, "undo", ())
        assert session.view_for(0) == view, "undo takes back exactly the last turn"
        assert session.history[:-1] == history
        assert isinstance(session.history[-1][1], Redeal)
        assert session.current_player == 0
    assert not session.can_undo(0)
    assert session.undo(0) == Rejected("There is no move of yours to undo.")


def test_undo_takes_back_the_bots_moves_after_it() -> None:
    session = makao((SeatSpec("You"), SeatSpec("Bot", "makao")), seed=3)
    finish_turn(session, 0)
    mine = len(session.history)
    session.run_bots()
    assert len(session.history) > mine
    session.undo(0)
    assert len(session.history) == 1, "only the redeal of the undo is left"
    assert isinstance(session.history[0][1], Redeal)
    assert session.current_player == 0


def test_undo_is_refused_with_two_humans() -> None:
    session = makao((ANNA, BOB, SeatSpec("Bot", "makao")))
    session.ready(0)
    finish_turn(session, 0)
    before = snapshot(session)
    refused = session.undo(0)
    assert refused == Rejected("Undo is only for a game against computer players.")
    assert not session.can_undo(0)
    assert snapshot(session) == before


def test_undo_is_refused_without_bots() -> None:
    session = makao((ANNA, BOB))
    session.ready(0)
    finish_turn(session, 0)
    assert isinstance(session.undo(0), Rejected)


def test_commands_replay_the_game() -> None:
    session = makao(default_seats(3, 2), seed=13, queens=True)
    while not session.is_over and len(session.history) < 60:
        finish_turn(session, 0)
        session.run_bots()
    replay = session.game.new_game(3, seed=13, options={"queens": True})
    for text in session.commands():
        seat = replay.current_player
        replay.apply(session.game.parse_command(replay.view(seat), text))
    assert replay.to_json() == session.to_json()["state"]


def test_typed_command_is_played() -> None:
    session = makao((SeatSpec("You"), SeatSpec("Bot", "makao")))
    result = session.submit_text(0, "draw")
    assert isinstance(result, Accepted)
    assert (result.action, result.command) == (Draw(), "draw")
    assert session.history[0] == (0, Draw())
    assert session.events[-len(result.events):] == list(result.events)


def test_private_draws_stay_private_in_the_log() -> None:
    session = makao((SeatSpec("You"), SeatSpec("Bot", "makao")))
    drawn = session.submit(0, Draw())
    assert isinstance(drawn, Accepted)
    card = next(e for e in drawn.events if e.cards).cards[0]
    assert card.symbol in " ".join(session.log_lines(0))
    assert card.symbol not in " ".join(session.log_lines(1))


def test_makao_has_no_turn_clock() -> None:
    session = Session(GameSetup("makao", (ANNA, BOB)), turn_seconds=30)
    session.ready(0)
    assert not session.clock_running
    assert session.time_left() is None
    assert session.tick() is None


def test_setup_check_names_unknown_options_and_bots() -> None:
    with pytest.raises(ValueError, match="Makao has no option 'fast'"):
        GameSetup("makao", (ANNA, BOB), {"fast": True}).check()
    with pytest.raises(ValueError, match="unknown computer player 'genius' for Makao"):
        Session(GameSetup("makao", (ANNA, SeatSpec("B", "genius"))))


def test_default_seats_name_many_seats() -> None:
    names = [seat.name for seat in default_seats(8, 0)]
    assert names == [f"Player {seat}" for seat in range(1, 9)]
    assert [seat.name for seat in default_seats(3, 3)] == ["Fiona", "Anna", "Bob"]
    bots = default_seats(8, 7)
    assert [seat.is_human for seat in bots] == [True] + [False] * 7
    assert len({seat.name for seat in bots}) == 8



def test_a_human_cannot_type_the_clock_s_time_out_move() -> None:
    """SH-17: the time-out move belongs to the turn clock, not to a player."""
    session = Session(GameSetup("shithead", (ANNA, SeatSpec("Bot", "shithead")), {}, 3))
    while session.current_player == 0 and session.view().phase == "swap":
        session.submit_text(0, "ready")
        session.run_bots()
    while session.current_player != 0 and not session.is_over:
        session.run_bots()
    before = snapshot(session)
    assert session.submit_text(0, "timeout") == Rejected(
        "Only the turn clock plays the time-out move."
    )
    assert snapshot(session) == before
    assert session.submit_text(7, "draw") == Rejected("There is no seat 7.")


def test_play_again_moves_the_makao_starter_on() -> None:
    """MK-2: later games start with the seat after the previous starter."""
    setup = GameSetup("makao", default_seats(3, 2), {}, 11)
    assert Session(setup).current_player == 0
    second = setup.next_game()
    assert (second.seed, second.game_number) == (12, 1)
    assert Session(second).current_player == 1
    assert Session(second.next_game().next_game()).current_player == 0


def test_keeping_a_playable_drawn_card_is_not_told_to_the_others() -> None:
    """MK-5: the others see a draw, never whether the drawn card could have been played."""
    from cardgames.core.engine import Event

    session = makao((ANNA, BOB))
    session.events.append(Event("pass", 0))
    assert session.log_lines(0)[-1] == "You keep the drawn card"
    assert session.log_lines(1) == session.log_lines(None) == []


def test_a_move_out_of_turn_names_whose_turn_it_is() -> None:
    session = makao((SeatSpec("Bob"), SeatSpec("You"), SeatSpec("Cy", "makao")), seed=3)
    session.ready(0)
    assert session.submit_text(1, "draw") == Rejected("It is Bob's turn, not yours.")
