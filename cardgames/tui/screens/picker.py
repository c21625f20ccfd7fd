"""The game picker: "Continue" entries for the unfinished games (most recent first), then the five
games of the collection; those not yet playable are "coming soon".

Lists games from the registry and the saved records only: no game engine or board is imported
until a game is chosen.
"""

from __future__ import annotations

import contextlib
import textwrap
from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.core import registry
from cardgames.core.registry import GameInfo
from cardgames.session.savefile import SavedGame, damaged_notice, records_dir, saved_games
from cardgames.tui.navigation import ResumeGame
from cardgames.tui.render import shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of

BLURB_WIDTH = 62
"""Cells a blurb line takes, so the list fits 80 columns with every line indented."""

LINE_WIDTH = 70
"""Cells an entry's line has in the list at 80 columns."""


def game_entry(number: int, info: GameInfo, *, ascii: bool = False,
               width: int = BLURB_WIDTH) -> Text:
    """One picker entry: number, title, player range, and the blurb (or "coming soon") wrapped
    under the title.

    Args:
        number: The key that picks it (1-based).
        info: The game.
        ascii: Plain ASCII only (``--ascii``).
        width: Cells a blurb line may take (less than :data:`BLURB_WIDTH` in a narrow list).
    """
    text = Text()
    text.append(f" {number}  ", style="bold #ffd75f" if info.playable else "#6c6c6c")
    text.append(f"{shown(info.title, ascii):<16}", style="bold" if info.playable else "#8a8a8a")
    text.append(shown(f"{info.min_players}–{info.max_players} players   ", ascii),
                style="#9a9a9a")
    if not info.playable:
        text.append("coming soon", style="italic #af87ff")
    for line in textwrap.wrap(shown(info.blurb, ascii), width):
        text.append("\n     ")
        text.append(line, style="#b8b8b8" if info.playable else "#6c6c6c")
    return text


def when_played(saved: float, now: datetime | None = None) -> str:
    """When a saved game was last played, briefly, in local time: "today 14:05",
    "yesterday 9:30" or "2026-12-01 14:05".

    Args:
        saved: When its record was last written (seconds since the epoch).
        now: The current time (None: now).
    """
    moment = datetime.fromtimestamp(saved).astimezone()
    today = (now or datetime.now()).astimezone().date()
    clock = f"{moment.hour}:{moment.minute:02d}"
    if moment.date() == today:
        return f"today {clock}"
    if moment.date() == today - timedelta(days=1):
        return f"yesterday {clock}"
    return f"{moment:%Y-%m-%d} {clock}"


def continue_notes(games: Sequence[SavedGame], now: datetime | None = None) -> list[str]:
    """The line under each "Continue" entry, so that no two entries read the same: when the
    game was last played, and, for games that still read alike (begun in the same minute),
    their deal codes.

    Args:
        games: The unfinished games listed.
        now: The current time (None: now).

    Returns:
        One note per game, such as "last played today 14:05" or "last played today 14:05,
        deal makao-4-7XK2"; a game played in another window now says so ("…, open in another
        window now").
    """
    from cardgames.session.dealcode import deal_code
    from cardgames.session.lock import held_elsewhere

    notes = [f"last played {when_played(saved.saved, now)}" for saved in games]
    alike = Counter(zip(notes, (saved.description for saved in games), strict=True))
    for index, saved in enumerate(games):
        if alike[notes[index], saved.description] > 1:
            with contextlib.suppress(ValueError):  # a game or option this version does not know
                notes[index] += f", deal {deal_code(saved.record.setup)}"
        if held_elsewhere(saved.path):
            notes[index] += ", open in another window now"
    return notes


def continue_entry(saved: SavedGame, *, ascii: bool = False, width: int = LINE_WIDTH,
                   note: str = "") -> Text:
    """One "Continue: Makao, you and 3 computer players, 41 moves" entry; a description longer
    than the line goes on under itself, indented like a blurb, and so does ``note`` (dimmed).

    Args:
        saved: The unfinished game.
        ascii: Plain ASCII only (``--ascii``).
        width: Cells the whole line may take.
        note: What tells it from the other entries (:func:`continue_notes`), or "".
    """
    text = Text()
    # No arrow in front: in a list it would read as the cursor, which is the highlight.
    lead = "    Continue: "
    text.append(lead, style="bold #87d787")
    lines = textwrap.wrap(shown(saved.description, ascii), width - len(lead))
    text.append(lines[0] if lines else "")
    for line in textwrap.wrap(" ".join(lines[1:]), width - 5):
        text.append("\n     ")
        text.append(line)
    for line in textwrap.wrap(shown(note, ascii), width - 5):
        text.append("\n     ")
        text.append(line, style="#9a9a9a")
    return text


class PickerScreen(AppScreen[None]):
    """Choose a game: arrows and Enter, or its number; a "Continue" entry resumes a saved game;
    ``h`` lists the finished games, ``s`` shows the statistics, ``q`` quits."""

    fit_size = (60, 14)
    covered_note = "q quit"
    AUTO_FOCUS = "#games"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n - 1})", "Pick", show=False) for n in range(1, 10)),
        Binding("h", "history", "History"),
        Binding("s", "statistics", "Statistics"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        """Title, the list of games and the footer."""
        ascii = settings_of(self.app).ascii
        title = Text("Card games", style="bold")
        if not ascii:
            title = Text.assemble(("♠ ♥ ", "bold #ff5f5f"), title, (" ♦ ♣", "bold #ff5f5f"))
        yield Static(title, id="picker-title")
        yield Static(shown("Pick a game: ↑↓ and Enter, or its number.", ascii), id="picker-hint")
        yield OptionList(*self._options(), id="games")
        yield Footer()

    wrap: tuple[int, int] = (BLURB_WIDTH, LINE_WIDTH)
    """Cells a blurb line and a whole line take in the list as wide as it is now."""

    def _options(self) -> list[Option]:
        """The Continue entries (reading the records folder; damaged records are moved aside
        and told once), then the games."""
        ascii = settings_of(self.app).ascii
        flush = getattr(self.app, "writer", None)
        if flush is not None:
            flush.flush()
        listing = saved_games(records_dir())
        if listing.damaged:
            # One notice for them all, file names first: several would stack past a small
            # terminal's height and lose their beginnings.
            self.notify(damaged_notice(listing.damaged), severity="warning", timeout=12)
        self.saved = listing.games
        blurb, line = self.wrap
        options = [Option(prompt, id=f"continue-{i}")
                   for i, prompt in enumerate(self._continue_prompts(line))]
        options += [Option(game_entry(n, info, ascii=ascii, width=blurb), id=info.name,
                           disabled=not info.playable)
                    for n, info in enumerate(registry.GAMES, start=1)]
        return options

    saved: tuple[SavedGame, ...] = ()
    """The unfinished games listed, most recent first."""

    def _continue_prompts(self, width: int) -> list[Text]:
        """The "Continue" entries of :attr:`saved`, each line at most ``width`` cells."""
        ascii = settings_of(self.app).ascii
        return [continue_entry(saved, ascii=ascii, width=width, note=note)
                for saved, note in zip(self.saved, continue_notes(self.saved), strict=True)]

    def on_screen_resume(self) -> None:
        """Back on the picker (a game left or over): list the unfinished games again."""
        games = self.query_one("#games", OptionList)
        before = self.saved
        options = self._options()
        if [saved.path for saved in self.saved] == [saved.path for saved in before]:
            for index, option in enumerate(options[:len(before)]):
                games.replace_option_prompt_at_index(index, option.prompt)
            return
        games.clear_options()
        games.add_options(options)
        games.highlighted = 0

    def on_mount(self) -> None:
        """Cover the picker if the terminal is too small; fit the entries to the list."""
        super().on_mount()
        self.call_after_refresh(self._show_highlighted)

    def on_resize(self, event: events.Resize) -> None:
        """The terminal changed size: cover or uncover the picker, and keep the highlighted
        entry in view once the list has its new height (a small terminal shows a few lines of
        it)."""
        super().on_resize(event)
        self.call_after_refresh(self._show_highlighted)

    def _show_highlighted(self) -> None:
        """Wrap the entries to the list's new width (a narrow list would otherwise break their
        lines again without the indent), then bring the highlighted one into view."""
        games = self.query_one("#games", OptionList)
        # The option's own padding (1 each side); a blurb is indented by 5.
        line = games.scrollable_content_region.width - 2
        wrap = (max(20, min(BLURB_WIDTH, line - 5)), max(25, line))
        if line > 0 and wrap != self.wrap:
            self.wrap = wrap
            ascii = settings_of(self.app).ascii
            prompts = self._continue_prompts(wrap[1])
            prompts += [game_entry(n, info, ascii=ascii, width=wrap[0])
                        for n, info in enumerate(registry.GAMES, start=1)]
            for index, prompt in enumerate(prompts):
                games.replace_option_prompt_at_index(index, prompt)
        games.scroll_to_highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Continue the chosen saved game, or open the set-up of the chosen game."""
        event.stop()
        index = event.option_index
        if index < len(self.saved):
            self.post_message(ResumeGame(self, self.saved[index]))
            return
        self._open(registry.GAMES[index - len(self.saved)])

    def action_pick(self, index: int) -> None:
        """Pick the game with that (0-based) number; the list marks it, so a following Enter
        means the same game (a game coming soon says so again); a number past the list does
        nothing."""
        if index >= len(registry.GAMES):
            return
        self.query_one("#games", OptionList).highlighted = index + len(self.saved)
        self._open(registry.GAMES[index])

    def action_history(self) -> None:
        """Show the finished games; Enter replays one."""
        from cardgames.tui.screens.history import HistoryScreen

        self.open(HistoryScreen())

    def action_statistics(self) -> None:
        """Show the statistics of the finished games."""
        from cardgames.tui.screens.statistics import StatisticsScreen

        self.open(StatisticsScreen())

    def _open(self, info: GameInfo) -> None:
        if not info.playable:
            title = shown(info.title, settings_of(self.app).ascii)
            self.notify(f"{title} is coming soon.", severity="warning")
            return
        from cardgames.tui.screens.setup import SetupScreen

        # A "coming soon" note belongs to the picker; it must not follow onto the set-up.
        self.app.clear_notifications()
        self.open(SetupScreen(info))
