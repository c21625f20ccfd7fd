"""The quiet spell before a hand-over key counts, with a fake clock."""

from __future__ import annotations

from cardgames.tui.quiet import KeyQuiet


class Clock:
    def __init__(self) -> None:
        self.now = 10.0

    def __call__(self) -> float:
        return self.now


def test_a_key_counts_only_after_a_quiet_spell_since_the_screen_and_the_key_before() -> None:
    clock = Clock()
    keys = KeyQuiet(clock, 1.0)
    shown = clock.now
    assert not keys.quiet_since(shown)
    clock.now += 0.6
    keys.key()
    assert not keys.key_counts(shown), "too soon after the screen appeared"
    clock.now += 0.9
    keys.key()
    assert not keys.key_counts(shown), "too soon after the key before"
    assert not keys.quiet_since(shown)
    clock.now += 1.0
    assert keys.quiet_since(shown)
    keys.key()
    assert keys.key_counts(shown)


def test_no_spell_means_every_key_counts() -> None:
    clock = Clock()
    keys = KeyQuiet(clock, 0)
    keys.key()
    assert keys.key_counts(clock.now) and keys.quiet_since(clock.now)
