"""Difícil's search at «Dos jugadores»: the four-seat search's method on two seats.

A sample deals the cards the seat has not seen between the opponent (exactly his hand size, none of
a suit he has shown out of) and the draw's out-of-play pile (the rest). His cards are dealt as he
would have drawn them, two at a time, keeping the one worth keeping (:class:`TwoSampler`); when
the pool cannot give him his hand that way, the shared uniform dealing
(:mod:`picas.shared.sampling`) with the pile as a third "seat" that no void constrains. The cards
the seat saw go out (``seen_out``), its own hand and the cards played are never dealt. Each
candidate card is played out to the end of the hand by the two-seat heuristic (:mod:`.two_policy`)
for both seats, on the same samples, and priced by the real scoring of each player's own contract;
the heuristic's card is kept unless another prices clearly better. Fixed work (the settings'
samples, and the settled stop of the four-seat search), never a time budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from picas.games.spades import Rules
from picas.games.spades.bots.knowledge import BELOW, Knowledge, void_mask
from picas.games.spades.bots.policy import legal_mask
from picas.games.spades.bots.search import (
    SETTLE_EVERY,
    SETTLE_MIN,
    SearchSettings,
    bag_cost,
    chosen_card,
    settled_on_own,
    thirteen_value,
)
from picas.games.spades.bots.two_draw import card_alone
from picas.games.spades.bots.two_policy import two_card
from picas.shared.cards import JOKERS_MASK, indices_in
from picas.shared.sampling import NOTHING_KNOWN, deal_hands, deal_plan

_ATTEMPTS = 60


def pile_seat(me: int) -> int:
    """The seat index the samplers deal the out-of-play pile to (an empty seat's)."""
    return (me + 2) & 3


class TwoPricer:
    """Prices a finished hand at two players: each player's own contract, Nil and bags (the six
    lines of the sheet, one player a side), ours minus his, with the bags carried forward."""

    __slots__ = (
        "bag_limit",
        "bag_points",
        "bags",
        "bids",
        "big",
        "me",
        "nil",
        "penalty",
        "thirteen",
    )

    def __init__(self, rules: Rules, me: int, bids: Sequence[int], bags: Sequence[int]) -> None:
        self.me = me
        self.bids = tuple(bids)
        self.bags = tuple(bags)
        self.penalty = rules.bag_penalty
        self.bag_limit = rules.bag_limit
        self.bag_points = rules.bag_penalty_points
        self.nil = (rules.nil_points, rules.nil_tricks_score)
        self.big = 10 if rules.ten_for_200 else 14
        self.thirteen = thirteen_value(rules)

    def points(self, seat: int, won: int) -> tuple[int, int, int]:
        """The player's hand total, the bags it adds and its bags after (``seat & 1`` is its
        side's index in ``bags``)."""
        bid = self.bids[seat]
        nil_points, nil_tricks_score = self.nil
        if bid == 0:
            points = nil_points if won == 0 else -nil_points
            added = won
            if nil_tricks_score:
                points += won
        elif won >= bid:
            points = 200 if bid >= self.big else 10 * bid
            if bid == 13:
                points += self.thirteen
            added = won - bid
            points += added
        else:
            points = -10 * bid
            added = 0
        total = self.bags[seat & 1] + added
        if self.penalty:
            points -= self.bag_points * (total // self.bag_limit)
            total %= self.bag_limit
        return points, added, total

    def player_value(self, seat: int, won: int) -> float:
        points, added, after = self.points(seat, won)
        if not added:
            return points
        if not self.penalty:
            return points - 0.5 * added
        return points - bag_cost(after) + bag_cost(self.bags[seat & 1])

    def value(self, won: Sequence[int]) -> float:
        me = self.me
        return self.player_value(me, won[me]) - self.player_value(me ^ 1, won[me ^ 1])


class PlayFitTwo:
    """The opponent's cards so far against a sampled hand of his: Normal's card is a function of
    his hand and what he has seen, so a sampled hand with which he would not have played the card
    he did is a less likely one. Each of his choices is replayed on his view of the sampled deal:
    the cards he has not seen (neither his hand, nor played, nor his seen discards), less the
    suits we had shown out of."""

    __slots__ = ("bids", "deck", "misplay", "opp", "replays")

    def __init__(
        self,
        me: int,
        deck: int,
        history: Sequence[tuple[int, Sequence[int]]],
        bids: Sequence[int],
        misplay: float,
    ) -> None:
        opp = me ^ 1
        self.opp = opp
        self.deck = deck
        self.misplay = misplay
        self.bids = list(bids)
        our_size = 13
        opp_later = 0
        for leader, cards in history:
            for position, card in enumerate(cards):
                if (leader if position == 0 else leader ^ 1) == opp:
                    opp_later |= 1 << card
        voids = 0
        played = 0
        won = [0, 0, 0, 0]
        broken = False
        left = 13
        self.replays: list[tuple[list[int], list[int], bool, int, int, int, int, int]] = []
        """His choices: the trick so far, the tricks won, spades broken, the tricks left, the
        cards he knew were not ours (played, or of a suit we had shown out of), our hand's
        size, the cards he played from then on, and the card he played."""
        for leader, cards in history:
            led = min(cards[0] // 13, 3)
            for position, card in enumerate(cards):
                seat = leader if position == 0 else leader ^ 1
                trick = [cards[0]] if position else []
                if seat == opp:
                    known = played | void_mask(voids)
                    self.replays.append(
                        (trick, list(won), broken, left, known, our_size, opp_later, card)
                    )
                    opp_later &= ~(1 << card)
                else:
                    our_size -= 1
                    if not position and led == 3 and not broken:
                        voids |= 0b0111  # a spade led before they broke: only spades left
                    if position and min(card // 13, 3) != led:
                        voids |= 1 << led
                if position and min(card // 13, 3) != led and card >= 39:
                    broken = True
                played |= 1 << card
            if len(cards) == 2:
                won[leader ^ trick_winner_two(cards[0], cards[1])] += 1
                left -= 1

    def weight(self, held: int, seen: int) -> float:
        """``misplay`` to the power of the cards he played that the heuristic would not have,
        with ``held`` and the cards he played since in his hand and ``seen`` his seen discards."""
        weight = 1.0
        bids = self.bids
        opp = self.opp
        deck = self.deck & ~seen
        for trick, won, broken, left, known, size, later, card in self.replays:
            hand = held | later
            legal = legal_mask(hand, trick, broken)
            if not legal & (legal - 1):
                continue  # no choice: nothing to learn
            may = deck & ~hand & ~known
            if two_card(opp, hand, trick, may, size, bids, won, broken, left) != card:
                weight *= self.misplay
        return weight


class TwoSampler:
    """The deals of one decision: the opponent's cards and the out-of-play pile from the cards not
    seen.

    The opponent's hand is not any 13 of them: he drew it, and kept the cards worth keeping. So
    each of his cards is dealt as he drew it: two cards from the pool, the first shown to him; he
    keeps it if it is worth more alone than the average card (Fácil's draw, the cheapest measure
    of "worth keeping"), else takes the second; the other goes out of play. A card of a suit he has
    shown out of is never his (the other of the pair is, when it can be; else both go out). This
    deals him the spades and honours a drawn hand has (about five spades and one and a half aces,
    against three and one for a random 13), where a uniform deal would make him too weak and
    Difícil bid too high. When the pool cannot give him his cards that way (few cards left outside
    his voids) the deal is the uniform one, as at four seats."""

    def __init__(self, k: Knowledge, rules: Rules | None = None) -> None:
        me = k.seat
        opp = me ^ 1
        pile = pile_seat(me)
        self.rules = rules
        self.bid = k.bids[opp] if rules is not None else -1
        """The opponent's bid, when the deals are weighed by it (-1: not weighed)."""
        self.opp_played = k.seat_played[opp]
        self.me = me
        self.opp = opp
        self.pile = pile
        self.mine = k.mine
        self.unseen = k.unseen
        self.size = k.sizes[opp]
        sizes = [0, 0, 0, 0]
        sizes[opp] = k.sizes[opp]
        sizes[pile] = k.unseen.bit_count() - k.sizes[opp]
        self.sizes = (sizes[0], sizes[1], sizes[2], sizes[3])
        voids = [0, 0, 0, 0]
        voids[opp] = k.voids[opp]
        self.plan = deal_plan(me, k.unseen, voids, k.deck.suit_masks, (me, opp, pile))
        void_cards = 0
        for suit in range(len(k.deck.suit_masks)):
            if k.voids[opp] >> suit & 1:
                void_cards |= k.deck.suit_masks[suit]
        self.allowed = k.unseen & ~void_cards
        self.pool = indices_in(k.unseen)
        jokers = bool(k.deck.cards & JOKERS_MASK)
        values = [card_alone(card, jokers=jokers) for card in self.pool]
        mean = sum(values) / len(values) if values else 0.0
        keeps = 0
        for card, value in zip(self.pool, values, strict=True):
            if value > mean:
                keeps |= 1 << card
        self.keeps = keeps
        self.seen = 0
        """The opponent's seen discards in the deal last returned: the top cards he put out (in
        the pile; none in a uniform deal). The rest of the pile he never saw."""
        self.fit: PlayFitTwo | None = None
        """His cards so far weighing the deals (:class:`PlayFitTwo`), when they do."""
        self.fit_tries = 8

    def deal(self, rng: random.Random) -> list[int] | None:
        held = self.picked(rng)
        if held < 0:
            self.seen = 0
            return deal_hands(
                self.plan, self.me, self.mine, self.sizes, NOTHING_KNOWN, rng, _ATTEMPTS
            )
        hands = [0, 0, 0, 0]
        hands[self.me] = self.mine
        hands[self.opp] = held
        hands[self.pile] = self.unseen & ~held
        return hands

    def draw(self, rng: random.Random, tries: int = 6) -> list[int] | None:
        """A deal that fits the opponent's bid, when he has bid and the deals are weighed, and
        his cards so far, when :attr:`fit` weighs them: each candidate is kept with probability
        equal to how plausible his bid is with the hand it gives him
        (:func:`~.two_bid.bid_likelihood_two`) times its play's fit, the best of ``tries``
        (:attr:`fit_tries` with a fit) otherwise, as the four-seat sampler weighs the bids."""
        rules = self.rules
        fit = self.fit
        by_bid = rules is not None and self.bid >= 0
        if not by_bid and fit is None:
            return self.deal(rng)
        from picas.games.spades.bots.two_bid import bid_likelihood_two

        best: list[int] | None = None
        best_weight = -1.0
        best_seen = 0
        for _ in range(tries if fit is None else self.fit_tries):
            hands = self.deal(rng)
            if hands is None:
                return None
            weight = 1.0
            if rules is not None and by_bid:
                weight = bid_likelihood_two(self.bid, hands[self.opp] | self.opp_played, rules)
            if fit is not None:
                weight *= fit.weight(hands[self.opp], self.seen)
            if rng.random() < weight:
                return hands
            if weight > best_weight:
                best, best_weight, best_seen = hands, weight, self.seen
        self.seen = best_seen
        return best

    def picked(self, rng: random.Random) -> int:
        """The opponent's hand dealt pair by pair as he would draw it (-1 if the pool runs
        short); :attr:`seen` his seen discards. A kept top card puts the next one out unseen, as
        the draw does («la siguiente se descarta sin verla»)."""
        pool = self.pool.copy()
        n = len(pool)
        need = self.size
        allowed = self.allowed
        keeps = self.keeps
        uniform = rng.random
        held = 0
        seen = 0
        while need:
            if n < 2:
                return -1
            i = int(uniform() * n)
            top = pool[i]
            n -= 1
            pool[i] = pool[n]
            j = int(uniform() * n)
            following = pool[j]
            n -= 1
            pool[j] = pool[n]
            card, other = (top, following) if keeps >> top & 1 else (following, top)
            if not allowed >> card & 1:
                if not allowed >> other & 1:
                    continue
                card = other
            held |= 1 << card
            if card != top:
                seen |= 1 << top  # he was shown the top card and put it out
            need -= 1
        self.seen = seen
        return held


def trick_winner_two(first: int, second: int) -> int:
    """0 when the first card of a two-card trick wins, 1 when the second does: a higher card of the
    led suit, or a spade (a joker) above the best so far."""
    led = first // 13
    return 1 if (second // 13 == led or second >= 39) and second > first else 0


def playout_two(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    tricks_left: int,
) -> list[int]:
    """Play the hand to its end with the two-seat heuristic for both seats (mutates its
    arguments; ``trick`` holds 0 or 1 card, led by ``leader``)."""
    while True:
        turn = leader ^ 1 if trick else leader
        other = turn ^ 1
        hand = hands[turn]
        may = hands[other]
        card = two_card(turn, hand, trick, may, may.bit_count(), bids, won, broken, tricks_left)
        hands[turn] = hand ^ (1 << card)
        if not trick:
            trick.append(card)
            continue
        first = trick[0]
        if card >= 39 and first < 39:
            broken = True
        winner = leader ^ trick_winner_two(first, card)
        won[winner] = won[winner] + 1
        tricks_left -= 1
        if not tricks_left:
            return won
        leader = winner
        trick.clear()


def playout_two_views(
    hands: list[int],
    trick: list[int],
    leader: int,
    won: list[int],
    broken: bool,
    bids: list[int],
    tricks_left: int,
    views: int,
    fogs: list[int],
    voids: list[int],
) -> list[int]:
    """:func:`playout_two` with the seats in ``views`` (bit ``1 << seat``) choosing on what each
    can know, as Normal does at the table: the other may hold any card of his hand or of his
    ``fogs`` entry (the cards out of play this seat never saw) outside the suits he has shown out
    of (``voids``, suits by seat, grown as the playout shows more; mutated)."""
    while True:
        turn = leader ^ 1 if trick else leader
        other = turn ^ 1
        held = hands[other]
        may = (held | fogs[other]) & ~void_mask(voids[other]) if views >> turn & 1 else held
        card = two_card(
            turn, hands[turn], trick, may, held.bit_count(), bids, won, broken, tricks_left
        )
        hands[turn] = hands[turn] ^ (1 << card)
        if not trick:
            if card >= 39 and not broken:
                voids[turn] = voids[turn] | 0b0111  # a spade led before they broke: only spades
            trick.append(card)
            continue
        first = trick[0]
        if min(card // 13, 3) != min(first // 13, 3):
            voids[turn] = voids[turn] | 1 << min(first // 13, 3)
        if card >= 39 and first < 39:
            broken = True
        winner = leader ^ trick_winner_two(first, card)
        won[winner] = won[winner] + 1
        tricks_left -= 1
        if not tricks_left:
            return won
        leader = winner
        trick.clear()


def view_seats(views: int, me: int) -> int:
    """The seats (bit ``1 << seat``) of :attr:`SearchSettings.views` at two players: ours for its
    bit 1, the opponent's for either opponent's bit (2 or 8: he sits on both sides)."""
    seats = 0
    if views & 1:
        seats |= 1 << me
    if views & 10:
        seats |= 1 << (me ^ 1)
    return seats


def view_fogs(k: Knowledge, hands: list[int], seen: int) -> list[int]:
    """For a sampled deal (``seen`` the opponent's seen discards in it), the cards out of play
    that each player never saw, by seat: for us, the pile (his discards, and ours we did not see);
    for him, our seen discards and the pile less his seen ones."""
    me = k.seat
    pile = hands[pile_seat(me)]
    ours_seen = k.deck.cards & ~k.played & ~k.mine & ~k.unseen
    fogs = [0, 0, 0, 0]
    fogs[me ^ 1] = pile
    fogs[me] = ours_seen | (pile & ~seen)
    return fogs


def heuristic_two(k: Knowledge) -> int:
    """The two-seat heuristic's card on what the seat knows (Normal's card)."""
    opp = k.seat ^ 1
    return two_card(
        k.seat,
        k.mine,
        list(k.trick),
        k.possible[opp],
        k.sizes[opp],
        list(k.bids),
        list(k.won),
        k.broken,
        k.tricks_left,
    )


def candidates_two(k: Knowledge, legal: int) -> list[int]:
    """One card for each group of equivalent legal cards: same suit, no card between them that the
    opponent may hold or that is on the table; the lowest of each group."""
    table = 0
    for card in k.trick:
        table |= 1 << card
    live = k.unseen | table
    out: list[int] = []
    rest = legal
    while rest:
        bit = rest & -rest
        card = bit.bit_length() - 1
        rest ^= bit
        if out:
            prev = out[-1]
            if min(prev // 13, 3) == min(card // 13, 3):
                between = BELOW[card] & ~BELOW[prev] & ~(1 << prev)
                if not between & live:
                    continue
        out.append(card)
    return out


def _group(options: list[int], card: int, live: int) -> int:
    for index, option in enumerate(options):
        if option == card:
            return index
        if min(option // 13, 3) == min(card // 13, 3):
            low, high = min(option, card), max(option, card)
            if not BELOW[high] & ~BELOW[low] & ~(1 << low) & live:
                return index
    return 0


def search_play_two(
    k: Knowledge,
    rules: Rules,
    bags: Sequence[int],
    rng: random.Random,
    settings: SearchSettings,
    dealt: list[int] | None = None,
    history: Sequence[tuple[int, Sequence[int]]] = (),
) -> tuple[int, int]:
    """The best card for ``k.seat`` at two players by Monte Carlo, and the playouts run. The
    playouts' seats in ``settings.views`` (:func:`view_seats`) play on what each can know of the
    sampled deal (:func:`playout_two_views`); the deals are weighed by the opponent's bid
    (``settings.weigh_bids``) and by his cards so far (``history``, the tricks as (leader,
    cards), this one too: :class:`PlayFitTwo`, ``settings.two_misplay``). ``dealt``: the true
    deal, the one sample (the clairvoyant bound of ``picas arena`` only; every seat then sees
    it)."""
    me = k.seat
    legal = legal_mask(k.mine, k.trick, k.broken)
    options = candidates_two(k, legal)
    heuristic = heuristic_two(k)
    if len(options) == 1:
        return options[0], 0
    pricer = TwoPricer(rules, me, k.bids, bags)
    bids = list(k.bids)
    starts: list[tuple[list[int], int, list[int], int, bool]] = []
    shown: list[int] = []  # the suits we have shown out of once the card is down
    for card in options:
        won = list(k.won)
        left = k.tricks_left
        leader = k.leader
        out_of = k.voids[me]
        if k.trick:
            first = k.trick[0]
            broken = k.broken or (card >= 39 and first < 39)
            winner = leader ^ trick_winner_two(first, card)
            won[winner] = won[winner] + 1
            starts.append(([], winner, won, left - 1, broken))
            if min(card // 13, 3) != min(first // 13, 3):
                out_of |= 1 << min(first // 13, 3)
        else:
            starts.append(([card], me, won, left, k.broken))
            if card >= 39 and not k.broken:
                out_of |= 0b0111
        shown.append(out_of)
    seats = view_seats(settings.views, me) if dealt is None else 0
    sampler = TwoSampler(k, rules if settings.weigh_bids else None)
    if settings.two_misplay < 1.0 and history:
        sampler.fit = PlayFitTwo(me, k.deck.cards, history, k.bids, settings.two_misplay)
        sampler.fit_tries = settings.misplay_tries
    table = 0
    for card in k.trick:
        table |= 1 << card
    own = _group(options, heuristic, k.unseen | table)
    samples = -(-settings.playouts // len(options)) if dealt is None else 1
    values: list[list[float]] = [[] for _ in options]
    s1 = [0.0] * len(options)
    s2 = [0.0] * len(options)
    z = settings.settle
    first_check = max(SETTLE_MIN, samples // 4)
    runs = 0
    for drawn in range(1, samples + 1):
        hands = sampler.draw(rng) if dealt is None else dealt.copy()
        if hands is None:
            break
        fogs = view_fogs(k, hands, sampler.seen) if seats else []
        for index in range(len(options)):
            trick, leader, won, left, broken = starts[index]
            won = won.copy()
            if left:
                h = hands.copy()
                h[me] = h[me] ^ (1 << options[index])
                if seats:
                    voids = list(k.voids)
                    voids[me] = shown[index]
                    playout_two_views(
                        h, trick.copy(), leader, won, broken, bids, left, seats, fogs, voids
                    )
                else:
                    playout_two(h, trick.copy(), leader, won, broken, bids, left)
            values[index].append(pricer.value(won))
            runs += 1
        if z > 0:
            base = values[own][-1]
            for index in range(len(options)):
                d = values[index][-1] - base
                s1[index] += d
                s2[index] += d * d
            if (
                drawn >= first_check
                and drawn % SETTLE_EVERY == 0
                and drawn < samples
                and settled_on_own(s1, s2, drawn, own, z, settings.margin)
            ):
                return heuristic, runs
    return chosen_card(values, options, own, heuristic, settings), runs


def search_bid_two(
    k: Knowledge,
    rules: Rules,
    bags: Sequence[int],
    rng: random.Random,
    *,
    estimate: int,
    try_nil: bool,
    samples: int,
    nil_margin: float = 0.0,
    dealt: list[int] | None = None,
    weigh: bool = False,
    views: int = 0,
) -> tuple[int, int]:
    """The bid that scores best on average over sampled deals at two players, and the playouts.

    Each sample deals the opponent 13 of the cards not seen (the rest out of play) and lets him
    bid by Normal's two-player bid if he has not bid yet; every bid within two of ``estimate`` is
    played out on it, with that bid (the play changes with the bid: a contract made, the rest is
    ducked), and priced. With ``try_nil`` a Nil is played out and priced too. ``weigh``: the
    deals weighed by the opponent's bid, when he bid first. ``views``: the playouts' seats that
    play on what each can know (:func:`view_seats`). ``dealt``: the true deal, the one sample
    (the clairvoyant bound only; every seat then sees it)."""
    from picas.games.spades.bots.two_bid import two_bid_for_hand

    me = k.seat
    opp = me ^ 1
    options = list(range(max(1, estimate - 2), min(13, estimate + 2) + 1))
    if try_nil:
        options.append(0)
    totals = [0.0] * len(options)
    runs = 0
    drawn = 0
    seats = view_seats(views, me) if dealt is None else 0
    sampler = TwoSampler(k, rules if weigh else None)
    for _ in range(samples if dealt is None else 1):
        hands = sampler.draw(rng) if dealt is None else dealt.copy()
        if hands is None:
            break
        drawn += 1
        bids = list(k.bids)
        if bids[opp] < 0:
            bids[opp] = two_bid_for_hand(hands[opp], None, rules=rules, use_score=False).bid
        fogs = view_fogs(k, hands, sampler.seen) if seats else []
        for index, bid in enumerate(options):
            bids[me] = bid
            if seats:
                won = playout_two_views(
                    hands.copy(),
                    [],
                    k.leader,
                    [0, 0, 0, 0],
                    False,
                    bids,
                    13,
                    seats,
                    fogs,
                    [0, 0, 0, 0],
                )
            else:
                won = playout_two(hands.copy(), [], k.leader, [0, 0, 0, 0], False, bids, 13)
            runs += 1
            totals[index] += TwoPricer(rules, me, bids, bags).value(won)
    best = 0
    trick_bids = len(options) - 1 if try_nil else len(options)
    for index in range(1, trick_bids):
        if totals[index] > totals[best] + 1e-9:
            best = index
    if try_nil and drawn and totals[-1] > totals[best] + nil_margin * drawn:
        return 0, runs
    return options[best], runs
