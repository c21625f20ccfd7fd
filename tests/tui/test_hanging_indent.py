"""Log lines too long for their box go on under their own text, further in (a hanging indent):
on the pass screen's "Last moves", in the table's log panel and on the log screen; player names
show as typed, never as markup."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.log import numbered_log
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.log import HangingLines, LogPanel
from tests.tui.drive import table_when_my_turn
from tests.tui.screen_text import screen_text

ANN, BOB = "[bold]Ann[/b", "[red]Bob]"
LONG = f"{BOB} played 4♥ 4♣ — {ANN} must wait 2 turns or answer with a 4 of any suit"


def _rows(text: str, start: str, count: int) -> list[str]:
    """``count`` screen rows from the one holding ``start``, each from where ``start`` begins,
    box edges cut off."""
    lines = text.splitlines()
    first = next(n for n, line in enumerate(lines) if start in line)
    column = lines[first].index(start)
    return [line[column:].rstrip(" ┃│▎▊").rstrip() for line in lines[first:first + count]]


async def test_the_pass_screen_hangs_a_long_move_under_its_text() -> None:
    recent = (f"{ANN} drew a card", LONG, "Cyril drew 2 cards")
    app = CardGamesApp(None, AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(PassScreen(ANN, recent, CardStyle(), app.keys))
        await pilot.pause()
        text = screen_text(app)
        assert f"Pass the terminal to {ANN}, then press Enter" in text, "the name as typed"
        moves = _rows(text, "Last moves:", 5)
        assert moves[0] == "Last moves:"
        assert moves[1] == f"  {ANN} drew a card"
        assert moves[2].startswith(f"  {BOB} played 4♥ 4♣ — {ANN} must wait")
        assert moves[3].startswith("    ") and moves[3].strip().endswith("of any suit"), moves
        assert moves[4] == "  Cyril drew 2 cards"
        assert " ".join(" ".join(moves[2:4]).split()) == LONG, "nothing lost at the break"


async def test_the_table_log_panel_hangs_a_long_line_under_its_text() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 7), AppSettings(bot_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await table_when_my_turn(pilot, app)
        screen.query_one(LogPanel).set_lines(("Anna drew a card", LONG, "short"), CardStyle())
        await pilot.pause()
        rows = _rows(screen_text(app), "Anna drew", 6)
        assert rows[0] == "Anna drew a card"
        assert rows[1].startswith(f"{BOB} played")
        continued = [row for row in rows[2:] if row.startswith("  ")]
        assert continued and all(row[2] != " " for row in continued)
        assert rows[2 + len(continued)] == "short"
        assert " ".join(" ".join(rows[1:2 + len(continued)]).split()) == LONG


def test_the_log_screen_goes_on_under_the_text_not_the_numbers() -> None:
    console = Console(width=30, record=True, color_system=None)
    console.print(numbered_log(["drew", *["x"] * 8, LONG], CardStyle()))
    lines = console.export_text().splitlines()
    assert lines[0] == " 1 drew"
    assert lines[9].startswith(f"10 {BOB} played")
    assert all(line.startswith("   ") and line[3] != " " for line in lines[10:])


def test_a_word_wider_than_the_row_is_folded_and_every_row_fits() -> None:
    console = Console(width=12, record=True, color_system=None)
    console.print(HangingLines([(Text("- "), Text("abcdefghijklmnopqrstuvwxyz end"))]))
    assert console.export_text().splitlines() == [
        "- abcdefghij", "    klmnopqr", "    stuvwxyz", "    end"]
