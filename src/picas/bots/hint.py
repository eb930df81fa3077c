"""The play hint: the card the computer players' logic would play in the viewer's seat, and why.

The card is Normal's (:class:`picas.bots.normal.NormalBot`: card counting and void inference on the
view, the shared play policy). The reason is worked out apart from the choice, from the same view,
and says only what the view proves. "Tu compañero ya gana la baza" needs every opponent still to
play to be unable to beat the partner's card: a seat that may hold a higher card of the suit, or
any spade (it might be void in the led suit and ruff), could; otherwise the partner only "va
ganando". "Ganas la baza" is held to the same test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from picas.bots.knowledge import ABOVE, FIRST_SPADE, SPADES, SUIT_MASK, Knowledge, know
from picas.bots.normal import NormalBot
from picas.engine import Card, Phase, PicasError, Play, Seat
from picas.view import PlayerView

SUIT_SYMBOL = "♣♦♥♠"
SUIT_PLURAL = ("tréboles", "diamantes", "corazones", "picas")
RANK_LABEL = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPADE_SUIT = 3


@dataclass(frozen=True, slots=True)
class PlayHint:
    card: Card
    reason: str
    """Short Spanish, true of the position: "tu compañero ya gana la baza: juega la más baja"."""


class NoHint(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "no_hint"


_NORMAL = NormalBot()


def suggest_play(view: PlayerView) -> PlayHint:
    """The card Normal would play in the viewer's seat, and a short reason."""
    if view.phase is not Phase.PLAYING or not view.my_turn or view.hand is None:
        raise NoHint("La pista se pide cuando te toca jugar una carta.")
    # Normal decides from the view alone; its generator is never drawn from, so any seed will do.
    card = _NORMAL.play(view, random.Random(0))
    return PlayHint(card, explain_play(view, card))


def label(card: int) -> str:
    """The bots' short label, suit first: "♠A", "♥10"."""
    return SUIT_SYMBOL[card // 13] + RANK_LABEL[card % 13]


def explain_play(view: PlayerView, card: Card) -> str:
    """Why ``card`` is a good play for the viewer now, in words the view can vouch for."""
    spot = _Spot(know(view), view, int(card))
    for reason in (
        spot.only_card,
        spot.own_nil,
        spot.partner_nil,
        spot.opponent_nil,
        spot.partner_winning,
        spot.taking,
        spot.not_taking,
        spot.leading,
    ):
        text = reason()
        if text is not None:
            return text
    return f"juegas {label(card)}"


def _beats(card: int, best: int) -> bool:
    """Whether ``card`` beats ``best``, the trick's winning card so far."""
    if card // 13 == best // 13:
        return card > best
    return card >= FIRST_SPADE


def _may_beat(held: int, best: int) -> bool:
    """Whether a seat that may hold ``held`` could beat ``best``. Strict: a seat that may hold the
    led suit might also be void in it and ruff, so any spade it may hold counts."""
    if best >= FIRST_SPADE:
        return bool(held & ABOVE[best])
    return bool(held & (ABOVE[best] | SPADES))


def _bazas(count: int) -> str:
    return "1 baza" if count == 1 else f"{count} bazas"


class _Spot:
    """The facts of one position that the reasons are made of."""

    def __init__(self, k: Knowledge, view: PlayerView, card: int) -> None:
        self.k = k
        self.card = card
        self.suit = card // 13
        self.me = k.seat
        self.partner = (k.seat + 2) & 3
        self.hand = k.mine
        legal = 0
        for action in view.legal:
            if isinstance(action, Play):
                legal |= 1 << action.card
        self.legal = legal
        self.trick = k.trick
        n = len(k.trick)
        self.after = [(k.leader + i) & 3 for i in range(n + 1, 4)]
        self.opp_after = [seat for seat in self.after if seat != self.partner]
        bids = [max(bid, 0) for bid in k.bids]
        partner_counts = bids[self.partner] > 0
        contract = bids[self.me] + (bids[self.partner] if partner_counts else 0)
        counted = k.won[self.me] + (k.won[self.partner] if partner_counts else 0)
        self.need = contract - counted
        self.team = partner_counts
        """Whether the partner's tricks count toward the contract (the partner did not bid Nil)."""
        if n:
            self.led = k.trick[0] // 13
            best = 0
            for position in range(1, n):
                if _beats(k.trick[position], k.trick[best]):
                    best = position
            self.best = k.trick[best]
            self.best_seat = (k.leader + best) & 3
            self.takes = _beats(card, self.best)
            self.can_take = any(_beats(c, self.best) for c in _cards(legal))
        else:
            self.led = -1
            self.best = -1
            self.best_seat = -1
            self.takes = False
            self.can_take = False
        self.name = label(card)

    # --- words -----------------------------------------------------------------------------------

    def missing(self) -> str:
        """What the contract still needs: "os faltan 2 bazas", "te falta 1 baza" (alone)."""
        who = "os" if self.team else "te"
        verb = "falta" if self.need == 1 else "faltan"
        return f"{who} {verb} {_bazas(self.need)} para el contrato"

    def no_more(self) -> str:
        return "no necesitáis más bazas" if self.team else "no necesitas más bazas"

    def highest_words(self) -> str:
        """For a card no other hand can beat in its suit."""
        plural = SUIT_PLURAL[self.suit]
        if self.top():
            return f"{self.name} es la más alta que queda de {plural}"
        higher = "más altas" if self.suit == SPADE_SUIT else "más altos"
        return f"nadie más tiene {plural} {higher} que {self.name}"

    def contract_made(self) -> str:
        return "ya tenéis el contrato" if self.team else "ya tienes tu contrato"

    # --- facts -----------------------------------------------------------------------------------

    def suit_cards(self, suit: int | None = None) -> int:
        return self.hand & SUIT_MASK[self.suit if suit is None else suit]

    def lowest_of_suit(self) -> bool:
        part = self.suit_cards()
        return (part & -part).bit_length() - 1 == self.card

    def highest_of_suit(self) -> bool:
        return self.suit_cards().bit_length() - 1 == self.card

    def follows(self) -> bool:
        return self.suit == self.led

    def nobody_after_beats(self, best: int) -> bool:
        return not any(_may_beat(self.k.possible[seat], best) for seat in self.after)

    def master(self) -> bool:
        """No card still out of sight beats it in its own suit."""
        return not self.k.unseen & ABOVE[self.card]

    def top(self) -> bool:
        """The highest card of its suit still in play (the viewer's own cards included)."""
        return not (self.k.unseen | self.hand) & ABOVE[self.card]

    def side_lengths(self) -> list[int]:
        """The lengths of the side suits the viewer holds (not spades, not voids)."""
        return [n for s in range(3) if (n := self.suit_cards(s).bit_count())]

    def nil_bidder(self, seat: int) -> bool:
        return self.k.bids[seat] == 0 and self.k.won[seat] == 0

    def seat_name(self, seat: int) -> str:
        return Seat(seat).name_es

    def discard(self) -> str:
        """Why this card, when the viewer cannot follow suit and does not trump."""
        suit = self.suit
        length = self.suit_cards().bit_count()
        if self.need <= 0 and self.highest_of_suit() and self.card % 13 >= 8:
            return f"te deshaces de {self.name}, que podría darte sacos más tarde"
        if (
            self.need > 0
            and suit != SPADE_SUIT
            and self.hand & SPADES
            and length == min(self.side_lengths())
        ):
            if length == 1:
                return f"te descartas de tu única carta de {SUIT_PLURAL[suit]}: luego podrás fallar"
            return "te descartas de tu palo más corto para poder fallar"
        if self.card % 13 == min(c % 13 for c in _cards(self.legal)):
            return f"te descartas de tu carta más baja, {self.name}"
        return f"te descartas de {self.name}"

    # --- reasons, most specific first ----------------------------------------------------------

    def only_card(self) -> str | None:
        if self.legal & (self.legal - 1):
            return None
        if not self.hand & (self.hand - 1):
            return "es tu última carta"
        if self.trick:
            return f"es tu única carta de {SUIT_PLURAL[self.led]}: debes asistir"
        return "las picas no están rotas y es tu única carta de otro palo"

    def own_nil(self) -> str | None:
        if self.k.bids[self.me] != 0:
            return None
        if not self.trick:
            higher = (self.k.unseen & ABOVE[self.card]).bit_count()
            if higher:
                more = "1 carta más alta" if higher == 1 else f"{higher} cartas más altas"
                return f"cantaste Nil: sales con {self.name}, y hay {more} en otras manos"
            return f"cantaste Nil: sales con {self.name}"
        best = label(self.best)
        if not self.takes:
            return f"cantaste Nil: te quedas por debajo de {best}"
        if len(self.trick) == 3 and self.card == self.legal.bit_length() - 1:
            return (
                f"cantaste Nil, pero no puedes quedarte por debajo de {best}: sueltas la más alta"
            )
        if (self.legal & -self.legal).bit_length() - 1 == self.card:
            return (
                f"cantaste Nil, pero no puedes quedarte por debajo de {best}:"
                " juegas la más baja por si alguien la supera"
            )
        return f"cantaste Nil, pero no puedes quedarte por debajo de {best}"

    def partner_nil(self) -> str | None:
        if not self.nil_bidder(self.partner):
            return None
        if not self.trick:
            if not self.highest_of_suit():
                return None
            partner_may = self.k.possible[self.partner]
            if partner_may and not partner_may & SUIT_MASK[self.suit]:
                return (
                    "proteges el Nil de tu compañero: sales alto en"
                    f" {SUIT_PLURAL[self.suit]}, que él no tiene"
                )
            return "proteges el Nil de tu compañero: sales alto"
        if self.partner in self.after and self.takes:
            return "proteges el Nil de tu compañero: juegas alto para que él pueda ir por debajo"
        if self.best_seat == self.partner:
            if self.takes:
                return "tu compañero cantó Nil e iba ganando la baza: la superas para salvarle"
            if not self.can_take:
                return "tu compañero cantó Nil y va ganando la baza, pero no puedes superarle"
        return None

    def opponent_nil(self) -> str | None:
        me = self.me
        nils = [s for s in ((me + 1) & 3, (me + 3) & 3) if self.nil_bidder(s)]
        if not nils:
            return None
        nil = nils[0]
        who = self.seat_name(nil)
        if not self.trick:
            if self.k.possible[nil] & SUIT_MASK[self.suit] and self.lowest_of_suit():
                return f"atacas el Nil de {who}: sales bajo en {SUIT_PLURAL[self.suit]}"
            return None
        if self.takes:
            return None
        if self.best_seat == nil:
            return f"{who} cantó Nil y va ganando esta baza: no la superas"
        if nil in self.after:
            return f"{who} cantó Nil y juega después: mantienes la baza baja"
        return None

    def partner_winning(self) -> str | None:
        if not self.trick or self.best_seat != self.partner or self.takes:
            return None
        if any(_may_beat(self.k.possible[seat], self.best) for seat in self.opp_after):
            head = "tu compañero va ganando la baza"
        else:
            head = "tu compañero ya gana la baza"
        if not self.follows():
            return f"{head}: {self.discard()}"
        if self.lowest_of_suit():
            return f"{head}: juega la más baja"
        return f"{head}: sueltas {self.name} sin superarle"

    def taking(self) -> str | None:
        if not self.takes:
            return None
        ruff = not self.follows()
        if self.nobody_after_beats(self.card):
            if len(self.trick) == 3:
                return f"eres el último en jugar: ganas la baza con {self.name}"
            if self.suit == SPADE_SUIT and self.top() and not ruff:
                return "la carta maestra de picas: ganas la baza"
            if ruff:
                return f"no tienes {SUIT_PLURAL[self.led]}: fallas con {self.name} y ganas la baza"
            return f"nadie puede superar {self.name}: ganas la baza"
        if ruff:
            how = ", la pica más baja que tienes" if self.lowest_of_suit() else ""
            return f"no tienes {SUIT_PLURAL[self.led]}: fallas con {self.name}{how}"
        if self.master():
            return f"{self.highest_words()}: gana si nadie falla"
        if self.need > 0:
            return f"{self.missing()}: vas a por esta baza con {self.name}"
        if all(_beats(c, self.best) for c in _cards(self.legal)):
            return f"no puedes quedarte por debajo de {label(self.best)}: juegas {self.name}"
        return f"vas a por la baza con {self.name}"

    def not_taking(self) -> str | None:
        if not self.trick:
            return None
        led = SUIT_PLURAL[self.led]
        if not self.can_take:
            if not self.follows():
                return f"no tienes {led}: {self.discard()}"
            if self.lowest_of_suit():
                return "no puedes ganar esta baza: asistes con la más baja"
            if self.highest_of_suit() and self.need <= 0:
                return f"no puedes ganar esta baza: sueltas {self.name}, que podría darte sacos"
            return f"no puedes ganar esta baza: asistes con {self.name}"
        if self.need <= 0:
            if not self.follows():
                return f"{self.contract_made()}: no fallas; {self.discard()}"
            if self.lowest_of_suit():
                return f"asistes con la más baja: {self.no_more()}"
            return f"{self.contract_made()}: te quedas por debajo para no llevarte sacos"
        if self.partner in self.after and self.follows():
            return f"tu compañero juega después: asistes bajo con {self.name}"
        return f"te guardas las cartas altas: juegas {self.name}"

    def leading(self) -> str | None:
        suit = self.suit
        name = self.name
        if self.master():
            if suit == SPADE_SUIT:
                if self.top():
                    return "la carta maestra de picas: ganas la baza"
                return f"nadie puede superar {name}: ganas la baza"
            if not self.nobody_after_beats(self.card):
                return f"{self.highest_words()}: gana si nadie falla"
            return f"nadie puede superar {name}: ganas la baza"
        partner_may = self.k.possible[self.partner]
        if suit != SPADE_SUIT and partner_may & SPADES and not partner_may & SUIT_MASK[suit]:
            return f"tu compañero no tiene {SUIT_PLURAL[suit]}: puede fallar"
        length = self.suit_cards().bit_count()
        if suit != SPADE_SUIT:
            if length == 1 and self.hand & SPADES:
                return f"sales de tu única carta de {SUIT_PLURAL[suit]}: luego podrás fallar"
            if length == max(self.side_lengths()):
                low = " con la más baja" if self.lowest_of_suit() else ""
                return f"sales de tu palo más largo{low}"
        if self.need <= 0 and self.lowest_of_suit():
            return f"{self.no_more()}: sales bajo"
        if suit == SPADE_SUIT:
            return f"sales de picas con {name}"
        return f"sales con {name}"


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out
