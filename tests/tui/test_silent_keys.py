"""No key of a table does nothing in silence: while a key's action does not apply, the key says
why in the status line (preferably with the rules' own refusal, from the Session), the footer
still lists only the keys that act, and the game's history stays as it was."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding

from cardgames.core import registry
from cardgames.games.trash.moves import JACK
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards import load_board
from cardgames.tui.keys import own_bindings
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.board import Board
from tests.games.spite_malice.builders import position as spite_malice_position
from tests.games.trash.builders import position as trash_position
from tests.tui.drive import deal, human_to_move, play_one_turn, table, table_when_my_turn
from tests.tui.screen_text import screen_text
from tests.tui.shithead_drive import play_turn as shithead_turn
from tests.tui.shithead_drive import position as shithead_position
from tests.tui.spite_malice_drive import play_first as spite_malice_turn
from tests.tui.trash_drive import play_turn as trash_turn
from tests.tui.zoliky_drive import press_action as zoliky_action

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)

NAVIGATION = frozenset({"left", "right", "up", "down", "home", "end", "tab", "shift+tab",
                        "escape"})
"""Keys that move the cursor or the focus, or clear the status line (Esc): they say nothing."""


def _status(app: CardGamesApp) -> str:
    screen = table(app)
    assert screen is not None
    return str(screen.query_one("#status").render())


def _footer(app: CardGamesApp) -> str:
    return screen_text(app).splitlines()[-1]


async def _says(app: CardGamesApp, pilot: Any, key: str, why: str) -> None:
    """Press ``key`` and check that the status line gives ``why`` and the game is unchanged."""
    screen = table(app)
    assert screen is not None
    history = list(screen.session.history)
    await pilot.press("escape")  # a stale message must not pass for the answer
    await pilot.press(key)
    await pilot.pause()
    assert why in _status(app), (key, _status(app))
    assert screen.session.history == history, key


# ---------------------------------------------------------------- per game


async def test_makao_f_before_you_are_out_and_keys_on_the_computers_turn_say_why() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        assert "Finish" not in _footer(app)
        await _says(app, pilot, "f", "f finishes the game once you are out and only computer "
                                     "players remain.")
        await _says(app, pilot, "r", "The result is shown once the game is over.")
        # The computer player thinks for a long while: the human's keys meanwhile.
        screen.settings = replace(screen.settings, bot_delay=60)
        session = screen.session
        while session.current_player == 0:
            await play_one_turn(pilot, app)
        bot = session.names[1]
        assert session.bot_to_move
        footer = _footer(app)
        assert "Draw" not in footer and "Hint" not in footer
        for key in ("enter", "space", "d", "h"):
            await _says(app, pilot, key, f"It is {bot}'s turn, not yours.")


async def test_shithead_x_s_r_and_positions_after_the_swap_phase_say_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, shithead_position(
        hands=["5c 8d 9h", "3h 3s 4h"],
        face_up=[["4d", "6c", "Ah"], ["5h", "6s", "7d"]],
        face_down=[["10c", "Jc", "Ac"], ["8c", "8h", "9c"]],
        pile="4c", stock="2d 3d",
    ))
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        footer = _footer(app)
        assert "Decline" not in footer and "Ready" not in footer and "Swap" not in footer
        await _says(app, pilot, "x", "There is no extra move to decline")  # SH-9
        for key in ("s", "1", "2", "3"):
            await _says(app, pilot, key, "Swaps are over once everyone is ready")  # SH-3
        await _says(app, pilot, "r", "Everyone is ready already; the game is on")


async def test_zoliky_keys_before_the_draw_give_the_rules_reason() -> None:
    """The leader's first turn is a discard only (ZO-6): d, t and c say so. On his next turn
    the draw comes first (ZO-7): Enter (discard) and m say so, and t and c say that nobody
    takes the discard or the cut card before the fourth round of turns (ZO-9)."""
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {"target": 0}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        view = screen.session.view()
        assert view.phase == "discard" and view.turn_round == 1, "the human leads"
        for key in ("d", "t", "c"):
            await _says(app, pilot, key,
                        "You lead this round: start the discard pile by discarding one card")
        await zoliky_action(pilot, app, view.legal[0])
        await wait_until(pilot, lambda: human_to_move(app))
        view = screen.session.view()
        assert view.phase == "draw" and view.turn_round == 2
        assert "d Draw" in _footer(app) and "Meld" not in _footer(app)
        for key in ("t", "c"):
            await _says(app, pilot, key, "Nobody may meld, lay off, take the discard or close "
                                         "before the fourth round of turns; this is turn 2")
        for key in ("enter", "m", "space"):
            await _says(app, pilot, key, "Draw first: take the top card of the stock")


async def test_trash_keys_of_the_other_steps_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, trash_position(layouts=["5s 9d Qh 3s 2s", "Kh Kd Ks Kc 4h"],
                                     stock="Jc Kd 2s"))
    app = CardGamesApp(GameSetup("trash", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        for key in ("n", "y"):
            await _says(app, pilot, key, "There is no face-up jack to replace now")  # TR-5
        for key in ("7", "0", "enter"):
            await _says(app, pilot, key, "You have no jack to place")  # TR-6
        await pilot.press("d")
        await wait_until(pilot, lambda: human_to_move(app))
        assert screen.session.view().phase == JACK
        assert "Draw" not in _footer(app) and "Replace" not in _footer(app)
        for key in ("d", "t", "y", "n"):
            await _says(app, pilot, key, "Put J♣ on a face-down position first")


async def test_spite_malice_enter_on_a_stuck_card_and_digits_before_a_pick_say_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, spite_malice_position(
        hands=["2d 5h 9c 3s 7h", "4c 9d 6s 8h 10c"], pay_off=["5c 6d Kd", "7c 8d Qd"],
        stock="2c 3c 4d 5d 6h 7s 8s 9s 10s Jh"))
    app = CardGamesApp(GameSetup("spite_malice", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        for key in ("1", "5"):
            await _says(app, pilot, key, "Pick a card with Enter first")
        await pilot.press("tab")
        await _says(app, pilot, "enter", "Your pay-off card K♦ cannot move now")


async def test_hot_seat_u_b_and_f_say_why() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 11), FAST, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.press("enter")
        await table_when_my_turn(pilot, app)
        footer = _footer(app)
        assert "Undo" not in footer and "Bot" not in footer
        await _says(app, pilot, "u", "Undo is only for a game against computer players.")
        await _says(app, pilot, "b", "There are no computer players at this table.")
        await _says(app, pilot, "f", "only computer players remain")


# ---------------------------------------------------------------- every key


def test_every_verb_key_and_table_key_has_an_unlisted_explanation() -> None:
    """A board's verb key (``verb('draw')``) has a ``why_not`` twin on the same key, offering
    an action the rules refuse; the table's keys that act only at times have one as well."""
    for info in registry.GAMES:
        board = load_board(info.name)
        bindings = [b for b in Binding.make_bindings(board.BINDINGS)]
        twins = {(b.key, b.action.removeprefix("why_not")) for b in bindings
                 if b.action.startswith("why_not(") and not b.show}
        for binding in bindings:
            if binding.action.startswith("verb("):
                assert (binding.key, binding.action.removeprefix("verb")) in twins, (
                    info.name, binding.key)
        for binding in bindings:
            if binding.action.startswith("why_not("):
                verb = binding.action.removeprefix("why_not('").removesuffix("')")
                assert verb in board.WHY_NOT, (info.name, verb)
    table = list(Binding.make_bindings(TableScreen.BINDINGS))
    hidden = {b.key for b in table if not b.show}
    for binding in table:
        if binding.action in ("undo", "hint", "finish", "bot_speed", "result", "command"):
            assert binding.key in hidden, binding.key


def _silent_keys(app: App[Any]) -> set[str]:
    """The keys the focused widget, its board, the table and the app declare for which no
    binding acts now (navigation keys aside)."""
    chain = app.screen._modal_binding_chain
    declared = {key for node, _ in chain for binding in own_bindings(node)
                for key in binding.key.split(",")}
    return {key for key in declared - NAVIGATION
            if not any(app._check_action_state(binding.action, node)
                       for node, bindings in chain
                       for binding in bindings.key_to_bindings.get(key, ()))}


_TURNS = {"makao": play_one_turn, "shithead": shithead_turn, "trash": trash_turn,
          "spite_malice": spite_malice_turn}


@pytest.mark.parametrize("game", ["makao", "shithead", "trash", "spite_malice", "zoliky"])
async def test_every_key_acts_or_says_why_on_each_side_of_the_turn(game: str) -> None:
    """On the human's turn and while a computer player is to move, every key of the table
    (the focused part of the board, the board, the table screen, the app) has a binding that
    acts: the key's own, or the one that says why it does not."""
    app = CardGamesApp(GameSetup(game, default_seats(2, 1), {}, 3), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        assert isinstance(screen.board, Board)
        assert not _silent_keys(app), (game, "my turn")
        screen.settings = replace(screen.settings, bot_delay=60)
        while not screen.session.bot_to_move:
            if game == "zoliky":
                await zoliky_action(pilot, app, screen.session.view().legal[0])
            else:
                await _TURNS[game](pilot, app)
            await pilot.pause()
        assert not _silent_keys(app), (game, "computer to move")


@pytest.mark.parametrize("game", ["makao", "shithead", "trash", "spite_malice", "zoliky"])
async def test_a_character_that_is_no_key_of_the_table_says_so(game: str) -> None:
    """A character no binding takes (``z``, ``@``, ``\\``) says it does nothing here and where
    the keys are, shown as typed, until the next key; a key that acts (``?``) does not say
    it."""
    app = CardGamesApp(GameSetup(game, default_seats(2, 1), {}, 3), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await _says(app, pilot, "z", "The key z does nothing at this table: ? shows the rules "
                                     "and every key.")
        await _says(app, pilot, "at", "The key @ does nothing at this table")
        await _says(app, pilot, "backslash", "The key \\ does nothing at this table")
        await pilot.press("left")
        await pilot.pause()
        assert "does nothing" not in _status(app), "not the answer to the next key"
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.screen is not screen
        assert "does nothing" not in screen.error
