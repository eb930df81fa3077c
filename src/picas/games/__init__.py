"""The games played on the site, one folder each; what they share lives in :mod:`picas.engine`.

Each folder is named by the game's key (the name a record and ``--game`` use): ``corazones`` today,
Spades to follow when the shared foundation is cut out of :mod:`picas.engine` (docs/corazones.md).
"""
