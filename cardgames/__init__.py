"""cardgames: card games for the terminal (Makao, Shithead, and more to come)."""

__version__ = "0.1.0"
