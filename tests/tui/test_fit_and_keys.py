"""Dialogs and the set-up fit at 80×24, a dialog hides under the too-small notice, the command
bar is bounded, and every board keeps the table's shared keys and names Enter's move."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding
from textual.widget import Widget

from cardgames.core import registry
from cardgames.games.makao.actions import Draw
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards import load_board
from cardgames.tui.screens.dialogs import ChoiceDialog, DiscardDialog, LeaveDialog
from cardgames.tui.screens.picker import PickerScreen
from cardgames.tui.screens.rules import RulesScreen
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.command_bar import LIMIT, CommandBar
from cardgames.tui.widgets.hand import HandWidget
from tests.tui.drive import table_when_my_turn
from tests.tui.screen_text import non_ascii, screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


async def test_the_leave_question_and_the_set_up_fit_at_80x24() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.pause()
        text = screen_text(app)
        assert "Leave, discard it" in text and "Enter the marked button" in text
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, DiscardDialog))
        await pilot.pause()
        text = screen_text(app)
        assert "Discard this game for good?" in text and "Enter the marked button" in text
        assert "Discard it" in text and "d discard it" in text
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        assert "or a deal code, e.g. makao-4-7XK2" in screen_text(app)


async def test_a_dialog_is_covered_by_the_notice_while_the_terminal_is_too_small() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        text = screen_text(app)
        assert "Make the terminal at least 72×19" in text and "Stay" not in text
        words = " ".join(text.split())
        assert "Leave this game?" in words and "n stay" in words, "the way out stays readable"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LeaveDialog), "no hidden button answers"
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "Stay" in screen_text(app) and "Make the terminal" not in screen_text(app)


async def test_keys_typed_while_the_terminal_is_too_small_leave_no_note_behind() -> None:
    """A move key (``d``) or any character typed under the too-small notice does nothing and
    is not called a key that does nothing at this table once the terminal is large again."""
    app = CardGamesApp(GameSetup("trash", default_seats(2, 1), {}, 3), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        before = screen.session.to_json()
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("d", "z", "5")
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "does nothing" not in screen_text(app)
        assert "does nothing" not in screen.error
        assert screen.session.to_json() == before
        await pilot.press("z")
        await pilot.pause()
        assert "The key z does nothing at this table" in screen_text(app), "said again once seen"


async def test_ctrl_q_at_a_too_small_terminal_asks_in_the_notice_and_y_quits() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.pause(0.3)
        words = " ".join(screen_text(app).split())
        assert "Quit?" in words and "y keep it d discard it n stay" in words
        await pilot.press("y")
        await wait_until(pilot, lambda: app.return_code is not None or not app.is_running)


async def test_q_at_a_too_small_terminal_is_named_by_the_notice_and_asks_to_leave() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        table = await table_when_my_turn(pilot, app)
        history = list(table.session.history)
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert "q leave the table" in " ".join(screen_text(app).split())
        await pilot.press("d", "enter")
        await pilot.pause()
        assert table.session.history == history, "no other key of the table acts unseen"
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.pause(0.3)
        assert "Leave this game?" in " ".join(screen_text(app).split())
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is table)
        await pilot.pause(0.3)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, LeaveDialog))
        await pilot.pause(0.3)
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))


async def test_the_command_bar_is_bounded_and_colon_starts_a_fresh_command() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        bar = screen.query_one(CommandBar)
        await pilot.press("colon")
        bar.insert_text_at_cursor("x" * (LIMIT + 380))  # a paste of 500 characters
        assert bar.value == ""
        bar.insert_text_at_cursor("x" * (LIMIT - 1))
        await pilot.press("x", "x", "enter")
        await pilot.pause()
        assert bar.display and bar.value == "x" * LIMIT, "refused, kept, and bounded"
        await pilot.press("colon")
        assert bar.display and bar.value == "", "a colon after a refusal starts afresh"
        await pilot.press("escape", "colon", "colon")
        assert bar.display and bar.value == "", "the opening key twice types nothing"
        await pilot.press(*"play zz", "enter")
        await pilot.pause()
        assert "'zz' is not a card" in screen_text(app)
        await pilot.press("colon", "d", "r", "enter")
        await pilot.pause()
        assert bar.value == "dr" and "'dr' is not a Makao command" in screen_text(app), (
            "the refusal quotes the fresh command, not the text before the colon")


async def test_a_command_typed_past_the_bound_is_called_too_long_not_judged_cut() -> None:
    """``meld `` and ``5h `` 80 times: the bar keeps the first LIMIT characters, and Enter says
    the command is too long instead of judging the piece that fitted (``'5' is not a card``);
    once the text is edited it is judged again."""
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {}, 5), FAST)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_when_my_turn(pilot, app)
        bar = screen.query_one(CommandBar)
        await pilot.press("colon")
        typed = "meld " + "5h " * 80
        await pilot.press(*("space" if char == " " else char for char in typed), "enter")
        await pilot.pause()
        text = screen_text(app)
        assert bar.display and bar.value == typed[:LIMIT], "kept, to be shortened"
        assert f"The command is too long (at most {LIMIT} characters)." in text, text
        assert "is not a card" not in text
        await pilot.press("backspace", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "too long" not in text and "✗" in text, "judged as typed"
        await pilot.press("escape", "colon")
        bar.insert_text_at_cursor("x" * (LIMIT + 1))  # a paste past the bound is refused
        await pilot.press("enter")
        await pilot.pause()
        assert bar.value == "" and bar.display is False, "nothing typed: the bar closes"


def test_no_board_takes_a_key_the_table_shares_with_every_game() -> None:
    shared = {binding.key for binding in TableScreen.BINDINGS  # type: ignore[union-attr]
              if binding.action not in ("pass_on", "play_hint", "result",  # type: ignore[union-attr]
                                        "why_not('result')")}
    for info in registry.GAMES:
        module = importlib.import_module(load_board(info.name).__module__)
        widgets = [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                   if issubclass(cls, Widget) and cls.__module__ == module.__name__]
        for cls in [*widgets, HandWidget]:
            keys = {key for binding in cls.BINDINGS  # type: ignore[union-attr]
                    for key in binding.key.split(",")}  # type: ignore[union-attr]
            assert not keys & shared, f"{cls.__name__} hides the table's {keys & shared}"


async def test_zoliky_in_ascii_reads_zoliky_counts_turns_and_names_enter() -> None:
    app = CardGamesApp(GameSetup("zoliky", default_seats(2, 1), {}, 5),
                       AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=SIZE) as pilot:
        await table_when_my_turn(pilot, app)
        await pilot.press("d")
        await pilot.pause()
        text = screen_text(app)
        assert " Zoliky " in text and not non_ascii(app)
        assert "turn 1" in text and "turns 1" not in text
        assert "Enter Discard" in text and "Enter Play" not in text


async def test_a_full_screen_is_covered_while_too_small_and_comes_back_whole() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen("Makao", "# Makao\n\nPlay a card."))
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert "Make the terminal at least 60×12" in screen_text(app)
        assert "Play a card" not in screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "Play a card" in screen_text(app) and "Make the terminal" not in screen_text(app)


async def test_end_on_the_rules_goes_to_their_end_and_home_back_to_the_top() -> None:
    app = CardGamesApp(settings=FAST)
    body = "\n\n".join(f"Rule {n}." for n in range(60))
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen("Makao", f"# Makao\n\n{body}\n\n## Keys\n\nLast line."))
        await wait_until(pilot, lambda: "end Keys" in screen_text(app).splitlines()[-1])
        await pilot.press("end")
        await wait_until(pilot, lambda: "Last line." in screen_text(app))
        await pilot.press("home")
        await wait_until(pilot, lambda: "Rule 0." in screen_text(app))


async def test_a_covered_picker_takes_no_key_and_comes_back_focused() -> None:
    """At 50×12 the picker is covered by the notice: its number keys, Enter, arrows, Tab and
    h open nothing unseen; grown back, the list has the focus and 1 opens the set-up."""
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=(50, 12)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        picker = app.screen
        await pilot.pause()
        assert "Make the terminal at least 60×14" in screen_text(app)
        await pilot.press("1", "enter", "down", "tab", "enter", "h", "s", "2")
        await pilot.pause()
        assert app.screen is picker and app.focused is None
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Make the terminal" not in screen_text(app)
        assert app.focused is picker.query_one("#games")
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))


async def test_a_covered_dialog_takes_only_the_key_its_notice_names() -> None:
    """Under the too-small notice a choice's key and Enter do nothing, the notice names Esc
    and Esc closes the dialog without a choice; uncovered, a choice's key picks it."""
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), FAST)
    async with app.run_test(size=SIZE) as pilot:
        table = await table_when_my_turn(pilot, app)
        answers: list[object] = []

        async def opened() -> ChoiceDialog:
            dialog = ChoiceDialog("Pick one", [("First", Draw()), ("Second", Draw())],
                                  {"f": Draw()})
            table.open(dialog, answers.append)
            await wait_until(pilot, lambda: app.screen is dialog)
            return dialog

        dialog = await opened()
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("f", "enter")
        await pilot.pause()
        assert app.screen is dialog and not answers
        assert "Esc later" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is table)
        assert answers == [None]
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await opened()
        await pilot.press("f")
        await wait_until(pilot, lambda: app.screen is table)
        assert answers == [None, Draw()]


def test_every_screen_the_notice_can_cover_names_a_key_that_acts_there() -> None:
    """Each dialog and each full screen with a smallest size has a way back or out under the
    too-small notice: the notice names it, and its action is one of the screen's keys."""
    from cardgames.tui.screens.base import AppModal, AppScreen

    for name in ("cardgames.tui.screens", "cardgames.tui.boards"):
        package = importlib.import_module(name)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{name}.{module.name}")

    def every(cls: type) -> list[type]:
        return [cls, *(sub for direct in cls.__subclasses__() for sub in every(direct))]

    screens = [cls for cls in every(AppScreen)[1:] + every(AppModal)[1:]
               if cls.__module__.startswith("cardgames.")
               and (issubclass(cls, AppModal) or cls.fit_size is not None)]
    assert len(screens) >= 14
    for cls in screens:
        bound = {binding.action.split("(")[0] for binding in cls.BINDINGS
                 if isinstance(binding, Binding)}
        assert cls.covered_note, f"{cls.__name__} names no key under the notice"
        assert cls.covered_actions <= bound, cls.__name__
        assert cls.covered_actions or "app.quit" in bound, cls.__name__
