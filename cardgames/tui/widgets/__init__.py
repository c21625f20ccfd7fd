"""Reusable, game-agnostic widgets: the hand, the log, the seats strip and the Board base."""
