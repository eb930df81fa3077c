"""The bid tip ("Tip" on the bid pad) and the reason shown under a computer player's bid.

Both read the same evaluator the computer players bid with
(:mod:`picas.games.spades.bots.evaluate`), so the tip is what Normal and Difícil would bid in the
player's seat, and the reasons name the features they counted. The tip is for the hand's owner and
names its cards: "♠A ♥A seguras", "♥K protegido", "sin tréboles, puedes fallar". A computer player's
reason is heard by everyone at the table, so it names no card and no suit, only counts and shapes:
"2 bazas seguras", "un rey protegido", "sin cartas de un palo, puedes fallar" (docs/bots.md, "The
reasons").
"""

from __future__ import annotations

from dataclasses import dataclass

from picas.games.spades import PicasError
from picas.games.spades.bots.bid_reasons import BidReason, reason, texts
from picas.games.spades.bots.evaluate import (
    NORMAL_STYLE,
    all_thirteen_reason,
    decide_bid,
    evaluate_hand,
    feature_reasons,
    lowest_bid,
)
from picas.games.spades.bots.evaluate import nil_reason_list as _nil_reasons
from picas.games.spades.bots.knowledge import dealt_hand
from picas.games.spades.bots.two_bid import decide_two_bid, explain_two
from picas.games.spades.bots.two_evaluate import evaluate_two
from picas.games.spades.view import PlayerView


@dataclass(frozen=True, slots=True)
class Tip:
    bid: int
    """0 is Nil."""
    why: tuple[BidReason, ...]
    """The reasons, most important first, as codes and parameters."""
    blind: bool = False
    """For :func:`explain_bid`: the bid was Blind Nil."""

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reasons in Spanish: "♠A ♥A seguras"."""
        return texts(self.why)

    def why_json(self) -> list[dict[str, object]]:
        """The reasons on the wire: ``[{"code", "params"}, …]``."""
        return [r.to_json() for r in self.why]

    def text(self) -> str:
        """One line: "3 — ♠A segura, ♥K protegido" (or "3 — 1 baza segura, un rey protegido")."""
        head = "Nil ciego" if self.blind else ("Nil" if self.bid == 0 else str(self.bid))
        return f"{head} — {', '.join(self.reasons)}" if self.reasons else head


class NoTip(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "no_tip"


def suggest_bid(view: PlayerView) -> Tip:
    """The suggested bid for the viewer's hand at this table (score, partner's bid)."""
    if view.hand is None:
        raise NoTip("Tus cartas están boca abajo: primero elige Nil ciego o ver tus cartas.")
    if view.rules.players == 2:
        decision = decide_two_bid(view)
    else:
        decision = decide_bid(view, dealt_hand(view), NORMAL_STYLE)
    return Tip(decision.bid, decision.why)


def explain_bid(view: PlayerView) -> Tip:
    """Why the viewer bid what it bid, in words the other players may hear.

    Meant for a computer player's seat: "Norte: 3 — 2 bazas seguras, un rey protegido". It names
    no card and no suit (the others at the table must not learn the hand from it).
    """
    bid = view.bids[view.seat]
    if bid is None:
        raise NoTip("Este jugador aún no ha cantado.")
    if view.blind[view.seat]:
        return Tip(0, (reason("blind_nil_behind"),), blind=True)
    mask = dealt_hand(view)
    if view.rules.players == 2:
        return Tip(bid, explain_two(evaluate_two(mask, jokers=view.rules.jokers), bid, mask))
    evaluation = evaluate_hand(mask, jokers=view.rules.jokers)
    if bid == 0:
        return Tip(0, tuple(_nil_reasons(evaluation, mask, name_cards=False)))
    reasons = feature_reasons(evaluation, name_cards=False) or [reason("few_high_cards")]
    return Tip(bid, tuple(reasons + house_reasons(view, bid)))


def house_reasons(view: PlayerView, bid: int) -> list[BidReason]:
    """What the house variants had to do with a trick bid, in words anyone may hear (the team's
    bids are public): the team minimum it had to reach, the 13 it went for, the 10 of «10 por
    200»."""
    rules = view.rules
    partner_bid = view.bids[view.seat.partner]
    if partner_bid is None or not rules.variants:
        return []
    team = partner_bid + bid
    lowest = lowest_bid(rules, partner_bid)
    if team == 13 and rules.all_thirteen != "off":
        return [all_thirteen_reason(rules)]
    if team == 10 and rules.ten_for_200:
        return [reason("ten_team")]
    if lowest and bid == lowest:
        return [reason("team_minimum", min=rules.team_minimum, lowest=lowest)]
    return []
