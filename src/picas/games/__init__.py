"""The games played on the site, one folder each; what they share lives in :mod:`picas.shared`.

Each folder is named by the game's key (the name a record and ``--game`` use): ``spades`` and
``corazones``.
"""
