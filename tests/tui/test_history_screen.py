"""The History screen with many finished games: the title and the hint stay at the top, only the
list scrolls (one scrollbar, inside its box), and every entry is one line, at 80×24 and at the
smallest size the screen is drawn in."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from cardgames.session.history import PastGame, history
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.session.stats import stats_path
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.history import HistoryScreen, fit_names, history_entry
from cardgames.tui.screens.picker import PickerScreen
from cardgames.tui.screens.replay import ReplayScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.session.play import save_finished
from tests.tui.screen_text import screen_text

FAST = AppSettings(bot_delay=0)
NAMES = ("You", "Anna", "Bob", "Maximilián A", "Cyril", "Dana")
GAMES = {"makao": 6, "shithead": 4, "spite_malice": 4, "zoliky": 6, "trash": 6}
"""Each game and its most players."""
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")
RESULT = re.compile(r" (won|tied)  |  no winner  ")


def _thirty_finished_games() -> None:
    """30 finished games of every game, of two players up to each game's most, the names the
    set-up's longest too."""
    for number in range(30):
        game = list(GAMES)[number % len(GAMES)]
        count = 2 + number % (GAMES[game] - 1)
        seats = (SeatSpec(NAMES[0]), *(SeatSpec(name, "random") for name in NAMES[1:count]))
        options = {"target": 0} if game == "zoliky" else {}
        save_finished(GameSetup(game, seats, options, number), START + timedelta(hours=7 * number))


def _list_rows(text: str) -> list[str]:
    """The rows inside the History list's box (between its top and bottom edges)."""
    lines = text.splitlines()
    top = next(n for n, line in enumerate(lines) if "╭" in line)
    bottom = next(n for n, line in enumerate(lines) if "╰" in line)
    return [line.strip().strip("│▁▂▃▄▅▆▇█▎▊ ").strip() for line in lines[top + 1:bottom]]


@pytest.mark.parametrize("size", [(80, 24), (72, 19), (72, 16)])
async def test_thirty_games_scroll_inside_the_list_one_line_each(size: tuple[int, int]) -> None:
    _thirty_finished_games()
    games = history(stats_path())
    assert len(games) == 30
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PickerScreen))
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen))
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        listing = screen.query_one("#history")
        for key in (None, "end", "pageup", "home"):
            if key:
                await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            text = screen_text(app)
            lines = text.splitlines()
            assert lines[0].strip() == "History", (key, text)
            assert "Finished games, most recent first" in lines[4], (key, text)
            assert screen.max_scroll_y == 0 and not screen.show_vertical_scrollbar, \
                "the screen itself never scrolls"
            assert listing.show_vertical_scrollbar and listing.max_scroll_y > 0, \
                "the list scrolls, its scrollbar inside its border"
            rows = _list_rows(text)
            assert len(rows) == listing.scrollable_content_region.height
            titles = ("Makao", "Shithead", "Spite & Malice", "Žolíky", "Trash")
            for row in rows:
                assert row.startswith(titles), (key, row, text)
                assert DATE.search(row) and RESULT.search(row) and " moves  " in row, (key, row)
            top = screen.query_one("#history").scroll_offset.y
            assert rows[0].startswith(games[top].title)
        assert screen.query_one("#history").scroll_offset.y == 0
        footer = screen_text(app).splitlines()[-1]
        assert "Enter Replay" in footer.replace("⏎", "Enter") and "Back" in footer, footer
        await pilot.press("end", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.replay.record.id == games[-1].id


def _past(names: tuple[str, ...], winners: tuple[str, ...], title: str = "Spite & Malice",
          deal: str = "spite_malice-4-r-7XK2A") -> PastGame:
    return PastGame(id="x", title=title, seats=tuple(SeatSpec(name) for name in names),
                    winners=winners, moves=1234, finished=START, deal=deal)


def test_an_entry_is_cut_to_its_width_keeping_the_result_and_the_date() -> None:
    when = START.astimezone().strftime("%Y-%m-%d %H:%M")
    short = _past(("You", "Anna"), ("Anna",), "Makao", "makao-2-A")
    assert history_entry(short, 71).plain == (
        f"Makao  You, Anna  Anna won  1234 moves  {when}  makao-2-A")
    crowd = _past(("You", "Maximilián A", "Anna", "Bob"), ("Maximilián A",))
    line = history_entry(crowd, 71).plain
    assert line == f"Spite & Malice  You, …  Maximilián A won  1234 moves  {when}", \
        "as many whole names as fit; the deal code makes room"
    line = history_entry(crowd, 60).plain
    assert line == f"Spite & Malice  …  Maximilián…  1234 moves  {when}", "the result is cut last"
    tie = _past(("Maximilian Alexander", "Humboldt-Strasse"), ("Maximilian Alexander",
                                                              "Humboldt-Strasse"))
    line = history_entry(tie, 65, ascii=True).plain
    assert line == f"Spite & Malice  M...  Maximilian...  1234 moves  {when}", "ASCII dots"


def test_a_cut_list_of_players_always_ends_in_an_ellipsis() -> None:
    """Where the first name fits but not with ", …" after it, the list is cut with "…", so
    a game of three never reads as a game of one."""
    assert fit_names(["[i]Ivy[/i]", "Anna", "Bob"], 12) == "[i]Ivy[/i],…"
    assert fit_names(["[i]Ivy[/i]", "Anna", "Bob"], 10) == "[i]Ivy[/i…"
    assert fit_names(["[i]Ivy[/i]"], 10) == "[i]Ivy[/i]"
