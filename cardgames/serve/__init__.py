"""Serve the app to visitors: over SSH (:mod:`cardgames.serve.ssh`) and in the browser
(:mod:`cardgames.serve.web`). Each visitor gets a process of the app of his own."""
