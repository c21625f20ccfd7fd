"""The set-up screen: how many players, each seat human or computer with a name, house options,
and an optional seed.
"""

from __future__ import annotations

import secrets
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from cardgames.core.engine import OptionSpec
from cardgames.core.registry import GameInfo, load_game
from cardgames.session.setup import GameSetup, SeatSpec, default_seats

MAX_SEATS = 6
"""Rows of seats the screen holds; those beyond the player count are hidden."""


def default_players(info: GameInfo) -> int:
    """The player count the screen starts with: 4, within the game's range."""
    return max(info.min_players, min(4, info.max_players))


class SetupScreen(Screen[None]):
    """Set up a game of ``info``; ``s`` or the Start button deals, Escape goes back.

    Args:
        info: The game (its Game object is imported here, for the house options).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "players(1)", "+ player"),
        Binding("minus", "players(-1)", "− player"),
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, info: GameInfo) -> None:
        super().__init__()
        self.info = info
        game = load_game(info.name)
        self.options: tuple[OptionSpec, ...] = game.options
        self.clock_seconds: float | None = getattr(game, "clock_seconds", None)
        self.players = default_players(info)
        start = default_seats(self.players, self.players - 1)
        spare = default_seats(MAX_SEATS, MAX_SEATS - 1)
        self.defaults = start + spare[len(start) :]

    def compose(self) -> ComposeResult:
        """Players count, seat rows, options, seed and the buttons."""
        yield Static(f" {self.info.title} — set up a game ", id="setup-title")
        with VerticalScroll(id="setup-body"):
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Button("−", id="fewer", classes="small")
                yield Label(str(self.players), id="player-count")
                yield Button("+", id="more", classes="small")
                yield Label(
                    f"  {self.info.min_players}–{self.info.max_players} players",
                    classes="setup-note",
                )
            for seat in range(MAX_SEATS):
                spec = self.defaults[seat]
                with Horizontal(classes="setup-row seat-row", id=f"seat-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="setup-label")
                    yield Input(spec.name, id=f"name-{seat}", classes="seat-name",
                                max_length=12)
                    yield Checkbox("computer", spec.bot is not None, id=f"bot-{seat}",
                                   classes="seat-bot")
            if self.options:
                yield Label("House rules", classes="setup-heading")
            for option in self.options:
                with Horizontal(classes="setup-row"):
                    yield Checkbox(option.name, option.default, id=f"opt-{option.name}",
                                   classes="option")
                    yield Label(option.summary, classes="setup-note option-note")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="blank: random", id="seed", type="integer",
                            classes="seat-name")
            if self.clock_seconds is not None:
                with Horizontal(classes="setup-row"):
                    yield Label("Clock", classes="setup-label")
                    yield Input(self._clock_default(), id="turn-clock", classes="seat-name")
                    yield Label("  seconds per turn, or off", classes="setup-note")
            yield Static("", id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def _clock_default(self) -> str:
        """The turn time from the command line if given, else the game's (``off`` for 0)."""
        chosen = getattr(getattr(self.app, "settings", None), "turn_seconds", None)
        seconds = self.clock_seconds if chosen is None else chosen
        return "off" if not seconds else f"{seconds:g}"

    def turn_seconds(self) -> float | None:
        """The turn clock chosen on the form: seconds, 0 for off, None if the game has none.

        Raises:
            ValueError: With a message for the player, if the field is not a number or "off".
        """
        if self.clock_seconds is None:
            return None
        text = self.query_one("#turn-clock", Input).value.strip().lower()
        if text in ("off", "0", "none", "no"):
            return 0
        try:
            seconds = float(text)
        except ValueError:
            seconds = -1
        if not 0 < seconds <= 3600:
            raise ValueError(
                f"The turn clock must be a number of seconds (1 to 3600) or off, not {text!r}."
            )
        return seconds

    def on_mount(self) -> None:
        """Show the seat rows of the starting player count; focus Start."""
        self._show_rows()
        # Long option names (voluntary-pickup) get a wider column than the stylesheet's 18 cells.
        widest = max((len(option.name) for option in self.options), default=0) + 7
        for box in self.query("Checkbox.option"):
            box.styles.width = max(18, widest)
        self.query_one("#start", Button).focus()

    def _show_rows(self) -> None:
        for seat in range(MAX_SEATS):
            self.query_one(f"#seat-{seat}").display = seat < self.players
        self.query_one("#player-count", Label).update(str(self.players))

    def action_players(self, step: int) -> None:
        """One player more or fewer, within the game's range."""
        count = max(self.info.min_players, min(self.info.max_players, self.players + step))
        if count != self.players:
            self.players = count
            self._show_rows()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The buttons: fewer, more, start, back."""
        event.stop()
        actions = {"fewer": lambda: self.action_players(-1),
                   "more": lambda: self.action_players(1),
                   "start": self.action_start, "back": self.action_back}
        actions[event.button.id or "back"]()

    def setup(self) -> GameSetup:
        """The set-up described by the form.

        Raises:
            ValueError: With a message for the player, if the seed is not a number or the set-up
                is invalid.
        """
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or self.defaults[seat].name
            computer = self.query_one(f"#bot-{seat}", Checkbox).value
            seats.append(SeatSpec(name, "default" if computer else None))
        options = {o.name: self.query_one(f"#opt-{o.name}", Checkbox).value for o in self.options}
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text) if seed_text else secrets.randbelow(1_000_000)
        except ValueError:
            raise ValueError(f"The seed must be a whole number, not {seed_text!r}.") from None
        setup = GameSetup(self.info.name, tuple(seats), options, seed)
        setup.check()
        return setup

    def action_start(self) -> None:
        """Deal the game and go to the table."""
        from cardgames.tui.app import CardGamesApp

        try:
            setup = self.setup()
            turn_seconds = self.turn_seconds()
        except ValueError as error:
            self.query_one("#setup-error", Static).update(Text(str(error), style="bold #ff5f5f"))
            return
        app = self.app
        if isinstance(app, CardGamesApp):
            app.start_game(setup, replace=True, turn_seconds=turn_seconds)

    def action_back(self) -> None:
        """Back to the game picker."""
        self.dismiss()
