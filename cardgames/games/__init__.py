"""The games of the collection, one package each, and what their ``GAME`` objects share."""
