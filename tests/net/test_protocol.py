"""The wire format: messages, join codes and the view codec refuse whatever is not exactly right."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardgames.core.cards import Card, Rank, Suit
from cardgames.core.registry import load_game
from cardgames.games.makao.engine import MakaoView
from cardgames.games.zoliky.engine import ZolikyView
from cardgames.net.client import RemoteSession
from cardgames.net.codec import MAX_ITEMS, CodecError, ViewCodec, card_code, view_type
from cardgames.net.protocol import (
    CLIENT_KINDS,
    MAX_LINE,
    JoinCode,
    Message,
    ProtocolError,
    decode,
    encode,
    parse_code,
)
from cardgames.session.commands import Accepted, Rejected


def test_a_message_round_trips_with_its_table_and_sequence_number() -> None:
    line = encode("act", "t1", 7, text="play 7♥", moves=3)
    assert line.endswith(b"\n") and "7♥".encode() in line
    message = decode(line, CLIENT_KINDS)
    assert (message.kind, message.table, message.seq, dict(message.body)) == (
        "act", "t1", 7, {"text": "play 7♥", "moves": 3})


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (b"\xff\n", "not valid UTF-8 JSON"),
        (b"{nope\n", "not valid UTF-8 JSON"),
        (b"42\n", "must be a JSON object"),
        (b"[" * 4000 + b"]" * 4000, "not valid UTF-8 JSON"),
        (b'{"v": 2, "kind": "act", "table": "t", "seq": 1, "text": "x"}', "version 1, not 2"),
        (b'{"v": true, "kind": "act", "table": "t", "seq": 1, "text": "x"}', "version"),
        (b'{"v": 1, "kind": "__import__", "table": "t", "seq": 1}', "unknown message kind"),
        (b'{"v": 1, "kind": "act", "table": "t", "seq": "1", "text": "x"}', "sequence number"),
        (b'{"v": 1, "kind": "act", "table": "t", "seq": 1}', "has the fields text, moves"),
        (b'{"v": 1, "kind": "act", "table": "t", "seq": 1, "text": 5, "moves": 0}', "wrong type"),
        (b'{"v": 1, "kind": "act", "table": "t", "seq": 1, "text": "x", "moves": true}', "type"),
        (b'{"v": 1, "kind": "act", "table": "t", "seq": 1, "text": "x", "moves": 0, "seat": 2}',
         "fields"),
    ],
)
def test_malformed_lines_are_refused_with_a_reason(line: bytes, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason):
        decode(line, CLIENT_KINDS)


def test_a_message_over_the_line_limit_is_not_written() -> None:
    with pytest.raises(ProtocolError, match="limit"):
        encode("act", "t", 1, text="x" * MAX_LINE)


def test_join_codes_round_trip_and_bad_ones_are_refused() -> None:
    for code in (JoinCode("127.0.0.1", 7777, "3fa2c1d0", "Qx9_ab-12"),
                 JoinCode("::1", 80, "t", "s.with.dots")):
        assert parse_code(str(code)) == code
    assert str(JoinCode("::1", 80, "t", "s")) == "[::1]:80/t.s"
    assert parse_code("unix:/run/a.b/cards.sock/t1.s-2") == JoinCode("/run/a.b/cards.sock", 0,
                                                                    "t1", "s-2")
    for bad in ("", "host/t.s", "host:port/t.s", "host:0/t.s", "host:1/ts", ":1/t.s",
                "unix:rel/t.s", "unix:/p/ts"):
        with pytest.raises(ValueError, match="not a join code"):
            parse_code(bad)


def _makao_view() -> tuple[ViewCodec, MakaoView, dict[str, Any]]:
    game = load_game("makao")
    codec = ViewCodec(view_type(game))
    view = game.new_game(4, seed=3).view(0)
    data = json.loads(json.dumps(codec.encode(view)))
    return codec, view, data


def test_the_codec_rebuilds_every_game_s_typed_view() -> None:
    for name in ("makao", "shithead", "spite_malice", "trash", "zoliky"):
        game = load_game(name)
        codec = ViewCodec(view_type(game))
        state = game.new_game(4, seed=1)
        for _ in range(12):
            view = state.view(state.current_player)
            assert codec.decode(json.loads(json.dumps(codec.encode(view)))) == view
            state.apply(state.legal_actions()[-1])
    zoliky = ViewCodec(ZolikyView)
    assert {cls.__name__ for cls in zoliky.classes} >= {"ZolikyView", "TableMeld", "Meld"}


def test_cards_of_other_decks_keep_their_deck() -> None:
    card = Card(Rank.SEVEN, Suit.HEARTS, 1)
    codec, _, _ = _makao_view()
    assert card_code(card) == "7h.1" and codec.encode(card) == "7h.1"


def _broken(data: dict[str, Any], change: str) -> dict[str, Any]:
    broken = json.loads(json.dumps(data))
    if change == "class":
        broken["$"] = "os.system"
    elif change == "extra":
        broken["secret_hands"] = []
    elif change == "missing":
        del broken["hand"]
    elif change == "card":
        broken["hand"][0] = "1z"
    elif change == "bool-as-int":
        broken["stock_size"] = True
    elif change == "huge-int":
        broken["stock_size"] = 10**40
    elif change == "long-list":
        broken["hand"] = ["7h"] * (MAX_ITEMS + 1)
    elif change == "long-text":
        broken["description"] = "x" * 5000
    elif change == "action":
        broken["legal"] = [{"$": "Timeout"}]
    elif change == "nested-extra":
        broken["legal"] = [{"$": "Draw", "cards": []}]
    elif change == "literal":
        broken["demand"] = {"$": "ActiveDemand", "kind": "colour", "value": "h", "by": 0}
    elif change == "enum":
        broken["demand"] = {"$": "ActiveDemand", "kind": "rank", "value": 99, "by": 0}
    elif change == "list-for-object":
        broken["demand"] = [1, 2]
    return broken


@pytest.mark.parametrize("change", ["class", "extra", "missing", "card", "bool-as-int", "huge-int",
                                    "long-list", "long-text", "action", "nested-extra", "literal",
                                    "enum", "list-for-object"])
def test_the_codec_refuses_anything_not_exactly_a_view(change: str) -> None:
    codec, view, data = _makao_view()
    assert codec.decode(data) == view
    with pytest.raises(CodecError):
        codec.decode(_broken(data, change))


def test_a_demand_decodes_to_its_rank_or_suit() -> None:
    codec, _, data = _makao_view()
    for value, expected in ((9, Rank.NINE), ("h", Suit.HEARTS)):
        data["demand"] = {"$": "ActiveDemand", "kind": "rank", "value": value, "by": 1}
        assert codec.decode(data).demand.value is expected


def _table(**change: Any) -> Message:
    body = {"game": "makao", "seat": 0, "names": ["Anna", "Bob"], "bots": [1], "options": {},
            "turn_seconds": None, "game_id": "20261201-105741-makao-3fa9c2", **change}
    return Message("table", "t", 1, body)


def _state(shown: Any, codec: ViewCodec, **change: Any) -> Message:
    body = {"moves": 0, "view": codec.encode(shown), "peek": None, "log": ["Anna played 7♥"],
            "connected": [True, True], "time_left": None, "outcome": None, "record": None,
            **change}
    return Message("state", "t", 2, body)


@pytest.mark.parametrize("change", [
    {"game": "os"}, {"seat": 1}, {"seat": 5}, {"names": ["Anna"]}, {"names": ["A" * 21, "Bob"]},
    {"bots": [7]}, {"options": {"queens": "yes"}},
])
def test_the_client_refuses_a_table_it_cannot_trust(change: dict[str, Any]) -> None:
    with pytest.raises(CodecError):
        RemoteSession(_table(**change), lambda text, moves: None)


def test_the_client_takes_only_its_own_seat_s_view_of_its_table() -> None:
    sent: list[str] = []
    remote = RemoteSession(_table(), lambda text, moves: sent.append(f"{text} @{moves}"))
    state = load_game("makao").new_game(2, seed=3)
    assert remote.feed(_state(state.view(0), remote.codec)) == ""
    assert remote.view() == state.view(0) and remote.log_lines(0) == ["Anna played 7♥"]
    assert remote.table_note == "1 of 1 connected"
    action = state.view(0).legal[0]
    assert isinstance(remote.submit(0, action), Accepted) and sent == [f"{action} @0"]
    assert isinstance(remote.submit(1, action), Rejected)
    for bad in ({"view": remote.codec.encode(state.view(1))},
                {"view": remote.codec.encode(load_game("makao").new_game(3, seed=1).view(0))},
                {"connected": [True]}, {"log": [5]},
                {"outcome": {"ranking": [0, 9], "winners": [0], "scores": {}}},
                {"record": {"seed": "x", "commands": []}}):
        with pytest.raises(CodecError):
            remote.feed(_state(state.view(0), remote.codec, **bad))
    assert remote.feed(Message("refused", "t", 3, {"message": "No."})) == "No."


@pytest.mark.parametrize("game_id", [
    "../../.bashrc", "20261201-105741-shithead-3fa9c2", "20261201-105741-makao-3fa9c2/x", "",
    "x" * 3000,
])
def test_a_table_s_game_id_is_taken_only_if_it_is_an_id_of_its_game(game_id: str) -> None:
    """A game id that is no id of the table's game is not kept (the game goes on; its record
    gets a fresh id); a good one is."""
    assert RemoteSession(_table(game_id=game_id), lambda text, moves: None).game_id == ""
    good = "20261201-105741-makao-3fa9c2"
    assert RemoteSession(_table(game_id=good), lambda text, moves: None).game_id == good
