"""Network tables: the protocol, the view codec, the table server, the client and the app."""
