"""The show: a hand or crib of four tiles with the starter, itemized and as a fast total."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise
from typing import Literal

from .errors import MalformedInputError
from .options import DEFAULT_RULES, RuleOptions
from .tiles import ALL_TILES, Tile, ensure_distinct

ShowKind = Literal["fifteen", "pair", "run"]
SHOW_KINDS: tuple[ShowKind, ...] = ("fifteen", "pair", "run")
HAND_SIZE = 4
MAX_VALUE = 12

# How many tiles of each value a double-six set holds (value 6 has four, 0/1/11/12 one).
VALUE_COUNTS: tuple[int, ...] = tuple(
    sum(1 for tile in ALL_TILES if tile.value == v) for v in range(MAX_VALUE + 1)
)


@dataclass(frozen=True, slots=True)
class ShowItem:
    kind: ShowKind
    tiles: tuple[Tile, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ShowScore:
    total: int
    items: tuple[ShowItem, ...]

    @property
    def subtotals(self) -> dict[str, int]:
        return {
            kind: sum(item.points for item in self.items if item.kind == kind)
            for kind in SHOW_KINDS
        }


def _is_run(values: Sequence[int]) -> bool:
    ordered = sorted(values)
    return all(b == a + 1 for a, b in pairwise(ordered))


def _counts_in_fifteens(group: Sequence[Tile], rules: RuleOptions) -> bool:
    return rules.double_blank_in_fifteens or all(tile.value != 0 for tile in group)


def _items(tiles: Sequence[Tile], rules: RuleOptions) -> list[ShowItem]:
    ordered = sorted(tiles, key=lambda tile: (tile.value, tile))
    items: list[ShowItem] = []
    for size in range(2, len(ordered) + 1):
        for group in combinations(ordered, size):
            if sum(t.value for t in group) == 15 and _counts_in_fifteens(group, rules):
                items.append(ShowItem("fifteen", group, 2))
    for a, b in combinations(ordered, 2):
        if a.value == b.value:
            items.append(ShowItem("pair", (a, b), 2))
    # Runs count only at the longest length present.
    for size in range(len(ordered), 2, -1):
        runs = [g for g in combinations(ordered, size) if _is_run([t.value for t in g])]
        if runs:
            items.extend(ShowItem("run", group, size) for group in runs)
            break
    return items


def score_show(
    hand: Sequence[Tile], starter: Tile, rules: RuleOptions = DEFAULT_RULES
) -> ShowScore:
    """Every fifteen, pair and run of a hand (or crib) with its starter."""
    if len(hand) != HAND_SIZE:
        raise MalformedInputError(f"a hand has {HAND_SIZE} tiles, got {len(hand)}", "/hand")
    ensure_distinct([(tile, f"/hand/{i}") for i, tile in enumerate(hand)] + [(starter, "/starter")])
    items = _items([*hand, starter], rules)
    return ShowScore(sum(item.points for item in items), tuple(items))


# The fast path. A total depends only on the multiset of the five values, so each value gets
# a weight in a mixed radix (digit = how many tiles of that value, at most VALUE_COUNTS[v]):
# the sum of five tiles' weights is a dense, order-free key into a table of totals.
_WEIGHTS: list[int] = []
_radix = 1
for _count in VALUE_COUNTS:
    _WEIGHTS.append(_radix)
    _radix *= _count + 1
TABLE_SIZE = _radix
TILE_KEYS: tuple[int, ...] = tuple(_WEIGHTS[tile.value] for tile in ALL_TILES)
_KEY_BY_TILE: dict[Tile, int] = dict(zip(ALL_TILES, TILE_KEYS, strict=True))


_TILES_OF_VALUE: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(tile for tile in ALL_TILES if tile.value == v) for v in range(MAX_VALUE + 1)
)


def _values_total(values: Sequence[int], rules: RuleOptions) -> int:
    """Total of five values, by the same itemizer as the show (tiles stand in for values)."""
    stand_ins = [_TILES_OF_VALUE[v][values[:i].count(v)] for i, v in enumerate(values)]
    return sum(item.points for item in _items(stand_ins, rules))


@cache
def show_table(rules: RuleOptions = DEFAULT_RULES) -> bytes:
    """Totals indexed by the sum of the five tiles' ``TILE_KEYS`` (built once per option set)."""
    table = bytearray(TABLE_SIZE)
    for values in combinations_with_replacement(range(MAX_VALUE + 1), HAND_SIZE + 1):
        if all(values.count(v) <= VALUE_COUNTS[v] for v in set(values)):
            table[sum(_WEIGHTS[v] for v in values)] = _values_total(values, rules)
    return bytes(table)


def value_keys(values: Iterable[int]) -> int:
    """The table key of a multiset of values (add keys of disjoint parts to combine them)."""
    return sum(_WEIGHTS[v] for v in values)


def show_total(tiles: Sequence[Tile], rules: RuleOptions = DEFAULT_RULES) -> int:
    """Total of hand plus starter (five distinct tiles, not checked): one table lookup."""
    keys = _KEY_BY_TILE
    a, b, c, d, e = tiles
    return show_table(rules)[keys[a] + keys[b] + keys[c] + keys[d] + keys[e]]


def show_totals(hands: Iterable[Sequence[Tile]], rules: RuleOptions = DEFAULT_RULES) -> list[int]:
    """Totals of many five-tile shows (hand plus starter), in order, unchecked."""
    table = show_table(rules)
    keys = _KEY_BY_TILE
    return [table[keys[a] + keys[b] + keys[c] + keys[d] + keys[e]] for a, b, c, d, e in hands]
