"""The show: a hand or crib of four tiles with the starter, itemized and as a fast total.

docs/rules.md section 4: every fifteen, pair and run, each an item naming its tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Final, Literal

from .constants import FIFTEEN, HAND_SIZE, MAX_VALUE
from .errors import MalformedInputError
from .memo import Memo
from .options import DEFAULT_RULES, RuleOptions
from .tiles import VALUE_COUNTS, Tile, by_value, ensure_distinct

ShowKind = Literal["fifteen", "pair", "run"]
SHOW_KINDS: Final[tuple[ShowKind, ...]] = ("fifteen", "pair", "run")


@dataclass(frozen=True, slots=True)
class ShowItem:
    """One scoring combination of a show."""

    kind: ShowKind
    """A fifteen, a pair, or a run (counted only at the longest length present)."""
    tiles: tuple[Tile, ...]
    """The tiles it is made of, lowest value first."""
    points: int
    """2 for a fifteen or a pair; a run's length for a run."""

    # Written out, not generated: a show builds about ten of these, and the compiled engine
    # runs a dataclass's generated ``__init__`` interpreted (5,800 instructions against 670).
    def __init__(self, kind: ShowKind, tiles: tuple[Tile, ...], points: int) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "points", points)


@dataclass(frozen=True, slots=True)
class ShowScore:
    """A hand or crib with its starter, scored item by item."""

    total: int
    """The sum of the items' points, 0..24."""
    items: tuple[ShowItem, ...]
    """Every fifteen, then every pair, then every run."""

    def __init__(self, total: int, items: tuple[ShowItem, ...]) -> None:  # as ShowItem's
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "items", items)

    @property
    def subtotals(self) -> dict[str, int]:
        """Points by kind of item."""
        return {
            kind: sum(item.points for item in self.items if item.kind == kind)
            for kind in SHOW_KINDS
        }


def _is_run(values: Sequence[int]) -> bool:
    ordered = sorted(values)
    return all(b == a + 1 for a, b in pairwise(ordered))


# An item as positions into the values sorted ascending: (kind, positions, points).
_Spots = tuple[tuple[ShowKind, tuple[int, ...], int], ...]

ShowRules = bool
"""What of the rule options a show's items and total depend on: today whether 0-0 counts
again in fifteens (``double_blank_in_fifteens``) alone."""


def show_rules(rules: RuleOptions) -> ShowRules:
    """The show's rules of ``rules``: the one key of everything that depends on how a show
    scores (its items, the show table, the ``expected`` model's crib sums), rather than the
    whole ``RuleOptions``, which would keep a copy for every set of rules a worker's clients
    name. An option the show comes to depend on is added here (docs/extending.md)."""
    return rules.double_blank_in_fifteens


@cache
def _spots(values: tuple[int, ...], show: ShowRules) -> _Spots:
    """Every fifteen, pair and run of sorted ``values``, by position.

    The items depend only on the values and the show's rules, so they are found once per
    value multiset and the tiles of each show are put in their places afterwards.
    """
    double_blank_in_fifteens = show
    found: list[tuple[ShowKind, tuple[int, ...], int]] = []
    positions = range(len(values))
    for size in range(2, len(values) + 1):
        for group in combinations(positions, size):
            chosen = [values[i] for i in group]
            # Only 0-0 has value 0: the option decides whether a fifteen may include it.
            if sum(chosen) == FIFTEEN and (double_blank_in_fifteens or 0 not in chosen):
                found.append(("fifteen", group, 2))
    for a, b in combinations(positions, 2):
        if values[a] == values[b]:
            found.append(("pair", (a, b), 2))
    # Runs count only at the longest length present.
    for size in range(len(values), 2, -1):
        runs = [g for g in combinations(positions, size) if _is_run([values[i] for i in g])]
        if runs:
            found.extend(("run", group, size) for group in runs)
            break
    return tuple(found)


def _items(tiles: Sequence[Tile], rules: RuleOptions) -> list[ShowItem]:
    ordered = by_value(tiles)
    spots = _spots(tuple(tile.value for tile in ordered), show_rules(rules))
    return [
        ShowItem(kind, tuple(map(ordered.__getitem__, group)), points)
        for kind, group, points in spots
    ]


def score_show(
    hand: Sequence[Tile], starter: Tile, rules: RuleOptions = DEFAULT_RULES
) -> ShowScore:
    """Every fifteen, pair and run of a hand (or crib) with its starter.

    Raises ``MalformedInputError`` (at ``/hand`` or the repeated tile) unless the hand has
    four tiles and the five are distinct.
    """
    if len(hand) != HAND_SIZE:
        raise MalformedInputError(f"a hand has {HAND_SIZE} tiles, got {len(hand)}", "/hand")
    tiles = (*hand, starter)
    if len(set(tiles)) != len(tiles):  # name the repeat only when there is one
        ensure_distinct(
            [(tile, f"/hand/{i}") for i, tile in enumerate(hand)] + [(starter, "/starter")]
        )
    items = _items(tiles, rules)
    return ShowScore(sum(item.points for item in items), tuple(items))


# The fast path. A total depends only on the multiset of the five values, so each value gets
# a weight in a mixed radix (digit = how many tiles of that value, at most VALUE_COUNTS[v]):
# the sum of five tiles' weights is a dense, order-free key into a table of totals.
VALUE_WEIGHTS: Final[list[int]] = []
_radix = 1
for _count in VALUE_COUNTS:
    VALUE_WEIGHTS.append(_radix)
    _radix *= _count + 1
TABLE_SIZE: Final = _radix


def show_table(rules: RuleOptions = DEFAULT_RULES) -> bytes:
    """Totals indexed by the sum of the five values' weights."""
    return _SHOW_TABLES[show_rules(rules)]


def show_table_of(show: ShowRules) -> bytes:
    """``show_table`` of rules whose show's rules are ``show``."""
    return _SHOW_TABLES[show]


def _build_show_table(show: ShowRules) -> bytes:
    table = bytearray(TABLE_SIZE)
    for values in combinations_with_replacement(range(MAX_VALUE + 1), HAND_SIZE + 1):
        if all(values.count(v) <= VALUE_COUNTS[v] for v in set(values)):
            spots = _spots(values, show)
            table[sum(VALUE_WEIGHTS[v] for v in values)] = sum(points for _, _, points in spots)
    return bytes(table)


# One table per show's rules, built on first use. Keyed by them rather than the whole
# RuleOptions: a dataclass's hash is a Python call, and the simulator looks a table up three
# times a deal.
_SHOW_TABLES: Final = Memo(_build_show_table, 2)


def value_keys(values: Iterable[int]) -> int:
    """The table key of a multiset of values (add keys of disjoint parts to combine them)."""
    return sum(VALUE_WEIGHTS[v] for v in values)


def values_of_key(key: int) -> tuple[int, ...]:
    """The multiset of values (sorted) whose key is ``key``: the inverse of ``value_keys``."""
    values: list[int] = []
    for value, count in enumerate(VALUE_COUNTS):
        key, digit = divmod(key, count + 1)
        values += [value] * digit
    return tuple(values)


def show_key(tiles: Sequence[Tile]) -> int:
    """The table key of some tiles' values (``value_keys`` of the tiles, added up in place):
    a hand's key plus the starter's is the show's."""
    w = VALUE_WEIGHTS
    key = 0
    for tile in tiles:
        key += w[tile.value]
    return key


def show_total(tiles: Sequence[Tile], rules: RuleOptions = DEFAULT_RULES) -> int:
    """Total of hand plus starter (five distinct tiles, not checked): one table lookup."""
    return show_table(rules)[show_key(tiles)]


def show_totals(hands: Iterable[Sequence[Tile]], rules: RuleOptions = DEFAULT_RULES) -> list[int]:
    """Totals of many five-tile shows (hand plus starter), in order, unchecked."""
    table = show_table(rules)
    w = VALUE_WEIGHTS
    return [
        table[w[a.value] + w[b.value] + w[c.value] + w[d.value] + w[e.value]]
        for a, b, c, d, e in hands
    ]
