"""Partner blunders, counted by ``picas arena``: the plays a partner at a real table would not
forgive, judged from what the player could know when it played (its view), at four players.

- **Overtaking a sure trick**: the partner (not a Nil bidder) is winning the trick and nobody
  still to play may beat its card (the seats' possible cards, as :mod:`.bots.knowledge` infers them
  from the view), and the player beats it although a legal card of its would not.
- **Leaving a live Nil uncovered**: the partner bid Nil and has taken no trick, has played to this
  trick and is winning it; the player (not a Nil bidder) holds a legal card that beats the
  partner's, plays one that does not, and the partner takes the trick (its Nil breaks).

The arena watches every card (:class:`PartnerWatch`); a bot never sees this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from picas.games.spades import GameState, Play, Seat
from picas.games.spades.bots.knowledge import know
from picas.games.spades.bots.policy import can_beat, legal_mask, winner_position
from picas.games.spades.view import view_for


def overtakes_sure_trick(game: GameState, seat: Seat, card: int) -> bool:
    """Whether ``seat`` playing ``card`` in ``game`` overtakes a partner's sure trick."""
    k = know(view_for(game, seat))
    trick = list(k.trick)
    if not trick:
        return False
    partner = (k.seat + 2) & 3
    wpos = winner_position(trick)
    if (k.leader + wpos) & 3 != partner or k.bids[partner] == 0:
        return False
    best = trick[wpos]
    led = min(trick[0] // 13, 3)
    for later in range(len(trick) + 1, 4):
        if can_beat(k.possible[(k.leader + later) & 3], best, led):
            return False
    legal = legal_mask(k.mine, trick, k.broken)
    beating = _beating(legal, best, trick[0])
    return bool(beating >> card & 1) and bool(legal & ~beating)


def _beating(legal: int, best: int, first: int) -> int:
    """The legal cards that would win a trick led by ``first`` whose best card is ``best``."""
    out = 0
    rest = legal
    while rest:
        bit = rest & -rest
        rest ^= bit
        trick = [first, best] if first != best else [best]
        trick.append(bit.bit_length() - 1)
        if winner_position(trick) == len(trick) - 1:
            out |= bit
    return out


@dataclass
class PartnerWatch:
    """Counts each team's partner blunders as the cards fall (four players only)."""

    counts: list[int] = field(default_factory=lambda: [0, 0])
    _pending: list[int] = field(default_factory=list)
    """Seats that left a live Nil uncovered in the trick in progress (a blunder if it breaks)."""

    def see(self, before: GameState, seat: Seat, action: object, after: GameState) -> None:
        if not isinstance(action, Play) or before.rules.players != 4:
            return
        card = int(action.card)
        if overtakes_sure_trick(before, seat, card):
            self.counts[seat & 1] += 1
        if _uncovers_nil(before, seat, card):
            self._pending.append(int(seat))
        trick = [int(c) for c in before.hand.trick]
        if len(trick) == 3:
            trick.append(card)
            winner = (int(before.hand.leader) + winner_position(trick)) & 3
            for who in self._pending:
                if winner == (who + 2) & 3:
                    self.counts[who & 1] += 1
            self._pending.clear()


def _uncovers_nil(game: GameState, seat: Seat, card: int) -> bool:
    k = know(view_for(game, seat))
    trick = list(k.trick)
    partner = (k.seat + 2) & 3
    if not trick or k.bids[partner] != 0 or k.won[partner] or k.bids[k.seat] == 0:
        return False
    wpos = winner_position(trick)
    if (k.leader + wpos) & 3 != partner:
        return False
    beating = _beating(legal_mask(k.mine, trick, k.broken), trick[wpos], trick[0])
    return bool(beating) and not beating >> card & 1
