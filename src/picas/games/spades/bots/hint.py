"""The play hint: the card the computer players' logic would play in the viewer's seat, and why.

The card is Normal's (:class:`picas.games.spades.bots.normal.NormalBot`: card counting and void
inference on the view, the shared play policy). The reason is worked out apart from the choice, from
the same view, and says only what the view proves. "Tu compañero ya gana la baza" needs every
opponent still to play to be unable to beat the partner's card: a seat that may hold a higher card
of the suit, or any spade (it might be void in the led suit and ruff), could; otherwise the partner
only "va ganando". "Ganas la baza" is held to the same test.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from picas.games.spades import Card, Phase, PicasError, Play, Seat
from picas.games.spades.bots.knowledge import ABOVE, FIRST_SPADE, SPADES, SUIT_MASK, Knowledge, know
from picas.games.spades.bots.normal import NormalBot
from picas.games.spades.bots.two_draw import draw_choice
from picas.games.spades.bots.two_knowledge import know_two
from picas.games.spades.view import PlayerView
from picas.shared.cards import indices_in

SUIT_SYMBOL = "♣♦♥♠"
SUIT_PLURAL = ("tréboles", "diamantes", "corazones", "picas")
RANK_LABEL = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_NAMES = ("el comodín pequeño", "el comodín grande")
"""A joker in a reason, with its article («fallas con el comodín grande»)."""
SPADE_SUIT = 3
SUIT_KEYS = ("clubs", "diamonds", "hearts", "spades")
"""The suit parameters of a reason (``suit``, ``led``): lower-case English names, as in JSON."""

ReasonParams = Mapping[str, str | int]

REASONS_ES: dict[str, str] = {
    # only one legal card
    "last_card": "es tu última carta",
    "only_of_led": "es tu única carta de {led}: debes asistir",
    "only_non_spade": "las picas no están rotas y es tu única carta de otro palo",
    # the viewer bid Nil
    "nil_lead_higher": "cantaste Nil: sales con {card}, y hay {n} cartas más altas en otras manos",
    "nil_lead_higher_one": "cantaste Nil: sales con {card}, y hay 1 carta más alta en otras manos",
    "nil_lead": "cantaste Nil: sales con {card}",
    "nil_under": "cantaste Nil: te quedas por debajo de {best}",
    "nil_forced_highest": (
        "cantaste Nil, pero no puedes quedarte por debajo de {best}: sueltas la más alta"
    ),
    "nil_forced_lowest": (
        "cantaste Nil, pero no puedes quedarte por debajo de {best}:"
        " juegas la más baja por si alguien la supera"
    ),
    "nil_forced": "cantaste Nil, pero no puedes quedarte por debajo de {best}",
    # the partner bid Nil
    "partner_nil_lead_void": (
        "proteges el Nil de tu compañero: sales alto en {suit}, que él no tiene"
    ),
    "partner_nil_lead": "proteges el Nil de tu compañero: sales alto",
    "partner_nil_cover": (
        "proteges el Nil de tu compañero: juegas alto para que él pueda ir por debajo"
    ),
    "partner_nil_overtake": (
        "tu compañero cantó Nil e iba ganando la baza: la superas para salvarle"
    ),
    "partner_nil_stuck": "tu compañero cantó Nil y va ganando la baza, pero no puedes superarle",
    # an opponent bid Nil
    "opponent_nil_lead_low": "atacas el Nil de {seat}: sales bajo en {suit}",
    "opponent_nil_winning": "{seat} cantó Nil y va ganando esta baza: no la superas",
    "opponent_nil_after": "{seat} cantó Nil y juega después: mantienes la baza baja",
    # the partner is winning the trick (surely, or for now)
    "partner_sure_discard": "tu compañero ya gana la baza: {discard}",
    "partner_sure_lowest": "tu compañero ya gana la baza: juega la más baja",
    "partner_sure_under": "tu compañero ya gana la baza: sueltas {card} sin superarle",
    "partner_winning_discard": "tu compañero va ganando la baza: {discard}",
    "partner_winning_lowest": "tu compañero va ganando la baza: juega la más baja",
    "partner_winning_under": "tu compañero va ganando la baza: sueltas {card} sin superarle",
    # taking the trick
    "last_to_play_wins": "eres el último en jugar: ganas la baza con {card}",
    "master_spade": "la carta maestra de picas: ganas la baza",
    "ruff_wins": "no tienes {led}: fallas con {card} y ganas la baza",
    "unbeatable": "nadie puede superar {card}: ganas la baza",
    "ruff_lowest": "no tienes {led}: fallas con {card}, la pica más baja que tienes",
    "ruff": "no tienes {led}: fallas con {card}",
    "top_unless_ruffed": "{card} es la más alta que queda de {suit}: gana si nadie falla",
    "none_higher_unless_ruffed": (
        "nadie más tiene {suit} más altos que {card}: gana si nadie falla"
    ),
    "none_higher_spades_unless_ruffed": (
        "nadie más tiene picas más altas que {card}: gana si nadie falla"
    ),
    "need_team": "os faltan {n} bazas para el contrato: vas a por esta baza con {card}",
    "need_team_one": "os falta 1 baza para el contrato: vas a por esta baza con {card}",
    "need_alone": "te faltan {n} bazas para el contrato: vas a por esta baza con {card}",
    "need_alone_one": "te falta 1 baza para el contrato: vas a por esta baza con {card}",
    "forced_over": "no puedes quedarte por debajo de {best}: juegas {card}",
    "go_for": "vas a por la baza con {card}",
    # not taking it
    "void_discard": "no tienes {led}: {discard}",
    "cannot_win_lowest": "no puedes ganar esta baza: asistes con la más baja",
    "cannot_win_shed": "no puedes ganar esta baza: sueltas {card}, que podría darte sacos",
    "cannot_win_follow": "no puedes ganar esta baza: asistes con {card}",
    "made_discard_team": "ya tenéis el contrato: no fallas; {discard}",
    "made_discard_alone": "ya tienes tu contrato: no fallas; {discard}",
    "made_lowest_team": "asistes con la más baja: no necesitáis más bazas",
    "made_lowest_alone": "asistes con la más baja: no necesitas más bazas",
    "made_under_team": "ya tenéis el contrato: te quedas por debajo para no llevarte sacos",
    "made_under_alone": "ya tienes tu contrato: te quedas por debajo para no llevarte sacos",
    "partner_after_low": "tu compañero juega después: asistes bajo con {card}",
    "keep_high": "te guardas las cartas altas: juegas {card}",
    # leading
    "partner_void": "tu compañero no tiene {suit}: puede fallar",
    "lead_singleton": "sales de tu única carta de {suit}: luego podrás fallar",
    "lead_longest_lowest": "sales de tu palo más largo con la más baja",
    "lead_longest": "sales de tu palo más largo",
    "lead_longest_side_lowest": ("sales de tu palo más largo fuera de las picas con la más baja"),
    "lead_longest_side": "sales de tu palo más largo fuera de las picas",
    "lead_low_team": "no necesitáis más bazas: sales bajo",
    "lead_low_alone": "no necesitas más bazas: sales bajo",
    "lead_spade": "sales de picas con {card}",
    "lead": "sales con {card}",
    # none of the above
    "play": "juegas {card}",
}
"""Every reason code and its Spanish template. ``{card}``, ``{best}`` are card codes ("QH", shown
"♥Q"); ``{suit}`` (the card's suit), ``{led}`` (the led suit) are :data:`SUIT_KEYS`; ``{seat}`` a
seat key ("west"); ``{n}`` a count; ``{discard}`` one of :data:`DISCARDS_ES`'s codes."""

DISCARDS_ES: dict[str, str] = {
    "discard_bag_risk": "te deshaces de {card}, que podría darte sacos más tarde",
    "discard_singleton": "te descartas de tu única carta de {suit}: luego podrás fallar",
    "discard_short": "te descartas de tu palo más corto para poder fallar",
    "discard_lowest": "te descartas de tu carta más baja, {card}",
    "discard": "te descartas de {card}",
}
"""Why a discard: the ``discard`` parameter of the reasons with ``{discard}`` (never a reason on
its own)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """A reason as a code of :data:`REASONS_ES` and its parameters (codes and keys, no words)."""

    code: str
    params: ReasonParams = field(default_factory=dict)

    def text_es(self) -> str:
        return render_es(self.code, self.params)


def _param_es(name: str, value: str | int) -> str:
    if name in ("card", "best"):
        return label(int(Card.parse(str(value))))
    if name in ("suit", "led"):
        return SUIT_PLURAL[SUIT_KEYS.index(str(value))]
    if name == "seat":
        return Seat.from_key(str(value)).name_es
    return str(value)


def render_es(code: str, params: ReasonParams) -> str:
    """The Spanish words of a reason: its template with the parameters in Spanish."""
    words = {name: _param_es(name, value) for name, value in params.items() if name != "discard"}
    if "discard" in params:
        words["discard"] = DISCARDS_ES[str(params["discard"])].format_map(words)
    table = DISCARDS_ES if code in DISCARDS_ES else REASONS_ES
    return table[code].format_map(words).replace(" de el comodín", " del comodín")


@dataclass(frozen=True, slots=True)
class PlayHint:
    card: Card
    reason: str
    """Short Spanish, true of the position: "tu compañero ya gana la baza: juega la más baja"."""
    reason_code: str
    """The reason's code, a key of :data:`REASONS_ES`: "partner_sure_lowest"."""
    reason_params: ReasonParams
    """Its parameters: card codes, suit and seat keys, counts, a ``discard`` code."""


class NoHint(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "no_hint"


_NORMAL = NormalBot()


def suggest_play(view: PlayerView) -> PlayHint:
    """The card Normal would play in the viewer's seat, and a short reason."""
    if view.phase is not Phase.PLAYING or not view.my_turn or view.hand is None:
        raise NoHint("La pista se pide cuando te toca jugar una carta.")
    # Normal decides from the view alone; its generator is never drawn from, so any seed will do.
    card = _NORMAL.play(view, random.Random(0))
    why = explain_play(view, card)
    return PlayHint(card, why.text_es(), why.code, why.params)


@dataclass(frozen=True, slots=True)
class DrawHint:
    """«Dos jugadores»' draw hint: keep the top card or put it out, and why."""

    keep: bool
    card: Card
    """The stock's top card the hint is about."""
    reason: str
    """Short Spanish: «Quédatela: una pica alta es una baza segura»."""
    reason_code: str
    """A key of :data:`~picas.games.spades.bots.two_draw.DRAW_REASONS_ES`: "draw_keep_top_spade"."""
    reason_params: ReasonParams
    """``{"card": the top card's code}``."""


def suggest_draw(view: PlayerView) -> DrawHint:
    """What Normal would do with the stock's top card in the viewer's draw, and why."""
    if view.phase is not Phase.DRAWING or not view.my_turn or view.draw is None:
        raise NoHint("La pista del mazo se pide cuando te toca robar.")
    top = view.draw.top
    if top is None:
        raise NoHint("La pista del mazo se pide cuando te toca robar.")
    # Normal's draw is exact (an average over the unseen cards): its generator is never drawn from.
    choice = draw_choice(view, "normal", random.Random(0))
    return DrawHint(choice.keep, top, choice.text_es(), choice.reason, {"card": top.code})


def label(card: int) -> str:
    """The bots' short label, suit first: "♠A", "♥10"; a joker of «Comodines» by its name."""
    if card >= 52:
        return JOKER_NAMES[card - 52]
    return SUIT_SYMBOL[card // 13] + RANK_LABEL[card % 13]


def explain_play(view: PlayerView, card: Card) -> Reason:
    """Why ``card`` is a good play for the viewer now, in words the view can vouch for."""
    two = view.rules.players == 2
    spot = _Spot(know_two(view) if two else know(view), view, int(card), two=two)
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
        why = reason()
        if why is not None:
            return why
    return Reason("play", {"card": card.code})


def _beats(card: int, best: int) -> bool:
    """Whether ``card`` beats ``best``, the trick's winning card so far."""
    if card >= FIRST_SPADE and best >= FIRST_SPADE:  # spades and jokers: the higher index
        return card > best
    if card // 13 == best // 13:
        return card > best
    return card >= FIRST_SPADE


def _may_beat(held: int, best: int) -> bool:
    """Whether a seat that may hold ``held`` could beat ``best``. Strict: a seat that may hold the
    led suit might also be void in it and ruff, so any spade it may hold counts."""
    if best >= FIRST_SPADE:
        return bool(held & ABOVE[best])
    return bool(held & (ABOVE[best] | SPADES))


class _Spot:
    """The facts of one position that the reasons are made of."""

    def __init__(self, k: Knowledge, view: PlayerView, card: int, *, two: bool = False) -> None:
        self.k = k
        self.card = card
        self.suit = min(card // 13, 3)  # a joker is played as a spade
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
        if two:  # «Dos jugadores»: the opponent plays after the leader, nobody after him
            self.after = [] if n else [k.seat ^ 1]
        else:
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
            self.led = min(k.trick[0] // 13, 3)
            best = 0
            for position in range(1, n):
                if _beats(k.trick[position], k.trick[best]):
                    best = position
            self.best = k.trick[best]
            self.best_seat = (k.leader ^ best) if two else (k.leader + best) & 3
            self.takes = _beats(card, self.best)
            self.can_take = any(_beats(c, self.best) for c in indices_in(legal))
        else:
            self.led = -1
            self.best = -1
            self.best_seat = -1
            self.takes = False
            self.can_take = False

    # --- words -----------------------------------------------------------------------------------

    def card_code(self) -> str:
        return Card(self.card).code

    def side(self) -> str:
        """The suffix of a code that depends on whether the partner's tricks count."""
        return "_team" if self.team else "_alone"

    def highest_words(self) -> Reason:
        """For a card no other hand can beat in its suit, that wins unless it is ruffed."""
        params = {"card": self.card_code(), "suit": SUIT_KEYS[self.suit]}
        if self.top():
            return Reason("top_unless_ruffed", params)
        if self.suit == SPADE_SUIT:
            return Reason("none_higher_spades_unless_ruffed", params)
        return Reason("none_higher_unless_ruffed", params)

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

    def discard(self) -> dict[str, str | int]:
        """Why this card, when the viewer cannot follow suit and does not trump: the ``discard``
        code and its parameters, to go in a reason's parameters."""
        suit = self.suit
        length = self.suit_cards().bit_count()
        card = self.card_code()
        if self.need <= 0 and self.highest_of_suit() and self.card % 13 >= 8:
            return {"discard": "discard_bag_risk", "card": card}
        if (
            self.need > 0
            and suit != SPADE_SUIT
            and self.hand & SPADES
            and length == min(self.side_lengths())
        ):
            if length == 1:
                return {"discard": "discard_singleton", "suit": SUIT_KEYS[suit]}
            return {"discard": "discard_short"}
        if self.card % 13 == min(c % 13 for c in indices_in(self.legal)):
            return {"discard": "discard_lowest", "card": card}
        return {"discard": "discard", "card": card}

    # --- reasons, most specific first ----------------------------------------------------------

    def only_card(self) -> Reason | None:
        if self.legal & (self.legal - 1):
            return None
        if not self.hand & (self.hand - 1):
            return Reason("last_card")
        if self.trick:
            return Reason("only_of_led", {"led": SUIT_KEYS[self.led]})
        return Reason("only_non_spade")

    def own_nil(self) -> Reason | None:
        if self.k.bids[self.me] != 0:
            return None
        card = self.card_code()
        if not self.trick:
            higher = (self.k.unseen & ABOVE[self.card]).bit_count()
            if higher == 1:
                return Reason("nil_lead_higher_one", {"card": card})
            if higher:
                return Reason("nil_lead_higher", {"card": card, "n": higher})
            return Reason("nil_lead", {"card": card})
        best = {"best": Card(self.best).code}
        if not self.takes:
            return Reason("nil_under", best)
        if len(self.trick) == 3 and self.card == self.legal.bit_length() - 1:
            return Reason("nil_forced_highest", best)
        if (self.legal & -self.legal).bit_length() - 1 == self.card:
            return Reason("nil_forced_lowest", best)
        return Reason("nil_forced", best)

    def partner_nil(self) -> Reason | None:
        if not self.nil_bidder(self.partner):
            return None
        if not self.trick:
            if not self.highest_of_suit():
                return None
            partner_may = self.k.possible[self.partner]
            if partner_may and not partner_may & SUIT_MASK[self.suit]:
                return Reason("partner_nil_lead_void", {"suit": SUIT_KEYS[self.suit]})
            return Reason("partner_nil_lead")
        if self.partner in self.after and self.takes:
            return Reason("partner_nil_cover")
        if self.best_seat == self.partner:
            if self.takes:
                return Reason("partner_nil_overtake")
            if not self.can_take:
                return Reason("partner_nil_stuck")
        return None

    def opponent_nil(self) -> Reason | None:
        me = self.me
        nils = [s for s in ((me + 1) & 3, (me + 3) & 3) if self.nil_bidder(s)]
        if not nils:
            return None
        nil = nils[0]
        who = Seat(nil).key
        if not self.trick:
            if self.k.possible[nil] & SUIT_MASK[self.suit] and self.lowest_of_suit():
                return Reason("opponent_nil_lead_low", {"seat": who, "suit": SUIT_KEYS[self.suit]})
            return None
        if self.takes:
            return None
        if self.best_seat == nil:
            return Reason("opponent_nil_winning", {"seat": who})
        if nil in self.after:
            return Reason("opponent_nil_after", {"seat": who})
        return None

    def partner_winning(self) -> Reason | None:
        if not self.trick or self.best_seat != self.partner or self.takes:
            return None
        if any(_may_beat(self.k.possible[seat], self.best) for seat in self.opp_after):
            head = "partner_winning"
        else:
            head = "partner_sure"
        if not self.follows():
            return Reason(f"{head}_discard", self.discard())
        if self.lowest_of_suit():
            return Reason(f"{head}_lowest")
        return Reason(f"{head}_under", {"card": self.card_code()})

    def taking(self) -> Reason | None:
        if not self.takes:
            return None
        ruff = not self.follows()
        card = self.card_code()
        if self.nobody_after_beats(self.card):
            if len(self.trick) == 3:
                return Reason("last_to_play_wins", {"card": card})
            if self.suit == SPADE_SUIT and self.top() and not ruff:
                return Reason("master_spade")
            if ruff:
                return Reason("ruff_wins", {"led": SUIT_KEYS[self.led], "card": card})
            return Reason("unbeatable", {"card": card})
        if ruff:
            code = "ruff_lowest" if self.lowest_of_suit() else "ruff"
            return Reason(code, {"led": SUIT_KEYS[self.led], "card": card})
        if self.master():
            return self.highest_words()
        if self.need > 0:
            code = "need_team" if self.team else "need_alone"
            if self.need == 1:  # the "_one" wording has the number in its words, not a parameter
                return Reason(code + "_one", {"card": card})
            return Reason(code, {"n": self.need, "card": card})
        if all(_beats(c, self.best) for c in indices_in(self.legal)):
            return Reason("forced_over", {"best": Card(self.best).code, "card": card})
        return Reason("go_for", {"card": card})

    def not_taking(self) -> Reason | None:
        if not self.trick:
            return None
        card = self.card_code()
        if not self.can_take:
            if not self.follows():
                return Reason("void_discard", {"led": SUIT_KEYS[self.led], **self.discard()})
            if self.lowest_of_suit():
                return Reason("cannot_win_lowest")
            if self.highest_of_suit() and self.need <= 0:
                return Reason("cannot_win_shed", {"card": card})
            return Reason("cannot_win_follow", {"card": card})
        if self.need <= 0:
            if not self.follows():
                return Reason("made_discard" + self.side(), self.discard())
            if self.lowest_of_suit():
                return Reason("made_lowest" + self.side())
            return Reason("made_under" + self.side())
        if self.partner in self.after and self.follows():
            return Reason("partner_after_low", {"card": card})
        return Reason("keep_high", {"card": card})

    def leading(self) -> Reason | None:
        suit = self.suit
        card = self.card_code()
        if self.master():
            if suit == SPADE_SUIT:
                if self.top():
                    return Reason("master_spade")
                return Reason("unbeatable", {"card": card})
            if not self.nobody_after_beats(self.card):
                return self.highest_words()
            return Reason("unbeatable", {"card": card})
        partner_may = self.k.possible[self.partner]
        if suit != SPADE_SUIT and partner_may & SPADES and not partner_may & SUIT_MASK[suit]:
            return Reason("partner_void", {"suit": SUIT_KEYS[suit]})
        length = self.suit_cards().bit_count()
        if suit != SPADE_SUIT:
            if length == 1 and self.hand & SPADES:
                return Reason("lead_singleton", {"suit": SUIT_KEYS[suit]})
            if length == max(self.side_lengths()):
                # "Tu palo más largo" only when no suit is longer, spades included.
                spades = self.suit_cards(SPADE_SUIT).bit_count()
                code = "lead_longest" if length >= spades else "lead_longest_side"
                return Reason(code + "_lowest" if self.lowest_of_suit() else code)
        if self.need <= 0 and self.lowest_of_suit():
            return Reason("lead_low" + self.side())
        if suit == SPADE_SUIT:
            return Reason("lead_spade", {"card": card})
        return Reason("lead", {"card": card})
