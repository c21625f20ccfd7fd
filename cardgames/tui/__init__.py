"""The Textual front end. Importing this package imports nothing from Textual."""
