"""The app's screens: picker, setup, table, pass screen, rules, game over and small dialogs."""
