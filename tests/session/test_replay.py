"""Stepping through a record: every step is the position the game passed through."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest

from cardgames.core.rng import Rng
from cardgames.session.record import GameRecord, RecordError, record_of
from cardgames.session.replay import CHECKPOINT, Replay
from tests.session.play import PLAYABLE, new_session, play, setup_for

STARTED = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_step_is_the_position_played(game: str) -> None:
    session = new_session(setup_for(game, 6, 1))
    rng = Rng(6)
    positions = [session.to_json()["state"]]
    while not session.is_over and len(positions) < 3 * CHECKPOINT + 5:
        play(session, rng, 1)
        positions.append(session.to_json()["state"])
    replay = Replay(record_of(session, id="g", started=STARTED))
    assert len(replay) == len(positions) - 1
    for step in (0, 1, CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, len(replay)):
        if step <= len(replay):
            assert replay.state_at(step).to_json() == positions[step]
    assert replay.view(len(replay), 0) == session.view_for(0)
    assert replay.log(len(replay), 0) == session.log_lines(0, last=100_000)
    public = replay.log(len(replay), None)
    assert len(public) == len(session.log_lines(None, last=100_000))
    if replay.names[0] == "You":
        assert not any(line.startswith("You ") for line in public), "no 'You waits'"
    with pytest.raises(IndexError):
        replay.state_at(len(replay) + 1)
    moves = [line for number in range(1, len(replay) + 1) for line in replay.move_log(number, 0)]
    assert replay.log(0, 0) + moves == replay.log(len(replay), 0), (
        "the deal's and the moves' own lines make the whole log")
    assert replay.log(0, 0) == (["Round 1: Bot 5 deals; Bot 4 cuts, keeping Jkb (cut card Q♣); "
                                 "you lead"] if game == "zoliky" else []), "ZO-3: the first line"
    with pytest.raises(IndexError):
        replay.move_log(len(replay) + 1, 0)


def test_hands_open_only_once_the_game_is_over() -> None:
    session = new_session(setup_for("makao", 7, 1))
    play(session, Rng(7), 10)
    live = Replay(record_of(session, id="g", started=STARTED))
    assert not live.is_finished
    with pytest.raises(ValueError, match="unfinished"):
        live.open_hands(3)
    with pytest.raises(ValueError, match="unfinished"):
        live.log(3, None, open_hands=True)
    play(session, Rng(7), 100_000)
    done = Replay(record_of(session, id="g", started=STARTED, finished=STARTED))
    assert done.is_finished
    hands = done.open_hands(5)
    assert list(hands) == [done.view(5, seat).hand for seat in range(len(hands))]
    assert done.open_hands(len(done)) == done.view(len(done), None).open_hands
    assert any("(" in line for line in done.log(len(done), None, open_hands=True))


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_open_log_calls_the_one_person_you_and_each_line_is_the_public_one(game: str) -> None:
    """Every hand open, a game of one person against computer players is read by that person:
    the seat called "You" stays "you", worded as in its own log; the other seats' lines are
    their public lines, plus the private cards."""
    session = new_session(setup_for(game, 4, 1))
    play(session, Rng(4), 100_000)
    replay = Replay(record_of(session, id="g", started=STARTED, finished=STARTED))
    assert replay.reader == 0 and replay.names[0] == "You"
    open_log = replay.log(len(replay), None, open_hands=True)
    own = replay.log(len(replay), 0)
    assert not any("Player 1" in line for line in open_log)
    assert len(open_log) == len(own)
    assert [line.startswith("You ") for line in open_log] == [
        line.startswith("You ") for line in own
    ], "the lines of the person's moves are worded as in the person's own log"
    assert any(line.startswith("You ") for line in open_log)
    hot_seat = Replay(record_of(new_session(setup_for(game, 4, 0)), id="h", started=STARTED))
    assert hot_seat.reader is None


def test_a_bad_command_is_named() -> None:
    session = new_session(setup_for("shithead", 7, 0))
    play(session, Rng(7), 10)
    record = record_of(session, id="g", started=STARTED)
    broken = GameRecord("g", record.setup, (*record.commands[:4], "dance"), None, STARTED)
    with pytest.raises(RecordError, match="command 5"):
        Replay(broken)


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_game_shows_every_hand_open_once_finished_and_never_before(game: str) -> None:
    setup = setup_for(game, 3, 1, players=2)
    if game == "zoliky":
        setup = replace(setup, options={"target": 0})
    session = new_session(setup)
    play(session, Rng(3), 6)
    live = Replay(record_of(session, id="g", started=STARTED))
    with pytest.raises(ValueError, match="unfinished"):
        live.open_hands(0)
    play(session, Rng(3), 100_000)
    done = Replay(record_of(session, id="g", started=STARTED, finished=STARTED))
    middle = len(done) // 2
    hands = done.open_hands(middle)
    assert len(hands) == 2
    for seat, cards in enumerate(hands):
        hand = tuple(getattr(done.view(middle, seat), "hand", ()))
        assert cards[:len(hand)] == hand
        down = getattr(done.state_at(middle), "face_down", None) if game == "shithead" else None
        hidden = () if down is None else tuple(card for card in down[seat] if card is not None)
        assert cards[len(hand):] == hidden, "Shithead's face-down cards follow the hand"
    final = getattr(done.view(len(done), None), "open_hands", None)
    if final is not None:
        assert done.open_hands(len(done)) == tuple(map(tuple, final))


def test_shithead_every_hand_open_holds_the_face_down_cards_from_the_deal_on() -> None:
    session = new_session(setup_for("shithead", 3, 1, players=2))
    play(session, Rng(3), 100_000)
    done = Replay(record_of(session, id="g", started=STARTED, finished=STARTED))
    deal = done.open_hands(0)
    for seat, cards in enumerate(deal):
        view = done.view(0, seat)
        assert len(cards) == 6 and cards[:3] == view.hand
        assert sum(view.face_down[seat]) == 3
        assert not set(cards) & {card for card in view.face_up[seat] if card is not None}
