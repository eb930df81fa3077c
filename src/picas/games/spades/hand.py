"""One hand: the deal (at «Dos jugadores», the draw from a stock), the bidding and the tricks.

``HandState`` is an immutable value; ``apply`` returns a new one. Legality lives in one place,
:meth:`HandState.check`: ``verify`` raises its refusal, ``can`` tests it, ``apply`` verifies before
it changes anything. This module is on the compiled hot path (:mod:`picas.compiled`): ``HandState``
is a native class there, so the play loop reads and builds its fields as C slots.
"""

from __future__ import annotations

from typing import ClassVar, Final, final

from picas.games.spades.actions import (
    BIDS,
    BLIND_NIL,
    DRAWS,
    LOOK,
    Action,
    Bid,
    BlindNil,
    Discard,
    Keep,
    LookAtCards,
)
from picas.games.spades.draw import DrawState
from picas.games.spades.rules import Rules
from picas.shared.cards import JOKERS_MASK, LITTLE_JOKER, SUIT_MASKS, Card, Suit
from picas.shared.errors import Refusal
from picas.shared.fast import at, closed_trick, played, plays_of, replaced, suit_bits
from picas.shared.position import (
    BIDDING,
    COMPLETE,
    DRAWING,
    HAND_OVER,
    PLAYING,
    Phase,
    TrickHand,
    follow_refusal,
)
from picas.shared.seats import Seat
from picas.shared.tricks import Play, Trick

_SEATS: Final = tuple(Seat)
_NON_SPADES: Final = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
_FIRST_SPADE: Final = 39
_LITTLE_JOKER: Final = LITTLE_JOKER
_TRUMP: Final = Rules.STANDARD_TRICKS.trump
"""♠ is trump; what is above it (the jokers of «Comodines») is the hand's ``top``."""
_TRUMPS: Final = SUIT_MASKS[3] | JOKERS_MASK
"""The cards that follow a spade lead (or a joker's): the spades and any joker."""
_OUT_WITH_JOKERS: Final = (1 << 13) | (1 << 26)
"""♦2 and ♥2: out of «Comodines»' deck."""
_HAND_FIELDS: Final = (
    "number",
    "dealer",
    "dealt",
    "hands",
    "bids",
    "blind",
    "looked",
    "blind_offered",
    "phase",
    "turn",
    "leader",
    "trick",
    "tricks",
    "won",
    "spades_broken",
    "team_minimum",
    "top",
    "ring",
    "draw",
)


@final
class HandState(TrickHand):
    """One position of a hand. Immutable: :meth:`apply` returns the next position.

    A plain class with read-only fields (a native class in the compiled build, whose fields are
    C slots), compared and hashed by its fields like the ``NamedTuple`` it replaced.
    """

    __slots__ = _HAND_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _HAND_FIELDS

    number: Final[int]
    dealer: Final[Seat]
    dealt: Final[tuple[int, int, int, int]]
    hands: Final[tuple[int, int, int, int]]
    """Card masks still held, by seat."""
    bids: Final[tuple[int | None, int | None, int | None, int | None]]
    blind: Final[tuple[bool, bool, bool, bool]]
    looked: Final[tuple[bool, bool, bool, bool]]
    """Whether each seat has seen its cards. Only a seat offered Blind Nil starts face down."""
    blind_offered: Final[tuple[bool, bool, bool, bool]]
    phase: Final[Phase]
    turn: Final[Seat | None]
    leader: Final[Seat]
    trick: Final[tuple[Card, ...]]
    tricks: Final[tuple[Trick, ...]]
    won: Final[tuple[int, int, int, int]]
    spades_broken: Final[bool]
    team_minimum: Final[int]
    """The rules' «mínimo por pareja» (0: none): the second partner to bid brings the team's
    contract (its non-Nil bids) to at least this."""
    top: Final[int]
    """The cards above every trump (the rules' ``trick_rule.top``): the jokers at «Comodines»,
    else 0. Jokers follow, lead and break as spades: their indices (52, 53) are above ♠A."""
    ring: Final[int]
    """The seats in play are ``0..ring``, the next is ``(seat + 1) & ring`` and a trick has
    ``ring + 1`` cards: 3 (all four), or 1 at «Dos jugadores» (South and West). A mask rather than
    a branch, so the play loop is the same code at both."""
    draw: Final[DrawState | None]
    """«Dos jugadores»' stock (the draw, then what went out of play); ``None`` at four."""

    def __init__(
        self,
        number: int,
        dealer: Seat,
        dealt: tuple[int, int, int, int],
        hands: tuple[int, int, int, int],
        bids: tuple[int | None, int | None, int | None, int | None],
        blind: tuple[bool, bool, bool, bool],
        looked: tuple[bool, bool, bool, bool],
        blind_offered: tuple[bool, bool, bool, bool],
        phase: Phase,
        turn: Seat | None,
        leader: Seat,
        trick: tuple[Card, ...],
        tricks: tuple[Trick, ...],
        won: tuple[int, int, int, int],
        spades_broken: bool,
        team_minimum: int = 0,
        top: int = 0,
        ring: int = 3,
        draw: DrawState | None = None,
    ) -> None:
        self.number = number
        self.dealer = dealer
        self.dealt = dealt
        self.hands = hands
        self.bids = bids
        self.blind = blind
        self.looked = looked
        self.blind_offered = blind_offered
        self.phase = phase
        self.turn = turn
        self.leader = leader
        self.trick = trick
        self.tricks = tricks
        self.won = won
        self.spades_broken = spades_broken
        self.team_minimum = team_minimum
        self.top = top
        self.ring = ring
        self.draw = draw

    @classmethod
    def deal(
        cls,
        *,
        number: int,
        dealer: Seat,
        hands: tuple[int, int, int, int],
        blind_offered: tuple[bool, bool, bool, bool] = (False, False, False, False),
        team_minimum: int = 0,
        top: int = 0,
    ) -> HandState:
        first = _SEATS[(dealer + 1) & 3]
        looked = (
            not blind_offered[0],
            not blind_offered[1],
            not blind_offered[2],
            not blind_offered[3],
        )
        return HandState(
            number,
            dealer,
            hands,
            hands,
            (None, None, None, None),
            (False, False, False, False),
            looked,
            blind_offered,
            BIDDING,
            first,
            first,
            (),
            (),
            (0, 0, 0, 0),
            False,
            team_minimum,
            top,
        )

    @classmethod
    def drawing(
        cls, *, number: int, dealer: Seat, stock: tuple[int, ...], top: int = 0
    ) -> HandState:
        """A «Dos jugadores» hand before its draw: nobody holds a card, the non-dealer is shown
        the stock's top card first (and will lead the first trick)."""
        first = _SEATS[(dealer + 1) & 1]
        empty = (0, 0, 0, 0)
        return HandState(
            number,
            dealer,
            empty,
            empty,
            (None, None, None, None),
            (False, False, False, False),
            (True, True, True, True),
            (False, False, False, False),
            DRAWING,
            first,
            first,
            (),
            (),
            (0, 0, 0, 0),
            False,
            0,
            top,
            1,
            DrawState(stock),
        )

    # --- reading -----------------------------------------------------------------------------

    @property
    def led_suit(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    def legal_play_mask(self) -> int:
        """Cards the seat on turn may play, as a mask (0 outside the playing phase)."""
        turn = self.turn
        if self.phase is not PLAYING or turn is None:
            return 0
        held = at(self.hands, turn)
        if self.trick:
            led: int = self.trick[0]
            follow = held & (suit_bits(led) if led < _FIRST_SPADE else _TRUMPS)
            return follow or held
        if self.spades_broken:
            return held
        return held & _NON_SPADES or held

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is PLAYING:
            return plays_of(self.legal_play_mask())
        turn = self.turn
        if self.phase is DRAWING:
            return DRAWS
        if self.phase is BIDDING and turn is not None:
            lowest = self.lowest_bid(turn)
            if not self.looked[turn]:
                return (LOOK,) if lowest else (BLIND_NIL, LOOK)
            return BIDS[lowest:] if lowest else BIDS
        return ()

    def lowest_bid(self, seat: Seat) -> int:
        """The lowest bid the team minimum leaves ``seat``: 0 (any bid, Nil too) unless the
        partner has bid less than the minimum; then ``seat`` must bid the rest, and not Nil (a
        Nil would leave the contract at the partner's bid)."""
        minimum = self.team_minimum
        if not minimum:
            return 0
        partner_bid = self.bids[(seat + 2) & 3]
        if partner_bid is None or partner_bid >= minimum:
            return 0
        return minimum - partner_bid

    # --- verify / can / apply ----------------------------------------------------------------

    def check(self, action: Action, seat: Seat | None = None) -> Refusal | None:
        turn = self.turn
        if self.phase is COMPLETE or turn is None:
            return HAND_OVER
        if seat is not None and seat != turn:
            return Refusal(
                "not_your_turn", f"No es tu turno: le toca a {turn.name_es}.", {"seat": turn.key}
            )
        if isinstance(action, (Keep, Discard)):
            return self._draw_refusal()
        if self.phase is DRAWING:
            return Refusal(
                "still_drawing",
                "Aún se roba del mazo: quédate con la carta de arriba o descártala.",
            )
        if isinstance(action, Play):
            if self.phase is not PLAYING:
                return Refusal("bidding_not_over", "Aún se está cantando: primero canta tu baza.")
            return self._check_card(action.card)
        if self.phase is not BIDDING:
            return Refusal("bidding_over", "Ya se ha cantado: ahora se juegan las cartas.")
        if isinstance(action, Bid):
            if not 0 <= action.tricks <= 13:
                return Refusal("bid_out_of_range", "El canto va de 0 a 13.")
            if not self.looked[turn]:
                return Refusal(
                    "decide_blind_nil", "Antes de cantar, elige: Nil ciego o ver tus cartas."
                )
            if action.tricks < self.lowest_bid(turn):
                return self._minimum_refusal(turn)
            return None
        if isinstance(action, BlindNil):
            if self.draw is not None:
                return Refusal(
                    "blind_nil_not_offered",
                    "A dos jugadores no hay Nil ciego.",
                    {"form": "two_players"},
                )
            if not self.blind_offered[turn]:
                return Refusal(
                    "blind_nil_not_offered",
                    "El Nil ciego solo se ofrece si está activado y tu equipo va 100 puntos"
                    " o más por detrás.",
                )
            if self.looked[turn]:
                return Refusal(
                    "cards_already_seen",
                    "Ya has visto tus cartas: el Nil ciego se canta antes de mirarlas.",
                )
            if self.lowest_bid(turn):
                return self._minimum_refusal(turn)
            return None
        if isinstance(action, LookAtCards):
            if self.looked[turn]:
                return Refusal(
                    "cards_already_seen", "Ya tienes tus cartas a la vista.", {"form": "look"}
                )
            return None
        return Refusal("bad_action", "Esa acción no existe.")

    def _draw_refusal(self) -> Refusal | None:
        """Why keeping or discarding the stock's top card is refused now, if it is."""
        if self.phase is DRAWING:
            return None
        if self.draw is None:
            return Refusal("no_draw", "Solo se roba del mazo a dos jugadores.")
        return Refusal("drawing_over", "Ya no queda mazo: cada uno tiene sus 13 cartas.")

    def _minimum_refusal(self, seat: Seat) -> Refusal:
        """Why a bid under the team minimum is refused, with the partner's bid and the lowest
        allowed (the bid pad shows it on each dimmed key)."""
        partner_bid = self.bids[(seat + 2) & 3]
        said = "ha cantado Nil" if partner_bid == 0 else f"ha cantado {partner_bid}"
        return Refusal(
            "team_minimum",
            f"Mínimo de {self.team_minimum} por pareja: tu compañero {said}, así que tú cantas"
            f" {self.lowest_bid(seat)} o más.",
            {
                "min": self.team_minimum,
                "partner": partner_bid or 0,
                "lowest": self.lowest_bid(seat),
                **({"form": "partner_nil"} if partner_bid == 0 else {}),
            },
        )

    def _check_card(self, card: Card) -> Refusal | None:
        assert self.turn is not None
        top = self.top
        if (card >= _LITTLE_JOKER and not top) or (top and _OUT_WITH_JOKERS >> card & 1):
            return self._not_in_deck(card)
        held = self.hands[self.turn]
        refusal = follow_refusal(held, card, self.trick)
        if refusal is not None or self.trick:
            return refusal
        if card >= _FIRST_SPADE and not self.spades_broken and held & _NON_SPADES:
            return Refusal("spades_not_broken", "Las picas aún no se han roto.")
        return None

    def _not_in_deck(self, card: Card) -> Refusal:
        """A joker in a game without them, or ♥2/♦2 in one with them: not in this deck."""
        if self.top:
            return Refusal(
                "card_not_in_deck",
                f"Con «Comodines» el {card.name_es} no está en la baraja (salen ♥2 y ♦2).",
                {"card": card.code, "form": "jokers"},
            )
        return Refusal(
            "card_not_in_deck",
            f"El {card.name_es} solo se juega con «Comodines»: no está en esta baraja.",
            {"card": card.code},
        )

    def apply(self, action: Action, seat: Seat | None = None) -> HandState:
        """The hand after ``action`` (a bid, Blind Nil, looking at the cards, or a card) by the seat
        on turn; refused: raises :class:`IllegalAction` with :meth:`check`'s reason."""
        if type(action) is Play and seat is None:
            return self._play(action.card)  # the hot path: a direct call, it checks legality
        if self.phase is DRAWING and seat is None:
            # Half of a two-player hand: straight to the draw (always legal in its phase).
            kind = type(action)
            if kind is Keep:
                return self._draw(keep=True)
            if kind is Discard:
                return self._draw(keep=False)
        return self._apply_checked(action, seat)

    def _apply_verified(self, action: Action, seat: Seat | None) -> HandState:
        if isinstance(action, Bid):
            return self._bid(action.tricks, blind=False)
        if isinstance(action, BlindNil):
            return self._bid(0, blind=True)
        if isinstance(action, Keep):
            return self._draw(keep=True)
        if isinstance(action, Discard):
            return self._draw(keep=False)
        return self._look()

    # --- the changes (only after verification) -----------------------------------------------

    def _look(self) -> HandState:
        turn = self.turn
        assert turn is not None
        return self._replace(looked=_with_flag(self.looked, turn, True))

    def _draw(self, *, keep: bool) -> HandState:
        """The hand after the player on turn keeps or puts out the stock's top card; once the
        stock is gone, the bidding starts with the non-dealer."""
        turn = self.turn
        draw = self.draw
        assert turn is not None
        assert draw is not None
        kept, after = draw.after(turn, keep)
        hands = replaced(self.hands, turn, at(self.hands, turn) | 1 << kept)
        done = after.left == 0
        first = _SEATS[(self.dealer + 1) & 1]
        return HandState(
            self.number,
            self.dealer,
            hands,
            hands,
            self.bids,
            self.blind,
            self.looked,
            self.blind_offered,
            BIDDING if done else DRAWING,
            first if done else _SEATS[turn ^ 1],
            self.leader,
            (),
            (),
            self.won,
            False,
            self.team_minimum,
            self.top,
            self.ring,
            after,
        )

    def _bid(self, tricks: int, *, blind: bool) -> HandState:
        turn = self.turn
        assert turn is not None
        seat: int = turn
        ring = self.ring
        next_turn = _SEATS[(seat + 1) & ring]
        done = next_turn is _SEATS[(self.dealer + 1) & ring]
        return HandState(
            self.number,
            self.dealer,
            self.dealt,
            self.hands,
            _with_bid(self.bids, seat, tricks),
            _with_flag(self.blind, seat, blind),
            _with_flag(self.looked, seat, True),
            self.blind_offered,
            PLAYING if done else BIDDING,
            next_turn,
            self.leader,
            self.trick,
            self.tricks,
            self.won,
            self.spades_broken,
            self.team_minimum,
            self.top,
            self.ring,
            self.draw,
        )

    def _play(self, card: Card) -> HandState:
        index: int = card  # unboxed once: a Card's own arithmetic would be Python's
        seat = self._player_of(index)
        trick = self.trick
        broken = self.spades_broken
        if trick:
            # Spades break when one falls on a trick led in another suit (SPEC §1).
            led: int = trick[0]
            broken = broken or (index >= _FIRST_SPADE and led < _FIRST_SPADE)
        hands = replaced(self.hands, seat, at(self.hands, seat) ^ (1 << index))
        trick = played(trick, card)
        ring = self.ring
        if len(trick) > ring:
            return self._end_trick(hands, trick, broken)
        return HandState(
            self.number,
            self.dealer,
            self.dealt,
            hands,
            self.bids,
            self.blind,
            self.looked,
            self.blind_offered,
            PLAYING,
            _SEATS[(seat + 1) & ring],
            self.leader,
            trick,
            self.tricks,
            self.won,
            broken,
            self.team_minimum,
            self.top,
            self.ring,
            self.draw,
        )

    def _end_trick(
        self, hands: tuple[int, int, int, int], cards: tuple[Card, ...], broken: bool
    ) -> HandState:
        taker, tricks = closed_trick(self.tricks, self.leader, cards, _TRUMP, self.top, self.ring)
        winner = _SEATS[taker]
        won = replaced(self.won, taker, at(self.won, taker) + 1)
        complete = len(tricks) == 13
        return HandState(
            self.number,
            self.dealer,
            self.dealt,
            hands,
            self.bids,
            self.blind,
            self.looked,
            self.blind_offered,
            COMPLETE if complete else PLAYING,
            None if complete else winner,
            winner,
            (),
            tricks,
            won,
            broken,
            self.team_minimum,
            self.top,
            self.ring,
            self.draw,
        )


def _with_bid(
    bids: tuple[int | None, int | None, int | None, int | None], seat: int, bid: int
) -> tuple[int | None, int | None, int | None, int | None]:
    if seat == 0:
        return (bid, bids[1], bids[2], bids[3])
    if seat == 1:
        return (bids[0], bid, bids[2], bids[3])
    if seat == 2:
        return (bids[0], bids[1], bid, bids[3])
    return (bids[0], bids[1], bids[2], bid)


def _with_flag(
    flags: tuple[bool, bool, bool, bool], seat: int, flag: bool
) -> tuple[bool, bool, bool, bool]:
    if seat == 0:
        return (flag, flags[1], flags[2], flags[3])
    if seat == 1:
        return (flags[0], flag, flags[2], flags[3])
    if seat == 2:
        return (flags[0], flags[1], flag, flags[3])
    return (flags[0], flags[1], flags[2], flag)
