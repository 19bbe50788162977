"""Expected values of a discard: the hand over the possible starters, the crib exactly.

Everything is computed on value multisets, since a show total depends only on the five values.
From the discarding player's view, the 22 tiles he has not seen are equally likely to be the
starter and, for the crib, the opponent's two discards and the starter are a uniformly random
3-set of them (the opponent is assumed to discard at random).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb

from .errors import MalformedInputError
from .options import DEFAULT_RULES, RuleOptions
from .show import MAX_VALUE, VALUE_COUNTS, show_table, value_keys
from .tiles import Tile, ensure_distinct

DEALT = 6
UNSEEN = 28 - DEALT  # tiles the discarding player has not seen
_CRIB_THIRDS = comb(UNSEEN, 3)  # equally likely (opponent's two discards, starter) 3-sets
_VALUES = range(MAX_VALUE + 1)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    discard: tuple[Tile, Tile]
    keep: tuple[Tile, ...]
    expected_hand: float
    expected_crib: float
    expected_net: float
    min_hand: int
    max_hand: int


def _left(taken: Sequence[int]) -> list[int]:
    """How many tiles of each value remain once the tiles of ``taken`` values are removed."""
    left = list(VALUE_COUNTS)
    for v in taken:
        left[v] -= 1
    return left


@cache
def _hand_range(
    kept: tuple[int, ...], seen: tuple[int, ...], rules: RuleOptions
) -> tuple[float, int, int]:
    """Expected, worst and best show of the four ``kept`` values over the unseen starters."""
    table, key = show_table(rules), value_keys(kept)
    left = _left(seen)
    totals = [(left[v], table[key + value_keys((v,))]) for v in _VALUES if left[v]]
    expected = sum(n * t for n, t in totals) / UNSEEN
    return expected, min(t for _, t in totals), max(t for _, t in totals)


@cache
def _crib_sum_with(given: tuple[int, ...], rules: RuleOptions) -> int:
    """Sum of crib totals over the 3-sets of unseen tiles that contain the ``given`` tiles.

    ``given`` = the two discards plus 0..3 tiles forced into the 3-set; the others are drawn
    from the whole set minus ``given`` (inclusion-exclusion removes the kept tiles later).
    """
    table, key = show_table(rules), value_keys(given)
    left = _left(given)
    free = 5 - len(given)
    total = 0
    for extra in combinations_with_replacement(_VALUES, free):
        ways = 1
        for v in set(extra):
            ways *= comb(left[v], extra.count(v))
        if ways:
            total += ways * table[key + value_keys(extra)]
    return total


def expected_crib(discard: Sequence[int], kept: Sequence[int], rules: RuleOptions) -> float:
    """Exact expected crib of a discard, the kept tiles excluded from what others may hold."""
    total = 0
    for size in range(4):
        sign = -1 if size % 2 else 1
        for forced in combinations(kept, size):
            total += sign * _crib_sum_with(tuple(sorted((*discard, *forced))), rules)
    return total / _CRIB_THIRDS


# Bounded: there are about 18,000 six-value multisets, and a worker lives long.
@lru_cache(maxsize=1 << 15)
def _splits(
    values6: tuple[int, ...], rules: RuleOptions
) -> tuple[tuple[tuple[int, int], float, float, int, int], ...]:
    """Each discard (positions) of six sorted values: expected hand and crib, worst, best hand.

    Equal values make equal splits, which are worked out once.
    """
    worked: dict[tuple[int, ...], tuple[float, float, int, int]] = {}
    splits = []
    for pair in combinations(range(DEALT), 2):
        discard = tuple(values6[i] for i in pair)
        kept = tuple(values6[i] for i in range(DEALT) if i not in pair)
        if discard not in worked:
            hand, low, high = _hand_range(kept, values6, rules)
            worked[discard] = (hand, expected_crib(discard, kept, rules), low, high)
        hand, crib, low, high = worked[discard]
        splits.append((pair, hand, crib, low, high))
    return tuple(splits)


@lru_cache(maxsize=1 << 15)
def _ranked(
    values6: tuple[int, ...], dealer: bool, rules: RuleOptions
) -> tuple[tuple[tuple[int, int], float, float, float, int, int], ...]:
    """The 15 discards of six values (by position), best expected net first."""
    sign = 1 if dealer else -1
    options = [
        (pair, hand, crib, hand + sign * crib, low, high)
        for pair, hand, crib, low, high in _splits(values6, rules)
    ]
    # Stable order: best net first, then by position, so equal options keep a fixed order.
    options.sort(key=lambda option: -option[3])
    return tuple(options)


def advise_discards(
    tiles: Sequence[Tile], dealer: bool, rules: RuleOptions = DEFAULT_RULES
) -> list[DiscardOption]:
    """All 15 ways to lay two of six tiles away, ranked by expected net points."""
    if len(tiles) != DEALT:
        raise MalformedInputError(f"expected {DEALT} tiles, got {len(tiles)}", "/tiles")
    ensure_distinct((tile, f"/tiles/{i}") for i, tile in enumerate(tiles))
    ordered = sorted(tiles, key=lambda tile: (tile.value, tile))
    values6 = tuple(tile.value for tile in ordered)
    result = []
    for (i, j), hand, crib, net, low, high in _ranked(values6, dealer, rules):
        keep = tuple(tile for k, tile in enumerate(ordered) if k not in (i, j))
        result.append(DiscardOption((ordered[i], ordered[j]), keep, hand, crib, net, low, high))
    return result


def best_discard(values6: tuple[int, ...], dealer: bool, rules: RuleOptions) -> tuple[int, int]:
    """Positions (in ``values6``, sorted) of the discard with the best expected net."""
    return _ranked(values6, dealer, rules)[0][0]


def best_hand_discard(values6: tuple[int, ...], rules: RuleOptions) -> tuple[int, int]:
    """Positions of the discard keeping the best expected hand, the crib ignored (first wins)."""

    def hand(pair: tuple[int, int]) -> float:
        kept = tuple(v for k, v in enumerate(values6) if k not in pair)
        return _hand_range(kept, values6, rules)[0]

    return max(combinations(range(DEALT), 2), key=hand)
