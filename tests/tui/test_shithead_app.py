"""The Shithead table through the real app at 80×24, keys only: swap phase, extra moves (SH-9),
face-up cards (SH-14), blind play (SH-15), picking up (SH-8), the command bar and hot-seat swaps."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList

from cardgames.core.cards import parse_card
from cardgames.games.shithead.actions import Blind, Bonus, Decline, PickUp, Play, Ready, Swap
from cardgames.games.shithead.moves import BONUS, FACE_DOWN, FACE_UP, SWAP
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp, make_app
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.rules import RulesScreen
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.table_row import TableRow
from tests.tui.drive import arrows, deal, find_table, human_to_move, pass_on
from tests.tui.shithead_drive import FakeClock, play_turn, position

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
SOLO = GameSetup("shithead", default_seats(2, 1), {}, 1)


def _keys(app: CardGamesApp) -> dict[str, str]:
    """The footer's keys and what they say."""
    return {key: active.binding.description for key, active in app.screen.active_bindings.items()
            if active.binding.show}


def _status(app: CardGamesApp) -> str:
    return str(find_table(app).query_one("#status").render())


def _cover(app: CardGamesApp) -> str:
    """The player the pass screen on top waits for."""
    cover = app.screen
    assert isinstance(cover, PassScreen)
    return cover.player


def _to_card(app: CardGamesApp, code: str) -> list[str]:
    """Arrow keys that bring the hand cursor to the card ``code``."""
    hand = find_table(app).query_one(HandWidget)
    target = hand.cards.index(parse_card(code))
    return arrows(hand.cursor, target)


async def test_full_game_by_keys_with_swap_extra_move_face_up_and_blind_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["2c 5s 9h", "3h 3s 4h"],
        face_up=[["4d", None, "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", None, "Ac"], ["8c", "8h", "9c"]],
        phase=SWAP,
    ))
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        assert "Swap" in _keys(app).values() and "Ready" in _keys(app).values()
        assert "Space marks a hand and a face-up card" in _status(app)
        # SH-3: mark 5♠ in the hand, go to the face-up cards, take position 3 (A♥), swap.
        await pilot.press("right", "space", "tab", "right", "enter")
        await pilot.pause()
        assert session.history == [(0, Swap(parse_card("5s"), 3))]
        row = find_table(app).query_one(TableRow)
        assert row.face_up[2] == parse_card("5s")
        assert "A♥" in " ".join(c.symbol for c in find_table(app).query_one(HandWidget).cards)
        seen: set[str] = set()
        blind_keys: list[str] = []
        while app.screen.__class__.__name__ != "GameOverScreen":
            await wait_until(
                pilot,
                lambda: human_to_move(app) or app.screen.__class__.__name__ == "GameOverScreen",
            )
            if not human_to_move(app):
                break
            view = session.view()
            if view.phase == BONUS:
                seen.add("bonus")
                assert _keys(app)["enter"] == "Lay" and _keys(app)["x"] == "Decline"
                assert "x declines" in _status(app)
                assert "Extra move" in str(find_table(app).query_one("#turn").render())
            elif view.source == FACE_UP and any(isinstance(a, Play) for a in view.legal):
                seen.add("face-up")
                assert isinstance(app.focused, TableRow), "face-up cards are the active zone"
            elif view.source == FACE_DOWN:
                assert isinstance(app.focused, TableRow)
                assert "Play blind" in _status(app)
                if "blind" in seen:
                    # The second blind play by its number key.
                    position_ = next(a.position for a in view.legal if isinstance(a, Blind))
                    await pilot.press(str(position_))
                    await pilot.pause()
                    blind_keys.append(str(position_))
                    continue
                seen.add("blind")
            can_pick_up = any(isinstance(a, PickUp) for a in view.legal)
            assert ("p" in _keys(app)) == can_pick_up, "p shows exactly when picking up is legal"
            await play_turn(pilot, app, prefer=parse_card("2c"))
            assert len(seen) < 10
        assert seen == {"bonus", "face-up", "blind"}
        mine = [action for seat, action in session.history if seat == 0]
        assert Ready() in mine
        assert Play((parse_card("2c"),)) in mine
        assert any(isinstance(a, Bonus) for a in mine)
        assert sum(isinstance(a, Blind) for a in mine) >= 2 and blind_keys
        log = session.log_lines(0)
        assert "You laid 9♥ as an extra move" in log
        assert any(line.startswith("You flipped") for line in log)
        outcome = session.outcome()
        assert outcome is not None and outcome.winners == (0,)
        await wait_until(pilot, lambda: app.screen.__class__.__name__ == "GameOverScreen")
        result = str(app.screen.query_one("#over-result").render())
        public = session.view_for(None)
        left = (public.hand_sizes[1] + sum(c is not None for c in public.face_up[1])
                + sum(public.face_down[1]))
        assert "went out" in result and f"{left} cards left" in result, "table cards count"


async def test_escape_only_unmarks_x_declines_the_extra_move_and_the_log_shows_a_burn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["2c 8s 9h", "3c 4c 5c"],
        face_up=[["Jd", "Qd", "Kd"], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "4d", "5d"], ["3h", "4h", "5h"]],
        pile="8h 8c 8d",
        stock="6c 6d 6h 6s",
    ))
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        pile = str(find_table(app).query_one("#pile").render())
        assert "8♥ 8♣ 8♦ — a fourth burns" in pile
        assert "stock" in pile and "pile 3" in pile and "burnt 27" in pile
        # 8♠ completes four 8s: SH-11 burns the pile, the log says so (via GAME.describe).
        await pilot.press(*_to_card(app, "8s"), "enter")
        await pilot.pause()
        assert "The pile is burnt by four eights" in session.log_lines(0)
        assert "The pile is empty" in str(find_table(app).query_one("#pile").render())
        # SH-12: the pile is empty, so the same player goes again; a 2 gives an extra move.
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press(*_to_card(app, "2c"), "enter")
        await pilot.pause()
        assert session.view().phase == BONUS
        done = len(session.history)
        await pilot.press("space")
        await pilot.pause()
        assert _keys(app)["escape"] == "Unmark"
        await pilot.press("escape")
        await pilot.pause()
        assert len(session.history) == done, "Esc with a card marked only clears the mark"
        assert find_table(app).query_one(HandWidget).selection == []
        assert "escape" not in _keys(app) and _keys(app)["x"] == "Decline"
        await pilot.press("escape")
        await pilot.pause()
        assert len(session.history) == done, "a second Esc does not decline"
        await pilot.press("x")
        await pilot.pause()
        assert session.history[done] == (0, Decline()), "x declines"
        assert "You declined the extra move" in session.log_lines(0)


async def test_pick_up_key_only_when_legal_and_the_command_bar_completes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["3c 4c", "5c 6c 7c"],
        face_up=[["Jd", "Qd", "Kd"], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "4d", "5d"], ["3h", "4h", "5h"]],
        pile="Ac",
    ))
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        assert _keys(app).get("p") == "Pick up"
        assert "Play" not in _keys(app).values(), "nothing goes on A♣"
        assert "Nothing goes: p picks up the pile." in _status(app)
        await pilot.press("colon")
        await pilot.pause()
        assert session.completions() == ("pickup",)
        await pilot.press(*"pick", "right", "enter")
        await pilot.pause()
        assert session.history[0] == (0, PickUp())
        await wait_until(pilot, lambda: human_to_move(app))
        assert "p" not in _keys(app), "no picking up while a card goes (SH-8)"
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        assert rules.game_title == "Shithead" and "blind 2" in rules.markdown


async def test_hot_seat_swaps_happen_behind_the_pass_screen() -> None:
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default"))
    app = CardGamesApp(GameSetup("shithead", seats, {}, 4), FAST, clock=clock, pass_delay=0.5)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert _cover(app) == "Anna"
        screen = find_table(app)
        session = screen.session
        assert screen.query_one(HandWidget).cards == ()
        assert not session.clock_running
        clock.now += 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        anna = session.view_for(0)
        assert screen.query_one(HandWidget).cards == tuple(sorted(anna.hand))
        await pilot.press("1", "r")
        await pass_on(pilot, app, clock)
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        assert _cover(app) == "Bob"
        assert screen.query_one(HandWidget).cards == (), "Anna's hand is gone before Bob comes"
        assert session.history[0] == (0, Swap(sorted(anna.hand)[0], 1))
        clock.now += 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        assert screen.query_one(HandWidget).cards == tuple(sorted(session.view_for(1).hand))
        await pilot.press("r")
        await wait_until(pilot, lambda: session.view_for(None).phase != SWAP)
        assert [seat for seat, action in session.history if isinstance(action, Ready)] == [0, 1, 2]


async def test_picker_offers_shithead_and_setup_sets_the_turn_clock() -> None:
    app = make_app(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        games = app.screen.query_one("#games", OptionList)
        assert not games.get_option("shithead").disabled
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert [o.name for o in setup.options] == ["voluntary-pickup", "play-to-last"]
        clock_field = setup.query_one("#turn-clock", Input)
        assert clock_field.value == "45", "SH-17: 45 seconds by default"
        await pilot.press("minus", "minus", "minus")
        assert setup.players == 2, "Shithead takes 2 to 4 players"
        clock_field.value = "soon"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "turn clock" in str(setup.query_one("#setup-error").render())
        clock_field.value = "0.5"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "The turn clock must be 0 (off) or at least 5 seconds" in str(
            setup.query_one("#setup-error").render())
        assert isinstance(app.screen, SetupScreen), "no game starts with half a second a turn"
        clock_field.value = "off"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: human_to_move(app))
        session = find_table(app).session
        assert session.setup.game == "shithead" and len(session.setup.seats) == 2
        assert session.turn_seconds is None and session.time_left() is None
