"""When the keyboard was last used: screens that hand the terminal over wait for a quiet spell,
and the keys of a burst that closed a screen do not act on the screen that comes up.

Free of Textual, so it can be tested with a fake clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable


class KeyQuiet:
    """The time of the last key the app received, and whether it was long enough ago.

    The pass screen counts a key only after the keyboard has been quiet for ``seconds``, however
    the screen was reached (a time-out, a computer player's move, a normal hand-over): keys still
    coming from the previous player, and even a key held down, never uncover the next hand.

    Keys arrive in bursts (a slow SSH link, a key repeating): once a screen closes (a dialog, the
    pass screen, the set-up that starts a game), the keys that follow each other with less than
    ``settle`` seconds between them belong to the burst that closed it and are dropped, so they
    cannot act on the screen below (play a card); the first key after such a pause counts. A
    dialog, or a screen that is only read (the rules, a log), closes with ``repeats_only``: only
    the key that closed it, repeating, is dropped; another key counts at once.

    Args:
        clock: Monotonic seconds (tests inject a fake).
        seconds: The pass screen's quiet spell, in seconds (0: every key counts at once).
        settle: The pause, in seconds, that ends a burst after a screen closed (0: none).
    """

    def __init__(self, clock: Callable[[], float], seconds: float, settle: float = 0.0) -> None:
        self.clock = clock
        self.seconds = seconds
        self.settle = settle
        self.last_key = -math.inf
        self.key_before = -math.inf
        self.closed_at: float | None = None
        self.closed_settle = settle
        self.last_name = ""
        self.closing_key: str | None = None

    def key(self, age: float = 0.0, name: str = "") -> bool:
        """A key arrived ``age`` seconds ago (a busy app handles keys later than they came).

        Args:
            age: Seconds since the key arrived from the terminal.
            name: The key's name (Textual's ``Key.key``), to tell a repeat from another key.

        Returns:
            False if it must be dropped: a screen closed less than ``settle`` seconds before it
            came (or before the key before it, and so on, with no pause between them), or
            after it came; after a ``repeats_only`` close, only if it is the closing key again.
        """
        self.key_before = self.last_key
        self.last_key = self.clock() - age
        self.last_name = name
        if self.closed_at is None or self.closed_settle <= 0:
            return True
        repeat = self.closing_key is None or name == self.closing_key
        if repeat and self.last_key - max(self.closed_at, self.key_before) < self.closed_settle:
            return False
        self.closed_at = None
        return True

    def closed(self, factor: float = 1.0, repeats_only: bool = False) -> None:
        """A screen closed now: the keys right after it belong to the burst that closed it.

        Args:
            factor: The pause that ends this burst is ``factor`` times ``settle`` (the pass
                screen asks for a longer one: it uncovers a hand).
            repeats_only: Drop only the key that closed the screen (the last key received),
                repeating; the first other key counts and ends the burst.
        """
        self.closed_at = self.clock()
        self.closed_settle = self.settle * factor
        self.closing_key = self.last_name if repeats_only else None

    def quiet_since(self, start: float) -> bool:
        """True if ``seconds`` have passed since ``start`` and since the last key.

        Args:
            start: When the screen that waits appeared (monotonic seconds).
        """
        return self.seconds <= 0 or self.clock() - max(start, self.last_key) >= self.seconds

    def key_counts(self, start: float) -> bool:
        """True if the key being handled came after a quiet spell: ``seconds`` after ``start``
        and after the key before it.

        Args:
            start: When the screen that waits appeared (monotonic seconds).
        """
        return self.seconds <= 0 or self.last_key - max(start, self.key_before) >= self.seconds
