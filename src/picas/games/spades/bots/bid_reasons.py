"""The bids' reasons as codes and parameters: the tip's, a computer player's «¿Por qué?», the
sheet's. A reason is a code of :data:`BID_REASONS_ES` and what it names (counts, card and suit
codes); :func:`render_es` words it in Spanish for API users and the CLI, and the page words the
same code from its own tables in the player's language (``bid.<code>``, docs/api.md, «Codes and
words»).

The templates follow the page's conventions, so the page's Spanish table is this one: a code's
``.one`` form is used when ``n`` is 1; a list parameter (``suits``) is each item's ``.item``
template joined with the code's ``.join``; ``{n_word}`` is a small count in words («dos»);
``{suit_one}`` a suit's singular name. A computer player's reason is heard by the whole table, so
its codes are the ones in :data:`PUBLIC` (counts and shapes: never a card, never a suit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from picas.shared.cards import Card
from picas.shared.errors import Param, Params

SUIT_KEYS = ("clubs", "diamonds", "hearts", "spades")
"""A suit parameter's values: lower-case English names, as in JSON (the hint's too)."""
_SUIT_PLURAL = ("tréboles", "diamantes", "corazones", "picas")
_SUIT_SINGULAR = ("trébol", "diamante", "corazón", "pica")
_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_RANK_LABEL = {"T": "10"}
_JOKERS = {"LJ": "comodín pequeño", "BJ": "comodín grande"}
_COUNT_WORDS = {1: "un", 2: "dos", 3: "tres"}

BID_REASONS_ES: Mapping[str, str] = {
    # «Comodines», in the tip: the jokers by name
    "jokers_both": "con los dos comodines, dos bazas seguras",
    "joker_big": "con el comodín grande, una baza segura",
    "joker_little": "con el comodín pequeño, casi una baza",
    # the tip's own hand, by card and by suit
    "sure_cards": "{cards} seguras",
    "sure_cards.one": "{cards} segura",
    "guarded_king": "{card} protegido",
    "void_suits": "sin {suits}, puedes fallar",
    "void_suits.item": "{suit}",
    "void_suits.join": " ni ",
    "singleton_suits": "{suits}, puedes fallar",
    "singleton_suits.item": "un solo {suit_one}",
    "singleton_suits.join": " y ",
    "doubleton_suits": "solo {suits}, quizá falles",
    "doubleton_suits.item": "dos {suit}",
    "doubleton_suits.join": " y ",
    "nil_short_spades_top": "picas cortas y bajas (la más alta, {card})",
    "nil_voids": "sin {suits}: te descartas",
    "nil_voids.item": "{suit}",
    "nil_voids.join": " ni ",
    # counts and shapes: what anyone may hear
    "sure_tricks": "{n} bazas seguras",
    "sure_tricks.one": "1 baza segura",
    "guarded_kings": "{n} reyes protegidos",
    "guarded_kings.one": "un rey protegido",
    "long_spades": "{n} picas: las pequeñas también ganan",
    "void_count": "sin cartas de {n_word} palos, puedes fallar",
    "void_count.one": "sin cartas de un palo, puedes fallar",
    "singleton_count": "{n_word} palos con una sola carta, puedes fallar",
    "singleton_count.one": "un palo con una sola carta, puedes fallar",
    "doubleton_count": "{n_word} palos con solo dos cartas, quizá falles",
    "doubleton_count.one": "un palo con solo dos cartas, quizá falles",
    "few_high_cards": "pocas cartas altas",
    "nil_hand": "mano de Nil: sin cartas altas",
    "nil_high_cards": "Nil arriesgado: {n_word} cartas altas",
    "nil_high_cards.one": "Nil arriesgado: una carta alta",
    "nil_no_spades": "sin picas",
    "nil_short_spades": "picas cortas y bajas",
    "nil_void_count": "sin cartas de {n_word} palos: te descartas",
    "nil_void_count.one": "sin cartas de un palo: te descartas",
    "blind_nil_behind": "vais 100 o más por detrás: Nil sin mirar",
    # the score and the partner (the tip)
    "far_behind": "vais muy por detrás: canto valiente",
    "far_behind_alone": "vas muy por detrás: canto valiente",
    "far_ahead": "vais muy por delante: canto prudente",
    "far_ahead_alone": "vas muy por delante: canto prudente",
    "bags_near_limit": "muchos sacos: mejor cantar de más",
    "partner_nil": "tu compañero canta Nil: no cantes Nil",
    # the house rules (the team's bids are public)
    "team_minimum": "mínimo de {min} por pareja: al menos {lowest}",
    "all_thirteen_win": "entre los dos, las 13 bazas: a por el premio (partida ganada)",
    "all_thirteen_bonus": "entre los dos, las 13 bazas: a por el premio (+{points})",
    "ten_reach": "10 por 200: entre los dos llegamos a 10",
    "ten_enough": "10 por 200: con 10 basta",
    "ten_team": "10 por 200: la pareja canta 10",
}
"""Every bid reason's Spanish template, with its forms (``.one``, ``.item``, ``.join``)."""

CODES: frozenset[str] = frozenset(key for key in BID_REASONS_ES if "." not in key)
"""The bid reasons' codes."""

PARAMS: Mapping[str, frozenset[str]] = {
    "sure_cards": frozenset({"cards", "n"}),
    "guarded_king": frozenset({"card"}),
    "void_suits": frozenset({"suits"}),
    "singleton_suits": frozenset({"suits"}),
    "doubleton_suits": frozenset({"suits"}),
    "nil_short_spades_top": frozenset({"card"}),
    "nil_voids": frozenset({"suits"}),
    "sure_tricks": frozenset({"n"}),
    "guarded_kings": frozenset({"n"}),
    "long_spades": frozenset({"n"}),
    "void_count": frozenset({"n"}),
    "singleton_count": frozenset({"n"}),
    "doubleton_count": frozenset({"n"}),
    "nil_void_count": frozenset({"n"}),
    "nil_high_cards": frozenset({"n"}),
    "team_minimum": frozenset({"min", "lowest"}),
    "all_thirteen_bonus": frozenset({"points"}),
}
"""Each code's parameters (a code not listed has none)."""

PUBLIC: frozenset[str] = frozenset(
    {
        "sure_tricks",
        "guarded_kings",
        "long_spades",
        "void_count",
        "singleton_count",
        "doubleton_count",
        "few_high_cards",
        "nil_hand",
        "nil_high_cards",
        "nil_no_spades",
        "nil_short_spades",
        "nil_void_count",
        "blind_nil_behind",
        "team_minimum",
        "all_thirteen_win",
        "all_thirteen_bonus",
        "ten_reach",
        "ten_enough",
        "ten_team",
    }
)
"""The codes a computer player's «¿Por qué?» may use: counts and shapes, and the house rules'
team figures (the team's bids are public)."""


@dataclass(frozen=True, slots=True)
class BidReason:
    """One reason for a bid: a code of :data:`BID_REASONS_ES` and what it names."""

    code: str
    params: Params = field(default_factory=dict, hash=False)

    @property
    def text(self) -> str:
        """The Spanish words (:func:`render_es`)."""
        return render_es(self.code, self.params)

    def to_json(self) -> dict[str, object]:
        """``{"code", "params"}``, a list for a tuple."""
        return {
            "code": self.code,
            "params": {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()},
        }


def reason(code: str, **params: Param) -> BidReason:
    """A reason, its code checked against the templates."""
    assert code in CODES, code
    return BidReason(code, params)


def suits_param(suits: Sequence[int]) -> tuple[str, ...]:
    """Suit indices (0 clubs … 3 spades) as a ``suits`` parameter."""
    return tuple(SUIT_KEYS[s] for s in suits)


def cards_param(cards: Sequence[int]) -> tuple[str, ...]:
    """Card indices as card codes (``"AS"``, ``"BJ"``)."""
    return tuple(Card(c).code for c in cards)


def _label(code: str) -> str:
    """A card as the reasons write it: suit first, «♠A», «♥10»; a joker by its name."""
    if code in _JOKERS:
        return _JOKERS[code]
    return _SUIT_SYMBOL[code[1]] + _RANK_LABEL.get(code[0], code[0])


def render_es(code: str, params: Params) -> str:
    """The Spanish words of a bid reason, by the conventions above."""
    n = params.get("n")
    key = f"{code}.one" if n == 1 and f"{code}.one" in BID_REASONS_ES else code
    words: dict[str, str] = {}
    for name, value in params.items():
        if name == "cards" and isinstance(value, tuple):
            words[name] = " ".join(_label(c) for c in value)
        elif name == "card":
            words[name] = _label(str(value))
        elif name == "suits" and isinstance(value, tuple):
            item = BID_REASONS_ES[f"{code}.item"]
            words[name] = BID_REASONS_ES[f"{code}.join"].join(
                item.format(
                    suit=_SUIT_PLURAL[SUIT_KEYS.index(s)],
                    suit_one=_SUIT_SINGULAR[SUIT_KEYS.index(s)],
                )
                for s in value
            )
        else:
            words[name] = str(value)
    if isinstance(n, int):
        words["n_word"] = _COUNT_WORDS.get(n, str(n))
    return BID_REASONS_ES[key].format_map(words)


def texts(reasons: Sequence[BidReason]) -> tuple[str, ...]:
    """The Spanish words of each reason."""
    return tuple(r.text for r in reasons)
