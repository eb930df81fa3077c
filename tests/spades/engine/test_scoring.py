"""The six-line score sheet (§1 scoring, §2 profiles): worked examples and a golden table.

Every expected number below was worked out by hand from the rules in SPEC.md §1–§2 and the seeds;
none of it is computed by the code under test.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from picas.games.spades import Rules, Seat, Team, TeamSheet, find_profile, score_hand

Lines = tuple[int, int, int, int, int, int]
Four = tuple[int, int, int, int]

CASA = find_profile("casa")
CASA_NO_BAG_PENALTY = CASA.with_settings(bag_penalty=False)
CASA_BLIND = CASA.with_settings(blind_nil=True)
CLASICA = find_profile("clasica")
DOBLE_NIL = find_profile("doble-nil")


def score(
    rules: Rules,
    bids: Four,
    tricks: Four,
    *,
    blind: str = "",
    totals: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
) -> tuple[TeamSheet, TeamSheet]:
    """Bids and tricks in seat order South, West, North, East; ``blind`` names seats ("S", "WE")."""
    flags = tuple(seat.name[0] in blind for seat in Seat)
    return score_hand(
        rules,
        bids=bids,
        blind=(flags[0], flags[1], flags[2], flags[3]),
        tricks=tricks,
        totals=totals,
        bags=bags,
    )


# --- the worked examples --------------------------------------------------------------------------


def test_seed_000_worked_example_made_contract_with_one_bag() -> None:
    # "tú cantas 4 y Norte canta 3, así que vuestro contrato es 7. Tú ganas 5 bazas y Norte 3 […]
    # +70 por cumplir el contrato más 1 saco, +71 en la mano. Oeste canta 2 y Este 3, contrato de 5,
    # y ganan justo 5: +50."
    ns, ew = score(CASA, bids=(4, 2, 3, 3), tricks=(5, 2, 3, 3))
    assert ns.team is Team.NORTH_SOUTH
    assert ns.contract == 7
    assert ns.made is True
    assert ns.overtricks == 1
    assert ns.lines == (70, 1, 0, 0, 71, 71)
    assert ns.bags_after == 1
    assert ew.team is Team.EAST_WEST
    assert ew.contract == 5
    assert ew.lines == (50, 0, 0, 0, 50, 50)
    assert ew.bags_after == 0


def test_seed_003_worked_example_52_and_two_bags() -> None:
    # "La pareja oferta 3 + 2 = 5 y toma 7: anota 52 y 2 bolsas."
    ns, ew = score(CLASICA, bids=(3, 3, 2, 3), tricks=(4, 3, 3, 3))
    assert ns.contract == 5
    assert ns.counted_tricks == 7
    assert ns.hand_total == 52
    assert ns.lines == (50, 2, 0, 0, 52, 52)
    assert ns.bags_added == 2
    assert ns.bags_after == 2
    assert ew.lines == (60, 0, 0, 0, 60, 60)


def test_seed_003_worked_example_nine_earlier_bags_roll_over() -> None:
    # "Con 9 previas llega a 11: resta 100 y conserva 1 bolsa."
    ns, _ = score(CLASICA, bids=(3, 3, 2, 3), tricks=(4, 3, 3, 3), bags=(9, 0), totals=(300, 0))
    assert ns.bags_before == 9
    assert ns.lines == (50, 2, 0, -100, -48, 252)
    assert ns.bags_after == 1


# --- golden table ---------------------------------------------------------------------------------


class Row(NamedTuple):
    rules: Rules
    bids: Four  # S, W, N, E
    tricks: Four  # S, W, N, E
    blind: str
    totals: tuple[int, int]  # before the hand: NS, EW
    bags: tuple[int, int]  # before the hand: NS, EW
    ns: Lines  # contract, bags, Nil, bag penalty, hand total, running total
    ns_bags: int
    ew: Lines
    ew_bags: int


GOLDEN = {
    "made_contract_one_bag": Row(
        CASA, (4, 2, 3, 3), (5, 2, 3, 3), "", (0, 0), (0, 0),
        (70, 1, 0, 0, 71, 71), 1,
        (50, 0, 0, 0, 50, 50), 0,
    ),
    "set_contract_no_bags_and_bags_kept": Row(
        # NS bid 8 and take 6: set, −80, no bags; EW bid 2 and take 7: +20 and 5 bags.
        CASA, (4, 1, 4, 1), (3, 3, 3, 4), "", (100, 50), (2, 3),
        (-80, 0, 0, 0, -80, 20), 2,
        (20, 5, 0, 0, 25, 75), 8,
    ),
    "bag_rollover_keeps_the_remainder": Row(
        # 8 earlier bags + 3 = 11: −100, keep 1.
        CASA, (3, 2, 3, 2), (5, 2, 4, 2), "", (200, 150), (8, 0),
        (60, 3, 0, -100, -37, 163), 1,
        (40, 0, 0, 0, 40, 190), 0,
    ),
    "bag_rollover_at_exactly_ten": Row(
        CASA, (3, 3, 3, 3), (6, 1, 4, 2), "", (0, 0), (6, 0),
        (60, 4, 0, -100, -36, -36), 0,
        (-60, 0, 0, 0, -60, -60), 0,
    ),
    "bag_rollover_with_negative_running_total": Row(
        CASA, (2, 4, 2, 4), (3, 4, 2, 4), "", (-150, -30), (9, 5),
        (40, 1, 0, -100, -59, -209), 0,
        (80, 0, 0, 0, 80, 50), 5,
    ),
    "bag_rollover_when_total_ends_in_odd_digits": Row(
        # Bags are carried explicitly: −153 with 3 bags, +8 bags → 11 → −100, keep 1.
        CASA, (1, 5, 1, 5), (6, 2, 4, 1), "", (-153, 0), (3, 0),
        (20, 8, 0, -100, -72, -225), 1,
        (-100, 0, 0, 0, -100, -100), 0,
    ),
    "two_rollovers_in_one_hand": Row(
        # 9 earlier bags + 11 = 20: −200, keep 0.
        CASA, (1, 1, 1, 1), (13, 0, 0, 0), "", (0, 0), (9, 0),
        (20, 11, 0, -200, -169, -169), 0,
        (-20, 0, 0, 0, -20, -20), 0,
    ),
    "bag_penalty_off_bags_just_accumulate": Row(
        CASA_NO_BAG_PENALTY, (3, 2, 3, 2), (5, 2, 4, 2), "", (200, 150), (8, 0),
        (60, 3, 0, 0, 63, 263), 11,
        (40, 0, 0, 0, 40, 190), 0,
    ),
    "nil_made_partner_made": Row(
        CASA, (0, 3, 4, 3), (0, 4, 5, 4), "", (0, 0), (0, 0),
        (40, 1, 100, 0, 141, 141), 1,
        (60, 2, 0, 0, 62, 62), 2,
    ),
    "nil_made_partner_set": Row(
        CASA, (0, 3, 5, 3), (0, 5, 4, 4), "", (0, 0), (0, 0),
        (-50, 0, 100, 0, 50, 50), 0,
        (60, 3, 0, 0, 63, 63), 3,
    ),
    "nil_failed_its_tricks_do_not_save_the_partner": Row(
        # South (Nil) takes 2, North (4) takes 3: 5 tricks, but North is set; South's 2 are bags
        # worth +1 each in "casa".
        CASA, (0, 3, 4, 3), (2, 4, 3, 4), "", (0, 0), (0, 0),
        (-40, 2, -100, 0, -138, -138), 2,
        (60, 2, 0, 0, 62, 62), 2,
    ),
    "nil_failed_its_tricks_are_bags_not_overtricks": Row(
        # North bids 3 and takes exactly 3; South's 3 Nil tricks are 3 bags (+3 in "casa").
        CASA, (0, 4, 3, 3), (3, 4, 3, 3), "", (0, 0), (0, 0),
        (30, 3, -100, 0, -67, -67), 3,
        (70, 0, 0, 0, 70, 70), 0,
    ),
    "nil_failed_clasica_bags_count_but_score_no_point": Row(
        CLASICA, (0, 3, 4, 3), (2, 4, 3, 4), "", (0, 0), (0, 0),
        (-40, 0, -100, 0, -140, -140), 2,
        (60, 2, 0, 0, 62, 62), 2,
    ),
    "nil_failed_clasica_bags_roll_over": Row(
        CLASICA, (0, 3, 4, 3), (2, 4, 3, 4), "", (0, 0), (9, 0),
        (-40, 0, -100, -100, -240, -240), 1,
        (60, 2, 0, 0, 62, 62), 2,
    ),
    "blind_nil_made": Row(
        CASA_BLIND, (0, 3, 5, 3), (0, 4, 6, 3), "S", (0, 100), (0, 0),
        (50, 1, 200, 0, 251, 251), 1,
        (60, 1, 0, 0, 61, 161), 1,
    ),
    "blind_nil_failed": Row(
        CASA_BLIND, (0, 3, 5, 3), (1, 4, 5, 3), "S", (0, 100), (0, 0),
        (50, 1, -200, 0, -149, -149), 1,
        (60, 1, 0, 0, 61, 161), 1,
    ),
    "blind_nil_failed_doble_nil_profile": Row(
        DOBLE_NIL, (4, 0, 4, 3), (5, 1, 4, 3), "W", (0, 0), (0, 0),
        (80, 1, 0, 0, 81, 81), 1,
        (30, 0, -200, 0, -170, -170), 1,
    ),
    "both_nil_one_fails_no_contract_tricks_are_bags": Row(
        CASA, (0, 5, 0, 5), (0, 6, 2, 5), "", (0, 0), (0, 0),
        (0, 2, 0, 0, 2, 2), 2,
        (100, 1, 0, 0, 101, 101), 1,
    ),
    "both_nil_both_made": Row(
        CASA, (0, 6, 0, 6), (0, 7, 0, 6), "", (0, 0), (0, 0),
        (0, 0, 200, 0, 200, 200), 0,
        (120, 1, 0, 0, 121, 121), 1,
    ),
    "both_nil_both_fail_clasica": Row(
        CLASICA, (0, 5, 0, 5), (1, 6, 2, 4), "", (0, 0), (0, 0),
        (0, 0, -200, 0, -200, -200), 3,
        (100, 0, 0, 0, 100, 100), 0,
    ),
    "east_west_nil_made": Row(
        CASA, (4, 0, 4, 4), (5, 0, 4, 4), "", (0, 0), (0, 0),
        (80, 1, 0, 0, 81, 81), 1,
        (40, 0, 100, 0, 140, 140), 0,
    ),
    "all_thirteen_against_two_nils": Row(
        CASA, (7, 0, 6, 0), (7, 0, 6, 0), "", (0, 0), (0, 0),
        (130, 0, 0, 0, 130, 130), 0,
        (0, 0, 200, 0, 200, 200), 0,
    ),
}  # fmt: skip


@pytest.mark.parametrize("row", list(GOLDEN.values()), ids=list(GOLDEN))
def test_golden_score_sheet(row: Row) -> None:
    ns, ew = score(
        row.rules, row.bids, row.tricks, blind=row.blind, totals=row.totals, bags=row.bags
    )
    assert (ns.lines, ns.bags_after) == (row.ns, row.ns_bags)
    assert (ew.lines, ew.bags_after) == (row.ew, row.ew_bags)
    for sheet, before_total, before_bags in ((ns, row.totals[0], row.bags[0]),
                                             (ew, row.totals[1], row.bags[1])):  # fmt: skip
        assert sheet.hand_total == sum(sheet.lines[:4])
        assert sheet.running_total == before_total + sheet.hand_total
        assert sheet.bags_before == before_bags


def test_both_nil_each_nil_is_scored_separately() -> None:
    ns, _ = score(CASA, bids=(0, 5, 0, 5), tricks=(0, 6, 2, 5))
    assert ns.contract is None
    assert ns.made is None
    assert ns.overtricks == 0
    assert ns.counted_tricks == 0
    assert ns.nil_tricks == 2
    by_seat = {nil.seat: nil for nil in ns.nils}
    assert set(by_seat) == {Seat.SOUTH, Seat.NORTH}
    assert (by_seat[Seat.SOUTH].made, by_seat[Seat.SOUTH].points) == (True, 100)
    assert (by_seat[Seat.NORTH].made, by_seat[Seat.NORTH].points) == (False, -100)
    assert ns.bags_added == 2


def test_nil_bidders_tricks_never_count_toward_the_partners_contract() -> None:
    ns, _ = score(CASA, bids=(0, 3, 4, 3), tricks=(2, 4, 3, 4))
    assert ns.contract == 4
    assert ns.counted_tricks == 3  # North's only; South's 2 are not counted
    assert ns.nil_tricks == 2
    assert ns.made is False
    assert ns.bags_added == 2


def test_blind_nil_is_marked_blind() -> None:
    ns, _ = score(CASA_BLIND, bids=(0, 3, 5, 3), tricks=(0, 4, 6, 3), blind="S")
    (nil,) = ns.nils
    assert (nil.seat, nil.blind, nil.points) == (Seat.SOUTH, True, 200)


@pytest.mark.parametrize("tricks", [(0, 0, 0, 0), (4, 4, 4, 4), (13, 1, 0, 0)])
def test_a_hand_has_thirteen_tricks(tricks: Four) -> None:
    with pytest.raises(ValueError, match="13"):
        score(CASA, bids=(1, 1, 1, 1), tricks=tricks)
