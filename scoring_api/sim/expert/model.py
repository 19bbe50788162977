"""The expert's lay-away model for two players: each option's expected hand, crib and play.

``expected`` counts the crib as if the other player laid away two tiles at random. He does
not: a dealer lays good tiles into his own crib, a non-dealer keeps them out of it. Here the
crib is expected over the other's real lay-away pattern (how often each pair of values goes
into the crib, by his role, over every hand he may draw), and the kept tiles carry the value
of the play they lead to (the play's points minus the other's, mean over the deals a
builder played out). Both come from ``ExpertTables``; the hand is ``expected``'s exact one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Final

from scoring_api.rules.constants import MAX_VALUE, TILE_COUNT
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.show import VALUE_WEIGHTS, show_table, values_of_key
from scoring_api.rules.tiles import VALUE_COUNTS

from ..expected import expected_figures
from ..layaway import DrawnValues, Positions, RankedOption, ranked
from .tables import EXPERT_DISCARDS, ExpertTables, Pair, Pattern, role

_VALUES: Final = range(MAX_VALUE + 1)


def drawn_hands() -> Iterator[tuple[DrawnValues, int]]:
    """Every six-value multiset a player may draw (9,859), with how many tile sets have it."""
    for values in combinations_with_replacement(_VALUES, EXPERT_DISCARDS.drawn):
        ways = 1
        for value in set(values):
            ways *= comb(VALUE_COUNTS[value], values.count(value))
        if ways:
            yield values, ways


def pattern_of(choose: Callable[[DrawnValues], Positions]) -> dict[Pair, float]:
    """The lay-away pattern of a player who lays away ``choose(values)`` from each hand."""
    weights: dict[Pair, int] = {}
    total = 0
    for values, ways in drawn_hands():
        first, second = choose(values)
        pair = (values[first], values[second])
        pair = (min(pair), max(pair))
        weights[pair] = weights.get(pair, 0) + ways
        total += ways
    return {pair: weights[pair] / total for pair in sorted(weights)}


@cache
def _starter_sums(rules: RuleOptions) -> Memo[int, int]:
    """Sums of the shows of four values (by value key) with each other tile of the set as
    the starter, under the show rules of ``rules`` (made on first use)."""
    shows = show_table(rules)

    def with_every_starter(key: int) -> int:
        four = values_of_key(key)
        return sum(
            (VALUE_COUNTS[v] - four.count(v)) * shows[key + VALUE_WEIGHTS[v]]
            for v in _VALUES
            if VALUE_COUNTS[v] > four.count(v)
        )

    return Memo(with_every_starter, 1 << 13)


def _weights(values: DrawnValues, pattern: Pattern) -> list[tuple[int, int, int, float]]:
    """The other's pairs, weighed by the pattern and by how many of their tiles the player's
    hand leaves him: (value key, first, second, weight), normalized."""
    left = list(VALUE_COUNTS)
    for value in values:
        left[value] = left[value] - 1
    found = []
    for (x, y), p in pattern.items():
        if x == y:
            w = p * left[x] * (left[x] - 1) / (VALUE_COUNTS[x] * (VALUE_COUNTS[x] - 1))
        else:
            w = p * left[x] * left[y] / (VALUE_COUNTS[x] * VALUE_COUNTS[y])
        if w:
            found.append((VALUE_WEIGHTS[x] + VALUE_WEIGHTS[y], x, y, w))
    total = sum(w for *_, w in found)
    return [(key, x, y, w / total) for key, x, y, w in found]


def _crib(
    discard: Pair,
    values: DrawnValues,
    pairs: list[tuple[int, int, int, float]],
    shows: bytes,
    sums: Memo[int, int],
) -> float:
    """The crib's mean show: each pair of the other's with its weight, then each starter
    left (every tile not in the crib, less the kept ones); ``shows`` is ``show_table``."""
    base = VALUE_WEIGHTS[discard[0]] + VALUE_WEIGHTS[discard[1]]
    kept = list(values)
    kept.remove(discard[0])
    kept.remove(discard[1])
    held = [VALUE_WEIGHTS[v] for v in kept]
    starters = TILE_COUNT - EXPERT_DISCARDS.drawn - EXPERT_DISCARDS.laid_away
    total = 0.0
    for pair_key, _, _, w in pairs:
        key = base + pair_key
        total_shows = sums[key]
        for weight in held:
            total_shows -= shows[key + weight]
        total += w * total_shows
    return total / starters


def expert_ranking(
    tables: ExpertTables, values: DrawnValues, own_crib: bool, rules: RuleOptions
) -> list[RankedOption]:
    """Every lay-away of six sorted values, best net first (ties: in position order); the
    crib over the other's lay-away pattern for his role, the play's value of the kept values
    for the player's (missing: 0), both from ``tables``; ``own_crib``: the player deals."""
    pattern = tables.patterns[role(not own_crib)]
    pegging = tables.pegging[role(own_crib)]
    shows, sums = show_table(rules), _starter_sums(rules)
    pairs = _weights(values, pattern)
    figures = expected_figures(values, rules)
    sign = 1 if own_crib else -1
    cribs: dict[Pair, float] = {}
    found = []
    for k, positions in enumerate(EXPERT_DISCARDS.options):
        pair = (values[positions[0]], values[positions[1]])
        if pair not in cribs:
            cribs[pair] = _crib(pair, values, pairs, shows, sums)
        kept = tuple(values[i] for i in EXPERT_DISCARDS.kept[positions])
        play = pegging.get(kept, 0.0)
        hand, crib = figures.hands[k], cribs[pair]
        net = hand + sign * crib + play
        low, high = figures.min_hands[k], figures.max_hands[k]
        found.append(RankedOption(positions, hand, crib, play, net, low, high))
    return ranked(found)
