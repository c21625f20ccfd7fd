"""The picker and the set-up screen: numbers pick what Enter opens, every Tab stop shows focus,
and no rule ids on screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot

from cardgames.core.registry import GAMES, find_game, load_game
from cardgames.session.setup import SeatSpec
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import screen_name
from tests.tui.screen_text import screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)


async def open_setup(pilot: Pilot[None], app: CardGamesApp, game: str) -> SetupScreen:
    """Open the set-up screen of ``game`` and wait until it is drawn."""
    app.push_screen(SetupScreen(find_game(game)))
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen
RULE_ID = re.compile(r"\b[A-Z]{2,3}-\d+\b")


async def test_a_number_for_a_game_coming_soon_then_enter_opens_nothing(coming_soon: str) -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("6", "enter")
        await pilot.pause()
        assert screen_name(app) == "PickerScreen"
        await pilot.press("2", "escape", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert isinstance(app.screen, SetupScreen) and app.screen.info.name == "shithead"


async def test_every_tab_stop_of_the_set_up_is_a_field_or_a_button() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        for _ in range(20):
            assert not isinstance(app.focused, VerticalScroll), "a stop with no focus shown"
            await pilot.press("tab")
        assert not RULE_ID.search(screen_text(app)), "no rule ids on screen"


@pytest.mark.parametrize("name", [info.name for info in GAMES if info.playable])
def test_option_summaries_speak_to_players_without_rule_ids(name: str) -> None:
    for option in load_game(name).options:
        assert not RULE_ID.search(option.summary), option


async def test_a_number_option_gets_a_number_field_checked_by_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import Checkbox, Input

    from cardgames.core import registry
    from tests.session.fake_game import RACE_INFO

    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, RACE_INFO))
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(RACE_INFO))
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SetupScreen)
        assert isinstance(form.query_one("#opt-long"), Checkbox)
        field = form.query_one("#opt-target", Input)
        assert field.value == "0"
        field.value = "300"
        assert dict(form.setup().options) == {"long": False, "target": 300}
        field.value = "-3"
        with pytest.raises(ValueError, match="cannot be negative"):
            form.setup()
        field.value = "lots"
        with pytest.raises(ValueError, match="whole number"):
            form.setup()


async def test_each_computer_seat_gets_a_level_chosen_with_the_keys() -> None:
    """Seat 2's level is reached with Tab and stepped with → and ←; a human seat has none."""
    from cardgames.tui.widgets.level_select import LevelSelect

    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        form = app.screen
        assert isinstance(form, SetupScreen)
        assert not form.query_one("#level-0", LevelSelect).display, "seat 1 is you"
        form.query_one("#name-1").focus()
        await pilot.press("tab", "tab")
        assert app.focused is form.query_one("#level-1")
        await pilot.press("right")
        await pilot.press("tab", "tab", "tab", "left")
        assert app.focused is form.query_one("#level-2")
        assert [seat.bot for seat in form.setup().seats] == [None, "hard", "easy", "default"]
        assert [seat.level for seat in form.setup().seats] == [None, "hard", "easy", "normal"]


async def test_the_highlighted_game_stays_in_view_when_the_terminal_shrinks() -> None:
    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "down", "down")
        await pilot.pause()
        assert "Trash" in screen_text(app)
        await pilot.resize_terminal(60, 14)
        await wait_until(pilot, lambda: "Trash" in screen_text(app))
        assert "Makao" not in screen_text(app)


async def test_a_narrow_list_wraps_every_entry_under_its_indent() -> None:
    app = CardGamesApp(settings=FAST)
    def blurb_lines() -> list[str]:
        return [line.split("│")[1] for line in screen_text(app).splitlines()
                if line.count("│") == 2 and "players" not in line and line.strip("│ ")]

    async with app.run_test(size=(60, 40)) as pilot:
        await wait_until(pilot, lambda: all(line.startswith("      ") for line in blurb_lines()))
        assert any("anyone else." in line for line in blurb_lines())


async def test_a_name_field_tells_its_limit_when_it_refuses_a_character() -> None:
    """A name is cut at 12 characters (the boards need it), and the form says so: a note when
    the field refuses a character, gone once the name is shorter, and the field's tooltip."""
    from textual.widgets import Input

    from cardgames.tui.screens.setup import NAME_LIMIT

    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        form = app.screen
        field = form.query_one("#name-0", Input)
        field.focus()
        field.value = ""
        await pilot.pause()
        assert "cut to 12 characters" not in screen_text(app)
        await pilot.press(*"Maximilian", "space", *"Alex")
        await pilot.pause()
        assert field.value == "Maximilian A" and NAME_LIMIT == 12
        text = " ".join(screen_text(app).split())
        assert "Seat 1's name was cut to 12 characters: 'Maximilian A' ('lex' left out)" in text
        assert "12 characters" in str(field.tooltip)
        await pilot.press("backspace")
        await pilot.pause()
        assert "cut to 12 characters" not in screen_text(app)


async def test_a_cut_name_stays_told_while_the_player_goes_on_at_80_by_24() -> None:
    """The tester typed ``[bold]Ann[/bold]`` into a name and saw no word of it being cut to
    ``[bold]Ann[/b``: the note went away at the first key of the next name (any name field's
    change cleared it), and a paste too long was dropped whole. Now the note, naming the seat,
    the name as it stands and what was left out, stays on screen at 80×24 on the tallest form
    (Žolíky, six seats, its house rules) while other names are typed, until that name is made
    shorter; a paste keeps what fits and is told the same way."""
    from textual import events
    from textual.widgets import Input

    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(SetupScreen(find_game("zoliky")))
        await pilot.pause()
        form = app.screen
        while form.players < 6:
            form.action_players(1)
        await pilot.pause()
        last = form.query_one("#name-5", Input)
        last.focus()
        last.value = ""
        await pilot.press(*"[bold]Ann[/bold]")
        await pilot.pause()

        def said() -> str:
            return " ".join(screen_text(app).split())

        told = "Seat 6's name was cut to 12 characters: '[bold]Ann[/b' ('old]' left out)"
        assert last.value == "[bold]Ann[/b" and told in said()
        second = form.query_one("#name-1", Input)
        second.focus()
        await pilot.press(*"Bea")
        await pilot.pause()
        assert second.value == "Bea" and told in said(), "typing the next name keeps it"
        form.query_one("#bot-2").toggle()
        await pilot.pause()
        assert told in said(), "a seat changing hands keeps it"
        second.post_message(events.Paste(" Bartholomew"))
        await pilot.pause()
        assert second.value == "Bea Bartholo"
        assert ("Seat 2's name was cut to 12 characters: 'Bea Bartholo' ('mew' left out)"
                in said() and "The name of seat 6 was cut too." in said())
        last.focus()
        await pilot.press("backspace")
        second.focus()
        await pilot.press("end", "backspace")
        await pilot.pause()
        assert "cut to 12" not in said() and "cut too" not in said()


async def test_the_set_up_starts_from_the_choices_that_last_started_its_game(
    cardgames_home: Path,
) -> None:
    """Žolíky started with 2 players, a hard computer, target 0 and a name in brackets: its
    set-up comes back with them (the name literal); Makao's keeps its defaults; a damaged
    file of set-ups gives the defaults and a message."""
    from textual.widgets import Checkbox, Input

    from cardgames.tui.screens.table import TableScreen
    from cardgames.tui.widgets.level_select import LevelSelect

    def fields(form: SetupScreen) -> tuple[object, ...]:
        seats = range(form.players)
        return (form.players,
                [form.query_one(f"#name-{seat}", Input).value for seat in seats],
                [form.query_one(f"#bot-{seat}", Checkbox).value for seat in seats],
                form.query_one("#level-1", LevelSelect).value,
                [option.value for option in form.query(".option-number").results(Input)])

    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_setup(pilot, app, "zoliky")
        defaults = fields(form)
        assert defaults == (4, ["You", "Anna", "Bob", "Cyril"], [False, True, True, True],
                            "normal", ["500"])
        form.action_players(-2)
        form.query_one("#level-1", LevelSelect).value = "hard"
        form.query_one("#name-0", Input).value = "[bold]Ann[/]"
        form.query_one("#opt-target", Input).value = "0"
        form.action_start()
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        app.writer.flush()
        form = await open_setup(pilot, app, "zoliky")
        assert fields(form) == (2, ["[bold]Ann[/]", "Anna"], [False, True], "hard", ["0"])
        assert form.setup().seats == (SeatSpec("[bold]Ann[/]"), SeatSpec("Anna", "hard"))
        assert "[bold]Ann[/]" in screen_text(app), "the name is shown as typed"
        makao = await open_setup(pilot, app, "makao")
        assert fields(makao)[:4] == (4, ["You", "Anna", "Bob", "Cyril"],
                                     [False, True, True, True], "normal")
        (cardgames_home / "setups.json").write_text("{cut", encoding="utf-8")
        form = await open_setup(pilot, app, "zoliky")
        assert fields(form) == defaults
        await wait_until(pilot, lambda: any("could not be used" in note.message
                                            for note in app._notifications))
        assert (cardgames_home / "damaged" / "setups.json").exists()


async def test_a_seat_hidden_by_minus_hands_its_focus_to_the_last_seat_left(
    cardgames_home: Path,
) -> None:
    """`-` on the last seat's level field hides that seat and moves the focus to the level field
    of the seat before it, so typed keys never go into a hidden name and `+` still works; the
    turn clock typed is remembered for the game's next set-up."""
    from textual.widgets import Input

    from cardgames.tui.screens.table import TableScreen

    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_setup(pilot, app, "shithead")
        last = form.players - 1
        form.query_one(f"#level-{last}").focus()
        await pilot.press("minus")
        assert form.players == last
        assert app.focused is form.query_one(f"#level-{last - 1}")
        await pilot.press("z", "z", "plus")
        assert form.players == last + 1
        assert form.query_one(f"#name-{last}", Input).value == form.names[last], "nothing typed"
        form.query_one("#turn-clock", Input).value = "7"
        form.action_start()
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        app.writer.flush()
        form = await open_setup(pilot, app, "shithead")
        assert form.query_one("#turn-clock", Input).value == "7"


async def test_a_seed_that_is_no_whole_number_is_refused_as_the_command_line_refuses_it() -> None:
    """The Seed field took ``hello`` (its keys were dropped without a word, and Start dealt a
    random game) where ``cardgames play --seed hello`` is refused: the field keeps what was
    typed and Start refuses it on the form's status line, as it refuses a bad turn clock, with
    or without a deal code; a whole number deals that seed."""
    from textual.widgets import Input, Static

    from cardgames.tui.screens.table import TableScreen
    from tests.tui.drive import table

    app = CardGamesApp(settings=FAST)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_setup(pilot, app, "makao")
        field = form.query_one("#seed", Input)
        field.focus()
        await pilot.press(*"hello")
        assert field.value == "hello"
        refusal = "The seed must be a whole number, not 'hello'."
        for code in ("", "makao-4-7XK2"):
            form.query_one("#deal", Input).value = code
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen), code
            assert str(form.query_one("#setup-error", Static).render()) == refusal, code
        form.query_one("#deal", Input).value = ""
        field.value = " -12 "
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen))
        started = table(app)
        assert started is not None and started.session.setup.seed == -12
