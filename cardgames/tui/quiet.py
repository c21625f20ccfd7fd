"""When the keyboard was last used: screens that hand the terminal over wait for a quiet spell.

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

    Args:
        clock: Monotonic seconds (tests inject a fake).
        seconds: The quiet spell, in seconds (0: every key counts at once).
    """

    def __init__(self, clock: Callable[[], float], seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds
        self.last_key = -math.inf
        self.key_before = -math.inf

    def key(self) -> None:
        """A key arrived now."""
        self.key_before = self.last_key
        self.last_key = self.clock()

    def quiet_since(self, start: float) -> bool:
        """True if ``seconds`` have passed since ``start`` and since the last key.

        Args:
            start: When the screen that waits appeared (monotonic seconds).
        """
        return self.clock() - max(start, self.last_key) >= self.seconds

    def key_counts(self, start: float) -> bool:
        """True if the key being handled came after a quiet spell: ``seconds`` after ``start``
        and after the key before it.

        Args:
            start: When the screen that waits appeared (monotonic seconds).
        """
        return self.last_key - max(start, self.key_before) >= self.seconds
