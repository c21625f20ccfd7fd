"""Players' names where a table is short of room: shortened together so that no two read alike
(seat boxes, score tables), measured in display cells so that the words after them line up
(an emoji takes two), never cut while the line has room; the top bar's deal code shows whole
or not at all."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from cardgames.core.rng import Rng
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.spite_malice import players_text
from cardgames.tui.boards.trash import HandSummary
from cardgames.tui.boards.zoliky import score_table
from cardgames.tui.names import short_names
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.game_over import result_text
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.board import TableInfo
from cardgames.tui.widgets.seats import SeatBox, SeatInfo, notes_below, seat_titles
from cardgames.tui.widgets.zone import open_hands_text
from tests.games.spite_malice.builders import position as spite_malice_position
from tests.games.trash.builders import position as trash_position
from tests.games.zoliky.builders import position as zoliky_position
from tests.session.play import new_session, play
from tests.tui.drive import deal, find_table, human_to_move, screen_name, table
from tests.tui.screen_text import screen_text

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
ALIKE = tuple(f"WWWWWWWWWW{n}{n}" for n in range(3, 9))
PLAYERS = tuple(f"Player {n}" for n in range(1, 7))


def _seats(names: tuple[str, ...]) -> tuple[SeatSpec, ...]:
    """The first name a person's, the others computer players'."""
    return (SeatSpec(names[0]), *(SeatSpec(name, "normal") for name in names[1:]))


def _column_after(line: str, name: str) -> int:
    """The screen column (in cells) where the words after ``name`` start on ``line``."""
    after = line.index(name) + len(name)
    return cell_len(line[:after]) + len(line[after:]) - len(line[after:].lstrip())


# ---------------------------------------------------------------- the shared helper


def test_a_name_that_fits_stays_whole_and_a_longer_one_is_cut_at_its_end() -> None:
    assert short_names(("Maximilianus", "Bob"), 8) == ["Maximil…", "Bob"]
    assert short_names(("Maximilianus", "Bob"), 8, ascii=True) == ["Maximil~", "Bob"]
    assert short_names(("Bob 1 Smith", "Bob 2 Smith"), 7) == ["Bob 1…", "Bob 2…"]


def test_names_alike_at_the_start_keep_their_distinguishing_ends() -> None:
    assert short_names(ALIKE, 6) == [f"WWW…{n}{n}" for n in range(3, 9)]
    assert short_names(PLAYERS, 7) == [f"Pla…r {n}" for n in range(1, 7)]
    assert short_names(("山田太郎一号", "山田太郎二号"), 7) == ["山…一号", "山…二号"]
    for names in (ALIKE, PLAYERS, ("Anna Maria 1", "Anna Maria 2", "Anna Marie 1")):
        for width in range(5, 13):
            shortened = short_names(names, width)
            assert len(set(shortened)) == len(names), (width, shortened)
            assert all(cell_len(name) <= width for name in shortened), (width, shortened)
    one_narrower = short_names(PLAYERS[:2], [5, 7])
    assert one_narrower == ["Pl…1", "Pla…r 2"]


# ---------------------------------------------------------------- seat boxes


def test_the_seat_titles_of_a_strip_never_read_alike() -> None:
    seats = [SeatInfo(name, cards=12, current=number == 0) for number, name in enumerate(ALIKE)]
    titles = seat_titles(seats, CardStyle(), 13)
    assert titles[0] == "▶ WW…33" and titles[1] == "WWW…W44", titles
    assert len(set(titles)) == 6 and all(cell_len(title) <= 7 for title in titles)
    you = seat_titles([SeatInfo("Anna", cards=3, you=True), SeatInfo("Bob", cards=3)],
                      CardStyle(), 20)
    assert you == ["Anna (you)", "Bob"]


def test_one_note_below_puts_every_note_of_the_strip_below() -> None:
    """Never "▮ 12 0 pts" (one back for twelve cards beside a score) in one box and
    "▮▮▮▮▮ 12" over "0 pts" in a box as wide beside it."""
    seats = (SeatInfo("A", cards=12, note="0 pts"), SeatInfo("B", cards=12, note="120 pts"))
    assert notes_below(seats, CardStyle(), 12)
    assert not notes_below(seats, CardStyle(), 16)
    assert not notes_below((SeatInfo("A", cards=12),), CardStyle(), 4)


async def test_six_names_alike_stay_apart_on_the_seat_boxes_and_the_score_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Žolíky, six seats named WWWWWWWWWW33 … WWWWWWWWWW88 at 80×24: every box title and
    every column of the S table names its seat apart from the others, and every box shows
    its backs, count and score alike."""
    hands = [["Qh", "4s"], ["2s", "5d"], ["9h", "Js"], ["3c", "4c"], ["5c", "6c"], ["7c", "8c"]]
    deal(monkeypatch, zoliky_position(
        hands, stock=["Kc", "3d", "9c"], discard=["10d"], phase="draw", dealer=5, round=2,
        target=500, results=[{"round": 1, "closer": 1, "from_hand": False,
                              "points": [0, 0, 0, 0, 0, 0]}],
    ))
    app = CardGamesApp(GameSetup("zoliky", _seats(ALIKE), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.pause()
        boxes = list(find_table(app).query(SeatBox))
        titles = [str(box.border_title).removeprefix("▶ ") for box in boxes]
        assert len(set(titles)) == 6, titles
        for title, name in zip(titles, ALIKE, strict=True):
            assert title.endswith(name[-2:]), titles
        bodies = [str(box.render()).splitlines() for box in boxes]
        assert all(body == ["▮▮ 2", "0 pts"] for body in bodies), bodies
        await pilot.press("S")
        await wait_until(pilot, lambda: screen_name(app) == "ScoreTable")
        await pilot.pause()
        heading = next(line for line in screen_text(app).splitlines() if "Round" in line)
        columns = heading.split()[2:-1]
        assert len(set(columns)) == 6 and all(
            column.endswith(name[-2:]) for column, name in zip(columns, ALIKE, strict=True)), (
            heading)


async def test_six_default_names_stay_apart_on_the_seat_boxes() -> None:
    app = CardGamesApp(GameSetup("makao", _seats(PLAYERS), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.pause()
        titles = [str(box.border_title) for box in find_table(app).query(SeatBox)]
    assert titles == ["▶ Pl…1", *(f"Pla…r {n}" for n in range(2, 7))], titles


# ---------------------------------------------------------------- columns in cells


def test_the_result_lines_up_after_a_name_with_an_emoji() -> None:
    names = ("Žofie 🃏", "Al", "Bartholomew")
    session = new_session(GameSetup("makao", tuple(SeatSpec(n, "random") for n in names), {}, 5))
    play(session, Rng(5), 5000)
    assert session.is_over
    lines = result_text(session).plain.splitlines()
    columns = {_column_after(line, next(n for n in names if n in line)) for line in lines}
    assert len(columns) == 1, lines


def test_the_open_hands_and_the_score_table_line_up_after_a_name_with_an_emoji() -> None:
    view = zoliky_position([["2s", "Kd"], ["3h"]]).view(0)
    names = ("Žofie 🃏", "Al")
    text = open_hands_text(names, ((view.hand[0], view.hand[1]), (view.hand[0],)), CardStyle())
    lines = text.plain.splitlines()
    assert _column_after(lines[0], names[0]) == _column_after(lines[1], names[1]), lines
    finished = zoliky_position(
        [["2s"], ["Kd"]], target=500,
        results=[{"round": 1, "closer": 1, "from_hand": False, "points": [64, 0]}],
    ).view(0)
    rows = score_table(finished, names, False).plain.splitlines()[:3]
    assert len({cell_len(row) for row in rows}) == 1, rows


async def test_the_hand_summary_lines_up_after_a_name_with_an_emoji() -> None:
    names = ("Žofie 🃏", "Anna")
    won = trash_position(layouts=["Kh Qd", "Kc"], hand_number=2, starter=1, current=1,
                         winners=[1])
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(HandSummary(won.view(0), names, (), CardStyle()))
        await pilot.pause()
        lines = [line for line in screen_text(app).splitlines()
                 if " won " in line and any(name in line for name in names)]
    assert len(lines) == 2 and len({cell_len(line[:line.index("won")]) for line in lines}) == 1


# ---------------------------------------------------------------- room used


async def test_the_players_box_shows_a_name_whole_while_the_line_has_room() -> None:
    """Spite & Malice: "Žofie [i]x (normal)" whole, not "Žofie …", at 80×24."""
    app = CardGamesApp(GameSetup("spite_malice", _seats(("Bob", "Žofie [i]x")), {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.pause()
        assert "Žofie [i]x (normal) hand" in screen_text(app)


def test_the_players_box_shortens_names_alike_apart_only_where_it_must() -> None:
    view = spite_malice_position(hands=["2d", "3d", "4d", "5d"]).view(0)
    info = TableInfo(names=("Bob", *ALIKE[:3]), bots=frozenset({1, 2, 3}), viewer=0, log=(),
                     style=CardStyle(), levels={1: "normal", 2: "normal", 3: "normal"})
    wide = players_text(view, info, 76).plain.splitlines()
    assert all(f"{name} (normal)" in line for name, line in zip(ALIKE, wide, strict=False))
    narrow = players_text(view, info, 56).plain.splitlines()
    labels = [line[2:line.index(" hand")].strip() for line in narrow]
    assert len(set(labels)) == 3 and all(label.endswith(" (normal)") for label in labels), labels
    assert all(cell_len(line) <= 56 for line in narrow), narrow


@pytest.mark.parametrize(("name", "title"), [
    ("Al", "▶ Al's layout: 10 pos, won 0"),
    ("[b]Bob[/b]", "▶ [b]Bob[/b]: 10 pos, won 0"),
])
async def test_the_own_layout_title_gives_up_words_before_the_name(name: str, title: str) -> None:
    """Trash: the own layout's box is 40 cells wide at any size; where its whole title does
    not fit, the word "layout" goes, and the figures and the name stay whole."""
    app = CardGamesApp(GameSetup("trash", _seats((name, "Anna")), {}, 1), FAST)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.pause()
        text = screen_text(app)
    assert f"─ {title} ─" in text, text


# ---------------------------------------------------------------- the top bar


@pytest.mark.parametrize("width", [80, 110])
async def test_the_top_bar_shows_the_deal_code_whole_or_not_at_all(
    monkeypatch: pytest.MonkeyPatch, width: int,
) -> None:
    """Spite & Malice with a long name to move: at 80 columns "deal" goes with its code."""
    deal(monkeypatch, spite_malice_position(hands=["2d 5h", "4c 9d"], current=1, full=True))
    setup = GameSetup("spite_malice", (SeatSpec("Bob"), SeatSpec("Žofie [i]x", "normal")), {},
                      123456781)
    app = CardGamesApp(setup, AppSettings(bot_delay=30))
    async with app.run_test(size=(width, 24)) as pilot:
        await wait_until(pilot, lambda: table(app) is not None)
        await pilot.pause()
        topbar = str(find_table(app).query_one("#topbar", Static).render())
    assert "Žofie [i]x's turn (computer, normal)" in topbar
    if width == 80:
        assert "deal" not in topbar, topbar
    else:
        assert topbar.rstrip().endswith("deal spite_malice-2-3NQK8D"), topbar
