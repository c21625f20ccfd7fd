"""ESC and the key after it, read together from the terminal, are two keys (tui/escape.py)."""

from __future__ import annotations

from textual import events
from textual.drivers import linux_driver

from cardgames.session.setup import GameSetup, default_seats
from cardgames.tui.app import CardGamesApp
from cardgames.tui.escape import EscapeKeyParser


def keys(data: str) -> list[tuple[str, str | None]]:
    parser = EscapeKeyParser()
    read = [*parser.feed(data), *parser.tick()]
    return [(event.key, event.character) for event in read if isinstance(event, events.Key)]


def test_escape_then_a_key_are_two_keys() -> None:
    assert keys("\x1b:") == [("escape", "\x1b"), ("colon", ":")]
    assert keys("\x1bu") == [("escape", "\x1b"), ("u", "u")]
    assert keys("\x1bL") == [("escape", "\x1b"), ("L", "L")]
    assert keys("\x1b?") == [("escape", "\x1b"), ("question_mark", "?")]
    assert keys("\x1b1") == [("escape", "\x1b"), ("1", "1")]
    assert keys("\x1b\r") == [("escape", "\x1b"), ("enter", "\r")]


def test_control_sequences_and_keys_of_their_own_are_read_as_before() -> None:
    assert keys("\x1b[A") == [("up", None)]
    assert keys("\x1bOP") == [("f1", None)]
    assert keys("\x1b\x7f") == [("ctrl+w", None)]
    assert keys("\x1bb") == [("ctrl+left", None)]
    assert keys("q") == [("q", "q")]


def test_the_app_installs_the_parser_in_its_terminal_driver() -> None:
    app = CardGamesApp(GameSetup("makao", default_seats(2, 1), {}, 1))
    assert app.driver_class is linux_driver.LinuxDriver
    assert linux_driver.XTermParser is EscapeKeyParser
