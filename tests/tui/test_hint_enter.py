"""``h`` then Enter plays exactly the hinted move on every board, a card move (whatever card is
under the cursor) or a word move (draw, ready); any other key gives Enter its meaning back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cardgames.core.engine import Action
from cardgames.core.rng import Rng
from cardgames.games.common import CardGame
from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.screenshots import wait_until
from cardgames.tui.settings import AppSettings
from cardgames.tui.widgets.hand import HandWidget
from cardgames.tui.widgets.table_row import TableRow
from tests.tui.drive import human_to_move, table
from tests.tui.screen_text import screen_text
from tests.tui.shithead_drive import FakeClock


def _is_card_move(action: Action) -> bool:
    return any(hasattr(action, name) for name in ("cards", "card", "position"))


class _Picker:
    """A hint bot that suggests the last card move, or the first word move, as asked."""

    want = "card"

    def choose(self, view: Any, legal: Sequence[Action], rng: Rng) -> Action:
        cards = [a for a in legal if _is_card_move(a)]
        words = [a for a in legal if not _is_card_move(a)]
        if _Picker.want == "card":
            return (cards or words)[-1]
        return (words or cards)[0]


@pytest.mark.parametrize(("game", "kinds"), [
    ("makao", ("word", "card")),
    ("shithead", ("word", "card")),
    ("spite_malice", ("card",)),
    ("trash", ("word", "card")),
    ("zoliky", ("word", "card")),
])
async def test_enter_after_h_plays_the_hinted_move(
    monkeypatch: pytest.MonkeyPatch, game: str, kinds: tuple[str, ...],
) -> None:
    monkeypatch.setattr(CardGame, "bots", lambda self: {"normal": _Picker})
    setup = GameSetup(game, default_seats(2, 1), {}, 3)
    app = CardGamesApp(setup, AppSettings(bot_delay=0), clock=FakeClock())
    async with app.run_test(size=(100, 30)) as pilot:
        seen: set[str] = set()
        for _ in range(8):
            await wait_until(pilot, lambda: human_to_move(app))
            screen = table(app)
            assert screen is not None
            _Picker.want = next((k for k in kinds if k not in seen), "card")
            await pilot.press("h")
            hint = screen._hint
            assert hint is not None and screen.note.startswith("Hint: ")
            kind = "card" if _is_card_move(hint) else "word"
            moves = len(screen.session.history)
            if kind == "card" and "right" not in seen:
                # The cursor moves: the hint is dropped and Enter has its own meaning again.
                await pilot.press("right")
                assert screen._hint is None
                seen.add("right")
                await pilot.press("h")
                hint = screen._hint
            await pilot.press("enter")
            await pilot.pause()
            assert screen.session.history[moves] == (0, hint), kind
            seen.add(kind)
            if seen.issuperset(kinds):
                break
        assert seen.issuperset(kinds)


def _marks(screen: Any) -> list[Any]:
    """What is still selected or picked anywhere on the table (hand cards, table cards, a
    card with its destination chosen)."""
    rows = [*screen.query(HandWidget), *screen.query(TableRow)]
    return [*(row for row in rows if row.selection),
            *(widget for widget in screen.query("*") if getattr(widget, "picking", None))]


@pytest.mark.parametrize("game", ["makao", "shithead", "spite_malice", "trash", "zoliky"])
async def test_a_cursor_key_after_h_drops_the_hint_whole(
    monkeypatch: pytest.MonkeyPatch, game: str,
) -> None:
    """``h`` marks a card move; Home (any key but the hint's Enter) drops the hint whole: its
    marks on the table and its status line go, so Enter then acts on the card under the
    cursor, never on the card the hint chose."""
    monkeypatch.setattr(CardGame, "bots", lambda self: {"normal": _Picker})
    _Picker.want = "card"
    setup = GameSetup(game, default_seats(2, 1), {}, 3)
    app = CardGamesApp(setup, AppSettings(bot_delay=0), clock=FakeClock())
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(8):
            await wait_until(pilot, lambda: human_to_move(app))
            screen = table(app)
            assert screen is not None
            await pilot.press("h")
            if _is_card_move(screen._hint):
                break
            # A word move (a draw) marks nothing: play it and look again next turn.
            await pilot.press("enter")
            await pilot.pause()
        assert "Hint: " in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert screen._hint is None
        assert _marks(screen) == []
        assert "Hint: " not in screen_text(app)


async def test_the_footer_names_enter_play_the_hint_while_a_hint_is_shown() -> None:
    setup = GameSetup("makao", default_seats(2, 1), {}, 3)
    app = CardGamesApp(setup, AppSettings(bot_delay=0), clock=FakeClock())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: human_to_move(app))

        def footer() -> str:
            return screen_text(app).splitlines()[-1]

        assert "Play the hint" not in footer()
        await pilot.press("h")
        await wait_until(pilot, lambda: "⏎ Play the hint" in footer())
