"""The hint: Normal's pass or card for the viewer, and why, card by card (docs/api.md, "Corazones",
``/api/hint``).

The choice is Normal's own (:func:`~picas.games.corazones.bots.normal.plan_pass`,
:func:`~picas.games.corazones.bots.policy.choose`); the reason names the rule of Normal's plan or
policy that the chosen card follows, read from the same view with the policy's own tests (the moon,
the threat, the trick's winner). A reason is a code and parameters without words (card codes, suit
and seat keys, counts), so a page can say it in any language; :func:`render_es` is the Spanish.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from picas.games.corazones.bots.cards import bonus_of, mask, table_of
from picas.games.corazones.bots.normal import COVER, plan_pass, tries_moon
from picas.games.corazones.bots.policy import (
    AS,
    CLUBS,
    DIAMONDS,
    HEARTS,
    KS,
    QS,
    SPADES,
    SPADES_BELOW_QUEEN,
    Table,
    choose,
    legal_mask,
    moon_threat,
    shooting,
    trick_points,
    trick_winner,
    winning_seat,
)
from picas.games.corazones.view import PlayerView
from picas.shared.cards import CARDS, FULL_DECK_MASK, SUIT_MASKS, Card, Suit
from picas.shared.seats import Seat

ReasonParams = Mapping[str, str | int]
SUIT_KEYS = ("clubs", "diamonds", "hearts", "spades")

REASONS_ES: dict[str, str] = {
    # the pass
    "pass_moon": "{card}: tu mano puede llevarse todas las bazas; pasa lo que podría perder una",
    # A count's forms: "<code>.one" for 1, "<code>.none" for 0 (render_es picks them by {n}).
    "pass_top_spade": "{card}: solo tienes {n} picas bajas, y hacen falta cuatro para guardar"
    " esta carta sin peligro",
    "pass_top_spade.one": "{card}: solo tienes 1 pica baja, y hacen falta cuatro para guardar"
    " esta carta sin peligro",
    "pass_top_spade.none": "{card}: no tienes picas bajas, y hacen falta cuatro para guardar"
    " esta carta sin peligro",
    "pass_void": "{card}: te quedas sin {suit} para poder descartarte",
    "pass_high": "{card}: una carta alta que puede llevarse puntos",
    "pass_extra": "{card}: no queda nada más peligroso que pasar",
    # the play
    "only_card": "{card} es tu única carta jugable",
    "open_two_clubs": "el 2 de tréboles abre la primera baza",
    "moon_lead": "vas a por la luna: sal con {card}, que nadie puede superar",
    "moon_take": "vas a por la luna: llévate esta baza con {card}",
    "moon_keep": "vas a por la luna: {card} no da puntos a nadie",
    "stop_moon_take": "{seat} lleva todos los puntos: quítale esta baza con {card}",
    "stop_moon_safe": "{seat} lleva todos los puntos: no le des ninguno, juega {card}",
    "smoke_queen": "sal con una pica baja, {card}, para que salga la reina de picas",
    "lead_low": "sal con {card}: en {suit} pocas cartas pueden pasar por debajo",
    "give_queen": "gana una pica más alta ({best}): dale la reina de picas",
    "duck": "juega por debajo: {card} es la más alta que no gana (gana {best})",
    "shed_high": "la baza no tiene puntos y juegas el último: suelta {card}",
    "win_last": "juegas el último y no puedes perderla: gana con la más alta, {card}",
    "win_low": "no puedes jugar por debajo: gana con la más baja, {card}",
    "dump_queen": "no tienes del palo: dale la reina de picas a {seat}",
    "dump_top_spade": "la reina de picas sigue fuera: deshazte de {card}",
    "dump_heart": "no tienes del palo: descarta tu corazón más alto, {card}",
    "discard_high": "no tienes del palo: descarta tu carta más alta, {card}",
    # the bonus card (♦J, or ♦10 in Omnibus): "<code>_omnibus" when it is the ♦10
    "lead_bonus": "sal con {card}: ningún diamante que queda la supera, y la jota vale −10"
    " para quien se la lleve",
    "lead_bonus_omnibus": "sal con {card}: ningún diamante que queda lo supera, y el ♦10 vale"
    " −10 en Omnibus",
    "take_bonus": "{card} se lleva la baza, y la jota vale −10 para quien se la lleve",
    "take_bonus_omnibus": "{card} se lleva la baza, y el ♦10 vale −10 en Omnibus",
    "win_bonus": "la jota de diamantes está en la baza y vale −10: llévatela con {card}",
    "win_bonus_omnibus": "el ♦10 está en la baza y vale −10 en Omnibus: llévatela con {card}",
    "keep_bonus": "{card}, y no la jota de diamantes: vale −10 para quien se la lleve",
    "keep_bonus_omnibus": "{card}, y no el ♦10: vale −10 para quien se lo lleve en Omnibus",
    "pass_keep_bonus": "{card}: la jota de diamantes no se pasa, vale −10 para quien se la lleve",
    "pass_keep_bonus_omnibus": "{card}: el ♦10 no se pasa, vale −10 en Omnibus para quien se lo"
    " lleve",
    "play": "juega {card}",
}
"""The Spanish templates, by code. Parameters: ``{card}``, ``{best}`` card codes (shown suit first,
"♠Q"); ``{suit}`` a key of :data:`SUIT_KEYS`; ``{seat}`` a seat key; ``{n}`` a count."""

_SUIT_WORDS = tuple(suit.name_es for suit in Suit)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one card: a code of :data:`REASONS_ES` and its parameters."""

    card: Card
    code: str
    params: ReasonParams = field(default_factory=dict)

    @property
    def text(self) -> str:
        return render_es(self.code, self.params)


@dataclass(frozen=True, slots=True)
class Suggestion:
    """Three cards to pass, or one card to play, each with its reason (in the same order)."""

    cards: tuple[Card, ...]
    reasons: tuple[Reason, ...]


def label(card: Card) -> str:
    """A card in a reason, suit first: "♠Q", "♥10"."""
    return card.suit.symbol + card.rank.label


def _param_es(name: str, value: str | int) -> str:
    if name in ("card", "best"):
        return label(Card.parse(str(value)))
    if name == "suit":
        return _SUIT_WORDS[SUIT_KEYS.index(str(value))]
    if name == "seat":
        return Seat.from_key(str(value)).name_es
    return str(value)


def _form(code: str, params: ReasonParams) -> str:
    """The template's key that agrees with the count ``n``: «1 pica baja», «no tienes picas»."""
    count = params.get("n")
    form = {0: "none", 1: "one"}.get(count) if isinstance(count, int) else None
    return f"{code}.{form}" if form and f"{code}.{form}" in REASONS_ES else code


def render_es(code: str, params: ReasonParams) -> str:
    """The Spanish words of a reason: its template (in the form its count needs) with the
    parameters in Spanish."""
    template = REASONS_ES[_form(code, params)]
    return template.format_map({name: _param_es(name, v) for name, v in params.items()})


def suggest(view: PlayerView) -> Suggestion:
    """Normal's pass (while the viewer must pass) or card (on its turn to play), with reasons."""
    if view.must_pass:
        return suggest_pass(view)
    if not view.my_turn:
        raise ValueError("nothing to suggest: it is not the viewer's turn")
    return suggest_play(view)


# --- the pass -------------------------------------------------------------------------------------


def bonus_code(code: str, bonus: int) -> str:
    """The reason ``code`` for the table's bonus card: the ♦J's words, or Omnibus' ♦10's."""
    return code + ("_omnibus" if bonus == _TEN_OF_DIAMONDS else "")


_TEN_OF_DIAMONDS = 13 * DIAMONDS + 8


def suggest_pass(view: PlayerView) -> Suggestion:
    hand = [int(card) for card in view.hand]
    bonus = bonus_of(view)
    chosen = [CARDS[card] for card in plan_pass(hand, view.rules.pass_size, bonus)]
    held = mask(hand)
    if tries_moon(held, view.rules.pass_size):
        reasons = tuple(Reason(card, "pass_moon", {"card": card.code}) for card in chosen)
    else:
        reasons = tuple(_pass_reason(card, held, chosen, bonus) for card in chosen)
    return Suggestion(tuple(chosen), reasons)


def _pass_reason(card: Card, held: int, chosen: list[Card], bonus: int = -1) -> Reason:
    low_spades = (held & SPADES_BELOW_QUEEN).bit_count()
    params: dict[str, str | int] = {"card": card.code}
    suit = card // 13
    if card in (QS, AS, KS) and low_spades < COVER:
        return Reason(card, "pass_top_spade", {**params, "n": low_spades})
    if suit in (CLUBS, DIAMONDS) and held & SUIT_MASKS[suit] & ~mask(chosen) == 0:
        return Reason(card, "pass_void", {**params, "suit": SUIT_KEYS[suit]})
    if suit == SPADES and (card < QS or low_spades >= COVER):
        return Reason(card, "pass_extra", params)  # the cover Normal keeps when it can
    if bonus >= 0 and held >> bonus & 1 and suit == DIAMONDS:
        return Reason(card, bonus_code("pass_keep_bonus", bonus), params)
    return Reason(card, "pass_high", params)


# --- the play -------------------------------------------------------------------------------------


def suggest_play(view: PlayerView) -> Suggestion:
    me, mine, table = int(view.seat), mask(view.hand), table_of(view)
    card = CARDS[choose(me, mine, table)]
    return Suggestion((card,), (play_reason(me, mine, table, card),))


def play_reason(me: int, mine: int, table: Table, card: Card) -> Reason:
    """Which rule of Normal's policy ``card`` follows (the policy's order, the same tests)."""
    params: dict[str, str | int] = {"card": card.code}
    trick = table.trick
    legal = legal_mask(mine, trick, table.tricks_done, table.broken)
    if not legal & (legal - 1):
        if not trick and not table.tricks_done:
            return Reason(card, "open_two_clubs")
        return Reason(card, "only_card", params)
    unseen = FULL_DECK_MASK & ~table.played & ~mine
    follows = bool(trick) and card // 13 == trick[0] // 13
    if shooting(me, mine, table):
        if not trick:
            return Reason(card, "moon_lead", params)
        if follows and card > trick_winner(trick):
            return Reason(card, "moon_take", params)
        return Reason(card, "moon_keep", params)
    bonus = table.bonus
    if not trick:
        if card == bonus:
            return Reason(card, bonus_code("lead_bonus", bonus), params)
        if 1 << card & SPADES_BELOW_QUEEN and unseen >> QS & 1:
            return Reason(card, "smoke_queen", params)
        return Reason(card, "lead_low", {**params, "suit": SUIT_KEYS[card // 13]})
    shooter = moon_threat(me, table.points)
    if shooter is not None and winning_seat(trick, table.leader) == shooter:
        seat = {"seat": Seat(shooter).key}
        if follows and card > trick_winner(trick):
            return Reason(card, "stop_moon_take", {**params, **seat})
        return Reason(card, "stop_moon_safe", {**params, **seat})
    if bonus >= 0:
        reason = _bonus_reason(card, trick, legal, bonus, params)
        if reason is not None:
            return reason
    if follows:
        return _follow_reason(card, trick, params)
    return _discard_reason(card, table, unseen, params)


def _bonus_reason(
    card: Card, trick: Sequence[int], legal: int, bonus: int, params: dict[str, str | int]
) -> Reason | None:
    """The bonus card's part in Normal's choice on a trick (policy: ``_follow_bonus``,
    ``_keeping``), when it had one."""
    if card == bonus:
        return Reason(card, bonus_code("take_bonus", bonus), params)
    if bonus in trick and card > trick_winner(trick) and card // 13 == DIAMONDS:
        return Reason(card, bonus_code("win_bonus", bonus), params)
    if legal >> bonus & 1:
        return Reason(card, bonus_code("keep_bonus", bonus), params)
    return None


def _follow_reason(card: Card, trick: Sequence[int], params: dict[str, str | int]) -> Reason:
    best = trick_winner(trick)
    if card == QS and best > QS:
        return Reason(card, "give_queen", {"best": CARDS[best].code})
    if card < best:
        return Reason(card, "duck", {**params, "best": CARDS[best].code})
    if len(trick) == 3 and trick_points(trick) == 0:
        return Reason(card, "shed_high", params)
    if len(trick) == 3:
        return Reason(card, "win_last", params)
    return Reason(card, "win_low", params)


def _discard_reason(card: Card, table: Table, unseen: int, params: dict[str, str | int]) -> Reason:
    if card == QS:
        winner = winning_seat(table.trick, table.leader)
        return Reason(card, "dump_queen", {"seat": Seat(winner).key})
    if card in (AS, KS) and unseen >> QS & 1:
        return Reason(card, "dump_top_spade", params)
    if card // 13 == HEARTS:
        return Reason(card, "dump_heart", params)
    return Reason(card, "discard_high", params)
