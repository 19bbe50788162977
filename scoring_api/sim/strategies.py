"""Named strategies for simulated games: each chooses a discard and a tile to lay.

A strategy sees only what its player could see at the table (``Seat``). Random choices use
only ``rng.random()`` (``chance.pick``), whose sequence Python guarantees across versions.
Adding one: a subclass of ``Strategy`` listed in ``registry.STRATEGIES`` (docs/extending.md
says what else to touch).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from math import comb
from random import Random
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT, MAX_VALUE, TILE_COUNT
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import (
    CountCode,
    points_for_code,
    points_of_code,
    sum_of_code,
    values_of_code,
    with_value,
)
from scoring_api.rules.tiles import (
    BY_VALUE,
    VALUE_COUNTS,
    VALUE_MASKS,
    Tile,
    TileMask,
    tiles_counted,
)

from .chance import pick
from .expected import best_discard, best_hand_discard
from .layaway import DrawnValues, Positions
from .ranks import RANK_VALUES, lowest, nth_rank
from .seat import Seat


@mypyc_attr(allow_interpreted_subclasses=True)
class Strategy(ABC):
    """Adding a strategy is adding one subclass and listing it in ``registry.STRATEGIES``."""

    name: ClassVar[str]
    description: ClassVar[str]

    @abstractmethod
    def discard(
        self, values: DrawnValues, own_crib: bool, rules: RuleOptions, rng: Random
    ) -> Positions:
        """Positions (in ``values``, the drawn tiles' values lowest first) of the tiles laid
        away: two of six with two players, one of five with three or four. ``own_crib``: the
        crib is his side's."""

    @abstractmethod
    def lay(self, seat: Seat, rng: Random) -> Tile:
        """One of ``seat.playable``."""


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomStrategy(Strategy):
    name = "random"
    description = "Any legal choice, uniformly at random: a discard, then each tile laid."

    def discard(
        self, values: DrawnValues, own_crib: bool, rules: RuleOptions, rng: Random
    ) -> Positions:
        drawn = len(values)
        first = pick(rng, drawn)
        if drawn - HAND_SIZE == 1:  # he keeps four: one laid away
            return (first,)
        second = pick(rng, drawn - 1)
        return first, second + (second >= first)

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable_ranks  # the n-th of them by value, as from the tuple
        return BY_VALUE[nth_rank(playable, pick(rng, tiles_counted(playable)))]


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyStrategy(Strategy):
    name = "greedy"
    description = (
        "Keeps the four tiles with the best expected hand over the possible starters; "
        "lays the tile that scores most now (the higher value on a tie)."
    )

    def discard(
        self, values: DrawnValues, own_crib: bool, rules: RuleOptions, rng: Random
    ) -> Positions:
        return best_hand_discard(values, rules)

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable_ranks
        best, best_key = 0, -1
        while playable:  # lowest value first; the first best, as max() picks it
            rank = lowest(playable)
            playable ^= 1 << rank
            tile = BY_VALUE[rank]
            key = _greedy_key(seat.score_now(tile), tile.value)
            if key > best_key:
                best, best_key = rank, key
        return BY_VALUE[best]


def _greedy_key(points: int, value: int) -> int:
    """(points, value) as one int in the same order: the most points, then the higher value
    (values are below 16)."""
    return points << 4 | value


def _scoring_replies(after_code: CountCode) -> tuple[tuple[int, int], ...]:
    after = values_of_code(after_code)
    count = sum(after)
    laid = [0] * (MAX_VALUE + 1)  # how many of each value the count holds
    for value in after:
        laid[value] = laid[value] + 1
    scoring = []  # (-points, value): best first, then lowest value, as a stable sort has it
    for value in range(min(MAX_COUNT - count, MAX_VALUE) + 1):
        if laid[value] < VALUE_COUNTS[value]:  # a fifth 6 does not exist
            points = points_of_code(with_value(after_code, value), count + value)
            if points:
                scoring.append((-points, value))
    scoring.sort()
    return tuple([(value, -negated) for negated, value in scoring])


_WAYS: Final = tuple(tuple(comb(n, k) for k in range(HAND_SIZE + 1)) for n in range(TILE_COUNT + 1))
"""``_WAYS[n][k]``: ``comb(n, k)`` for the sets of tiles a seat may hold, looked up."""

# reply_points[after]: (value, points) of every reply that fits the count ``after`` (a
# ``CountCode``) and scores, best first.
reply_points: Final = Memo(_scoring_replies, 1 << 16)


def _best_reply(after: CountCode, unseen: TileMask, pool: int, held: int, ways: int) -> float:
    """Expected points of the next seat's best reply to the count ``after``.

    He holds ``held`` tiles drawn uniformly from the ``pool`` tiles of ``unseen`` (``ways``
    sets in all: the same for every tile the player may lay, so worked out once a turn); he
    replies with the tile that scores most. P(best reply scores >= s) = 1 - P(he holds none
    of the tiles scoring >= s), a hypergeometric probability.
    """
    expected = 0.0
    tiles_so_far = 0
    none_so_far = 1.0
    for value, points in reply_points[after]:
        count = tiles_counted(VALUE_MASKS[value] & unseen)
        if count:
            tiles_so_far += count
            none_now = _WAYS[pool - tiles_so_far][held] / ways
            expected += points * (none_so_far - none_now)
            none_so_far = none_now
    return expected


@mypyc_attr(allow_interpreted_subclasses=True)
class ExpectedStrategy(Strategy):
    name = "expected"
    description = (
        "Keeps the four tiles with the best expected hand plus (his side's crib) or minus "
        "(another side's) the expected crib, exact over the unseen starters and the others' "
        "possible discards; lays the tile that maximizes points now minus the expected best "
        "reply of the next seat over the tiles he may hold (one-tile look-ahead)."
    )

    def discard(
        self, values: DrawnValues, own_crib: bool, rules: RuleOptions, rng: Random
    ) -> Positions:
        return best_discard(values, own_crib, rules)

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable_ranks
        first = lowest(playable)
        if playable == 1 << first:
            return BY_VALUE[first]
        # The unseen pool is the same for every tile he may lay: worked out once a turn.
        code, held = seat.count_code, seat.opponent_tiles
        unseen = seat.unseen()
        pool = tiles_counted(unseen)
        ways = _WAYS[pool][held] if held and pool >= held else 0
        room = MAX_COUNT - sum_of_code(code)
        best, best_net, best_value = first, 0.0, -1
        while playable:  # lowest value first
            rank = lowest(playable)
            playable ^= 1 << rank
            value = RANK_VALUES[rank]
            after = with_value(code, value)
            no_reply = not ways or value == room  # nobody replies to 31
            reply = 0.0 if no_reply else _best_reply(after, unseen, pool, held, ways)
            net = points_for_code[after] - reply
            # The first best of (net, value), as max() picks it.
            if best_value < 0 or net > best_net or (net == best_net and value > best_value):
                best, best_net, best_value = rank, net, value
        return BY_VALUE[best]
