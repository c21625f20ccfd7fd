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
    """

    ascii: bool = False
    four_colour: bool = False
    bot_delay: float = 0.6
    turn_seconds: float | None = None


def settings_of(app: object) -> AppSettings:
    """The settings of a running CardGamesApp (defaults for any other app, e.g. in a test)."""
    settings = getattr(app, "settings", None)
    return settings if isinstance(settings, AppSettings) else AppSettings()
