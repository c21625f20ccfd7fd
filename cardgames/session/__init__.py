"""The command layer: the one owner of a game's State, shared by every front end."""
