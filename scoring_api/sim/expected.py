"""The ``expected`` lay-away model: the hand over the possible starters, the crib exactly.

Everything is computed on value multisets, since a show total depends only on the five values.
From the discarding player's view, the tiles he has not seen (22 with two players, 23 with
three or four) are equally likely to be the starter, and the crib's other tiles with the
starter are a uniformly random set of them: the others' discards (and, with three players,
the tile drawn blind) are assumed random (docs/rules.md section 5.1). The ``expected`` and
``greedy`` strategies lay away by it, the expert's model takes its hand figures, and the
advisor ranks by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Final

from scoring_api.rules.constants import MAX_VALUE, SHOWN
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.show import VALUE_WEIGHTS, show_table, value_keys, values_of_key
from scoring_api.rules.tiles import VALUE_COUNTS

from .layaway import DISCARDS, DISCARDS_BY_DRAWN, DrawnValues, Positions, RankedOption, ranked

_VALUES: Final = range(MAX_VALUE + 1)


def _left(taken: Sequence[int]) -> list[int]:
    """How many tiles of each value remain once the tiles of ``taken`` values are removed."""
    left = list(VALUE_COUNTS)
    for v in taken:
        left[v] -= 1
    return left


def _starters(values: Sequence[int]) -> list[tuple[int, int]]:
    """(how many, value weight) of each value among the tiles the player has not seen."""
    left = _left(values)
    return [(left[v], VALUE_WEIGHTS[v]) for v in _VALUES if left[v]]


def _hand_range(
    kept: int, starters: Sequence[tuple[int, int]], shows: bytes, unseen: int
) -> tuple[float, int, int]:
    """Expected, worst and best show of four kept tiles (by value key) over the starters;
    ``shows`` is the show total of every five-value key (``show_table``)."""
    total = 0
    low = high = shows[kept + starters[0][1]]
    for count, weight in starters:
        show = shows[kept + weight]
        total += count * show
        if show < low:
            low = show
        elif show > high:
            high = show
    return total / unseen, low, high


@cache
def _crib_sums(rules: RuleOptions) -> Memo[int, int]:
    """Sums of crib totals over the sets of unknown tiles that contain some given tiles.

    Keyed by the value key of the given tiles: the player's discards plus up to four tiles
    forced into the set; the others are drawn from the whole set minus those
    (inclusion-exclusion removes the kept tiles later). A few thousand keys, all remembered.
    """
    shows = show_table(rules)

    def crib_sum_with(key: int) -> int:
        given = values_of_key(key)
        left = _left(given)
        total = 0
        for extra in combinations_with_replacement(_VALUES, SHOWN - len(given)):
            ways = 1
            for v in set(extra):
                ways *= comb(left[v], extra.count(v))
            if ways:
                total += ways * shows[key + value_keys(extra)]
        return total

    return Memo(crib_sum_with, 1 << 14)


_CRIB_WAYS: Final = {d.drawn: comb(d.unseen, d.unknown) for d in DISCARDS.values()}
"""How many sets of unknown tiles (the crib's others and the starter) there are, by tiles
drawn."""


def _expected_crib(
    discard: int, kept: Sequence[int], sums: Memo[int, int], unknown: int, ways: int
) -> float:
    """Exact expected crib of a discard (by value key), the kept tiles excluded from what the
    others may hold: inclusion-exclusion over the kept tiles (by value weight) forced into the
    ``unknown`` set (three tiles with two players, four otherwise: ``ways`` sets in all)."""
    k = discard
    a, b, c, d = kept
    total = (
        sums[k]
        - (sums[k + a] + sums[k + b] + sums[k + c] + sums[k + d])
        + (sums[k + a + b] + sums[k + a + c] + sums[k + a + d])
        + (sums[k + b + c] + sums[k + b + d] + sums[k + c + d])
        - (sums[k + a + b + c] + sums[k + a + b + d] + sums[k + a + c + d] + sums[k + b + c + d])
    )
    if unknown >= len(kept):  # four unknown tiles: all four kept may be among them
        total += sums[k + a + b + c + d]
    return total / ways


@dataclass(frozen=True, slots=True)
class ExpectedFigures:
    """The model's figures of every lay-away of some drawn values, whoever's the crib is:
    each tuple in the order of ``Discards.options``."""

    hands: tuple[float, ...]
    """The kept hand's mean show over the unseen starters."""
    cribs: tuple[float, ...]
    """The crib's mean show over the unseen starters and the others' random discards."""
    min_hands: tuple[int, ...]
    """The kept hand's worst show over the unseen starters."""
    max_hands: tuple[int, ...]
    """Its best."""


# There are 9,859 six-value multisets (and fewer five-value ones): a worker meets them all.
@lru_cache(maxsize=1 << 15)
def expected_figures(values: DrawnValues, rules: RuleOptions) -> ExpectedFigures:
    """The figures of each lay-away of the sorted drawn values. Equal values make equal
    figures, which are worked out once."""
    shows, sums, starters = show_table(rules), _crib_sums(rules), _starters(values)
    shape = DISCARDS_BY_DRAWN[len(values)]
    ways = _CRIB_WAYS[shape.drawn]
    weights = [VALUE_WEIGHTS[v] for v in values]
    worked: dict[int, tuple[float, float, int, int]] = {}  # by the discard's value key
    found = []
    for option in shape.options:
        discard = 0
        for k in option:
            discard += weights[k]
        if discard not in worked:
            kept = [weights[k] for k in shape.kept[option]]
            hand, low, high = _hand_range(sum(kept), starters, shows, shape.unseen)
            crib = _expected_crib(discard, kept, sums, shape.unknown, ways)
            worked[discard] = (hand, crib, low, high)
        found.append(worked[discard])
    hands, cribs, lows, highs = zip(*found, strict=True)
    return ExpectedFigures(hands, cribs, lows, highs)


def expected_ranking(values: DrawnValues, own_crib: bool, rules: RuleOptions) -> list[RankedOption]:
    """Every lay-away of the sorted drawn values, best expected net first; ``own_crib``: the
    crib is the player's side's."""
    figures = expected_figures(values, rules)
    sign = 1 if own_crib else -1
    return ranked(
        RankedOption(option, hand, crib, None, hand + sign * crib, low, high)
        for option, hand, crib, low, high in zip(
            DISCARDS_BY_DRAWN[len(values)].options,
            figures.hands,
            figures.cribs,
            figures.min_hands,
            figures.max_hands,
            strict=True,
        )
    )


# Cached as the one choice it is, not as the whole ranking: 9,859 six-value multisets times
# two seats.
@lru_cache(maxsize=1 << 15)
def best_discard(values: DrawnValues, own_crib: bool, rules: RuleOptions) -> Positions:
    """Positions (in the sorted ``values``) of the discard with the best expected net: the
    first of ``expected_ranking``, without making it."""
    figures = expected_figures(values, rules)
    sign = 1 if own_crib else -1
    best, best_net = 0, 0.0
    for k, (hand, crib) in enumerate(zip(figures.hands, figures.cribs, strict=True)):
        net = hand + sign * crib
        if k == 0 or net > best_net:  # the first of the best, as the stable ranking has it
            best, best_net = k, net
    return DISCARDS_BY_DRAWN[len(values)].options[best]


@lru_cache(maxsize=1 << 15)
def best_hand_discard(values: DrawnValues, rules: RuleOptions) -> Positions:
    """Positions of the discard keeping the best expected hand, the crib ignored (first wins)."""
    shows, starters = show_table(rules), _starters(values)
    shape = DISCARDS_BY_DRAWN[len(values)]
    weights = [VALUE_WEIGHTS[v] for v in values]

    best, best_hand = shape.options[0], -1.0
    for option in shape.options:  # the first best, as max() picks it
        kept = 0
        for k in shape.kept[option]:
            kept += weights[k]
        hand = _hand_range(kept, starters, shows, shape.unseen)[0]
        if hand > best_hand:
            best, best_hand = option, hand
    return best
