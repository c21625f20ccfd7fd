"""The result box's text: the words after the names line up, whatever the names' lengths; a
Shithead game played to the last names the shithead (SH-16)."""

from __future__ import annotations

from cardgames.core.rng import Rng
from cardgames.session.session import Session
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.screens.game_over import headline, result_text, result_verdict
from tests.session.play import new_session, play

NAMES = ("Al", "Bartholomew of the Long Name", "Cy")


def test_the_result_lines_up_after_a_long_name() -> None:
    seats = tuple(SeatSpec(name, "random") for name in NAMES)
    session = new_session(GameSetup("makao", seats, seed=5))
    play(session, Rng(5), 5000)
    assert session.is_over
    lines = result_text(session).plain.splitlines()
    assert len(lines) == len(NAMES)
    starts = set()
    for line in lines:
        name = next(name for name in NAMES if name in line)
        after = line.index(name) + len(name)
        starts.add(after + len(line[after:]) - len(line[after:].lstrip()))
    assert len(starts) == 1, f"the words after the names start in columns {sorted(starts)}"


async def test_only_the_focused_button_of_the_result_box_is_marked() -> None:
    """Play again and Back to games look alike unfocused; ← → move the mark between them, and
    the focused one alone stands out (no button keeps a coloured variant)."""
    from textual.widgets import Button

    from cardgames.session.setup import default_seats
    from cardgames.tui.app import CardGamesApp
    from cardgames.tui.screenshots import wait_until
    from cardgames.tui.settings import AppSettings
    from tests.tui.drive import screen_name

    app = CardGamesApp(GameSetup("makao", default_seats(2, 2), {}, 31), AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: screen_name(app) == "GameOverScreen", limit=5000)
        await pilot.pause()
        again, back = app.screen.query_one("#again", Button), app.screen.query_one("#back", Button)

        def look(button: Button) -> tuple[object, object, bool]:
            style = button.rich_style
            return style.bgcolor, style.color, bool(style.bold)

        marked, plain = look(again), look(back)
        assert app.focused is again and marked != plain
        await pilot.press("right")
        await pilot.pause()
        assert app.focused is back
        assert look(back) == marked and look(again) == plain, (look(back), look(again))
        await pilot.press("left")
        await pilot.pause()
        assert app.focused is again and look(again) == marked and look(back) == plain


def _shithead_game(options: dict[str, bool]) -> Session:
    seats = tuple(SeatSpec(name, "random") for name in ("You", "Anna", "Bob", "Cyril"))
    session = new_session(GameSetup("shithead", seats, options, seed=3))
    play(session, Rng(3), 5000)
    assert session.is_over
    return session


def test_a_game_played_to_the_last_names_the_shithead() -> None:
    """SH-16, house option play-to-last: the point of playing on is to find the shithead, the
    last player holding cards; the result box says who it is under the headline and on his
    line, and the export's result line says it too."""
    from datetime import UTC, datetime

    from cardgames.session.export import export_text
    from cardgames.session.record import record_of

    session = _shithead_game({"play-to-last": True})
    outcome = session.outcome()
    assert outcome is not None
    last = session.names[outcome.ranking[-1]]
    assert result_verdict(session) == f"{last} is the shithead."
    lines = result_text(session).plain.splitlines()
    assert "the shithead, " in lines[-1] and last in lines[-1]
    assert not any("shithead" in line for line in lines[:-1])
    day = datetime(2026, 12, 1, tzinfo=UTC)
    text = export_text(record_of(session, id="g", started=day, finished=day))
    assert f"; {last} is the shithead." in text


def test_the_seat_called_you_is_told_it_is_the_shithead() -> None:
    from dataclasses import replace

    view = _shithead_game({"play-to-last": True}).view_for(None)
    seat = view.shithead
    assert seat is not None
    names = ["Anna", "Bob", "Cyril", "Dana"]
    names[seat] = "You"
    assert view.verdict(names) == "You are the shithead."
    assert replace(view, options=()).verdict(names) == ""


def test_a_game_won_by_the_first_out_names_no_shithead() -> None:
    session = _shithead_game({})
    assert result_verdict(session) == ""
    assert "shithead" not in result_text(session).plain


def test_the_headline_speaks_to_the_one_person_at_this_terminal() -> None:
    """Bob alone against computer players (as a network seat is alone at its terminal) reads
    "You win!"; at a hot-seat table the winner is named."""
    for seed in range(40):
        alone = new_session(GameSetup("makao", (SeatSpec("Bob"), SeatSpec("Cy", "random")),
                                      seed=seed))
        play(alone, Rng(seed), 5000)
        outcome = alone.outcome()
        if outcome is not None and outcome.winners == (0,):
            break
    assert headline(alone) == "You win!"
    assert alone.here == (0,)
    together = new_session(GameSetup("makao", (SeatSpec("Bob"), SeatSpec("Ann")), seed=seed))
    play(together, Rng(seed), 5000)
    outcome = together.outcome()
    assert outcome is not None
    assert headline(together) == f"{together.names[outcome.winners[0]]} wins!"


async def test_a_result_without_play_again_offers_back_only_and_enter_goes_back() -> None:
    """Where the table plays one game (a network table), the result box has no "Play again":
    ``a`` does nothing, the footer does not list it, and Enter leaves the table (the app
    ends with it, so there are no games to go back to)."""
    from textual.app import App
    from textual.widgets import Button

    from cardgames.tui.screens.game_over import GameOverScreen
    from cardgames.tui.settings import AppSettings

    session = new_session(GameSetup("makao", tuple(SeatSpec(n, "random") for n in NAMES),
                                    seed=5))
    play(session, Rng(5), 5000)
    chosen: list[str | None] = []
    screen = GameOverScreen(session, AppSettings(), again=False)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(screen, chosen.append)
        await pilot.pause()
        back = screen.query_one("#back", Button)
        assert not screen.query("#again") and app.focused is back
        assert str(back.label) == "Leave the table", "the app ends with the table"
        footer = " ".join(str(active.binding.description)
                          for active in screen.active_bindings.values() if active.enabled)
        assert "Play again" not in footer and "Back to games" not in footer
        assert "Leave the table" in footer
        await pilot.press("a")
        await pilot.pause()
        assert chosen == [] and app.screen is screen
        await pilot.press("enter")
        await pilot.pause()
        assert chosen == ["back"]
