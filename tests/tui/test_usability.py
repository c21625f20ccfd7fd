"""Usability at 80×24: the command bar, the leave dialog, hot-seat names, the status line, small
terminals, ASCII mode, captions, the swap phase, key feedback and the setup form."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from cardgames.core.cards import Card, parse_card
from cardgames.core.registry import find_game
from cardgames.games.makao.actions import Draw, Play
from cardgames.games.shithead.actions import PickUp, Swap
from cardgames.session.dealcode import parse_deal
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.render import CardStyle, card_chip, chip_state
from cardgames.tui.screens.dialogs import ChoiceDialog, LeaveDialog
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.picker import BLURB_WIDTH, game_entry
from cardgames.tui.screens.setup import SetupScreen, example_code, seat_names
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.command_bar import CommandBar
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.log import LogPanel
from cardgames.tui.widgets.seats import SeatInfo, seat_line, seat_subtitle
from cardgames.tui.widgets.table_row import TableRow
from tests.tui.drive import arrows, deal, human_to_move, screen_name, table, table_when_my_turn
from tests.tui.screen_text import non_ascii, screen_text
from tests.tui.shithead_drive import FakeClock, position, swap_phase_deal

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
SOLO_MAKAO = GameSetup("makao", default_seats(2, 1), {}, 7)


def _status(app: CardGamesApp) -> str:
    screen = table(app)
    assert screen is not None
    return str(screen.query_one("#status").render())


# ---------------------------------------------------------------- 1, 2: the command bar


async def test_tab_completes_cycles_and_a_refused_command_stays_in_the_bar() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        session = screen.session
        completions = session.completions()
        assert len(completions) >= 2
        await pilot.press("colon", "tab")
        bar = screen.query_one(CommandBar)
        assert bar.value == completions[0] and bar.has_focus, "Tab accepts, focus stays"
        await pilot.press("tab")
        assert bar.value == completions[1], "a second Tab shows the next completion"
        await pilot.press("ctrl+u", *"demand 3", "enter")
        await pilot.pause()
        assert "demand" in _status(app).lower() and session.history == []
        assert bar.display and bar.has_focus and bar.value == "demand 3", "kept to be fixed"
        await pilot.press("d")
        await pilot.pause()
        assert session.history == [] and bar.value == "demand 3d", "keys go to the bar"
        await pilot.press("escape")
        await pilot.pause()
        assert not bar.display and screen.query_one(HandWidget).has_focus


# ---------------------------------------------------------------- 3: leaving needs a yes


async def test_enter_in_the_leave_dialog_stays_and_y_leaves() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        dialog = app.screen
        assert dialog.focused is not None and dialog.focused.id == "stay"
        keys = str(dialog.query_one("#dialog-keys").render())
        assert "y" in keys and "Esc" in keys and "Enter" in keys
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: screen_name(app) == "PickerScreen")


# ---------------------------------------------------------------- 4: hot-seat names


def test_seat_names_are_distinct_and_you_only_for_a_single_human() -> None:
    assert seat_names([True, False, False]) == ["You", "Anna", "Bob"]
    assert seat_names([False, True, False]) == ["Fiona", "You", "Bob"]
    # A second person renames no computer player, and takes no name someone would type.
    assert seat_names([True, True, False, False]) == ["Player 1", "Player 2", "Bob", "Cyril"]
    assert len(set(seat_names([True] * 6))) == 6


async def test_setup_renames_seats_when_humans_change_but_keeps_typed_names() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(SetupScreen(find_game("makao")))
        await pilot.pause()
        screen = app.screen
        names = [screen.query_one(f"#name-{seat}", Input) for seat in range(4)]
        assert [field.value for field in names] == ["You", "Anna", "Bob", "Cyril"]
        assert "[x] computer" in screen_text(app) and "[ ] computer" in screen_text(app)
        names[3].value = "Zed"
        await pilot.pause()
        screen.query_one("#bot-1", Checkbox).value = False
        await pilot.pause()
        assert [field.value for field in names] == ["Player 1", "Player 2", "Bob", "Zed"]
        screen.query_one("#bot-1", Checkbox).value = True
        await pilot.pause()
        assert [field.value for field in names] == ["You", "Anna", "Bob", "Zed"]


async def test_setup_names_no_computer_player_like_the_person_typed() -> None:
    """A person called Ann sits with computer players none of which is called Anna (nor any
    name confusable with hers): the computer's default name changes as the name is typed, and
    comes back once it no longer clashes."""
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(SetupScreen(find_game("makao")))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        names = [screen.query_one(f"#name-{seat}", Input) for seat in range(4)]
        names[0].value = ""
        names[0].focus()
        await pilot.press(*"Ann")
        await pilot.pause()
        # Dana and Emil belong to the hidden fifth and sixth seats.
        assert [field.value for field in names] == ["Ann", "Fiona", "Bob", "Cyril"]
        assert [seat.name for seat in screen.setup().seats] == ["Ann", "Fiona", "Bob", "Cyril"]
        await pilot.press("backspace", "backspace", "backspace", *"Zed")
        await pilot.pause()
        assert [field.value for field in names] == ["Zed", "Anna", "Bob", "Cyril"]


# ---------------------------------------------------------------- 5: a stale status line


async def test_errors_clear_on_hand_over_and_on_a_new_selection() -> None:
    clock = FakeClock()
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 11), FAST, clock=clock, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.press("enter")
        screen = await table_when_my_turn(pilot, app)
        await pilot.press("colon", *"play 9z", "enter")
        assert "9z" in _status(app)
        await pilot.press("escape")
        assert "9z" not in _status(app), "Esc closes the bar and clears the error"
        view = screen.session.view()
        hand = screen.query_one(HandWidget)
        stuck = next(card for card in view.hand if card not in view.playable)
        await pilot.press(*arrows(hand.cursor, view.hand.index(stuck)), "enter")
        assert _status(app).startswith("✗"), "an unplayable card is refused"
        await pilot.press("space")
        assert not _status(app).startswith("✗"), "a new selection clears the error"
        await pilot.press("space")
        screen.session.submit(0, Draw())
        screen.session.release()
        screen.error = "Wait for your turn."
        screen.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        screen.post_message(screen.board.Act(Draw()))
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        assert screen.session.viewer == 1 and "Wait" not in _status(app)
        assert len(screen.session.history) == 1, "an action under the cover does nothing"


# ---------------------------------------------------------------- 6: too small


async def test_the_pass_screen_fits_a_terminal_of_60_by_15_whole() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 11), FAST, pass_delay=0)
    async with app.run_test(size=(60, 15)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.pause()
        box = app.screen.query_one("#pass-box")
        assert box.region.x >= 0 and box.region.right <= 60, box.region
        assert "Anna" in screen_text(app)
        recent = tuple(f"Player {n} played 7♥ 7♠ 7♦ — the next player must answer" for n in "123")
        cover = PassScreen("Bob", (*recent, "Anna drew 1 card"), CardStyle(), app.keys,
                           reason="Anna's time ran out.")
        app.push_screen(cover)
        await wait_until(pilot, lambda: app.screen is cover)
        await pilot.pause()
        text = screen_text(app)
        assert "let go of the keys" in text and "time ran out" in text, text
        assert "Enter." in text and "Last moves" in text, text


async def test_a_too_small_terminal_shows_a_notice_and_keys_do_nothing() -> None:
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        notice = screen.query_one("#too-small")
        assert notice.display and not screen.board.display
        assert "Make the terminal at least 72×19" in screen_text(app)
        assert "now 40×12" in screen_text(app)
        await pilot.press("enter", "d", "space", "colon", "u", "question_mark", "L")
        await pilot.pause()
        assert screen.session.history == [] and app.screen is screen, "only q acts, and asks"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not notice.display and screen.query_one(HandWidget).has_focus
        await pilot.press("d")
        await pilot.pause()
        assert screen.session.history[0] == (0, Draw())


# ---------------------------------------------------------------- 7: ASCII mode


async def test_ascii_mode_draws_only_ascii_on_every_main_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = AppSettings(bot_delay=0, ascii=True)
    app = CardGamesApp(settings=plain)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert non_ascii(app) == set(), "picker"
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(app) == "SetupScreen")
        await pilot.pause()
        assert non_ascii(app) == set(), "set-up"
    seats = (SeatSpec("Anna"), SeatSpec("Bob"), SeatSpec("Cyril", "default"))
    app = CardGamesApp(GameSetup("makao", seats, {}, 3), plain, pass_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.pause()
        assert non_ascii(app) == set(), "pass screen"
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.press("right", "space", "colon")
        await pilot.pause()
        assert non_ascii(app) == set(), "Makao table with the command bar"
        await pilot.press("escape", "q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        assert non_ascii(app) == set(), "leave dialog"
    deal(monkeypatch, position(
        hands=["3c 8d 9s", "8s 9h Kc"],
        face_up=[["Jd", "Ks", "Ac"], ["Qc", "6d", "Ad"]],
        face_down=[["6c", "7d", "5s"], ["10c", "2c", "6h"]],
        pile="4c 8h 8c", stock="3h 3d",
    ))
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1), plain)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.pause()
        assert non_ascii(app) == set(), "Shithead table"
        assert "8h 8c - 2 more eights burn" in screen_text(app)


# ---------------------------------------------------------------- 8: the demand dialog


async def test_demand_dialog_takes_a_typed_rank_and_shows_the_table_behind() -> None:
    from cardgames.core.cards import Rank
    from cardgames.games.makao.actions import Demand
    from tests.tui.test_app import _seed_with_playable_jack

    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, _seed_with_playable_jack()),
                       FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        view = screen.session.view()
        jack = next(a for a in view.legal if isinstance(a, Play) and a.cards[0].rank is Rank.JACK)
        screen.session.submit(0, jack)
        screen.advance()
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.pause()
        text = screen_text(app)
        assert "Demand sevens  (7)" in text and "No demand  (n)" in text
        assert "Your hand" in text, "the table shows behind the dialog"
        await pilot.press("7")
        await pilot.pause()
        assert screen.session.history[1] == (0, Demand("rank", Rank.SEVEN))


async def _demand_dialog_open(pilot: Pilot[None], app: CardGamesApp) -> None:
    """Play a jack at a table dealt with ``_seed_with_playable_jack`` and wait for the demand
    box that opens."""
    from cardgames.core.cards import Rank

    screen = await table_when_my_turn(pilot, app)
    jack = next(a for a in screen.session.view().legal
                if isinstance(a, Play) and a.cards[0].rank is Rank.JACK)
    screen.session.submit(0, jack)
    screen.advance()
    await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
    await pilot.pause()


async def test_demand_dialog_footer_lists_only_keys_that_act_and_they_do() -> None:
    """While the demand box is open its footer offers Esc, ? and q (no table key such as d or
    u); ? shows the rules and q asks to leave, and both come back to the box."""
    from tests.tui.test_app import _seed_with_playable_jack

    setup = GameSetup("makao", default_seats(2, 1), {}, _seed_with_playable_jack())
    app = CardGamesApp(setup, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await _demand_dialog_open(pilot, app)
        # The footer is drawn after the box: read it once it is there (a busy machine).
        await wait_until(pilot, lambda: screen_text(app).splitlines()[-1].split() != [])
        footer = screen_text(app).splitlines()[-1].split()
        assert footer == ["esc", "Later", "?", "Rules", "q", "Leave"], footer
        await pilot.press("question_mark")
        assert screen_name(app) == "RulesScreen"
        await pilot.press("escape")
        assert screen_name(app) == "ChoiceDialog", "back to the demand"
        await pilot.press("q")
        assert screen_name(app) == "LeaveDialog"
        await pilot.press("n")
        assert screen_name(app) == "ChoiceDialog", "staying keeps the demand open"
        await pilot.press("q", "y")
        await wait_until(pilot, lambda: screen_name(app) == "PickerScreen")


# ---------------------------------------------------------------- 9, 11: Shithead keys


async def test_swap_phase_asks_for_marks_and_shows_them(monkeypatch: pytest.MonkeyPatch) -> None:
    deal(monkeypatch, swap_phase_deal())
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = table(app)
        assert screen is not None
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.history == [], "Enter with nothing marked swaps nothing"
        assert "mark a face-up card" in _status(app)
        await pilot.press("space", "tab", "right", "space")
        await pilot.pause()
        hand_marks, row_marks = screen.query_one(HandWidget), screen.query_one(TableRow)
        assert str(hand_marks.render()).splitlines()[0].strip() == "▼", "not an order number"
        assert "2▼" in str(row_marks.render()).splitlines()[0], "the face-up mark shows"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.history == [(0, Swap(parse_card("2c"), 2))]


async def test_p_on_an_empty_pile_says_why_and_undo_says_what_it_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(
        hands=["3c 4c", "5c 6c 7c"],
        face_up=[["Jd", "Qd", "Kd"], ["Jh", "Qh", "Kh"]],
        face_down=[["3d", "4d", "5d"], ["3h", "4h", "5h"]],
    ))
    app = CardGamesApp(GameSetup("shithead", default_seats(2, 1), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        screen = table(app)
        assert screen is not None
        assert not any(isinstance(a, PickUp) for a in screen.session.legal_actions())
        await pilot.press("p")
        await pilot.pause()
        assert "nothing to pick up" in _status(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app) and screen.session.can_undo(0))
        await wait_until(pilot, lambda: "Undo" in screen_text(app).splitlines()[-1].split())
        await pilot.press("u")
        await wait_until(pilot, lambda: human_to_move(app))
        assert "Took back your last turn" in _status(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app) and len(screen.session.history) > 2)
        assert screen.session.offers_undo(0) and not screen.session.can_undo(0)
        assert "Undo" not in screen_text(app).splitlines()[-1].split()
        history = list(screen.session.history)
        await pilot.press("u")
        await pilot.pause()
        assert "played again after an undo; it stands" in _status(app)
        assert screen.session.history == history


# ---------------------------------------------------------------- 10, 12, 13: fit and look


def test_seat_line_keeps_the_count_and_note_and_fits_the_backs() -> None:
    seat = SeatInfo("Anna", cards=7, note="sits out 1")
    line = seat_line(seat, CardStyle(), 16)
    assert line.plain.endswith("7 sits out 1") and line.cell_len <= 16
    assert seat_line(seat, CardStyle(), 40).plain == "▮▮▮▮▮ 7 sits out 1"
    assert seat_line(seat, CardStyle(), 12).plain == "▮▮▮▮▮ 7\nsits out 1", "note below"
    assert seat_line(seat, CardStyle(), 2).plain == "7\nsits out 1"
    narrow = SeatInfo("Bob", cards=12, note="120 pts opened", short="120 pts")
    assert seat_line(narrow, CardStyle(), 9).plain == "▮▮▮▮▮ 12\n120 pts", "never '12 120 pts'"
    assert seat_line(narrow, CardStyle(), 14).plain == "▮▮▮▮▮ 12\n120 pts opened"


def test_a_narrow_seat_box_names_the_level_alone() -> None:
    seat = SeatInfo("Anna", cards=7, bot=True, level="normal", tags=("ready",))
    assert seat_subtitle(seat, " · ", 20) == "bot · normal · ready"
    assert seat_subtitle(seat, " · ", 12) == "normal · ready"
    assert seat_subtitle(SeatInfo("Bob", cards=7, bot=True), " · ", 2) == "bot"


def test_picker_blurbs_wrap_under_the_title() -> None:
    for number, info in enumerate((find_game("makao"), find_game("shithead")), start=1):
        lines = game_entry(number, info).plain.splitlines()
        assert all(line.startswith("     ") and len(line) <= 5 + BLURB_WIDTH
                   for line in lines[1:])
        assert " ".join(line.strip() for line in lines[1:]) == info.blurb


def test_a_focused_card_that_cannot_be_played_still_looks_dimmed() -> None:
    card: Card = parse_card("7h")
    assert chip_state(cursor=True, selected=False, dim=True) == "cursor-dim"
    assert chip_state(cursor=True, selected=False, dim=False) == "cursor"
    dimmed = card_chip(card, CardStyle(), "cursor-dim").spans[0].style
    focused = card_chip(card, CardStyle(), "cursor").spans[0].style
    assert dimmed != focused


async def test_setup_option_notes_wrap_and_the_log_follows_at_once() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(SetupScreen(find_game("shithead")))
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "until one is left: the shithead." in text, "the note wraps, not cut"
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        log = table(app).query_one(LogPanel)
        log.set_lines(tuple(f"Anna drew card {n}" for n in range(40)), CardStyle())
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y, "no lag, no animation"


def test_the_deal_hint_gives_a_code_of_the_game_set_up() -> None:
    for name in ("makao", "trash", "zoliky"):
        code = example_code(find_game(name))
        assert code.startswith(f"{name}-") and parse_deal(code).game == name


async def test_makao_verb_keys_that_do_not_apply_say_why(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing fits 7♥ and nothing is pending: t, w, p, e and m are not in the footer, and
    each, pressed anyway, says in the status line why it does nothing now."""
    from tests.games.makao.builders import position as makao_position

    deal(monkeypatch, makao_position([["5c", "9s"], ["Kc", "2d"]], ["7h"]))
    app = CardGamesApp(SOLO_MAKAO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        await wait_until(pilot, lambda: screen_text(app).splitlines()[-1].strip() != "")
        footer = screen_text(app).splitlines()[-1]
        assert "d Draw" in footer
        assert not {"Take", "Wait", "Pass", "Demand", "Makao!"} & set(footer.split()), footer
        for key, why in (("t", "There are no cards to take"),
                         ("w", "There is no stop to wait out"),
                         ("p", "You may pass only after drawing a card you could play"),
                         ("e", "You may demand only right after playing jacks or aces"),
                         ("m", "Saying makao is not part of this game")):
            await pilot.press(key)
            await pilot.pause()
            assert why in _status(app), (key, _status(app))
        assert screen.session.history == []
