"""The matcher's choices on a given queue: four at once, the window widening with the wait, two
or three with the computer after the wait, partners balanced, blocks never together."""

from __future__ import annotations

from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from picas.web.quick.matcher import Window, blocked_pair, match, team_sums
from picas.web.quick.model import Entry

CPU = 1700


def entry(name: str, rating: int, joined: float = 0.0, game: str = "spades") -> Entry:
    target = 250 if game == "spades" else 100
    return Entry(name, name.title(), game, target, rating, joined, f"c/{name}")


def test_four_near_ratings_make_a_table_at_once() -> None:
    queue = [entry(n, r) for n, r in (("a", 1500), ("b", 1520), ("c", 1490), ("d", 1510))]
    found = match(queue, 0.0, set(), cpu_rating=CPU)
    assert len(found) == 1
    assert {e.profile for e in found[0].people} == {"a", "b", "c", "d"}
    assert None not in found[0].seats


def test_three_wait_for_a_fourth_until_the_wait_runs_out() -> None:
    queue = [entry(n, 1500 + i) for i, n in enumerate("abc")]
    assert match(queue, 19.9, set(), cpu_rating=CPU) == []
    found = match(queue, 20.0, set(), cpu_rating=CPU)
    assert len(found) == 1
    assert sorted(e.profile for e in found[0].people) == ["a", "b", "c"]
    assert found[0].seats.count(None) == 1


def test_one_person_alone_is_never_seated() -> None:
    assert match([entry("a", 1500)], 500.0, set(), cpu_rating=CPU) == []


def test_the_window_widens_with_the_wait() -> None:
    window = Window()
    apart = 600
    queue = [entry("a", 1000), entry("b", 1000 + apart), entry("c", 1000), entry("d", 1000 + apart)]
    # At first the two pairs are too far apart for each other, and two is not a table yet.
    assert match(queue, 1.0, set(), cpu_rating=CPU, fill_after=1000) == []
    waited = (apart - window.base) / window.per_second
    found = match(queue, waited + 0.1, set(), cpu_rating=CPU, fill_after=1000)
    assert len(found) == 1
    assert len(found[0].people) == 4


def test_ratings_far_apart_are_split_after_the_wait_rather_than_mixed() -> None:
    queue = [entry("a", 1000), entry("b", 1010), entry("c", 2400), entry("d", 2410)]
    found = match(queue, 21.0, set(), cpu_rating=CPU)
    tables = sorted(sorted(e.profile for e in f.people) for f in found)
    assert tables == [["a", "b"], ["c", "d"]]


def test_queues_of_other_games_and_targets_never_meet() -> None:
    queue = [
        entry("a", 1500),
        entry("b", 1500),
        entry("c", 1500, game="corazones"),
        entry("d", 1500, game="corazones"),
    ]
    assert match(queue, 5.0, set(), cpu_rating=CPU) == []
    found = match(queue, 25.0, set(), cpu_rating=CPU)
    assert sorted(sorted(e.profile for e in f.people) for f in found) == [["a", "b"], ["c", "d"]]
    for table in found:
        assert {e.game for e in table.people} == {table.game}


def test_a_block_keeps_two_apart_and_the_others_still_play() -> None:
    queue = [entry(n, 1500) for n in "abcde"]
    blocks = {blocked_pair("a", "b")}
    found = match(queue, 0.0, blocks, cpu_rating=CPU)
    assert len(found) == 1
    seated = {e.profile for e in found[0].people}
    assert len(seated) == 4
    assert not {"a", "b"} <= seated


def _imbalance(ratings: list[int]) -> int:
    return abs(ratings[0] + ratings[2] - ratings[1] - ratings[3])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1000, 1700), min_size=2, max_size=4))
def test_picas_partners_balance_the_teams(ratings: list[int]) -> None:
    queue = [entry(f"p{i}", r, joined=float(i)) for i, r in enumerate(ratings)]
    found = match(queue, 100.0, set(), cpu_rating=CPU, window=Window(base=1000))
    assert len(found) == 1
    table = found[0]
    assert sorted(e.profile for e in table.people) == sorted(e.profile for e in queue)
    north_south, west_east = team_sums(table, CPU)
    everyone = [*ratings, *([CPU] * (4 - len(ratings)))]
    best = min(_imbalance(list(order)) for order in permutations(everyone))
    assert abs(north_south - west_east) == best


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(1000, 2500), min_size=2, max_size=12),
    st.sets(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=10),
    st.floats(0, 60),
)
def test_nobody_twice_and_no_blocked_pair_together(
    ratings: list[int], pairs: set[tuple[int, int]], now: float
) -> None:
    queue = [entry(f"p{i}", r, joined=float(i % 5)) for i, r in enumerate(ratings)]
    blocks = {blocked_pair(f"p{a}", f"p{b}") for a, b in pairs if a != b}
    found = match(queue, now, blocks, cpu_rating=CPU)
    seated = [e.profile for table in found for e in table.people]
    assert len(seated) == len(set(seated))
    for table in found:
        people = [e.profile for e in table.people]
        assert 2 <= len(people) <= 4
        for a in people:
            for b in people:
                assert a == b or blocked_pair(a, b) not in blocks


def test_two_entries_from_one_address_never_sit_together() -> None:
    queue = [
        Entry(n, n, "spades", 250, 1500, 0.0, f"c/{n}", address)
        for n, address in (("a", "10.0.0.1"), ("b", "10.0.0.1"), ("c", "10.0.0.2"))
    ]
    found = match(queue, 30.0, set(), cpu_rating=CPU)
    assert len(found) == 1
    assert sorted(e.profile for e in found[0].people) in (["a", "c"], ["b", "c"])
    alone = match(queue[:2], 30.0, set(), cpu_rating=CPU)
    assert alone == []


def _as_defined(queue: list[Entry], now: float, blocks: set[frozenset[str]]) -> list[list[str]]:
    """The tables of one queue as the module's doc defines them, the slow way: the oldest
    chooses first among all the others not seated yet, sorted by rating apart, then joined,
    then profile; each taken if it fits everyone chosen so far."""
    window = Window()
    used: set[str] = set()
    tables: list[list[str]] = []

    def fits(a: Entry, b: Entry) -> bool:
        apart = abs(a.rating - b.rating)
        return (
            blocked_pair(a.profile, b.profile) not in blocks
            and not (a.address and a.address == b.address)
            and apart <= window.of(now - a.joined)
            and apart <= window.of(now - b.joined)
        )

    for anchor in sorted(queue, key=lambda e: (e.joined, e.profile)):
        if anchor.profile in used:
            continue
        others = [e for e in queue if e.profile not in used and e.profile != anchor.profile]
        others.sort(key=lambda e: (abs(e.rating - anchor.rating), e.joined, e.profile))
        chosen = [anchor]
        for other in others:
            if len(chosen) < 4 and all(fits(other, one) for one in chosen):
                chosen.append(other)
        if len(chosen) == 4 or (len(chosen) >= 2 and now - anchor.joined >= 20.0):
            used.update(e.profile for e in chosen)
            tables.append(sorted(e.profile for e in chosen))
    return tables


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(1300, 1700), st.integers(0, 40), st.integers(0, 3)),
        min_size=1,
        max_size=40,
    ),
    st.sets(st.tuples(st.integers(0, 39), st.integers(0, 39)), max_size=20),
    st.floats(0, 60),
)
def test_the_tables_are_those_the_definition_makes(
    people: list[tuple[int, int, int]], pairs: set[tuple[int, int]], now: float
) -> None:
    """Ties of rating, of rating apart (above and below) and of joining time included: the
    matcher's walk outwards from each anchor finds the tables the plain definition does."""
    queue = [
        Entry(f"p{i}", "P", "spades", 250, rating, joined / 2, f"c/{i}", f"10.0.0.{address}")
        for i, (rating, joined, address) in enumerate(people)
    ]
    blocks = {blocked_pair(f"p{a}", f"p{b}") for a, b in pairs if a != b}
    found = match(queue, now, blocks, cpu_rating=CPU)
    assert [sorted(e.profile for e in table.people) for table in found] == _as_defined(
        queue, now, blocks
    )
