"""The discard advisor: the expected hand over the possible starters, the crib exactly.

Everything is computed on value multisets, since a show total depends only on the five values.
From the discarding player's view, the tiles he has not seen (22 with two players, 23 with
three or four) are equally likely to be the starter, and the crib's other tiles with the
starter are a uniformly random set of them: the others' discards (and, with three players,
the tile drawn blind) are assumed random (docs/rules.md section 5.1). That is the
``expected`` model; ``advise_discards`` can rank under the two-player ``expert`` model
instead (``scoring_api.sim.expert.model``: the crib against the other's real lay-away
pattern, and the play the kept tiles lead to).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Literal

from scoring_api.rules.constants import DEALS, MAX_VALUE, SHOWN, TILE_COUNT
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import DEFAULT_RULES, RuleOptions
from scoring_api.rules.show import VALUE_WEIGHTS, show_table, value_keys, values_of_key
from scoring_api.rules.tiles import VALUE_COUNTS, Tile, ensure_distinct

_VALUES = range(MAX_VALUE + 1)
DrawnValues = tuple[int, ...]
"""The values of the tiles a player drew (six or five), lowest first."""
Positions = tuple[int, ...]
"""Positions in the drawn tiles: the ones laid away."""
Model = Literal["expected", "expert"]
"""How a lay-away is valued: ``expected`` counts the hand and a crib of random discards by
the others; ``expert`` (two players) also counts the play, and the crib against the other's
real lay-away pattern."""
MODELS: tuple[Model, ...] = ("expected", "expert")
"""Every model, as requests name them."""
EXPERT_PLAYERS = 2
"""The players the expert model is for: its tables are of two-player deals."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay tiles away into the crib, with what it is expected to bring."""

    discard: tuple[Tile, ...]
    """The tiles laid away (two of six, or one of five)."""
    keep: tuple[Tile, ...]
    """The four tiles kept, lowest value first."""
    expected_hand: float
    """The kept hand's mean show over the unseen starters."""
    expected_crib: float
    """The crib's mean show over the unseen starters and the others' discards: exact with
    their discards random (``expected``), or over the other's lay-away pattern (``expert``)."""
    expected_pegging: float | None
    """The play's expected points minus the other's for the kept tiles (``expert``); None
    under ``expected``, which does not count the play."""
    expected_net: float
    """The hand plus the crib when it is the player's side's, minus it when it is another
    side's, plus the pegging where counted: what the ranking uses."""
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


@dataclass(frozen=True, slots=True)
class Discards:
    """Every way to lay tiles away from a number of drawn tiles, by position."""

    drawn: int
    """Tiles drawn: six or five."""
    laid_away: int
    """Tiles laid away: two or one."""
    options: tuple[Positions, ...]
    """Each choice of positions laid away, in increasing order (15 of six, 5 of five)."""
    kept: dict[Positions, Positions]
    """The four positions each choice keeps."""
    unseen: int
    """Tiles the player has not seen."""
    unknown: int
    """Tiles of the crib and starter he does not know: the crib's others and the starter."""


def _discards(drawn: int, laid_away: int) -> Discards:
    options = tuple(combinations(range(drawn), laid_away))
    kept = {o: tuple(k for k in range(drawn) if k not in o) for o in options}
    return Discards(drawn, laid_away, options, kept, TILE_COUNT - drawn, SHOWN - laid_away)


DISCARDS: dict[int, Discards] = {
    players: _discards(deal.drawn, deal.laid_away) for players, deal in DEALS.items()
}
"""``DISCARDS[players]``: the lay-away choices of a deal for that many players."""
_BY_DRAWN = {discards.drawn: discards for discards in DISCARDS.values()}


def _starters(values: Sequence[int]) -> list[tuple[int, int]]:
    """(how many, value weight) of each value among the tiles the player has not seen."""
    left = _left(values)
    return [(left[v], VALUE_WEIGHTS[v]) for v in _VALUES if left[v]]


def _hand_range(
    kept: int, starters: Sequence[tuple[int, int]], table: bytes, unseen: int
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
    return total / unseen, low, high


@cache
def _crib_sums(rules: RuleOptions) -> Memo[int, int]:
    """Sums of crib totals over the sets of unknown tiles that contain some given tiles.

    Keyed by the value key of the given tiles: the player's discards plus up to four tiles
    forced into the set; the others are drawn from the whole set minus those
    (inclusion-exclusion removes the kept tiles later). A few thousand keys, all remembered.
    """
    table = show_table(rules)

    def crib_sum_with(key: int) -> int:
        given = values_of_key(key)
        left = _left(given)
        total = 0
        for extra in combinations_with_replacement(_VALUES, SHOWN - len(given)):
            ways = 1
            for v in set(extra):
                ways *= comb(left[v], extra.count(v))
            if ways:
                total += ways * table[key + value_keys(extra)]
        return total

    return Memo(crib_sum_with, 1 << 14)


def _expected_crib(discard: int, kept: Sequence[int], sums: Memo[int, int], ways: int) -> float:
    """Exact expected crib of a discard (by value key), the kept tiles excluded from what the
    others may hold: inclusion-exclusion over the kept tiles (by value weight) forced into the
    unknown set (three tiles with two players, four otherwise: ``ways`` sets in all)."""
    k = discard
    a, b, c, d = kept
    total = (
        sums[k]
        - (sums[k + a] + sums[k + b] + sums[k + c] + sums[k + d])
        + (sums[k + a + b] + sums[k + a + c] + sums[k + a + d])
        + (sums[k + b + c] + sums[k + b + d] + sums[k + c + d])
        - (sums[k + a + b + c] + sums[k + a + b + d] + sums[k + a + c + d] + sums[k + b + c + d])
    )
    if ways != _TWO_PLAYER_WAYS:  # four unknown tiles: all four kept may be among them
        total += sums[k + a + b + c + d]
    return total / ways


_TWO_PLAYER_WAYS = comb(DISCARDS[2].unseen, DISCARDS[2].unknown)
_CRIB_WAYS = {d.drawn: comb(d.unseen, d.unknown) for d in DISCARDS.values()}


Split = tuple[Positions, float, float, int, int]
"""A discard's positions, expected hand and crib, worst and best hand."""


# There are 9,859 six-value multisets (and fewer five-value ones): a worker meets them all.
@lru_cache(maxsize=1 << 15)
def splits(values: DrawnValues, rules: RuleOptions) -> tuple[Split, ...]:
    """Each discard (positions) of the sorted drawn values: expected hand and crib, worst and
    best hand. Equal values make equal splits, which are worked out once."""
    table, sums, starters = show_table(rules), _crib_sums(rules), _starters(values)
    shape = _BY_DRAWN[len(values)]
    ways = _CRIB_WAYS[shape.drawn]
    weights = [VALUE_WEIGHTS[v] for v in values]
    worked: dict[int, tuple[float, float, int, int]] = {}  # by the discard's value key
    found = []
    for option in shape.options:
        discard = sum(map(weights.__getitem__, option))
        if discard not in worked:
            kept = [weights[k] for k in shape.kept[option]]
            hand, low, high = _hand_range(sum(kept), starters, table, shape.unseen)
            worked[discard] = (hand, _expected_crib(discard, kept, sums, ways), low, high)
        hand, crib, low, high = worked[discard]
        found.append((option, hand, crib, low, high))
    return tuple(found)


def _ranked(
    values: DrawnValues, own_crib: bool, rules: RuleOptions
) -> list[tuple[Positions, float, float, float, int, int]]:
    """Every discard of the drawn values (by position), best expected net first."""
    sign = 1 if own_crib else -1
    options = [
        (option, hand, crib, hand + sign * crib, low, high)
        for option, hand, crib, low, high in splits(values, rules)
    ]
    # Stable order: best net first, then by position, so equal options keep a fixed order.
    options.sort(key=lambda option: -option[3])
    return options


Ranked = list[tuple[Positions, float, float, float | None, float, int, int]]
"""Every discard of the drawn values, best first: positions, expected hand, crib and pegging
(None where not counted), net, worst and best hand."""


def _ranked_by(values: DrawnValues, own_crib: bool, rules: RuleOptions, model: Model) -> Ranked:
    """The ranking of the drawn values under ``model``, in one shape for both."""
    if model == "expected":
        return [
            (option, hand, crib, None, net, low, high)
            for option, hand, crib, net, low, high in _ranked(values, own_crib, rules)
        ]
    # Imported here: the expert package builds on this module (splits, DISCARDS).
    from .expert.tables import shipped_tables

    return [
        (o.positions, o.hand, o.crib, o.pegging, o.net, o.low, o.high)
        for o in shipped_tables().ranked(values, own_crib, rules)
    ]


def advise_discards(
    tiles: Sequence[Tile],
    own_crib: bool,
    rules: RuleOptions = DEFAULT_RULES,
    model: Model = "expected",
) -> list[DiscardOption]:
    """Every way to lay tiles away (two of six, or one of five with three or four players),
    ranked by expected net points for the player's side under ``model``; ``own_crib``: the
    crib is his side's.

    Raises ``MalformedInputError`` (at ``/tiles``) unless given as many distinct tiles as a
    player draws under ``rules``, and (at ``/model``) for ``expert`` with three or four
    players, which it has no tables for.
    """
    drawn = DISCARDS[rules.players].drawn
    if len(tiles) != drawn:
        raise MalformedInputError(
            f"with {rules.players} players each draws {drawn} tiles, got {len(tiles)}", "/tiles"
        )
    ensure_distinct((tile, f"/tiles/{i}") for i, tile in enumerate(tiles))
    if model == "expert" and rules.players != EXPERT_PLAYERS:
        raise MalformedInputError(
            f"the expert model is for {EXPERT_PLAYERS} players only (its tables are of "
            f"two-player deals), not {rules.players}: ask for expected, or leave model out",
            "/model",
        )
    ordered = sorted(tiles, key=lambda tile: (tile.value, tile))
    values = tuple(tile.value for tile in ordered)
    kept = DISCARDS[rules.players].kept
    return [
        DiscardOption(
            discard=tuple(ordered[i] for i in option),
            keep=tuple(ordered[k] for k in kept[option]),
            expected_hand=hand,
            expected_crib=crib,
            expected_pegging=pegging,
            expected_net=net,
            min_hand=low,
            max_hand=high,
        )
        for option, hand, crib, pegging, net, low, high in _ranked_by(
            values, own_crib, rules, model
        )
    ]


# Cached as the one choice it is, not as the whole ranking: 9,859 six-value multisets times
# two seats.
@lru_cache(maxsize=1 << 15)
def best_discard(values: DrawnValues, own_crib: bool, rules: RuleOptions) -> Positions:
    """Positions (in the sorted ``values``) of the discard with the best expected net."""
    return _ranked(values, own_crib, rules)[0][0]


@lru_cache(maxsize=1 << 15)
def best_hand_discard(values: DrawnValues, rules: RuleOptions) -> Positions:
    """Positions of the discard keeping the best expected hand, the crib ignored (first wins)."""
    table, starters = show_table(rules), _starters(values)
    shape = _BY_DRAWN[len(values)]
    weights = [VALUE_WEIGHTS[v] for v in values]

    def hand(option: Positions) -> float:
        kept = sum(weights[k] for k in shape.kept[option])
        return _hand_range(kept, starters, table, shape.unseen)[0]

    return max(shape.options, key=hand)
