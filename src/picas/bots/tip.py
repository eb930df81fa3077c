"""The bid tip ("Tip" on the bid pad) and the reason shown under a computer player's bid.

Both read the same evaluator the computer players bid with (:mod:`picas.bots.evaluate`), so the tip
is what Normal and Difícil would bid in the player's seat, and the reasons name the features they
counted: "♠A ♥A seguras", "♥K protegido", "sin tréboles, puedes fallar", "mano de Nil: sin cartas
altas".
"""

from __future__ import annotations

from dataclasses import dataclass

from picas.bots.evaluate import NORMAL_STYLE, decide_bid, evaluate_hand, feature_reasons
from picas.bots.evaluate import nil_reason_list as _nil_reasons
from picas.bots.knowledge import dealt_hand
from picas.engine import PicasError
from picas.view import PlayerView


@dataclass(frozen=True, slots=True)
class Tip:
    bid: int
    """0 is Nil."""
    reasons: tuple[str, ...]
    """Short Spanish reasons, most important first."""
    blind: bool = False
    """For :func:`explain_bid`: the bid was Blind Nil."""

    def text(self) -> str:
        """One line: "3 — ♠A segura, ♥K protegido"."""
        head = "Nil ciego" if self.blind else ("Nil" if self.bid == 0 else str(self.bid))
        return f"{head} — {', '.join(self.reasons)}" if self.reasons else head


class NoTip(PicasError):  # noqa: N818 (named like the engine's errors)
    code = "no_tip"


def suggest_bid(view: PlayerView) -> Tip:
    """The suggested bid for the viewer's hand at this table (score, partner's bid)."""
    if view.hand is None:
        raise NoTip("Tus cartas están boca abajo: primero elige Nil ciego o ver tus cartas.")
    decision = decide_bid(view, dealt_hand(view), NORMAL_STYLE)
    return Tip(decision.bid, decision.reasons)


def explain_bid(view: PlayerView) -> Tip:
    """Why the viewer bid what it bid (or, before it has bid, the suggestion).

    Meant for a computer player's seat: "Norte: 3 — ♠A segura, ♥K protegido".
    """
    bid = view.bids[view.seat]
    if bid is None:
        return suggest_bid(view)
    if view.blind[view.seat]:
        return Tip(0, ("vais 100 o más por detrás: Nil sin mirar",), blind=True)
    mask = dealt_hand(view)
    evaluation = evaluate_hand(mask)
    if bid == 0:
        return Tip(0, tuple(_nil_reasons(evaluation, mask)))
    reasons = feature_reasons(evaluation) or ["pocas cartas altas"]
    return Tip(bid, tuple(reasons))
