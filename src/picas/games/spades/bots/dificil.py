"""Difícil: Monte Carlo search over the deals consistent with what it has seen.

Bids: the shared evaluator gives an estimate; the search then deals the other hands many times
(weighted to fit the bids already made), lets the seats still to bid bid by the evaluator, plays
each deal out, and keeps the bid (within two of the estimate, or Nil when the hand might carry
one) that scores best on average with the real scoring rules.

Plays: for each card, the unseen cards are dealt to the other seats within their hand sizes, known
voids and bids (:mod:`picas.games.spades.bots.search`), every distinct candidate card is played out
by the shared heuristic (the opponents choosing on what each could see, as they do at the table, not
on the sampled deal's every card), and each finished hand is priced by the real scoring rules plus
the cost of the bags carried forward. It keeps the heuristic's card (Normal's choice, with its
manners) unless the search is confident another one is better. A fixed number of samples, so it
is deterministic given its generator.
"""

from __future__ import annotations

import random

from picas.games.spades import ANY_CARD, Bid, BlindNil, Card, Discard, Keep, LookAtCards
from picas.games.spades.actions import BIDS
from picas.games.spades.bots.evaluate import DIFICIL_STYLE, decide_bid
from picas.games.spades.bots.knowledge import dealt_hand, know
from picas.games.spades.bots.normal import bid_from_view, draw_action
from picas.games.spades.bots.policy import choose
from picas.games.spades.bots.search import SearchSettings, search_bid, search_play
from picas.games.spades.bots.two_bid import best_bid, decide_two_bid
from picas.games.spades.bots.two_draw import draw_choice
from picas.games.spades.bots.two_knowledge import know_two
from picas.games.spades.bots.two_search import search_bid_two, search_play_two
from picas.games.spades.view import PlayerView


class DificilBot:
    name = "dificil"

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()
        self.playouts = 0
        """Playouts run so far by this object (for ``picas bench bots``); not used to decide."""

    def bid(self, view: PlayerView, rng: random.Random) -> Bid | BlindNil | LookAtCards:
        if view.hand is None or not self.settings.bid_samples:
            return bid_from_view(view, rng, DIFICIL_STYLE)
        if view.rules.players == 2:
            return self._bid_two(view, rng)
        mask = dealt_hand(view)
        decision = decide_bid(view, mask, DIFICIL_STYLE)
        evaluation = decision.evaluation
        estimate = decision.bid or max(1, int(evaluation.tricks * DIFICIL_STYLE.scale + 0.5))
        partner_bid = view.bids[view.seat.partner]
        try_nil = partner_bid != 0 and evaluation.nil_danger <= self.settings.nil_danger
        bid, runs = search_bid(
            know(view),
            view.rules,
            view.blind,
            view.bags,
            rng,
            estimate=estimate,
            try_nil=try_nil,
            samples=self.settings.bid_samples,
            nil_margin=self.settings.nil_margin,
            dealt=self.dealt(view),
            rescue=self.settings.rescue,
            endgame=self.settings.bid_endgame,
            views=self.settings.bid_views,
        )
        self.playouts += runs
        return BIDS[bid]

    def dealt(self, view: PlayerView) -> list[int] | None:
        """The true deal, for the search to play out instead of samples: never, for Difícil (it
        knows only its view); the clairvoyant bound of ``picas arena`` is given the game's."""
        return None

    def _bid_two(self, view: PlayerView, rng: random.Random) -> Bid:
        """«Dos jugadores»: the search plays out and prices the bids near Normal's two-player bid
        over deals of the opponent's 13 from the cards not seen, and a Nil when the hand might
        carry one."""
        if not self.settings.two_bid_samples:
            return BIDS[decide_two_bid(view).bid]
        decision = decide_two_bid(view)
        estimate = decision.bid or max(1, best_bid(decision.evaluation.tricks, view.rules))
        bid, runs = search_bid_two(
            know_two(view),
            view.rules,
            view.bags,
            rng,
            estimate=estimate,
            try_nil=decision.evaluation.nil_danger <= self.settings.nil_danger,
            samples=self.settings.two_bid_samples,
            nil_margin=self.settings.nil_margin,
            dealt=self.dealt(view),
            weigh=self.settings.weigh_bids,
            views=self.settings.bid_views,
        )
        self.playouts += runs
        return BIDS[bid]

    def draw(self, view: PlayerView, rng: random.Random) -> Keep | Discard:
        """«Dos jugadores»: the finished hands with the top card against those without it."""
        return draw_action(draw_choice(view, self.name, rng))

    def play(self, view: PlayerView, rng: random.Random) -> Card:
        if view.rules.players == 2:
            return self._play_two(view, rng)
        k = know(view)
        history = [(int(t.leader), [int(c) for c in t.cards]) for t in view.tricks]
        if view.trick:
            history.append((int(view.leader), [int(c) for c in view.trick]))
        card, runs = search_play(
            k, view.rules, view.blind, view.bags, rng, self.settings, self.dealt(view), history
        )
        self.playouts += runs
        if card < 0:  # no consistent deal found (cannot happen with a real view): play Normal
            card = choose(
                k.seat,
                k.mine,
                k.trick,
                k.leader,
                k.possible,
                k.bids,
                k.won,
                k.broken,
                k.tricks_left,
            )
        return ANY_CARD[card]

    def _play_two(self, view: PlayerView, rng: random.Random) -> Card:
        history = [(int(t.leader), [int(c) for c in t.cards]) for t in view.tricks]
        if view.trick:
            history.append((int(view.leader), [int(c) for c in view.trick]))
        card, runs = search_play_two(
            know_two(view), view.rules, view.bags, rng, self.settings, self.dealt(view), history
        )
        self.playouts += runs
        return ANY_CARD[card]
