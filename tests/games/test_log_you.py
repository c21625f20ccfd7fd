"""The log speaks to "you" with the verb to match: "You win", never "You wins".

The seat of the person at this terminal is called "You" (``seat_names``); every log line about it
reads the name as the pronoun, whether the log is that seat's own, the public one (the pass
screen, the final table) or another seat's. Every event kind of Žolíky (ZO-3, ZO-17), Trash,
Spite & Malice (SM-14), Shithead (SH-16) and Makao (MK-15, MK-16) is described for each of
these viewers with the seat called "You" in every place of the event, and no line may have
"you" followed by a third-person verb.
"""

from __future__ import annotations

import inspect
import re

import pytest

from cardgames.core.engine import Event, OptionValue
from cardgames.core.registry import load_game
from cardgames.core.rng import Rng
from cardgames.games.common import YOU, CardGame

GAMES = ("zoliky", "trash", "spite_malice", "shithead", "makao")

OPTIONS: dict[str, tuple[dict[str, OptionValue], ...]] = {
    "zoliky": ({"target": 0}, {"target": 100}),
    "shithead": ({}, {"play-to-last": True}),
    "makao": ({}, {"makao-call": True, "jokers": True}),
}
"""House options that bring out more event kinds (the match end, the shithead)."""

MADE_UP: dict[str, tuple[Event, ...]] = {
    "trash": (Event("reshuffle", None, count=20), Event("redeal", None, count=2)),
    "shithead": (Event("timeout", 1),),
}
"""Event kinds that random play seldom or never makes (the turn clock's time-out is the
Session's, not the engine's)."""

ENDS_IN_S = frozenset({"pass", "miss", "toss", "cross"})
"""Words ending in s that are no third-person verb after "you"."""

_AFTER_YOU = re.compile(r"\byou (\w+)", re.IGNORECASE)


def third_person(line: str) -> list[str]:
    """The words after "you" in ``line`` that are third-person verbs ("wins", "is", "has")."""
    return [
        word for word in _AFTER_YOU.findall(line)
        if word.lower() in ("is", "has", "was", "does")
        or (word.lower().endswith("s") and word.lower() not in ENDS_IN_S)
    ]


def test_third_person_finds_the_mistake() -> None:
    assert third_person("The match is over: You wins") == ["wins"]
    assert third_person("Round 2: you deal; Bob cut; You leads") == ["leads"]
    assert third_person("You are the shithead; you win; you pass") == []


def _kinds(game: CardGame) -> set[str]:
    """The event kinds the game's ``describe`` words (``kind == "..."`` in its notation)."""
    assert inspect.ismodule(game.notation)
    source = inspect.getsource(game.notation)
    return set(re.findall(r'kind == "(\w+)"', source))


def _events(name: str) -> dict[str, Event]:
    """One event of every kind: from games played at random, and :data:`MADE_UP`."""
    game = load_game(name)
    assert isinstance(game, CardGame)
    wanted = _kinds(game)
    found: dict[str, Event] = {event.kind: event for event in MADE_UP.get(name, ())}
    for seed in range(60):
        for options in OPTIONS.get(name, ({},)):
            players = game.min_players + seed % (game.max_players - game.min_players + 1)
            state = game.new_game(players, seed=seed, options=options)
            rng = Rng(seed)
            for _ in range(3000):
                legal = state.legal_actions()
                if not legal:
                    break
                for event in state.apply(rng.choice(legal)):
                    found.setdefault(event.kind, event)
        if wanted <= set(found):
            break
    assert wanted <= set(found), f"no event of kind {sorted(wanted - set(found))}"
    return found


def _seats(event: Event) -> set[int]:
    """The seats an event names: its player, and Žolíky's cutter and leader (ZO-3)."""
    seats = {event.player} if event.player is not None else set()
    for word in event.detail.split():
        key, _, value = word.partition("=")
        if key in ("cutter", "leader") and value.isdigit():
            seats.add(int(value))
    return seats


@pytest.mark.parametrize("name", GAMES)
def test_you_is_never_followed_by_a_third_person_verb(name: str) -> None:
    game = load_game(name)
    players = game.max_players
    events = _events(name)
    checked = 0
    for event in events.values():
        for you in sorted(_seats(event)) or [0]:
            names = [YOU if seat == you else f"Player{seat + 1}" for seat in range(players)]
            others = [seat for seat in range(players) if seat != you]
            for viewer in (you, None, others[0]):
                line = game.describe(event, viewer, names)
                assert not third_person(line), (event, viewer, line)
                checked += 1
            # The viewer's own seat, by whatever name, is "you" too.
            plain = [f"Player{seat + 1}" for seat in range(players)]
            line = game.describe(event, you, plain)
            assert not third_person(line), (event, you, line)
    assert checked >= len(events)


def test_the_zoliky_match_end_speaks_to_the_winner() -> None:
    """ZO-17: the log's last line names the winner; the seat called "You" reads "you win"
    in its own log and in the public one (the final table's)."""
    game = load_game("zoliky")
    over = Event("over", detail="0 1 2")
    assert game.describe(over, 0, ["You", "Anna", "Bob"]) == "The match is over: you win"
    assert game.describe(over, None, ["You", "Anna", "Bob"]) == "The match is over: you win"
    assert game.describe(over, None, ["Ann", "Anna", "Bob"]) == "The match is over: Ann wins"
    level = Event("over", count=2, detail="1 0 2")
    assert game.describe(level, 0, ["You", "Anna", "Bob"]) == (
        "The match is over: Anna and you win")
    assert game.describe(level, 2, ["Ann", "Anna", "Bob"]) == (
        "The match is over: Anna and Ann win")


def test_the_zoliky_match_end_counts_every_winner() -> None:
    """ZO-17: the "over" event counts the players level on the lowest total, who all win."""
    game = load_game("zoliky")
    for seed in range(20):
        state = game.new_game(2 + seed % 3, seed=seed, options={"target": 0})
        rng = Rng(seed)
        events: list[Event] = []
        while legal := state.legal_actions():
            events.extend(state.apply(rng.choice(legal)))
        (over,) = [event for event in events if event.kind == "over"]
        outcome = state.outcome()
        assert outcome is not None and over.count == len(outcome.winners)
    deal = Event("deal", 1, count=2, detail="cutter=0 leader=2 cut=-")
    assert game.describe(deal, None, ["Ann", "Bob", "You"]) == (
        "Round 2: Bob deals; Ann cuts (no cut card); you lead")
    cut_by_you = Event("deal", 1, count=2, detail="cutter=2 leader=0 cut=-")
    assert game.describe(cut_by_you, None, ["Ann", "Bob", "You"]) == (
        "Round 2: Bob deals; you cut (no cut card); Ann leads")
