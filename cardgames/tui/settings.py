"""How the app looks and paces itself; free of Textual so the command line can build it cheaply."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class AppSettings:
    """Display and pacing choices for one run of the app.

    Attributes:
        ascii: Draw cards with letters only (``7h``, ``Ks``), for terminals without Unicode.
        four_colour: Give each suit its own colour (♠ black, ♥ red, ♦ blue, ♣ green).
        bot_delay: Seconds between computer players' moves, so a person can follow (0 in tests).
        turn_seconds: Seconds a human has per turn in games with a turn clock; None for the game's
            default, 0 to switch the clock off.
        bell: Ring the terminal bell (BEL) when a person's turn comes after computer players
            moved.
    """

    ascii: bool = False
    four_colour: bool = False
    bot_delay: float = 0.6
    turn_seconds: float | None = None
    bell: bool = True


BOT_SPEEDS: tuple[tuple[str, float], ...] = (
    ("slow", 1.2), ("normal", 0.6), ("fast", 0.25), ("instant", 0.0))
"""The bot speeds the table's ``b`` key steps through: a name and the seconds between moves."""


def next_bot_speed(delay: float) -> tuple[str, float]:
    """The bot speed after the one nearest to ``delay`` seconds (after "instant" comes "slow").

    Args:
        delay: The current seconds between computer players' moves.

    Returns:
        The next speed's name and seconds.
    """
    nearest = min(range(len(BOT_SPEEDS)), key=lambda i: abs(BOT_SPEEDS[i][1] - delay))
    return BOT_SPEEDS[(nearest + 1) % len(BOT_SPEEDS)]


def settings_of(app: object) -> AppSettings:
    """The settings of a running CardGamesApp (defaults for any other app, e.g. in a test)."""
    settings = getattr(app, "settings", None)
    return settings if isinstance(settings, AppSettings) else AppSettings()
