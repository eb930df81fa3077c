"""The clairvoyant bound: Difícil's own search shown every card. A benchmark tool, nothing more.

``picas arena clairvoyant normal`` measures how many points a hand the search would win if it
knew the deal: clairvoyant − Normal is the whole gap a player of this search could close, and
Difícil − Normal the part it closes. It cheats by construction (the arena hands it the game
state after every action, :func:`watch`), so it lives outside the bots' registry: the server
and the page list their levels from the registry (``picas.games.spades.bots.registry.LEVELS``)
and can never load it (``tests/web/test_clairvoyant_unreachable.py``).

Its bids and cards are Difícil's search with the true deal as its one sample, picked by the
average alone (no margin: the deal is certain), its manners the same (the candidates the
heuristic allows). The draw of «Dos jugadores» is Difícil's (it sees the cards once dealt).
"""

from __future__ import annotations

from picas.games.spades import GameState
from picas.games.spades.bots.dificil import DificilBot
from picas.games.spades.bots.search import SearchSettings
from picas.games.spades.bots.two_knowledge import know_two
from picas.games.spades.bots.two_search import pile_seat
from picas.games.spades.view import PlayerView

NAME = "clairvoyant"
"""Its name in ``picas arena`` (never a level)."""

CERTAIN = SearchSettings(
    margin=0.0, confidence=0.0, nil_margin=0.0, settle=0.0, rescue=0.0, views=0, bid_views=0
)
"""The search's settings when the deal is known: the best average wins, without a margin for
the doubt of sampling, and the bid priced on the true deal's playout as it falls (``rescue`` 0:
the bound as measured in docs/benchmarks.md). Its playouts stay on every card of the deal for
every seat (``views`` 0), as when it was measured: with the opponents on their own views, as
Difícil's playouts now are, the same search shown every card would be a much higher bound
(docs/bots.md, «Fifth round»)."""


class ClairvoyantBot(DificilBot):
    name = NAME

    def __init__(self) -> None:
        super().__init__(CERTAIN)
        self.game: GameState | None = None

    def watch(self, game: GameState) -> None:
        """The arena shows it the game as it is now (before each of its decisions)."""
        self.game = game

    def dealt(self, view: PlayerView) -> list[int] | None:
        game = self.game
        if game is None or view.hand is None:
            return None
        held = list(game.hand.hands)
        if view.rules.players == 4:
            return held
        # «Dos jugadores»: the opponent's hand, and the rest of the unseen cards out of play
        # (where the two-player search deals its pile).
        me = int(view.seat)
        opp = me ^ 1
        unseen = know_two(view).unseen
        out = [0, 0, 0, 0]
        out[me] = held[me]
        out[opp] = held[opp]
        out[pile_seat(me)] = unseen & ~held[opp]
        return out
