"""Usability: duplicate hot-seat names, keys typed right after ``:``, resizing with the command bar
open, ASCII mode on every screen, Esc with marks in Shithead, long status messages and hand
navigation."""

from __future__ import annotations

import pytest
from textual import events
from textual.widgets import Input, Static

from cardgames.core.registry import find_game, load_game
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.render import CardStyle, ascii_rules, ascii_text, shorten_words
from cardgames.tui.screens.setup import SetupScreen, repeated_name
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.command_bar import CommandBar
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.table_row import TableRow
from tests.tui.drive import deal, human_to_move, screen_name, table, table_when_my_turn
from tests.tui.screen_text import non_ascii, screen_text
from tests.tui.shithead_drive import swap_phase_deal

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
SOLO_MAKAO = GameSetup("makao", default_seats(2, 1), {}, 7)


# ---------------------------------------------------------------- 1: duplicate names


def test_repeated_name_ignores_case_and_outer_spaces() -> None:
    assert repeated_name(["Anna", "Bob", " anna "]) == 2
    assert repeated_name(["Anna", "Bob", "Cyril"]) is None
    assert repeated_name(["X", "Y", "y", "x"]) == 2


async def test_setup_refuses_two_players_with_the_same_name() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(SetupScreen(find_game("makao")))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-2", Input).value = " anna "
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen_name(app) == "SetupScreen", "the game does not start"
        error = str(screen.query_one("#setup-error", Static).render())
        assert "Two players are called 'anna'" in error and "seat 3" in error
        assert screen.query_one("#name-2", Input).has_focus
        screen.query_one("#name-2", Input).value = "Zoe"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: screen_name(app) == "TableScreen")


async def test_an_emptied_name_shows_and_is_named_as_the_default_it_stands_for() -> None:
    """Seat 2 renamed Bob, seat 3 (Bob by default) emptied: the field shows Bob greyed, and the
    refusal says that the empty name stands for Bob."""
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(SetupScreen(find_game("makao")))
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-1", Input).value = "Bob"
        screen.query_one("#name-2", Input).value = ""
        await pilot.pause()
        assert screen.query_one("#name-2", Input).placeholder == "Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen_name(app) == "SetupScreen", "the game does not start"
        error = str(screen.query_one("#setup-error", Static).render())
        assert "give seat 3 (its empty name stands for 'Bob') another name" in error, error


# ---------------------------------------------------------------- 2: keys right after ':'


async def test_keys_typed_right_after_colon_land_in_the_bar() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await pilot.press(":", "d", "r", "a", "w")
        bar = screen.query_one(CommandBar)
        assert screen.session.history == [], "nothing was played"
        assert bar.value == "draw" and bar.has_focus
        await pilot.press(":")
        assert bar.value == "" and bar.has_focus, "a colon in the open bar starts afresh"


async def test_keys_sent_at_once_after_colon_land_in_the_bar() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        driver = app._driver
        assert driver is not None
        for key, char in (("colon", ":"), ("p", "p"), ("l", "l"), ("a", "a"), ("y", "y")):
            event = events.Key(key, char)
            event.set_sender(app)
            driver.send_message(event)
        await pilot.pause()
        await pilot.pause()
        bar = screen.query_one(CommandBar)
        assert screen.session.history == [], "nothing was played"
        assert bar.value == "play" and bar.has_focus


# ---------------------------------------------------------------- 3: resizing with the bar open


async def test_the_open_command_bar_gets_the_focus_back_after_a_small_terminal() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await pilot.press(":", "d")
        bar = screen.query_one(CommandBar)
        assert bar.value == "d"
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert not bar.has_focus
        assert bar.value == "d"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert bar.display and bar.has_focus
        await pilot.press("r", "a", "w")
        assert screen.session.history == [] and bar.value == "draw"


# ---------------------------------------------------------------- 4: ASCII leftovers


def test_ascii_rules_spell_cards_suits_and_dashes() -> None:
    assert ascii_rules("K♥ on a 2♥; a ♥ demand – or `♠ ♣`") == (
        "Kh on a 2h; a hearts demand - or `spades clubs`"
    )
    for game in ("makao", "shithead"):
        assert ascii_rules(load_game(game).rules_text()).isascii()


def test_ascii_text_is_ascii_whatever_it_is_given() -> None:
    """A name such as ``Žofie 🃏`` kept its emoji in ASCII mode: what has no ASCII spelling
    becomes ``?``, a suit its letter."""
    assert ascii_text("←→ choose — Žolíky ♥ 🃏") == "<- -> choose - Zoliky h ?"
    assert ascii_text("Bjørn 名前 ⚑") == "Bjorn ?? ?"
    assert ascii_text("Łukasz Straße Đorđe Æsa") == "Lukasz Strasse Dorde AEsa"


async def test_ascii_mode_rules_screen_scrolled_log_and_toast_are_plain() -> None:
    plain = AppSettings(bot_delay=0, ascii=True)
    app = CardGamesApp(SOLO_MAKAO, plain)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await table_when_my_turn(pilot, app)
        log = screen.query_one(LogPanel)
        log.set_lines(tuple(f"Anna drew card {n}" for n in range(40)), CardStyle(ascii=True))
        app.notify("Something went wrong", severity="error", timeout=600)
        await wait_until(pilot, lambda: "Something went wrong" in screen_text(app))
        assert log.max_scroll_y > 0, "the log can scroll"
        assert non_ascii(app) == set(), "table with a scrolled log and a toast"
        app.clear_notifications()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: screen_name(app) == "RulesScreen")
        body = app.screen.query_one("#rules-body")
        pages = 0
        while True:
            await pilot.pause()
            assert non_ascii(app) == set(), f"rules, page {pages}"
            if body.scroll_y >= body.max_scroll_y:
                break
            body.scroll_relative(y=20, animate=False)
            pages += 1
        assert pages >= 3, "the whole rules text was checked"


# ---------------------------------------------------------------- 5: Esc clears the marks first


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
async def test_ascii_mode_spells_the_players_names_in_ascii_on_the_table_and_the_result(
    game: str,
) -> None:
    """``--ascii`` keeps its promise with names that are not ASCII: the table (seat boxes,
    zone titles, top bar, pass screen) and the result box spell them in letters."""
    from cardgames.core.rng import Rng
    from cardgames.session.setup import SeatSpec
    from cardgames.tui.screens.game_over import headline, result_text
    from tests.session.play import new_session, play

    seats = (SeatSpec("Žofie 🃏"), SeatSpec("Čeněk"), SeatSpec("Anna", "normal"))
    app = CardGamesApp(GameSetup(game, seats, {}, 3), AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen")
        assert not non_ascii(app) and "Zofie ?" in screen_text(app)
        app.screen.dismiss(True)
        await wait_until(pilot, lambda: human_to_move(app))
        text = screen_text(app)
        assert not non_ascii(app), text
        assert "Zofie ?" in text and "Cenek" in text
    finished = new_session(GameSetup(game, tuple(SeatSpec(s.name, "random") for s in seats),
                                     {"target": 0} if game == "zoliky" else {}, seed=5))
    play(finished, Rng(5), 20000)
    assert finished.is_over
    assert result_text(finished, ascii=True).plain.isascii()
    assert "Zofie ?" in result_text(finished, ascii=True).plain
    assert "Žofie 🃏" in result_text(finished).plain + headline(finished)


async def test_ascii_mode_pass_screen_says_whose_turn_is_over_in_ascii() -> None:
    """Hot-seat with ``--ascii``: the pass screen after Žofie's turn says "Zofie ?'s turn is
    over." (the reason line was left as typed)."""
    from cardgames.session.setup import SeatSpec

    seats = (SeatSpec("Žofie 🃏"), SeatSpec("Čeněk"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 5), AppSettings(bot_delay=0, ascii=True),
                       settle=0, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen")
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        screen = table(app)
        assert screen is not None
        await pilot.press("d")
        await wait_until(pilot, lambda: screen.session.passing is not None
                         or screen_name(app) == "PassScreen")
        if screen_name(app) != "PassScreen":
            await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(app) == "PassScreen")
        text = screen_text(app)
        assert "Zofie ?'s turn is over." in text and not non_ascii(app), text


async def test_escape_in_the_swap_phase_clears_both_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, swap_phase_deal())
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = table(app)
        assert screen is not None
        assert "Esc unmarks" in str(screen.query_one("#status").render())
        await pilot.press("space", "tab", "right", "space")
        await pilot.pause()
        hand, row = screen.query_one(HandWidget), screen.query_one(TableRow)
        assert hand.selection and row.selection
        await pilot.press("escape")
        await pilot.pause()
        assert hand.selection == [] and row.selection == [], "both zones unmarked"
        assert screen.session.history == [] and app.screen is screen


# ---------------------------------------------------------------- 6: long messages


def test_shorten_words_cuts_only_long_words_and_keeps_the_quote() -> None:
    assert shorten_words("'" + "x" * 300 + "' is not a command") == (
        "'" + "x" * 19 + "…' is not a command"
    )
    assert shorten_words("play 7h 7s, draw") == "play 7h 7s, draw"


async def test_a_long_error_wraps_in_the_status_line_and_stays_readable() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        screen.query_one(CommandBar).open(())
        screen.query_one(CommandBar).value = "x" * 300
        await pilot.press("enter")
        await pilot.pause()
        status = screen.query_one("#status")
        assert 2 <= status.size.height <= 3
        text = " ".join(screen_text(app).split())
        assert "is not a Makao command" in text
        assert "demand 7, demand h, demand none" in text, "the whole list of commands shows"


# ---------------------------------------------------------------- 7: polish


async def test_hand_cursor_stops_at_the_ends() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        hand = screen.query_one(HandWidget)
        await pilot.press("end", "right")
        assert hand.cursor == len(hand.cards) - 1, "Right on the last card stays there"
        await pilot.press("home", "left")
        assert hand.cursor == 0, "Left on the first card stays there"


def test_ascii_suit_demand_reads_just_the_suit() -> None:
    from cardgames.core.cards import Suit
    from cardgames.tui.boards.makao import _demand_text

    assert _demand_text(Suit.DIAMONDS, CardStyle(ascii=True)).plain == "diamonds"
    assert _demand_text(Suit.DIAMONDS, CardStyle()).plain == "♦ diamonds"


async def test_coming_soon_note_does_not_follow_onto_the_setup(coming_soon: str) -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("6")
        await pilot.pause()
        assert "coming soon" in screen_text(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(app) == "SetupScreen")
        await pilot.pause()
        assert "coming soon" not in screen_text(app)
