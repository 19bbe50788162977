"""The discard advisor: the expected hand over the possible starters, the crib exactly.

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

from scoring_api.rules.constants import DEALT, LAID_AWAY, MAX_VALUE, TILE_COUNT
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import DEFAULT_RULES, RuleOptions
from scoring_api.rules.show import VALUE_WEIGHTS, show_table, value_keys, values_of_key
from scoring_api.rules.tiles import VALUE_COUNTS, Tile, ensure_distinct

UNSEEN = TILE_COUNT - DEALT  # tiles the discarding player has not seen
# Equally likely 3-sets of unseen tiles: the opponent's two discards and the starter.
_CRIB_THIRDS = comb(UNSEEN, LAID_AWAY + 1)
_VALUES = range(MAX_VALUE + 1)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay two of six tiles away, with what it is expected to bring."""

    discard: tuple[Tile, Tile]
    """The two tiles laid away into the crib."""
    keep: tuple[Tile, ...]
    """The four tiles kept, lowest value first."""
    expected_hand: float
    """The kept hand's mean show over the unseen starters."""
    expected_crib: float
    """The crib's mean show, exact over the unseen starters and the opponent's discards."""
    expected_net: float
    """The hand plus the crib as dealer, minus it as non-dealer: what the ranking uses."""
    min_hand: int
    """The kept hand's worst show over the unseen starters."""
    max_hand: int
    """Its best."""


def _left(taken: Sequence[int]) -> list[int]:
    """How many tiles of each value remain once the tiles of ``taken`` values are removed."""
    left = list(VALUE_COUNTS)
    for v in taken:
        left[v] -= 1
    return left


# The 15 discards, as positions in the six (first < second), and the four positions kept.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in combinations(range(DEALT), LAID_AWAY))
KEPT = {pair: tuple(k for k in range(DEALT) if k not in pair) for pair in PAIRS}


def _starters(values6: Sequence[int]) -> list[tuple[int, int]]:
    """(how many, value weight) of each value among the 22 tiles the player has not seen."""
    left = _left(values6)
    return [(left[v], VALUE_WEIGHTS[v]) for v in _VALUES if left[v]]


def _hand_range(
    kept: int, starters: Sequence[tuple[int, int]], table: bytes
) -> tuple[float, int, int]:
    """Expected, worst and best show of four kept tiles (by value key) over the starters."""
    total = 0
    low = high = table[kept + starters[0][1]]
    for count, weight in starters:
        show = table[kept + weight]
        total += count * show
        if show < low:
            low = show
        elif show > high:
            high = show
    return total / UNSEEN, low, high


@cache
def _crib_sums(rules: RuleOptions) -> Memo[int, int]:
    """Sums of crib totals over the 3-sets of unseen tiles that contain some given tiles.

    Keyed by the value key of the given tiles: the two discards plus 0..3 tiles forced into
    the 3-set; the others are drawn from the whole set minus those (inclusion-exclusion
    removes the kept tiles later). At most 91 + 455 + 1,820 + 6,188 keys, all remembered.
    """
    table = show_table(rules)

    def crib_sum_with(key: int) -> int:
        given = values_of_key(key)
        left = _left(given)
        total = 0
        for extra in combinations_with_replacement(_VALUES, 5 - len(given)):
            ways = 1
            for v in set(extra):
                ways *= comb(left[v], extra.count(v))
            if ways:
                total += ways * table[key + value_keys(extra)]
        return total

    return Memo(crib_sum_with, 1 << 14)


def _expected_crib(discard: int, kept: Sequence[int], sums: Memo[int, int]) -> float:
    """Exact expected crib of a discard (by value key), the kept tiles excluded from what the
    others may hold: inclusion-exclusion over the kept tiles (by value weight) forced into the
    3-set, at most three of them."""
    k = discard
    a, b, c, d = kept
    total = (
        sums[k]
        - (sums[k + a] + sums[k + b] + sums[k + c] + sums[k + d])
        + (sums[k + a + b] + sums[k + a + c] + sums[k + a + d])
        + (sums[k + b + c] + sums[k + b + d] + sums[k + c + d])
        - (sums[k + a + b + c] + sums[k + a + b + d] + sums[k + a + c + d] + sums[k + b + c + d])
    )
    return total / _CRIB_THIRDS


# There are 9,859 six-value multisets: a long-lived worker meets them all.
@lru_cache(maxsize=1 << 15)
def _splits(
    values6: tuple[int, ...], rules: RuleOptions
) -> tuple[tuple[tuple[int, int], float, float, int, int], ...]:
    """Each discard (positions) of six sorted values: expected hand and crib, worst, best hand.

    Equal values make equal splits, which are worked out once.
    """
    table, sums, starters = show_table(rules), _crib_sums(rules), _starters(values6)
    weights = [VALUE_WEIGHTS[v] for v in values6]
    worked: dict[int, tuple[float, float, int, int]] = {}  # by the discard's value key
    splits = []
    for pair in PAIRS:
        discard = weights[pair[0]] + weights[pair[1]]
        if discard not in worked:
            kept = [weights[k] for k in KEPT[pair]]
            hand, low, high = _hand_range(sum(kept), starters, table)
            worked[discard] = (hand, _expected_crib(discard, kept, sums), low, high)
        hand, crib, low, high = worked[discard]
        splits.append((pair, hand, crib, low, high))
    return tuple(splits)


def _ranked(
    values6: tuple[int, ...], dealer: bool, rules: RuleOptions
) -> list[tuple[tuple[int, int], float, float, float, int, int]]:
    """The 15 discards of six values (by position), best expected net first."""
    sign = 1 if dealer else -1
    options = [
        (pair, hand, crib, hand + sign * crib, low, high)
        for pair, hand, crib, low, high in _splits(values6, rules)
    ]
    # Stable order: best net first, then by position, so equal options keep a fixed order.
    options.sort(key=lambda option: -option[3])
    return options


def advise_discards(
    tiles: Sequence[Tile], dealer: bool, rules: RuleOptions = DEFAULT_RULES
) -> list[DiscardOption]:
    """All 15 ways to lay two of six tiles away, ranked by expected net points.

    Raises ``MalformedInputError`` (at ``/tiles``) unless given six distinct tiles.
    """
    if len(tiles) != DEALT:
        raise MalformedInputError(f"expected {DEALT} tiles, got {len(tiles)}", "/tiles")
    ensure_distinct((tile, f"/tiles/{i}") for i, tile in enumerate(tiles))
    ordered = sorted(tiles, key=lambda tile: (tile.value, tile))
    values6 = tuple(tile.value for tile in ordered)
    result = []
    for (i, j), hand, crib, net, low, high in _ranked(values6, dealer, rules):
        keep = tuple(ordered[k] for k in KEPT[i, j])
        result.append(DiscardOption((ordered[i], ordered[j]), keep, hand, crib, net, low, high))
    return result


# Cached as the one pair it is, not as the ranking of 15 options: 9,859 six-value multisets
# times two seats.
@lru_cache(maxsize=1 << 15)
def best_discard(values6: tuple[int, ...], dealer: bool, rules: RuleOptions) -> tuple[int, int]:
    """Positions (in ``values6``, sorted) of the discard with the best expected net."""
    return _ranked(values6, dealer, rules)[0][0]


@lru_cache(maxsize=1 << 15)
def best_hand_discard(values6: tuple[int, ...], rules: RuleOptions) -> tuple[int, int]:
    """Positions of the discard keeping the best expected hand, the crib ignored (first wins)."""
    table, starters = show_table(rules), _starters(values6)
    weights = [VALUE_WEIGHTS[v] for v in values6]

    def hand(pair: tuple[int, int]) -> float:
        return _hand_range(sum(weights[k] for k in KEPT[pair]), starters, table)[0]

    return max(PAIRS, key=hand)
