"""The set-up screen: how many players, each seat human or computer (with its level) with a
name, house options, and an optional seed.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from cardgames.bots.levels import DEFAULT_LEVEL, LEVELS
from cardgames.core.engine import OptionSpec, OptionValue
from cardgames.core.errors import quoted
from cardgames.core.registry import GameInfo, find_game, load_game
from cardgames.session.dealcode import Deal, format_deal, parse_deal
from cardgames.session.setup import (
    MAX_SEATS,
    NAME_LIMIT,
    GameSetup,
    SeatSpec,
    seat_names,
    turn_clock_problem,
)
from cardgames.session.setups import recall, setups_path
from cardgames.tui.navigation import StartGame
from cardgames.tui.render import shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import settings_of
from cardgames.tui.widgets.level_select import LevelSelect
from cardgames.tui.widgets.text_input import TextInput


def long_name_note(seat: int, name: str, left_out: str) -> str:
    """What the set-up's status line says while seat ``seat``'s name (from 0) was cut at
    :data:`NAME_LIMIT` characters: the seat, the name as it stands and what was left out."""
    return (f"Seat {seat + 1}'s name was cut to {NAME_LIMIT} characters: {quoted(name)} "
            f"({quoted(left_out, 20)} left out); the tables have room for no more.")


class NameInput(TextInput):
    """A seat's name field: at most :data:`NAME_LIMIT` characters (Textual's ``max_length``).

    Text typed or pasted past the limit is cut there (a paste keeps what fits, where Textual's
    Input would drop all of it) and the field rings and tells the set-up what was left out
    (:class:`NameInput.TooLong`), so that it can say so.
    """

    class TooLong(Message):
        """The field cut text (typed or pasted) at the limit.

        Attributes:
            field: The name field.
            left_out: The characters that did not fit.
        """

        def __init__(self, field: NameInput, left_out: str) -> None:
            super().__init__()
            self.field = field
            self.left_out = left_out

    def replace(self, text: str, start: int, end: int) -> None:
        """Put ``text`` in place of the characters from ``start`` to ``end``; what would go
        past the limit is left out, and told."""
        limit = self.max_length
        start, end = sorted((max(0, start), min(len(self.value), end)))
        room = (limit or 0) - (len(self.value) - (end - start))
        if not limit or len(text) <= room:
            super().replace(text, start, end)
            return
        kept = text[: max(room, 0)]
        if kept or start != end:
            super().replace(kept, start, end)
        super().restricted()
        self.post_message(self.TooLong(self, text[len(kept):]))


EXAMPLE_SEED = 259_682
"""The seed of the Deal field's example code (it reads 7XK2)."""


def default_players(info: GameInfo) -> int:
    """The player count the screen starts with: 4, within the game's range."""
    return max(info.min_players, min(4, info.max_players))


def example_code(info: GameInfo) -> str:
    """A deal code of ``info``'s game for the Deal field's hint, e.g. ``trash-4-7XK2``."""
    return format_deal(Deal(info.name, default_players(info), {}, EXAMPLE_SEED))


def usable(setup: GameSetup | None, levels: Sequence[str]) -> GameSetup | None:
    """A remembered set-up the screen can start from, or None: it must still fit its game
    (seats, house options and their kinds) and the fields (names of at most
    :data:`NAME_LIMIT` characters, computer players of the screen's ``levels`` or "default")."""
    if setup is None:
        return None
    try:
        setup.check()
    except ValueError:
        return None
    options = {option.name: option.default for option in load_game(setup.game).options}
    fits = all(type(value) is type(options[name]) for name, value in setup.options.items())
    seats = all(
        0 < len(seat.name.strip()) <= NAME_LIMIT
        and (seat.bot is None or seat.bot == "default" or seat.bot in levels)
        for seat in setup.seats
    )
    return setup if fits and seats else None


def repeated_name(names: Sequence[str]) -> int | None:
    """The first seat whose name an earlier seat already has, ignoring case and outer spaces.

    Args:
        names: One name per seat, in seat order.

    Returns:
        That seat's index, or None when all names differ.
    """
    seen: set[str] = set()
    for seat, name in enumerate(names):
        key = name.strip().casefold()
        if key in seen:
            return seat
        seen.add(key)
    return None


class Tick(Checkbox):
    """A checkbox that reads ``[x]`` when on and ``[ ]`` when off, in any colour scheme."""

    def render(self) -> Content:
        """The box, then the label."""
        box = ("[x]", "bold #87d787") if self.value else ("[ ]", "#9a9a9a")
        return Content.assemble(box, " ", self.label)


class SetupBody(VerticalScroll, can_focus=False):
    """The scrolling form: no Tab stop of its own (it would show no focus); moving the focus
    between the fields scrolls it."""


class SetupScreen(AppScreen[None]):
    """Set up a game of ``info``; ``s`` or the Start button deals, Escape goes back.

    The form starts from the seats, house options and turn clock the game was last started with
    (:mod:`cardgames.session.setups`), else from the defaults.

    Args:
        info: The game (its Game object is imported here, for the house options).
    """

    fit_size = (60, 14)
    covered_actions = frozenset({"back"})
    covered_note = "Esc back"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "players(1)", "More players"),
        Binding("minus", "players(-1)", "Fewer players"),
        Binding("ctrl+s", "start", "Start"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, info: GameInfo) -> None:
        super().__init__()
        self.info = info
        game = load_game(info.name)
        self.options: tuple[OptionSpec, ...] = game.options
        self.clock_seconds: float | None = getattr(game, "clock_seconds", None)
        kinds: dict[str, object] = getattr(game, "bots", dict)()
        self.levels = tuple(level for level in LEVELS if level in kinds) or (DEFAULT_LEVEL,)
        remembered = recall(setups_path())
        self.notice = remembered.message
        self.remembered_clock = remembered.clocks.get(info.name)
        last = usable(remembered.setups.get(info.name), self.levels)
        seats = () if last is None else last.seats
        self.players = len(seats) or default_players(info)
        self.chosen_options = {} if last is None else dict(last.options)
        self.computers = [seat > 0 if seat >= len(seats) else not seats[seat].is_human
                          for seat in range(MAX_SEATS)]
        self.seat_levels = [seats[seat].level or DEFAULT_LEVEL if seat < len(seats)
                            else DEFAULT_LEVEL for seat in range(MAX_SEATS)]
        self.names = seat_names([seat < self.players and not self.computers[seat]
                                 for seat in range(MAX_SEATS)])
        self.typed = {seat for seat, spec in enumerate(seats) if spec.name != self.names[seat]}
        self.first_names = [seats[seat].name if seat in self.typed else self.names[seat]
                            for seat in range(MAX_SEATS)]
        self.told_cut = False
        """True while the status line shows the note about cut names."""
        self.cut_names: dict[int, str] = {}
        """The seats whose name was cut this time, each with what was left out; the status
        line says so until that name is made shorter (or another message takes the line)."""

    def compose(self) -> ComposeResult:
        """Players count, seat rows, options, seed and the buttons."""
        ascii = settings_of(self.app).ascii
        yield Static(shown(f" {self.info.title} — set up a game ", ascii), id="setup-title")
        with SetupBody(id="setup-body"):
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                yield Button(shown("−", ascii), id="fewer", classes="small")
                yield Label(str(self.players), id="player-count")
                yield Button("+", id="more", classes="small")
                yield Label(
                    shown(f"  {self.info.min_players}–{self.info.max_players} players", ascii),
                    classes="setup-note",
                )
            for seat in range(MAX_SEATS):
                with Horizontal(classes="setup-row seat-row", id=f"seat-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="setup-label")
                    yield NameInput(self.first_names[seat], id=f"name-{seat}",
                                    classes="seat-name", placeholder=self.names[seat],
                                    max_length=NAME_LIMIT,
                                    tooltip=f"At most {NAME_LIMIT} characters")
                    yield Tick("computer", self.computers[seat], id=f"bot-{seat}",
                               classes="seat-bot")
                    yield LevelSelect(self.levels, self.seat_levels[seat], id=f"level-{seat}")
            if self.options:
                yield Label("House rules", classes="setup-heading")
            for option in self.options:
                value = self.chosen_options.get(option.name, option.default)
                with Horizontal(classes="setup-row option-row"):
                    if isinstance(option.default, bool):
                        yield Tick(option.name, bool(value), id=f"opt-{option.name}",
                                   classes="option")
                    else:
                        yield Label(option.name, classes="option option-name")
                        yield TextInput(str(value), id=f"opt-{option.name}",
                                        type="integer", classes="seat-name option-number")
                    yield Label(shown(option.summary, ascii), classes="setup-note option-note")
            with Horizontal(classes="setup-row"):
                yield Label("Deal", classes="setup-label")
                yield TextInput(placeholder="blank: a new deal", id="deal", classes="seat-name")
                yield Label(f"  or a deal code, e.g. {example_code(self.info)}",
                            classes="setup-note")
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield TextInput(placeholder="blank: random", id="seed", classes="seat-name")
            if self.clock_seconds is not None:
                with Horizontal(classes="setup-row"):
                    yield Label("Clock", classes="setup-label")
                    yield TextInput(self._clock_default(), id="turn-clock", classes="seat-name")
                    yield Label("  seconds per turn, or off", classes="setup-note")
            yield Static("", id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Back", id="back")
        yield Footer()

    def _clock_default(self) -> str:
        """The turn time from the command line if given, else the one the game was last
        started with, else the game's (``off`` for 0)."""
        chosen = getattr(getattr(self.app, "settings", None), "turn_seconds", None)
        seconds = next((seconds for seconds in (chosen, self.remembered_clock, self.clock_seconds)
                        if seconds is not None), None)
        return "off" if not seconds else f"{seconds:g}"

    def turn_seconds(self) -> float | None:
        """The turn clock chosen on the form: seconds, 0 for off, None if the game has none.

        Raises:
            ValueError: With a message for the player, if the field is not a number or "off",
                or a number that is no turn clock (:func:`turn_clock_problem`).
        """
        if self.clock_seconds is None:
            return None
        text = self.query_one("#turn-clock", Input).value.strip().lower()
        if text in ("off", "0", "none", "no"):
            return 0
        try:
            seconds = float(text)
        except ValueError:
            raise ValueError(
                f"The turn clock must be a number of seconds or off, not {quoted(text)}."
            ) from None
        problem = turn_clock_problem(seconds)
        if problem is not None:
            raise ValueError(f"{problem}.")
        return seconds

    def on_mount(self) -> None:
        """Show the seat rows of the starting player count; focus Start; say where a damaged
        file of remembered set-ups went."""
        self._show_rows()
        if self.notice:
            self.notify(self.notice, severity="warning", timeout=12)
        # Long option names (voluntary-pickup) get a wider column than the stylesheet's 18 cells.
        widest = max((len(option.name) for option in self.options), default=0) + 7
        for box in self.query(".option"):
            box.styles.width = max(18, widest)
        self.query_one("#start", Button).focus()

    def _show_rows(self) -> None:
        """Show the rows of the seats in play; a field of a seat just hidden hands the focus to
        the same field of the last seat left (its tick if that seat has no level field)."""
        focused = self.focused
        lost = None
        for seat in range(MAX_SEATS):
            row = self.query_one(f"#seat-{seat}")
            row.display = seat < self.players
            if focused is not None and not row.display and row in focused.ancestors:
                lost = (focused.id or "bot").rsplit("-", 1)[0]
        self.query_one("#player-count", Label).update(str(self.players))
        if any(seat >= self.players for seat in self.cut_names):
            # A seat no longer in play needs no note about its name.
            self.cut_names = {seat: cut for seat, cut in self.cut_names.items()
                              if seat < self.players}
            self._tell_cut_names()
        self._rename()
        if lost is not None:
            target = self.query_one(f"#{lost}-{self.players - 1}")
            (target if target.display else self.query_one(f"#bot-{self.players - 1}")).focus()

    def _humans(self) -> list[bool]:
        """Per seat row, whether a person plays it (False for the hidden rows)."""
        return [seat < self.players and not self.query_one(f"#bot-{seat}", Checkbox).value
                for seat in range(MAX_SEATS)]

    def _rename(self, *, computers_only: bool = False) -> None:
        """Give the seats whose name the player did not type the default names for who plays
        (an emptied field shows its default greyed: the name it stands for), a computer
        player's never confusable with a name typed for a person; show the level of each
        computer seat.

        Args:
            computers_only: Fill in only the computer players' fields (while a person's name
                is typed, the fields of the persons are left as they are).
        """
        humans = self._humans()
        people = [self.query_one(f"#name-{seat}", Input).value for seat in sorted(self.typed)
                  if humans[seat]]
        self.names = seat_names(humans, people)
        for seat, human in enumerate(humans):
            self.query_one(f"#level-{seat}", LevelSelect).display = not human
        for seat, name in enumerate(self.names):
            field = self.query_one(f"#name-{seat}", Input)
            field.placeholder = name
            if seat not in self.typed and field.value != name and not (
                    computers_only and humans[seat]):
                field.value = name

    def on_input_changed(self, event: Input.Changed) -> None:
        """Remember which names the player typed (those are kept when seats change)."""
        field = event.input.id or ""
        if field.startswith("name-"):
            seat = int(field.removeprefix("name-"))
            if seat in self.cut_names and len(event.value) < NAME_LIMIT:
                # That name was shortened: the note about it has served. Another field's
                # change (the next name typed, a seat renamed) leaves the note standing.
                del self.cut_names[seat]
                self._tell_cut_names()
            if event.value in ("", self.names[seat]):
                self.typed.discard(seat)
            else:
                self.typed.add(seat)
            if self._humans()[seat]:
                self._rename(computers_only=True)

    def on_name_input_too_long(self, message: NameInput.TooLong) -> None:
        """A name field cut what was typed or pasted: say whose name, as it now stands, and
        what was left out (the characters refused one by one add up)."""
        message.stop()
        seat = int((message.field.id or "name-0").removeprefix("name-"))
        self.cut_names[seat] = self.cut_names.pop(seat, "") + message.left_out
        self._tell_cut_names()

    def _tell_cut_names(self) -> None:
        """The status line: the latest cut name (and the other seats whose name was cut), or
        nothing once no name is cut (a refusal shown since is left alone)."""
        line = self.query_one("#setup-error", Static)
        if not self.cut_names:
            if self.told_cut:
                line.update("")
            self.told_cut = False
            return
        seat, left_out = next(reversed(self.cut_names.items()))
        name = self.query_one(f"#name-{seat}", Input).value
        note = long_name_note(seat, name, left_out)
        others = [str(other + 1) for other in self.cut_names if other != seat]
        if others:
            seats = " and ".join((", ".join(others[:-1]), others[-1]) if others[:-1] else others)
            note += (f" The name of seat {seats} was cut too." if len(others) == 1
                     else f" The names of seats {seats} were cut too.")
        line.update(Text(note, style="bold #ffd75f"))
        self.told_cut = True

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A seat switched between human and computer: update the default names."""
        if (event.checkbox.id or "").startswith("bot-"):
            self._rename()

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
            ValueError: With a message for the player, if the seed is not a whole number, the
                deal code is bad or the set-up is invalid.
        """
        seed = self._seed()
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or self.names[seat]
            level = self.query_one(f"#level-{seat}", LevelSelect).value
            if not self.query_one(f"#bot-{seat}", Checkbox).value:
                seats.append(SeatSpec(name))
            else:
                seats.append(SeatSpec(name, "default" if level == DEFAULT_LEVEL else level))
        code = self.query_one("#deal", Input).value.strip()
        if code:
            return self._deal(code, tuple(seats))
        options = {option.name: self._option_value(option) for option in self.options}
        if seed is None:
            seed = secrets.randbelow(1_000_000)
        setup = GameSetup(self.info.name, tuple(seats), options, seed)
        setup.check()
        return setup

    def _seed(self) -> int | None:
        """The seed typed, or None for a blank field (a random deal).

        The field takes any text, as the Clock field does, so what was typed stays in view when
        Start refuses it (``cardgames play --seed`` refuses the same text).

        Raises:
            ValueError: If the field holds anything but a whole number.
        """
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"The seed must be a whole number, not {quoted(text)}.") from None

    def _deal(self, code: str, seats: tuple[SeatSpec, ...]) -> GameSetup:
        """The set-up of a deal code with the form's seats (its options and seed win).

        Raises:
            ValueError: If the code is bad, for another game or for another number of players.
        """
        deal = parse_deal(code)
        if deal.game != self.info.name:
            raise ValueError(f"That deal code is for {find_game(deal.game).title}, "
                             f"not {self.info.title}.")
        try:
            setup = deal.setup(seats)
        except ValueError as error:
            message = str(error)
            raise ValueError(f"{message[:1].upper()}{message[1:]}: set the players to match.") \
                from None
        setup.check()
        return setup

    def _option_value(self, option: OptionSpec) -> OptionValue:
        """The form's value of ``option``: a tick, or the number typed (checked by the game).

        Raises:
            ValueError: If a number option's field does not hold a whole number.
        """
        if isinstance(option.default, bool):
            return self.query_one(f"#opt-{option.name}", Checkbox).value
        text = self.query_one(f"#opt-{option.name}", Input).value.strip()
        try:
            return int(text)
        except ValueError:
            raise ValueError(
                f"The option {option.name} must be a whole number, not {quoted(text)}."
            ) from None

    def action_start(self) -> None:
        """Deal the game and go to the table."""
        try:
            setup = self.setup()
            turn_seconds = self.turn_seconds()
        except ValueError as error:
            self._refuse(str(error))
            return
        seat = repeated_name([spec.name for spec in setup.seats])
        if seat is not None:
            name = setup.seats[seat].name
            empty = not self.query_one(f"#name-{seat}", Input).value.strip()
            stands = f" (its empty name stands for {quoted(name)})" if empty else ""
            self._refuse(f"Two players are called {quoted(name)}; give seat {seat + 1}{stands} "
                         "another name so the hand-over screen can tell them apart.")
            self.query_one(f"#name-{seat}", Input).focus()
            return
        self.post_message(StartGame(self, setup, turn_seconds))

    def _refuse(self, message: str) -> None:
        self.told_cut = False
        self.query_one("#setup-error", Static).update(Text(message, style="bold #ff5f5f"))

    def action_back(self) -> None:
        """Back to the game picker."""
        self.dismiss()
