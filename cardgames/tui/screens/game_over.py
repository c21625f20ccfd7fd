"""The result of a finished game, with "play again" and "back to games"."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.widgets import Button, Footer, Static

from cardgames.session.dealcode import deal_code
from cardgames.session.session import Session
from cardgames.tui.names import name_cell
from cardgames.tui.render import literal, shown
from cardgames.tui.screens.base import AppScreen
from cardgames.tui.settings import AppSettings

_PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def cards_left(view: Any, seat: int) -> int:
    """Cards ``seat`` still holds in a public view: the hand, and in games that have them (Shithead)
    the face-up and face-down cards on the table."""
    sizes = getattr(view, "hand_sizes", None)
    held = sizes[seat] if sizes is not None else 0
    face_up = getattr(view, "face_up", None)
    if face_up is not None:
        held += sum(card is not None for card in face_up[seat])
    face_down = getattr(view, "face_down", None)
    if face_down is not None:
        held += sum(bool(lying) for lying in face_down[seat])
    return int(held)


def headline(session: Session) -> str:
    """The result box's headline: "Anna wins!", "Anna, Bob win!", or "You win!" when the one
    winner is the person at this terminal (the seat called You, the one person playing here
    against computer players, or this terminal's seat at a network table); "Game over" with
    no winner."""
    outcome = session.outcome()
    if outcome is None or not outcome.winners:
        return "Game over"
    (first, *others) = outcome.winners
    if not others and (session.names[first] == "You" or session.here == (first,)):
        return "You win!"
    names = ", ".join(session.names[seat] for seat in outcome.winners)
    return f"{names} {'win' if others else 'wins'}!"


def result_text(session: Session, ascii: bool = False) -> Text:
    """The order of going out, best first, the loser last, with the cards each still held (or,
    for a game whose public view words each seat's result with ``standing(seat)``, those words),
    the names in a column as wide as the longest (in display cells), so the words after them
    line up.

    Args:
        session: A finished game.
        ascii: Spell the names in ASCII (``--ascii``).

    Returns:
        One line per seat: place, name, and "went out" or the cards left.
    """
    outcome = session.outcome()
    text = Text()
    if outcome is None:
        return text
    view = session.view_for(None)
    names = [shown(name, ascii) for name in session.names]
    width = max(map(cell_len, names), default=0)
    for place, seat in enumerate(outcome.ranking):
        name = names[seat]
        winner = seat in outcome.winners
        text.append(f" {_PLACES[place]:>4}  ", style="bold #ffd75f" if winner else "#9a9a9a")
        text.append(name_cell(name, width), style="bold" if winner else "")
        held = cards_left(view, seat)
        standing = getattr(view, "standing", None)
        if standing is not None:
            text.append(f" {standing(seat)}", style="#d0d0d0")
        elif held:
            text.append(f" {held} card{'s' if held != 1 else ''} left", style="#ff875f")
        else:
            text.append(" went out", style="#87d787")
        if seat in outcome.scores:
            text.append(f"  {outcome.scores[seat]} points", style="#9a9a9a")
        text.append("\n")
    return text


def result_verdict(session: Session) -> str:
    """The line under the headline for a game whose public view words more than who won with
    ``verdict(names)``: in Shithead played to the last, who is the shithead (SH-16); else ""."""
    verdict = getattr(session.view_for(None), "verdict", None)
    return str(verdict(session.names)) if verdict is not None else ""


class GameOverScreen(AppScreen[str]):
    """Shows the result over the final table, and says what the player chose.

    Enter presses the marked button (at first "Play again"; ← → move the mark), ``a`` plays
    again with the same seats, ``t``/Escape looks at the final table (every
    hand open; the table's ``r`` brings the result back), ``b``/``q`` goes back to the games.
    Escape never leaves the game, so a stray key cannot skip the final table.

    Args:
        session: The finished game.
        settings: Passed on to the next game.
        again: Offer "Play again" (False at a network table, which plays one game and ends
            the app with it: ``a`` does nothing, and "Back to games" reads "Leave the table",
            which Enter presses).

    Returns (on dismiss):
        ``"again"``, ``"table"`` or ``"back"``.
    """

    fit_size = (60, 16)
    covered_actions = frozenset({"table", "back", "leave"})
    covered_note = "t look at the table   b back to games"
    AUTO_FOCUS = "#again, #back"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", "Play again"),
        Binding("enter", "again", "Play again", show=False),
        Binding("enter", "back_on_enter", "Back to games", show=False),
        Binding("left", "switch(-1)", "Switch", show=False),
        Binding("right", "switch(1)", "Switch", show=False),
        Binding("t,escape", "table", "Look at the table"),
        Binding("b,q", "back", "Back to games"),
        Binding("b,q", "leave", "Leave the table"),
        Binding("p", "replay", "Replay"),
    ]

    def __init__(self, session: Session, settings: AppSettings, *, again: bool = True) -> None:
        super().__init__()
        self.session = session
        self.settings = settings
        self.again = again
        if not again:
            self.covered_note = "t look at the table   q leave the table"

    def compose(self) -> ComposeResult:
        """Headline, the ranking and two buttons."""
        with Center(), Vertical(id="over-box"):
            ascii = self.settings.ascii
            verdict = shown(result_verdict(self.session), ascii)
            title = shown(f"{self.session.game.title}: {headline(self.session)}", ascii)
            yield Static(literal(title), id="over-title", classes="-verdict" if verdict else "")
            if verdict:
                yield Static(literal(verdict), id="over-verdict")
            yield Static(result_text(self.session, ascii), id="over-result")
            yield Static(f"Deal {deal_code(self.session.setup)}", id="over-deal")
            with Horizontal(id="over-buttons"):
                if self.again:
                    yield Button("Play again", id="again")
                yield Button("Back to games" if self.again else "Leave the table", id="back")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No "Play again" where the table plays one game; Enter presses "Leave the table"
        there, which ``b``/``q`` name."""
        if action in ("again", "back"):
            return self.again
        if action in ("back_on_enter", "leave"):
            return not self.again
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The buttons do what the keys do."""
        if event.button.id == "again":
            self.action_again()
        else:
            self.action_back()

    def action_switch(self, step: int) -> None:
        """Mark the button to the left (``step`` -1) or to the right (1)."""
        if step < 0:
            self.focus_previous(Button)
        else:
            self.focus_next(Button)

    def action_again(self) -> None:
        """A new deal with the same seats, options and turn clock (the next seed)."""
        self.dismiss("again")

    def action_table(self) -> None:
        """Look at the final table, every hand open."""
        self.dismiss("table")

    def action_replay(self) -> None:
        """Step through the game just played."""
        self.dismiss("replay")

    def action_back(self) -> None:
        """Back to the game picker."""
        self.dismiss("back")

    def action_back_on_enter(self) -> None:
        """Enter where there is no "Play again": leave the table."""
        self.action_back()

    def action_leave(self) -> None:
        """Leave the network table (its app ends with the game)."""
        self.action_back()
