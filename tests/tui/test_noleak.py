"""No frame ever shows the hand of a human who does not hold the terminal (hot-seat)."""

from __future__ import annotations

import re

from rich.console import Console, RenderableType
from rich.segment import ControlType
from textual.screen import Screen

from cardgames.core.cards import Card
from cardgames.session.setup import GameSetup, SeatSpec
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screens.pass_screen import PassScreen
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from tests.tui.drive import human_to_move, passing, play_one_turn, table

WIDTH, HEIGHT = 80, 24
CARD = re.compile(r"(10|[2-9AJQK])([♠♥♦♣])")


class RecordingApp(CardGamesApp):
    """Keeps a full-screen text buffer up to date from every frame the app sends out."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.buffer = [[" "] * WIDTH for _ in range(HEIGHT)]
        self.frames: list[tuple[str, dict[int, tuple[Card, ...]], int | None]] = []
        self.holder: int | None = None
        self._console = Console(width=WIDTH, height=HEIGHT, force_terminal=True,
                                color_system=None, legacy_windows=False)

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        if renderable is not None:
            self._paint(renderable)
            self.frames.append(("\n".join("".join(row) for row in self.buffer),
                                self._hands(), self.holder))
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
                if 0 <= y < HEIGHT and 0 <= x < WIDTH:
                    self.buffer[y][x] = char
                x += 1

    def _hands(self) -> dict[int, tuple[Card, ...]]:
        screen = table(self)
        if screen is None:
            for candidate in self.screen_stack:
                session = getattr(candidate, "session", None)
                if session is not None:
                    return {seat: session.view_for(seat).hand for seat in session.humans}
            return {}
        session = screen.session
        return {seat: session.view_for(seat).hand for seat in session.humans}


async def test_no_frame_shows_the_hand_of_a_player_not_at_the_terminal() -> None:
    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = RecordingApp(GameSetup("makao", seats, {}, 5), AppSettings(bot_delay=0), pass_delay=0)
    names = [seat.name for seat in seats]
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        handovers = 0
        while handovers < 6:
            await wait_until(
                pilot, lambda: isinstance(app.screen, PassScreen) or human_to_move(app)
                or passing(app)
            )
            if passing(app):
                # The player who just moved looks at the table, then passes it on.
                await pilot.press("enter")
            elif isinstance(app.screen, PassScreen):
                # The named player takes the terminal, then presses Enter.
                app.holder = names.index(app.screen.player)
                await pilot.press("enter")
                handovers += 1
            else:
                await play_one_turn(pilot, app)
        await pilot.pause()
    checked = 0
    for text, hands, holder in app.frames:
        shown = {match.group(0) for match in CARD.finditer(text)}
        for seat, hand in hands.items():
            if seat != holder:
                assert not shown & {card.symbol for card in hand}, (seat, holder, text)
        checked += 1
    assert checked > 20
    bob_seen = [text for text, hands, holder in app.frames
                if holder == 1 and any(card.symbol in text for card in hands[1])]
    assert bob_seen, "the recorder must see Bob's hand once he holds the terminal"


async def test_the_player_who_drew_sees_his_card_before_passing_on() -> None:
    from cardgames.tui.widgets.hand import HandWidget
    from tests.tui.drive import passing

    seats = (SeatSpec("Anna"), SeatSpec("Bob"))
    app = RecordingApp(GameSetup("makao", seats, {}, 5), AppSettings(bot_delay=0), pass_delay=0)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        app.holder = 0
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        screen = table(app)
        assert screen is not None
        session = screen.session
        before = set(session.view_for(0).hand)
        await pilot.press("d")
        await pilot.pause()
        if session.current_player == 0:
            await pilot.press("p")
        await wait_until(pilot, lambda: passing(app))
        drawn = set(session.view_for(0).hand) - before
        assert drawn and drawn <= set(screen.query_one(HandWidget).cards), "Anna sees her card"
        status = str(screen.query_one("#status").render())
        assert "You drew" in status and "press Enter to pass to Bob" in status
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, PassScreen))
        app.holder = 1
        await pilot.press("enter")
        await wait_until(pilot, lambda: human_to_move(app))
        await pilot.pause()
    anna_frames = [hands for _, hands, holder in app.frames if holder == 0]
    assert anna_frames
    for text, hands, holder in app.frames:
        if holder == 0:
            shown = {match.group(0) for match in CARD.finditer(text)}
            assert not shown & {card.symbol for card in hands[1]}, text
    assert any(holder == 0 and any(card.symbol in text for card in drawn)
               for text, _, holder in app.frames), "a frame shows Anna the card she drew"
