"""The Trash table through the real app at 80×24, keys only: a whole match against the bot with
a jack placement and a jack replacement, the summary between hands, the chain shown step by
step (every frame naming one player to act, the log never ahead of the table), the winning
layout under the hand's summary, a key during a chain acting at once, refusals, ASCII mode and
the hot-seat hand-over recorded frame by frame."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console, RenderableType
from rich.segment import ControlType
from textual.pilot import Pilot
from textual.screen import Screen

from cardgames.core.cards import Card
from cardgames.session.dealcode import parse_deal
from cardgames.session.setup import GameSetup, SeatSpec, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.boards.trash import HandSummary, LayoutWidget, TrashBoard
from cardgames.tui.render import CardStyle
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screens.table import TableScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.log import LogPanel
from tests.games.trash.builders import position
from tests.tui.drive import deal, find_table, human_to_move, passing
from tests.tui.screen_text import non_ascii, screen_text
from tests.tui.trash_drive import play_turn

SIZE = (80, 24)
FAST = AppSettings(bot_delay=0)
SOLO = GameSetup("trash", default_seats(2, 1), {}, 1)
CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")


def _late_match() -> object:
    """Hand 18: you have 3 positions (a face-up jack on 2), the bot 1. You draw J♣ (put it on
    3: Q♥ comes up), the bot draws K♦, you draw 2♠ (it replaces J♦, which goes on 1 by itself
    and turns up 5♠: you win the hand). In hand 19 both have one position."""
    return position(
        layouts=["5s ^Jd Qh", "Kh"],
        stock="Jc Kd 2s",
        hand_number=18,
        winners=[0] * 7 + [1] * 9 + [0],
        seed=3,
    )


async def _draw_first(pilot: Pilot[None], app: CardGamesApp) -> None:
    """Wait for your first turn, draw with ``d``, and wait for your turn again."""
    await wait_until(pilot, lambda: human_to_move(app))
    await pilot.press("d")
    await wait_until(pilot, lambda: human_to_move(app))


async def test_a_whole_match_by_keys_with_a_jack_placement_and_a_replacement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, _late_match())  # type: ignore[arg-type]
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await _draw_first(pilot, app)
        layout = find_table(app).query_one(LayoutWidget)
        assert layout.has_focus and layout.choices == (1, 3)
        assert "Place jack" in _footer(app)
        await pilot.press("right", "enter")
        await wait_until(pilot, lambda: human_to_move(app))
        view = find_table(app).session.view()
        assert view.layouts[0][2] is not None and view.layouts[0][2].code == "Jc"
        await pilot.press("d")
        await wait_until(pilot, lambda: human_to_move(app))
        assert find_table(app).session.view().phase == "replace"
        assert "Replace jack" in _footer(app) and "Keep jack" in _footer(app)
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, HandSummary))
        text = screen_text(app)
        assert "You win hand 18!" in text and "3 → 2" in text
        await pilot.press("enter")
        for _ in range(60):
            await wait_until(pilot, lambda: human_to_move(app) or type(app.screen).__name__ in (
                "GameOverScreen", "HandSummary"))
            if type(app.screen).__name__ == "GameOverScreen":
                break
            if isinstance(app.screen, HandSummary):
                await pilot.press("enter")
                continue
            await play_turn(pilot, app)
        assert type(app.screen).__name__ == "GameOverScreen"
        text = screen_text(app)
        assert "won 10 hands" in text or "won 9 hands" in text


@pytest.mark.parametrize(("viewer", "names", "title", "last"), [
    (1, ("[red]Boss", "Anna"), "You win hand 1!", "You start the next hand."),
    (0, ("[red]Boss", "Anna"), "Anna wins hand 1", "Anna starts the next hand."),
    (None, ("Bot", "[b]Ann[/b]"), "[b]Ann[/b] wins hand 1", "[b]Ann[/b] starts the next hand."),
    (0, ("Bot", "You"), "You win hand 1!", "You start the next hand."),
])
async def test_the_hand_summary_speaks_to_the_winner_as_its_log_lines_do(
    viewer: int | None, names: tuple[str, str], title: str, last: str,
) -> None:
    """TR-10: the box between hands says "You win" and "You start" to the seat whose view it
    shows (a network table's joiner, a local table's person whatever his name) or to the seat
    called You, as its log lines do; to anyone else it names the winner, as written."""
    won = position(layouts=["Kh Qd", "Kc"], hand_number=2, starter=1, current=1, winners=[1])
    summary = HandSummary(won.view(viewer), names, (), CardStyle())
    app = CardGamesApp(None, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(summary)
        await pilot.pause()
        text = screen_text(app)
    assert title in text and last in text


def _footer(app: CardGamesApp) -> set[str]:
    return {active.binding.description for active in app.screen.active_bindings.values()
            if active.binding.show}


async def test_footer_keys_a_refused_take_and_names_shown_as_typed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(layouts=["Kh Qd Ks Kc Kd Qh ^7c", "Qc Kc"], discard="7s",
                               stock="Kd"))
    seats = (SeatSpec("[b]Ann[/b]"), SeatSpec("[red]Bo", "default"))
    app = CardGamesApp(GameSetup("trash", seats, {}, 1), FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        text = screen_text(app)
        assert "[red]Bo" in text and "[b]Ann[/b]: 7 pos, won 0" in text
        keys = _footer(app)
        assert "Draw" in keys and "Take discard" not in keys and "Place jack" not in keys
        await pilot.press("t")
        await pilot.pause()
        status = str(find_table(app).query_one("#status").render())
        assert "You cannot take 7♠: your position 7 already shows 7♣" in status
        await pilot.press("d")
        await wait_until(pilot, lambda: len(find_table(app).session.history) >= 1)
        assert find_table(app).session.history[0][1].__class__.__name__ == "Draw"


async def test_the_chain_is_shown_step_by_step_with_the_bot_delay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deal(monkeypatch, position(layouts=["Qc Qd Qs Qh 9d Kc Kd Ks 5h Kh", "Kc#1 Kd#1"],
                               stock="5c 2h"))
    shown: list[tuple[str | None, ...]] = []
    logged: list[str] = []
    last_line = [""]
    original = LayoutWidget.set_layout
    original_lines = LogPanel.set_lines

    def record(widget: LayoutWidget, layout: tuple[Card | None, ...], *args: Any,
               **kwargs: Any) -> None:
        cells = tuple(None if c is None else c.code for c in layout)
        if not shown or shown[-1] != cells:
            shown.append(cells)
            logged.append(last_line[0])
        original(widget, layout, *args, **kwargs)

    def record_lines(panel: LogPanel, lines: Any, *args: Any, **kwargs: Any) -> None:
        last_line[0] = lines[-1] if lines else ""
        original_lines(panel, lines, *args, **kwargs)

    turns: list[int | None] = []
    draw_topbar = TableScreen._draw_topbar

    def record_turn(screen: TableScreen) -> None:
        if not turns or turns[-1] != screen.board.acting:
            turns.append(screen.board.acting)
        draw_topbar(screen)

    monkeypatch.setattr(LayoutWidget, "set_layout", record)
    monkeypatch.setattr(LogPanel, "set_lines", record_lines)
    monkeypatch.setattr(TableScreen, "_draw_topbar", record_turn)
    app = CardGamesApp(SOLO, AppSettings(bot_delay=1.5))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        board = find_table(app).query_one(TrashBoard)
        table = find_table(app)
        await pilot.press("d")
        # While the chain is shown, the top bar says whose move it is, and no move, command
        # or hint is offered; once it is shown, the turn passes on screen too.
        await wait_until(pilot, lambda: bool(board._frames))
        assert board.settling and not board.legal
        assert "your turn" in screen_text(app).splitlines()[0]
        assert not {"verb", "command", "hint"} & {
            active.binding.action.split("(")[0] for active in table.active_bindings.values()}
        await wait_until(pilot, lambda: not board._frames and human_to_move(app), limit=3000)
    assert turns == [0, 1, 0], "the top bar turned only once each chain was shown"
    fives = [cells[4] for cells in shown]
    nines = [cells[8] for cells in shown]
    assert list(zip(fives, nines, strict=True)) == [(None, None), ("5c", None), ("5c", "9d")]
    # The log keeps pace with the table: each placement's line comes with its step.
    assert logged[1:] == ["You put 5♣ on 5 and turned up 9♦", "You put 9♦ on 9 and turned up 5♥"]


async def test_ascii_mode_draws_only_ascii_with_six_players() -> None:
    app = CardGamesApp(GameSetup("trash", default_seats(6, 5), {}, 4),
                       AppSettings(bot_delay=0, ascii=True))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        for _ in range(2):
            await play_turn(pilot, app)
            await wait_until(
                pilot, lambda: human_to_move(app) or isinstance(app.screen, HandSummary)
            )
            if isinstance(app.screen, HandSummary):
                await pilot.press("enter")
        assert non_ascii(app) == set()
        text = screen_text(app)
        assert "layout" in text and "stock" in text


class RecordingApp(CardGamesApp):
    """Keeps a text buffer of the screen from every frame, with what was face down then."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.buffer = [[" "] * SIZE[0] for _ in range(SIZE[1])]
        self.frames: list[tuple[str, set[str], int, int | None, int | None]] = []
        self.holder: int | None = None
        self._console = Console(width=SIZE[0], height=SIZE[1], force_terminal=True,
                                color_system=None, legacy_windows=False)

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        if renderable is not None:
            self._paint(renderable)
            session = find_table(self).session
            state = session._state
            hidden = {c.symbol for row in state.hidden for c in row if c is not None}  # type: ignore[attr-defined]
            top = self.screen
            viewer = session.viewer if isinstance(top, TableScreen) else None
            self.frames.append(("\n".join("".join(row) for row in self.buffer), hidden,
                                state.hand_number, self.holder, viewer))  # type: ignore[attr-defined]
        super()._display(screen, renderable)

    def _paint(self, renderable: RenderableType) -> None:
        x = y = 0
        for segment in self._console.render(renderable):
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = int(code[1]), int(code[2])
                continue
            for char in segment.text:
                if char == "\n":
                    x, y = 0, y + 1
                    continue
                if 0 <= y < SIZE[1] and 0 <= x < SIZE[0]:
                    self.buffer[y][x] = char
                x += 1


async def test_hot_seat_hand_overs_cover_the_table_and_no_frame_shows_a_face_down_card() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = RecordingApp(GameSetup("trash", seats, {}, 5), FAST, pass_delay=0)
    names = [seat.name for seat in seats]
    async with app.run_test(size=SIZE) as pilot:
        handovers = 0
        while handovers < 6:
            await wait_until(pilot, lambda: isinstance(app.screen, PassScreen | HandSummary)
                             or passing(app) or human_to_move(app))
            if isinstance(app.screen, PassScreen):
                app.holder = names.index(app.screen.player)
                await pilot.press("enter")
                handovers += 1
            elif isinstance(app.screen, HandSummary) or passing(app):
                await pilot.press("enter")
            else:
                await play_turn(pilot, app)
        await pilot.pause()
    checked = 0
    for text, hidden, hand_number, holder, viewer in app.frames:
        assert viewer is None or viewer == holder, "a table frame for a player not at the terminal"
        if hand_number == 1:
            shown = {match.group(0) for match in CARD.finditer(text)}
            assert not shown & hidden, text
        checked += 1
    assert checked > 20
    assert any(viewer == 1 for *_, viewer in app.frames)


def test_the_turn_box_speaks_of_another_player_not_to_the_viewer() -> None:
    """During a computer's turn the line under "Anna's turn" says what Anna does; the engine's
    own line ("Put J♠ on a face-down position") is an instruction to the player to move."""
    from types import SimpleNamespace

    from cardgames.core.cards import parse_card
    from cardgames.games.trash.moves import JACK, SWAP
    from cardgames.tui.boards.trash import _their_move

    jack = parse_card("Js")
    assert _their_move(SimpleNamespace(phase=JACK, in_hand=jack), "Anna") == \
        "Anna puts J♠ on a face-down position"
    assert _their_move(SimpleNamespace(phase=SWAP, in_hand=parse_card("4s")), "Anna") == \
        "Anna puts 4♠ in place of a jack, or keeps the jack"
    assert _their_move(position(layouts=["Kh 2c", "Kc 3d"], current=1).view(0), "Anna") == \
        "Anna draws from the stock"


@pytest.mark.parametrize(("discard", "line"), [
    ("", "Anna draws from the stock"),
    ("7s", "Anna draws from the stock"),
    ("3c", "Anna draws from the stock or takes 3♣ from the discard pile"),
])
def test_the_turn_box_names_the_discard_pile_only_when_its_top_can_be_taken(
    discard: str, line: str,
) -> None:
    """TR-4: on the first turn of a hand there is no discard pile, and a top card that cannot
    be placed in the mover's layout (7♠ beyond her 4 positions) cannot be taken: the line about
    another player's turn names only the stock then."""
    from cardgames.tui.boards.trash import _their_move

    view = position(layouts=["Kh 2c 4d 5d", "Kc 3d 9h Qs"], discard=discard, current=1).view(0)
    assert _their_move(view, "Anna") == line


async def test_the_first_turn_of_another_player_does_not_mention_the_discard_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-4: while a person waits for the computer's first turn of a hand, the turn box says
    what the computer does without naming a discard pile that is not there yet."""
    deal(monkeypatch, position(layouts=["Kh 2c", "Kc 3d"], current=1, starter=1))
    app = CardGamesApp(SOLO, AppSettings(bot_delay=60))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "Anna draws" in screen_text(app))
        text = screen_text(app)
    assert "Anna draws from the stock" in text and "discard pile" not in text


def _prompt_to_replace() -> object:
    """You draw 2♠ while position 2 shows J♦: TR-5's question, replace the jack or keep it."""
    return position(layouts=["Kh ^Jd Qh Kc Kd", "Kh Kc"], stock="2s")


async def test_enter_at_the_question_to_replace_a_jack_says_to_answer_y_or_n(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-5: Enter while the game asks whether 2♠ replaces the face-up jack answers nothing and
    says which keys do; y then still replaces the jack."""
    deal(monkeypatch, _prompt_to_replace())  # type: ignore[arg-type]
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await _draw_first(pilot, app)
        table = find_table(app)
        assert table.session.view().phase == "replace"
        await pilot.press("enter")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert "Answer y or n: y puts 2♠ in place of the jack, n keeps the jack." in status
        assert table.session.view().phase == "replace" and len(table.session.history) == 1
        await pilot.press("y")
        await wait_until(pilot, lambda: len(table.session.history) == 2)
        assert table.session.history[1][1].__class__.__name__ == "Replace"


def _cursor_after(layout: str, choices: tuple[int, ...], start: int, *keys: str) -> int:
    """Where the jack's cursor ends on ``layout`` (see the builders) after ``keys``."""
    widget = LayoutWidget()
    shown = position(layouts=[layout, "Kc"]).view(0).layouts[0]
    widget.set_layout(shown, choices, CardStyle())
    widget.cursor = start
    for key in keys:
        widget.action_move(*{"up": (0, -1), "down": (0, 1), "left": (-1, 0),
                              "right": (1, 0)}[key])
    return widget.cursor


TWO_ROWS = "^Ac 2c 3c ^4c 5c ^6c ^7c 8c ^9c 10c"
"""Face down: 2, 3, 5 over 8, 10; face up: 1, 4 over 6, 7, 9."""


@pytest.mark.parametrize(("start", "key", "end"), [
    (3, "down", 8),   # straight below 3 is 8
    (2, "down", 8),   # 7 is face up: 8 is the nearest face-down position below
    (5, "down", 10),
    (8, "up", 3),     # 3 is straight above
    (10, "up", 5),
    (3, "up", 3),     # no row above: the cursor stays
    (8, "down", 8),   # no row below
])
def test_up_and_down_go_to_the_nearest_face_down_position_of_the_other_row(
    start: int, key: str, end: int,
) -> None:
    """TR-2, TR-6: a jack goes on a face-down position; ↑ and ↓ move the cursor to the
    nearest one in the other row of the layout, even when the position straight above or below
    is face up, and stay put when that row has none."""
    choices = (2, 3, 5, 8, 10)
    assert _cursor_after(TWO_ROWS, choices, start, key) == end


def test_up_and_down_stay_put_when_the_other_row_has_no_face_down_position() -> None:
    """TR-6: with every position of the lower row face up, ↓ leaves the cursor where it is."""
    layout = "Ac 2c 3c 4c 5c ^6c ^7c ^8c ^9c ^10c"
    assert _cursor_after(layout, (1, 2, 3, 4, 5), 4, "down") == 4


async def test_the_arrows_move_the_jacks_cursor_past_a_face_up_position_in_the_app(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-6 through the app: with 6 face up below 1, ↓ from 1 goes to 7, and Enter puts the
    jack there."""
    deal(monkeypatch, position(layouts=["Kh Kd Qh Kc Kd ^6c Qd Qs", "Kh Kc"], stock="Jc"))
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await _draw_first(pilot, app)
        layout = find_table(app).query_one(LayoutWidget)
        assert layout.cursor == 1
        await pilot.press("down")
        assert layout.cursor == 7
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(find_table(app).session.history) >= 2)
        action = find_table(app).session.history[1][1]
    assert action.__class__.__name__ == "Place" and getattr(action, "position", 0) == 7


THREE = (SeatSpec("You"), SeatSpec("Anna", "normal"), SeatSpec("Bob", "normal"))
"""The table of the play-test: you, then two computer players."""
TOOK = re.compile(r"^(\w+) (?:drew|took) (\S+)")
PUT = re.compile(r"^(\w+) put \S+ on \d+ (?:and turned up|in place of) (\S+)$")
DISCARDED = re.compile(r"^(\w+) discarded (\S+)")


def _three_players(delay: float) -> RecordingApp:
    setup = parse_deal("trash-3-49DC").setup(THREE)
    return RecordingApp(setup, AppSettings(bot_delay=delay))


def _box_card(rows: list[str], left: int) -> str:
    """The card in the pile's box whose inside starts at column ``left`` ("" when empty)."""
    rank, suit = rows[6][left:left + 5].strip(), rows[7][left:left + 5].strip()
    return rank + suit if suit in "♠♥♦♣" and rank else ""


def _whose(text: str) -> str:
    """The player a "your turn" / "Anna's turn" in ``text`` names ("" if none)."""
    turn = re.search(r"(your|Your|\w+'s) turn", text)
    if turn is None:
        return ""
    return "You" if turn.group(1).lower() == "your" else turn.group(1)[:-2]


def _shown_turn(rows: list[str]) -> tuple[str, set[str], str, str, str]:
    """From a frame of the table: the player the top bar names, the players marked ▶ or
    named by the turn box and the status line's hint, the last log line, the discard top and
    the card in hand."""
    named = _whose(rows[0])
    marked = {"You" if name == "Your" else name
              for name in re.findall(r"▶ (\w+)", rows[1] + rows[2] + rows[5])}
    marked.add(_whose(rows[13][:40]))
    if "draws from the stock" in rows[22] or "face-down position" in rows[22]:
        marked.add("You")
    log = [row[41:79].strip() for row in rows[12:21] if row[41:79].strip()]
    return named, marked, log[-1] if log else "", _box_card(rows, 51), _box_card(rows, 60)


def _log_agrees(line: str, discard: str, in_hand: str) -> bool:
    """The table shows what the last log line says: the card drawn, taken or turned up in
    hand, the card discarded on top of the discard pile."""
    for pattern, shown in ((TOOK, in_hand), (PUT, in_hand)):
        match = pattern.match(line)
        if match:
            return match.group(2) == shown
    match = DISCARDED.match(line)
    return match is None or (match.group(2) == discard and not in_hand)


async def test_every_frame_names_the_player_whose_move_is_shown_and_the_log_keeps_pace() -> None:
    """The play-test's deal: you draw, then Anna and Bob move. In every frame the top bar and
    the ▶ mark name the same player, the one whose chain is shown, and the last log line is
    what the table shows (Anna's take is logged with the card gone from the discard pile)."""
    app = _three_players(0.2)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        board = find_table(app).board
        start = len(app.frames)
        await pilot.press("d")
        await wait_until(pilot, lambda: len(find_table(app).session.history) == 3, limit=2000)
        await wait_until(pilot, lambda: not board.settling, limit=2000)
        await pilot.pause(0.1)
    shown = [_shown_turn(text.splitlines()) for text, *_ in app.frames[start:]]
    for named, marked, line, discard, in_hand in shown:
        assert marked == {named}, (named, marked, line)
        assert _log_agrees(line, discard, in_hand), (line, discard, in_hand)
    assert {"Anna", "Bob"} <= {named for named, *_ in shown}, "each one's turn is marked"
    movers = [(named, line.split()[0]) for named, _, line, _, in_hand in shown if in_hand]
    assert all(named == mover for named, mover in movers), movers


async def test_the_winning_placement_is_drawn_before_the_hands_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """You draw 3♣ for your last face-down position (it hides 5♥): even at instant bot speed
    the completed layout is shown before the summary comes up, and stays under it until the
    summary is closed; then the next hand is drawn."""
    deal(monkeypatch, position(layouts=["^As ^2s 5h", "Kh Kd Kc"], stock="3c"))
    before: list[str] = []
    pause_for = TableScreen._pause_for

    def record(screen: TableScreen, interlude: Any) -> None:
        before.append(screen_text(screen.app))
        pause_for(screen, interlude)

    monkeypatch.setattr(TableScreen, "_pause_for", record)
    app = CardGamesApp(SOLO, FAST)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        table = find_table(app)
        layout = table.query_one(LayoutWidget)
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, HandSummary))
        (completed,) = before
        assert "3♣" in completed and "5♥" in completed and "You win" not in completed
        assert [None if cell is None else cell.code for cell in layout.cells] == [
            "As", "2s", "3c"]
        assert "You win hand 1!" in screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, HandSummary))
        await pilot.pause()
        assert layout.cells == (None, None), "the next hand: two positions, face down"


@pytest.mark.parametrize("keys", [("h",), ("colon", "d", "r", "a", "w")])
async def test_h_then_enter_while_a_chain_is_shown_plays_the_hint_at_once(
    monkeypatch: pytest.MonkeyPatch, keys: tuple[str, ...],
) -> None:
    """Your turn comes while the computer player's chain is still shown: ``h`` shows the
    chain's end and the hint, and Enter right after plays it; the command bar (a priority
    key) opens just as well. No key is lost."""
    deal(monkeypatch, position(layouts=["Qc Qd Qs Qh 9d Kc Kd Ks 5h Kh", "Kc#1 Kd#1"],
                               stock="Ks#1 2h"))
    # Each step of the chain is shown for 2 s, long enough to be caught on a busy machine;
    # the keys end the wait at once.
    app = CardGamesApp(SOLO, AppSettings(bot_delay=2.0))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))
        table = find_table(app)
        board = table.board
        await pilot.press("d")
        await wait_until(pilot, lambda: board.settling and len(table.session.history) == 2,
                         limit=3000)
        assert human_to_move(app), "the bot has moved; its chain is being shown"
        await pilot.press(*keys)
        await pilot.pause(0.15)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.session.history) == 3, "the move was played"
        assert str(table.session.history[2][1]) == "draw"
