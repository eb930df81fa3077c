"""What a seat can know at «Dos jugadores», from its view only.

Two seats play (South and West, ``me`` and ``me ^ 1``), a trick is the leader's card and then the
other's. The cards a seat has not seen are its opponent's 13 and the draw's out-of-play cards
mixed: a card not seen is *not* known to be his. What is known: the seat's own hand, the cards
played, the seat's own seen discards (out of play for sure: never his), and the suits each player
has shown out of (a void shown is real: he held none of that suit), the seat's own as the opponent
sees them too. The result is the four-seat :class:`~picas.games.spades.bots.knowledge.Knowledge`
with the two empty seats holding nothing, so the hint reads it as it reads a four-seat one.
"""

from __future__ import annotations

from picas.games.spades.bots.knowledge import FIRST_SPADE, Knowledge, void_mask
from picas.games.spades.view import PlayerView


def seen_out_mask(view: PlayerView) -> int:
    """The viewer's own seen discards of the draw (out of play, never the opponent's)."""
    mask = 0
    if view.draw is not None:
        for card in view.draw.seen_out:
            mask |= 1 << card
    return mask


def hand_mask(view: PlayerView) -> int:
    mask = 0
    for card in view.hand or ():
        mask |= 1 << card
    return mask


def draw_position(view: PlayerView) -> tuple[int, int, int]:
    """The viewer's draw: its hand so far, the stock's top card it is shown, and the cards it has
    not seen (the next card is one of them, each as likely: the deck less its hand, its seen
    discards and the top card)."""
    assert view.draw is not None, "not a two-player hand"
    assert view.draw.top is not None, "not the viewer's draw"
    hand = hand_mask(view)
    top = int(view.draw.top)
    unseen = view.rules.deck.cards & ~hand & ~seen_out_mask(view) & ~(1 << top)
    return hand, top, unseen


def know_two(view: PlayerView) -> Knowledge:
    """The counting of :func:`~picas.games.spades.bots.knowledge.know` for two seats."""
    me = int(view.seat)
    opp = me ^ 1
    mine = hand_mask(view)
    played = 0
    seat_played = [0, 0, 0, 0]
    shown = [0, 0, 0, 0]
    broken = False
    tricks: list[tuple[int, tuple[int, ...]]] = [
        (int(t.leader), tuple(int(c) for c in t.cards)) for t in view.tricks
    ]
    if view.trick:
        tricks.append((int(view.leader), tuple(int(c) for c in view.trick)))
    for leader, cards in tricks:
        led = min(cards[0] // 13, 3)  # a joker leads as a spade
        if led == 3 and not broken:
            shown[leader] |= 0b0111  # a spade led before they were broken: only spades held
        for position, card in enumerate(cards):
            seat = leader if position == 0 else leader ^ 1
            played |= 1 << card
            seat_played[seat] |= 1 << card
            if min(card // 13, 3) != led:
                shown[seat] |= 1 << led
                if card >= FIRST_SPADE:
                    broken = True
    deck = view.rules.deck
    unseen = deck.cards & ~played & ~mine & ~seen_out_mask(view)
    possible = [0, 0, 0, 0]
    possible[me] = mine
    possible[opp] = unseen & ~void_mask(shown[opp])
    voids = [0, 0, 0, 0]
    voids[me] = shown[me]
    voids[opp] = shown[opp]
    bids = [-1 if b is None else b for b in view.bids]
    sizes = [0, 0, 0, 0]
    sizes[me] = view.hand_sizes[me]
    sizes[opp] = view.hand_sizes[opp]
    return Knowledge(
        seat=me,
        mine=mine,
        played=played,
        unseen=unseen,
        voids=(voids[0], voids[1], voids[2], voids[3]),
        possible=(possible[0], possible[1], possible[2], possible[3]),
        seat_played=(seat_played[0], seat_played[1], seat_played[2], seat_played[3]),
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        trick=tuple(int(c) for c in view.trick),
        leader=int(view.leader),
        bids=(bids[0], bids[1], bids[2], bids[3]),
        won=view.won,
        broken=view.spades_broken,
        tricks_left=13 - len(view.tricks),
        deck=deck,
    )
