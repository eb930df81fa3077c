"""The six-line score sheet, as a pure function of one hand's bids and tricks.

Bags are explicit state carried from hand to hand; they are never derived from a score's last digit
(that shortcut breaks as soon as a total is negative or a Nil adds ±100).
"""

from __future__ import annotations

from typing import ClassVar, Final, final

from picas.games.spades.rules import Rules
from picas.shared.frozen import Frozen
from picas.shared.seats import Seat, Team

_NIL_FIELDS: Final = ("seat", "blind", "tricks", "points")
_SHEET_FIELDS: Final = (
    "team",
    "contract",
    "counted_tricks",
    "nil_tricks",
    "contract_points",
    "bonus",
    "bag_points",
    "nils",
    "bag_penalty",
    "hand_total",
    "running_total",
    "bags_before",
    "bags_added",
    "bags_after",
)
_TEAM_SEATS: Final = ((Seat.SOUTH, Seat.NORTH), (Seat.WEST, Seat.EAST))
Bids = tuple[int | None, int | None, int | None, int | None]
"""A finished hand's bids by seat: every seat's at four; ``None`` for North and East at two."""
_PLAYER_SEATS: Final = ((Seat.SOUTH,), (Seat.WEST,))
"""«Dos jugadores»: each "team" is one player, South or West (North and East never bid)."""


@final
class NilResult(Frozen):
    __slots__ = _NIL_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _NIL_FIELDS

    seat: Final[Seat]
    blind: Final[bool]
    tricks: Final[int]
    points: Final[int]

    def __init__(self, seat: Seat, blind: bool, tricks: int, points: int) -> None:
        self.seat = seat
        self.blind = blind
        self.tricks = tricks
        self.points = points

    @property
    def made(self) -> bool:
        return self.tricks == 0


@final
class TeamSheet(Frozen):
    """One team's score for one hand: the six lines plus what they were computed from."""

    __slots__ = _SHEET_FIELDS
    _FIELDS: ClassVar[tuple[str, ...]] = _SHEET_FIELDS

    team: Final[Team]
    contract: Final[int | None]
    """Sum of the non-Nil bids; ``None`` when both partners bid Nil (no contract at all)."""
    counted_tricks: Final[int]
    """Tricks taken by the non-Nil bidders: the ones that count toward the contract."""
    nil_tricks: Final[int]
    contract_points: Final[int]
    """Line 1, the contract: ±10 × the contract (200 made at «10 por 200», with 10 or more),
    plus :attr:`bonus`."""
    bonus: Final[int]
    """The part of line 1 that is «Premio por 13 bazas» (0 but for a made 13 at that rule)."""
    bag_points: Final[int]
    nils: Final[tuple[NilResult, ...]]
    bag_penalty: Final[int]
    hand_total: Final[int]
    running_total: Final[int]
    bags_before: Final[int]
    bags_added: Final[int]
    bags_after: Final[int]

    def __init__(
        self,
        team: Team,
        contract: int | None,
        counted_tricks: int,
        nil_tricks: int,
        contract_points: int,
        bonus: int,
        bag_points: int,
        nils: tuple[NilResult, ...],
        bag_penalty: int,
        hand_total: int,
        running_total: int,
        bags_before: int,
        bags_added: int,
        bags_after: int,
    ) -> None:
        self.team = team
        self.contract = contract
        self.counted_tricks = counted_tricks
        self.nil_tricks = nil_tricks
        self.contract_points = contract_points
        self.bonus = bonus
        self.bag_points = bag_points
        self.nils = nils
        self.bag_penalty = bag_penalty
        self.hand_total = hand_total
        self.running_total = running_total
        self.bags_before = bags_before
        self.bags_added = bags_added
        self.bags_after = bags_after

    @property
    def made(self) -> bool | None:
        if self.contract is None:
            return None
        return self.counted_tricks >= self.contract

    @property
    def overtricks(self) -> int:
        if self.contract is None or self.counted_tricks < self.contract:
            return 0
        return self.counted_tricks - self.contract

    @property
    def took_all_thirteen(self) -> bool:
        """The team bid 13 (one player's bid or both together) and took every trick."""
        return self.contract == 13 and self.counted_tricks == 13

    @property
    def nil_points(self) -> int:
        return sum(nil.points for nil in self.nils)

    @property
    def lines(self) -> tuple[int, int, int, int, int, int]:
        """The six fixed lines: contract, bags, Nil, bag penalty, hand total, running total."""
        return (
            self.contract_points,
            self.bag_points,
            self.nil_points,
            self.bag_penalty,
            self.hand_total,
            self.running_total,
        )


def score_team(
    rules: Rules,
    team: Team,
    *,
    bids: Bids,
    blind: tuple[bool, bool, bool, bool],
    tricks: tuple[int, int, int, int],
    total_before: int,
    bags_before: int,
) -> TeamSheet:
    nils: tuple[NilResult, ...] = ()
    nil_tricks = 0
    contract = 0
    counted = 0
    for seat in _PLAYER_SEATS[team] if rules.players == 2 else _TEAM_SEATS[team]:
        taken = tricks[seat]
        bid = bids[seat]
        if bid is None:
            continue  # never at four; at two players North and East bid nothing
        if bid == 0:
            value = rules.blind_nil_points if blind[seat] else rules.nil_points
            points = value if taken == 0 else -value
            nils = (*nils, NilResult(seat=seat, blind=blind[seat], tricks=taken, points=points))
            nil_tricks += taken
        else:
            contract += bid
            counted += taken

    contract_points = 0
    overtricks = 0
    bonus = 0
    if contract:
        if counted >= contract:
            contract_points = 10 * contract
            if rules.ten_for_200 and contract >= 10:
                contract_points = 200  # «10 por 200»: a big contract made is worth 200
            if contract == 13 and rules.all_thirteen == "bonus":
                bonus = rules.all_thirteen_points  # 13 made means all 13 tricks
                contract_points += bonus
            overtricks = counted - contract
        else:
            contract_points = -10 * contract

    # House rule: a Nil bidder's tricks never help the partner; every one of them is a bag.
    bags_added = overtricks + nil_tricks
    bag_points = overtricks + (nil_tricks if rules.nil_tricks_score else 0)

    bag_total = bags_before + bags_added
    bag_penalty = 0
    bags_after = bag_total
    if rules.bag_penalty:
        penalties, bags_after = divmod(bag_total, rules.bag_limit)
        bag_penalty = -rules.bag_penalty_points * penalties

    hand_total = contract_points + bag_points + sum(n.points for n in nils) + bag_penalty
    return TeamSheet(
        team=team,
        contract=contract or None,
        counted_tricks=counted,
        nil_tricks=nil_tricks,
        contract_points=contract_points,
        bonus=bonus,
        bag_points=bag_points,
        nils=nils,
        bag_penalty=bag_penalty,
        hand_total=hand_total,
        running_total=total_before + hand_total,
        bags_before=bags_before,
        bags_added=bags_added,
        bags_after=bags_after,
    )


def score_hand(
    rules: Rules,
    *,
    bids: Bids,
    blind: tuple[bool, bool, bool, bool],
    tricks: tuple[int, int, int, int],
    totals: tuple[int, int],
    bags: tuple[int, int],
) -> tuple[TeamSheet, TeamSheet]:
    """Both teams' sheets, North–South first."""
    if sum(tricks) != 13:
        raise ValueError(f"a hand has 13 tricks, got {sum(tricks)}")
    return (
        score_team(
            rules,
            Team.NORTH_SOUTH,
            bids=bids,
            blind=blind,
            tricks=tricks,
            total_before=totals[0],
            bags_before=bags[0],
        ),
        score_team(
            rules,
            Team.EAST_WEST,
            bids=bids,
            blind=blind,
            tricks=tricks,
            total_before=totals[1],
            bags_before=bags[1],
        ),
    )
