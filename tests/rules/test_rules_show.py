"""The show (docs/rules.md sections 4 and 6): worked examples, items, and an exhaustive comparison
of the core's fast scorers with a deliberately naive brute-force scorer written here.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring_api.rules import (
    DEFAULT_RULES,
    MalformedInputError,
    RuleOptions,
    ShowItem,
    ShowScore,
    Tile,
    parse_tile,
    score_show,
    show_total,
    show_totals,
)

NO_DOUBLE_BLANK = RuleOptions(double_blank_in_fifteens=False)
BOTH_RULES = [DEFAULT_RULES, NO_DOUBLE_BLANK]
RULE_IDS = ["dbf_true", "dbf_false"]

# The 28 tiles, built here (not taken from the core) in (low, high) order.
TILES: list[Tile] = [parse_tile(f"{a}-{b}") for a in range(7) for b in range(a, 7)]
DOUBLE_BLANK = TILES[0]


def value(t: Tile) -> int:
    return t.low + t.high


def tiles_of(text: str) -> list[Tile]:
    return [parse_tile(s) for s in text.split()]


# --- the naive scorer ----------------------------------------------------------------------


def naive_items(tiles: Sequence[Tile], dbf: bool) -> dict[str, set[frozenset[Tile]]]:
    """Every scoring set by brute force over all subsets (docs/rules.md section 4)."""
    found: dict[str, set[frozenset[Tile]]] = {"fifteen": set(), "pair": set(), "run": set()}
    for k in range(2, len(tiles) + 1):
        for sub in combinations(tiles, k):
            if sum(value(t) for t in sub) != 15:
                continue
            if not dbf and any(value(t) == 0 for t in sub):
                continue
            found["fifteen"].add(frozenset(sub))
    for a, b in combinations(tiles, 2):
        if value(a) == value(b):
            found["pair"].add(frozenset((a, b)))
    for k in range(len(tiles), 2, -1):
        for sub in combinations(tiles, k):
            vals = sorted(value(t) for t in sub)
            if len(set(vals)) == k and vals[-1] - vals[0] == k - 1:
                found["run"].add(frozenset(sub))
        if found["run"]:
            break  # only the longest length present counts
    return found


def naive_total_of_items(found: dict[str, set[frozenset[Tile]]]) -> int:
    return (
        2 * len(found["fifteen"]) + 2 * len(found["pair"]) + sum(len(run) for run in found["run"])
    )


@cache
def naive_total_by_values(values: tuple[int, ...], dbf: bool) -> int:
    """Naive total on a sorted value multiset. 0-0 is the only value-0 tile, so the multiset
    also says whether 0-0 is present."""
    n = len(values)
    total = 0
    for k in range(2, n + 1):
        for sub in combinations(values, k):
            if sum(sub) == 15 and (dbf or 0 not in sub):
                total += 2
    for a, b in combinations(values, 2):
        if a == b:
            total += 2
    for k in range(n, 2, -1):
        runs = 0
        for sub in combinations(values, k):
            if len(set(sub)) == k and max(sub) - min(sub) == k - 1:
                runs += 1
        if runs:
            total += k * runs
            break
    return total


def naive_total(tiles: Sequence[Tile], dbf: bool) -> int:
    return naive_total_by_values(tuple(sorted(value(t) for t in tiles)), dbf)


# --- worked examples -----------------------------------------------------------------------

# hand, starter, total (default), total (dbf false), {kind: (points, items, tiles per item)}
EXAMPLES = [
    ("3-3 1-5 2-4 0-3", "0-6", 24, 24, {"fifteen": (12, 6, 3), "pair": (12, 6, 2)}),
    (
        "0-4 0-5 0-6 1-3",
        "1-4",
        24,
        24,
        {"fifteen": (8, 4, 3), "pair": (4, 2, 2), "run": (12, 4, 3)},
    ),
    ("0-5 1-4 2-3 4-6", "5-5", 22, 22, {"fifteen": (14, 7, None), "pair": (8, 4, 2)}),
    ("0-0 0-5 1-4 2-3", "4-6", 22, 14, {"fifteen": (16, 8, None), "pair": (6, 3, 2)}),
    (
        "1-6 2-5 3-4 3-5",
        "3-6",
        21,
        21,
        {"fifteen": (6, 3, 2), "pair": (6, 3, 2), "run": (9, 3, 3)},
    ),
    (
        "1-6 2-5 3-5 3-6",
        "4-6",
        14,
        14,
        {"fifteen": (4, 2, 2), "pair": (2, 1, 2), "run": (8, 2, 4)},
    ),
    ("0-1 0-2 1-1 2-5", "0-0", 8, 8, {"pair": (2, 1, 2), "run": (6, 2, 3)}),
    ("0-1 0-2 3-4 5-6", "6-6", 2, 2, {"fifteen": (2, 1, 3)}),
]
EXAMPLE_IDS = [f"{h}+{s}" for h, s, *_ in EXAMPLES]


@pytest.mark.parametrize(
    ("hand", "starter", "total", "total_false", "kinds"), EXAMPLES, ids=EXAMPLE_IDS
)
def test_worked_example_totals(
    hand: str, starter: str, total: int, total_false: int, kinds: dict[str, tuple[int, ...]]
) -> None:
    h, s = tiles_of(hand), parse_tile(starter)
    assert score_show(h, s).total == total
    assert score_show(h, s, DEFAULT_RULES).total == total
    assert score_show(h, s, NO_DOUBLE_BLANK).total == total_false
    assert show_total([*h, s]) == total
    assert show_total([*h, s], NO_DOUBLE_BLANK) == total_false
    assert show_totals([[*h, s]]) == [total]
    assert show_totals([[*h, s]], NO_DOUBLE_BLANK) == [total_false]
    # The oracle agrees with the rule book too (guards the oracle itself).
    assert naive_total([*h, s], True) == total
    assert naive_total([*h, s], False) == total_false


@pytest.mark.parametrize(
    ("hand", "starter", "total", "total_false", "kinds"), EXAMPLES, ids=EXAMPLE_IDS
)
def test_worked_example_items(
    hand: str, starter: str, total: int, total_false: int, kinds: dict[str, tuple[int, ...]]
) -> None:
    h, s = tiles_of(hand), parse_tile(starter)
    score = score_show(h, s)
    for kind in ("fifteen", "pair", "run"):
        points, n_items, size = kinds.get(kind, (0, 0, None))
        items = [i for i in score.items if i.kind == kind]
        assert score.subtotals[kind] == points, kind
        assert len(items) == n_items, kind
        assert sum(i.points for i in items) == points, kind
        if size is not None:
            assert all(len(i.tiles) == size for i in items), kind
    assert set(score.subtotals) == {"fifteen", "pair", "run"}
    assert sum(i.points for i in score.items) == score.total == total


def test_double_blank_fifteens_counted_both_ways() -> None:
    h, s = tiles_of("0-0 0-5 1-4 2-3"), parse_tile("4-6")
    with_blank = [i for i in score_show(h, s).items if i.kind == "fifteen"]
    assert sum(DOUBLE_BLANK in i.tiles for i in with_blank) == 4
    sets = {frozenset(i.tiles) for i in with_blank}
    for i in with_blank:
        if DOUBLE_BLANK in i.tiles:  # each fifteen with 0-0 is the twin of one without it
            assert frozenset(i.tiles) - {DOUBLE_BLANK} in sets
    without = [i for i in score_show(h, s, NO_DOUBLE_BLANK).items if i.kind == "fifteen"]
    assert len(without) == 4
    assert all(DOUBLE_BLANK not in i.tiles for i in without)


def test_first_example_fifteens_are_three_sixes_and_the_three() -> None:
    h, s = tiles_of("3-3 1-5 2-4 0-3"), parse_tile("0-6")
    fifteens = [i for i in score_show(h, s).items if i.kind == "fifteen"]
    three = parse_tile("0-3")
    assert all(three in i.tiles and sorted(map(value, i.tiles)) == [3, 6, 6] for i in fifteens)
    assert len({frozenset(i.tiles) for i in fifteens}) == 6


def test_run_items_of_the_double_run_of_four() -> None:
    h, s = tiles_of("1-6 2-5 3-5 3-6"), parse_tile("4-6")
    runs = [i for i in score_show(h, s).items if i.kind == "run"]
    assert sorted(sorted(str(t) for t in r.tiles) for r in runs) == [
        ["1-6", "3-5", "3-6", "4-6"],
        ["2-5", "3-5", "3-6", "4-6"],
    ]
    assert all(r.points == 4 for r in runs)


def test_starter_is_scored_like_a_hand_tile() -> None:
    # No nobs, no flush: which of the five is the starter does not matter.
    five = tiles_of("0-4 0-5 0-6 1-3 1-4")
    for i in range(5):
        hand = five[:i] + five[i + 1 :]
        assert score_show(hand, five[i]).total == 24


# --- malformed input -----------------------------------------------------------------------

BAD_SHOWS = [
    ("3-3 1-5 2-4 0-3", "3-3"),  # starter repeats a hand tile
    ("3-3 3-3 2-4 0-3", "0-6"),  # repeated tile in the hand
    ("3-3 1-5 2-4", "0-6"),  # three tiles
    ("3-3 1-5 2-4 0-3 4-4", "0-6"),  # five tiles
    ("", "0-6"),
]


@pytest.mark.parametrize(("hand", "starter"), BAD_SHOWS)
def test_inconsistent_show_is_malformed(hand: str, starter: str) -> None:
    with pytest.raises(MalformedInputError) as info:
        score_show(tiles_of(hand), parse_tile(starter))
    assert isinstance(info.value.detail, str)
    assert " " in info.value.detail.strip()


def test_repeated_tile_in_other_notation_is_malformed() -> None:
    hand = [parse_tile("3-5"), parse_tile("5|3"), parse_tile([1, 1]), parse_tile("2-2")]
    with pytest.raises(MalformedInputError):
        score_show(hand, parse_tile("6-6"))


# --- exhaustive comparison -----------------------------------------------------------------


class Enumeration:
    """All 491,400 shows: 4-tile hand from 28 tiles, starter from the other 24."""

    def __init__(self) -> None:
        self.shows: list[tuple[Tile, ...]] = []
        self.keys: list[tuple[int, ...]] = []
        for hand in combinations(TILES, 4):
            hand_values = [value(t) for t in hand]
            for s in TILES:
                if s in hand:
                    continue
                self.shows.append((*hand, s))
                self.keys.append(tuple(sorted([*hand_values, value(s)])))
        # one representative show per distinct value multiset
        self.representative: dict[tuple[int, ...], tuple[Tile, ...]] = {}
        for key, show in zip(self.keys, self.shows, strict=True):
            self.representative.setdefault(key, show)

    def expected(self, dbf: bool) -> list[int]:
        return [naive_total_by_values(k, dbf) for k in self.keys]


@pytest.fixture(scope="module")
def enumeration() -> Enumeration:
    e = Enumeration()
    assert len(e.shows) == 491_400
    assert len({(frozenset(s[:4]), s[4]) for s in e.shows}) == 491_400  # all distinct
    return e


def _first_mismatch(
    shows: Sequence[Sequence[Tile]], got: Sequence[int], want: Sequence[int]
) -> str:
    for show, g, w in zip(shows, got, want, strict=True):
        if g != w:
            bad = [g2 != w2 for g2, w2 in zip(got, want, strict=True)].count(True)
            return f"{bad} mismatches; first {[str(t) for t in show]}: got {g}, expected {w}"
    return ""


@pytest.mark.parametrize("rules", BOTH_RULES, ids=RULE_IDS)
def test_exhaustive_show_totals_bulk(enumeration: Enumeration, rules: RuleOptions) -> None:
    want = enumeration.expected(rules.double_blank_in_fifteens)
    got = show_totals(enumeration.shows, rules)
    assert isinstance(got, list)
    assert len(got) == len(want)
    assert got == want, _first_mismatch(enumeration.shows, got, want)


@pytest.mark.parametrize("rules", BOTH_RULES, ids=RULE_IDS)
def test_exhaustive_show_total_one_by_one(enumeration: Enumeration, rules: RuleOptions) -> None:
    want = enumeration.expected(rules.double_blank_in_fifteens)
    got = [show_total(show, rules) for show in enumeration.shows]
    assert got == want, _first_mismatch(enumeration.shows, got, want)


def test_show_totals_accepts_any_iterable(enumeration: Enumeration) -> None:
    sample = enumeration.shows[::9973]
    assert show_totals(iter(sample)) == [show_total(s) for s in sample]
    assert show_totals(list(s) for s in sample) == [show_total(s) for s in sample]
    assert show_totals([]) == []


@pytest.mark.parametrize("rules", BOTH_RULES, ids=RULE_IDS)
def test_itemized_on_every_distinct_value_multiset(
    enumeration: Enumeration, rules: RuleOptions
) -> None:
    dbf = rules.double_blank_in_fifteens
    assert len(enumeration.representative) > 1000
    for show in enumeration.representative.values():
        hand, starter = list(show[:4]), show[4]
        score = score_show(hand, starter, rules)
        want = naive_items(show, dbf)
        label = [str(t) for t in show]
        assert score.total == naive_total_of_items(want) == naive_total(show, dbf), label
        for kind in ("fifteen", "pair", "run"):
            items = [i for i in score.items if i.kind == kind]
            sets = [frozenset(i.tiles) for i in items]
            assert len(sets) == len(set(sets)), (label, kind, "duplicate item")
            assert all(len(i.tiles) == len(set(i.tiles)) for i in items), (label, kind)
            assert set(sets) == want[kind], (label, kind)
            assert score.subtotals[kind] == sum(i.points for i in items), (label, kind)
            for i in items:
                expected_points = len(i.tiles) if kind == "run" else 2
                assert i.points == expected_points, (label, kind, i)
        assert {i.kind for i in score.items} <= {"fifteen", "pair", "run"}
        assert sum(i.points for i in score.items) == score.total


@pytest.mark.parametrize("rules", BOTH_RULES, ids=RULE_IDS)
def test_itemized_total_on_a_sample_of_shows(enumeration: Enumeration, rules: RuleOptions) -> None:
    rng = random.Random(20261130)
    for index in rng.sample(range(len(enumeration.shows)), 3000):
        show = enumeration.shows[index]
        total = score_show(list(show[:4]), show[4], rules).total
        assert total == naive_total(show, rules.double_blank_in_fifteens), [str(t) for t in show]


def test_show_total_ignores_tile_order(enumeration: Enumeration) -> None:
    rng = random.Random(7)
    for index in rng.sample(range(len(enumeration.shows)), 150):
        show = enumeration.shows[index]
        totals = {show_total(p) for p in permutations(show)}
        assert len(totals) == 1, [str(t) for t in show]


# --- facts about the distribution ----------------------------------------------------------


@pytest.fixture(scope="module")
def bulk_totals(enumeration: Enumeration) -> dict[bool, list[int]]:
    return {r.double_blank_in_fifteens: show_totals(enumeration.shows, r) for r in BOTH_RULES}


def test_rule_book_facts_default_rules(bulk_totals: dict[bool, list[int]]) -> None:
    # docs/rules.md section 4: "The maximum hand (or crib) is 24; scores of 1, 13 and 19 are
    # impossible."
    totals = bulk_totals[True]
    assert max(totals) == 24
    assert min(totals) == 0
    assert set(range(25)) - set(totals) == {1, 13, 19}


def test_facts_without_double_blank_fifteens(
    enumeration: Enumeration, bulk_totals: dict[bool, list[int]]
) -> None:
    totals = bulk_totals[False]
    naive = Counter(enumeration.expected(False))
    assert max(totals) == max(naive) == 24
    assert set(range(25)) - set(totals) == set(range(25)) - set(naive)


@pytest.mark.parametrize("dbf", [True, False])
def test_distribution_matches_naive(
    enumeration: Enumeration, bulk_totals: dict[bool, list[int]], dbf: bool
) -> None:
    got = Counter(bulk_totals[dbf])
    assert sum(got.values()) == 491_400
    assert got == Counter(enumeration.expected(dbf))
    # sane shape: small totals dominate, the top is rare
    assert got.most_common(1)[0][0] <= 6
    assert 0 < got[24] < got[0] < got[2]
    assert 3.0 < sum(t * n for t, n in got.items()) / 491_400 < 8.0


def test_option_changes_only_shows_with_the_double_blank(
    enumeration: Enumeration, bulk_totals: dict[bool, list[int]]
) -> None:
    changed = 0
    with_blank = 0
    for show, t_true, t_false in zip(
        enumeration.shows, bulk_totals[True], bulk_totals[False], strict=True
    ):
        has_blank = DOUBLE_BLANK in show
        with_blank += has_blank
        if has_blank:
            assert t_true >= t_false
            changed += t_true != t_false
        else:
            assert t_true == t_false
    assert with_blank == 491_400 * 5 // 28
    assert changed > 0


# --- random shows (hypothesis) -------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 27), min_size=5, max_size=5, unique=True), st.booleans())
def test_random_show_agrees_everywhere(indices: list[int], dbf: bool) -> None:
    rules = RuleOptions(double_blank_in_fifteens=dbf)
    show = [TILES[i] for i in indices]
    score = score_show(show[:4], show[4], rules)
    want = naive_total(show, dbf)
    assert score.total == want
    assert show_total(show, rules) == want
    assert show_totals([show], rules) == [want]


def test_a_show_built_by_its_written_out_inits_is_still_a_frozen_dataclass() -> None:
    # ShowItem and ShowScore write their __init__ out (tests/test_layout.py checks the fields).
    shown = score_show([parse_tile(t) for t in ("3-3", "1-5", "2-4", "0-3")], parse_tile("0-6"))
    assert shown.total == sum(item.points for item in shown.items) == 24
    assert dataclasses.replace(shown) == shown
    for item in shown.items:
        again = ShowItem(item.kind, item.tiles, item.points)
        assert dataclasses.replace(item) == item == again
        assert hash(item) == hash(again)
    with pytest.raises(dataclasses.FrozenInstanceError):
        shown.items[0].points = 3  # type: ignore[misc]
    assert ShowScore(0, ()) == ShowScore(total=0, items=())
