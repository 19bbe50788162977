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
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.show import (
    VALUE_WEIGHTS,
    ShowRules,
    show_rules,
    show_table,
    show_table_of,
    value_keys,
)
from scoring_api.rules.tiles import VALUE_COUNTS

from .layaway import DISCARDS, DISCARDS_BY_DRAWN, DrawnValues, Positions, RankedOption, ranked

_VALUES: Final = range(MAX_VALUE + 1)


def _left(taken: Sequence[int]) -> list[int]:
    """How many tiles of each value remain once the tiles of ``taken`` values are removed."""
    left = list(VALUE_COUNTS)
    for v in taken:
        left[v] = left[v] - 1
    return left


def _extra_sum(shows: bytes, key: int, left: list[int], need: int, start: int) -> int:
    """The sum over every set of ``need`` more tiles of values ``start`` and up, drawn from
    ``left`` (how many of each value remain), of the show total of ``key`` with them:
    each multiset of values once, counted as often as its tiles can be chosen."""
    if need == 0:
        return shows[key]
    total = 0
    for value in range(start, MAX_VALUE + 1):
        have = left[value]
        weight = VALUE_WEIGHTS[value]
        ways, grown = 1, key
        for taken in range(1, min(have, need) + 1):
            ways = ways * (have - taken + 1) // taken  # comb(have, taken)
            grown += weight
            total += ways * _extra_sum(shows, grown, left, need - taken, value + 1)
    return total


_SUM_BYTES: Final = 3
"""Bytes of a crib sum in ``_crib_sums``' table: every sum is below 2**17."""


def _crib_sums(rules: RuleOptions) -> bytes:
    """The crib sums under ``rules``' show totals (``_crib_sums_for``)."""
    return _crib_sums_for(show_rules(rules))


@cache
def _crib_sums_for(show: ShowRules) -> bytes:
    """Sums of crib totals over the sets of unknown tiles that contain some given tiles.

    By the value key of the given tiles (a discard plus up to four tiles forced into the
    set: one to five values), ``_crib_sum`` reads them; the others are drawn from the whole
    set minus those (inclusion-exclusion removes the kept tiles later). Every multiset of
    one to five values the set holds (5,950 of them) is worked out at once on first use, into
    a table of ``_SUM_BYTES`` bytes a key (4.7 MB; as the show totals are kept, ``show``):
    read as bytes, a sum is three look-ups with no Python int made, where a dict's key would
    be a new int object each time. Keyed by the show's rules (``show.show_rules``), not the
    whole ``RuleOptions``: a worker would keep a table of 4.5 MB for every set of rules its
    clients named.
    """
    shows = show_table_of(show)
    sums: dict[int, int] = {}
    for size in range(1, SHOWN + 1):
        for given in combinations_with_replacement(_VALUES, size):
            left = _left(given)
            if min(left) >= 0:
                key = value_keys(given)
                sums[key] = _extra_sum(shows, key, left, SHOWN - size, 0)
    table = bytearray(_SUM_BYTES * (max(sums) + 1))
    for key, total in sums.items():
        table[_SUM_BYTES * key : _SUM_BYTES * (key + 1)] = total.to_bytes(_SUM_BYTES, "little")
    return bytes(table)


def _crib_sum(sums: bytes, key: int) -> int:
    """The crib sum ``_crib_sums`` holds for a key."""
    at = _SUM_BYTES * key
    return sums[at] | sums[at + 1] << 8 | sums[at + 2] << 16


_CRIB_WAYS: Final = {d.drawn: comb(d.unseen, d.unknown) for d in DISCARDS.values()}
"""How many sets of unknown tiles (the crib's others and the starter) there are, by tiles
drawn."""


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

    # Written out, not generated: the compiled engine runs a dataclass's generated __init__
    # interpreted, and a game makes one for each lay-away it has not met before.
    def __init__(
        self,
        hands: tuple[float, ...],
        cribs: tuple[float, ...],
        min_hands: tuple[int, ...],
        max_hands: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "cribs", cribs)
        object.__setattr__(self, "min_hands", min_hands)
        object.__setattr__(self, "max_hands", max_hands)


_SUBSET_SIZES: Final = bytes(bin(mask).count("1") for mask in range(1 << 6))
"""How many positions a subset of six or fewer holds, by mask."""


class _Drawn:
    """Drawn values as the figures need them: the value key of each subset of their
    positions (bit ``i``: position ``i``), and the unseen starters."""

    __slots__ = ("counts", "keys", "shape", "weights")

    def __init__(self, values: DrawnValues) -> None:
        self.shape = DISCARDS_BY_DRAWN[len(values)]
        keys = [0] * (1 << len(values))
        for position, value in enumerate(values):  # each subset without it, then with it
            weight, bit = VALUE_WEIGHTS[value], 1 << position
            for mask in range(bit):
                keys[mask | bit] = keys[mask] + weight
        self.keys = keys
        """``keys[mask]``: the value key of the positions in ``mask``."""
        left = _left(values)
        counts: list[int] = []
        self.weights: list[int] = []
        for value in range(MAX_VALUE + 1):
            count = left[value]
            if count < 0:
                raise ValueError(f"no set of dominoes holds the values {values}")
            if count:
                counts.append(count)
                self.weights.append(VALUE_WEIGHTS[value])
        self.counts = bytes(counts)
        """How many unseen tiles of each value that may be the starter, and its weight."""

    def hand(self, kept: int, shows: bytes) -> tuple[int, int, int]:
        """The kept positions' total show over the unseen starters (each as often as
        there are tiles of its value), their worst and their best show."""
        key, counts, weights = self.keys[kept], self.counts, self.weights
        total = 0
        low = high = shows[key + weights[0]]
        for i in range(len(weights)):
            show = shows[key + weights[i]]
            total += counts[i] * show
            if show < low:
                low = show
            elif show > high:
                high = show
        return total, low, high

    def crib(self, laid: int, kept: int, sums: bytes) -> int:
        """The sum of the crib's show over every set of unknown tiles, for the positions
        ``laid`` away: inclusion-exclusion over the kept positions forced into the set
        (as many as there are unknown tiles at most). ``sums``: ``_crib_sums``."""
        keys, unknown = self.keys, self.shape.unknown
        total = 0
        forced = kept
        while True:  # every subset of the kept positions, ``kept`` down to none
            size = _SUBSET_SIZES[forced]
            if size <= unknown:
                found = _crib_sum(sums, keys[laid | forced])
                total += -found if size & 1 else found
            if not forced:
                return total
            forced = (forced - 1) & kept


# There are 9,859 six-value multisets (and fewer five-value ones): a worker meets them all.
@lru_cache(maxsize=1 << 15)
def expected_figures(values: DrawnValues, rules: RuleOptions) -> ExpectedFigures:
    """The figures of each lay-away of the sorted drawn values. Equal values make equal
    figures."""
    shows, drawn = show_table(rules), _Drawn(values)
    shape, sums = drawn.shape, _crib_sums(rules)
    everyone = (1 << shape.drawn) - 1
    unseen, ways = shape.unseen, _CRIB_WAYS[shape.drawn]
    hands: list[float] = []
    cribs: list[float] = []
    lows: list[int] = []
    highs: list[int] = []
    for laid in shape.laid_masks:
        kept = everyone ^ laid
        total, low, high = drawn.hand(kept, shows)
        hands.append(total / unseen)
        cribs.append(drawn.crib(laid, kept, sums) / ways)
        lows.append(low)
        highs.append(high)
    return ExpectedFigures(tuple(hands), tuple(cribs), tuple(lows), tuple(highs))


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
    shows, drawn = show_table(rules), _Drawn(values)
    everyone = (1 << drawn.shape.drawn) - 1
    shape = drawn.shape
    best, best_total = 0, -1
    for k, laid in enumerate(shape.laid_masks):  # the first best, as max() picks it
        total = drawn.hand(everyone ^ laid, shows)[0]
        if total > best_total:  # the same order as the mean's: one number of unseen tiles
            best, best_total = k, total
    return shape.options[best]
