"""Escape and the key typed right after it stay two keys.

A terminal sends Escape as the byte ESC, and Alt+key (Meta) as ESC followed by the key. Textual
waits ``ESCDELAY`` milliseconds after an ESC for what follows, and joins a key that comes in time
with it: Escape then ``u`` becomes Alt+u, and Escape then ``:`` becomes a lone ``:`` (the Escape
is lost). Over a slow link, or from a quick hand, Escape and the next key arrive together, and
the command bar would stay open or a dialog would not close. No key of this app uses Alt, so
here ESC followed by a key that starts no escape sequence is read as the two keys pressed.
The ESC pairs that Textual reads as a key of their own (Alt+Backspace, Option+arrows on a Mac)
keep that meaning.

Textual is pinned to one exact version; ``tests/tui/test_escape.py`` checks the parser it
extends.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from textual import events
from textual._ansi_sequences import ANSI_SEQUENCES_KEYS
from textual._xterm_parser import XTermParser

ESC = "\x1b"

SEQUENCE_STARTS = frozenset("[O]P_^X" + ESC)
"""The characters that make ESC the start of a control sequence (CSI, SS3, OSC, DCS, APC, PM,
SOS) rather than a key of its own, and a second ESC (Textual's own Escape case)."""

def split(sequence: str) -> bool:
    """True if ``sequence`` is ESC and one key that Textual would join into one Alt+key (or
    drop the Escape of), rather than a key of its own."""
    return (
        len(sequence) == 2
        and sequence[0] == ESC
        and sequence[1] not in SEQUENCE_STARTS
        and not isinstance(ANSI_SEQUENCES_KEYS.get(sequence), tuple)
    )


class EscapeKeyParser(XTermParser):
    """Textual's terminal input parser, reading ESC + key as Escape, then the key."""

    def _sequence_to_key_events(self, sequence: str, alt: bool = False) -> Iterable[events.Key]:
        if split(sequence):
            yield events.Key("escape", ESC)
            yield from super()._sequence_to_key_events(sequence[1])
            return
        yield from super()._sequence_to_key_events(sequence, alt)


def install(driver: type) -> None:
    """Make ``driver`` (an App's ``driver_class``) read input with :class:`EscapeKeyParser`;
    idempotent, and nothing for a driver that builds no ``XTermParser`` (a test's headless
    driver)."""
    module = sys.modules[driver.__module__]
    if getattr(module, "XTermParser", None) is XTermParser:
        module.XTermParser = EscapeKeyParser  # type: ignore[attr-defined]
