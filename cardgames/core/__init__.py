"""Game-independent building blocks: cards, decks, the seeded RNG, errors and protocols.

Nothing in this package imports Textual, Rich or click, reads a clock, does I/O or touches the
global ``random`` module.
"""
