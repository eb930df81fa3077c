"""Minibazas, a third trick-taking game that exists only to prove the shape (issue 19): registered
through the games' registry alone (``PICAS_GAMES=minibazas.spec:SPEC``, or
``picas.games.register``), with no edit to the record, the web tier, the CLI or the page. See
``tests/test_third_game.py``."""
