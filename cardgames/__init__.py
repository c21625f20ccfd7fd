"""cardgames: card games for the terminal (Makao, Shithead, and more to come)."""

__version__ = "0.1.0"

PROG = "cardgames"
"""The name of the console script, used in every message it prints."""
