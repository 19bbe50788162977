"""Named strategies for simulated games: each chooses a discard and a tile to lay.

A strategy sees only what its player could see at the table (``Seat``). Random choices use
only ``rng.random()``, whose sequence Python guarantees across versions. Adding one: a
subclass of ``Strategy`` listed in ``registry.STRATEGIES`` (docs/extending.md says what else to
touch).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from random import Random
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from scoring_api.rules.constants import HAND_SIZE, MAX_COUNT, MAX_VALUE
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import points_for_last, points_of_last
from scoring_api.rules.tiles import ALL_MASK, VALUE_COUNTS, VALUE_MASKS, Tile, TileMask, tiles_in

from .expected import best_discard, best_hand_discard
from .layaway import DISCARDS_BY_DRAWN, DrawnValues, Positions


@dataclass(slots=True)
class Seat:
    """What the player on turn knows during the play (one per player and deal, kept current).

    The fields are what the game hands over (as masks, for speed); the methods are the
    questions a strategy asks of them.
    """

    playable: Sequence[Tile]
    """His tiles that fit the count, lowest value first (never empty when asked to lay)."""
    count_values: tuple[int, ...]
    """The values laid since the count began, in order."""
    seen: TileMask
    """The tiles he has seen: his six, the starter and every tile laid."""
    opponent_tiles: int
    """How many tiles the next seat (on his left, an opponent in every mode) still holds."""
    seat: int = 0
    """His seat."""
    hand: TileMask = 0
    """His tiles not yet laid (nobody else's: a seat is told only what it could know)."""
    passed: Sequence[bool] = ()
    """Who has said go in the current count, by seat."""
    own: TileMask = 0
    """The tiles he drew this deal, and the starter."""
    dealer: int = 0
    """The seat that dealt this deal."""
    above: Sequence[int] = ()
    """By seat: every tile he holds is of a higher value than this, since he said go in a
    count where it would have fitted (-1 where he has said none this deal)."""
    last: int | None = None
    """Who laid the last tile of the current count (None before its first)."""
    sides: Sequence[int] = ()
    """The side each seat scores for."""
    played: Sequence[TileMask] = ()
    """By seat, the tiles he has laid this deal: the referee's own list, handed over once a
    deal (every seat saw them laid)."""
    rules: RuleOptions | None = None
    """The rules of the game, where the game hands them over."""

    # Written out, not generated: the compiled engine runs a dataclass's generated __init__
    # interpreted, and every game makes a Seat per player.
    def __init__(
        self,
        playable: Sequence[Tile],
        count_values: tuple[int, ...],
        seen: TileMask,
        opponent_tiles: int,
        seat: int = 0,
        hand: TileMask = 0,
        passed: Sequence[bool] = (),
        own: TileMask = 0,
        dealer: int = 0,
        above: Sequence[int] = (),
        last: int | None = None,
        sides: Sequence[int] = (),
        played: Sequence[TileMask] = (),
        rules: RuleOptions | None = None,
    ) -> None:
        self.playable, self.count_values, self.seen = playable, count_values, seen
        self.opponent_tiles, self.seat, self.hand, self.passed = opponent_tiles, seat, hand, passed
        self.own, self.dealer, self.above, self.last, self.sides = own, dealer, above, last, sides
        self.played, self.rules = played, rules

    @property
    def players(self) -> int:
        """Players at the table."""
        return len(self.played)

    def holds(self, seat: int) -> int:
        """How many tiles ``seat`` still holds (he laid the rest, in sight of all)."""
        return HAND_SIZE - self.played[seat].bit_count()

    def remaining(self) -> tuple[Tile, ...]:
        """His tiles not yet laid, lowest value first."""
        return tiles_in[self.hand]

    def score_now(self, tile: Tile) -> int:
        """What laying ``tile`` scores now, a go point aside."""
        return points_for_last[(*self.count_values, tile.value)]

    def unseen(self) -> TileMask:
        """The tiles he has not seen: the others' hands are among them."""
        return ALL_MASK & ~self.seen


def pick(rng: Random, n: int) -> int:
    """A uniform index below ``n`` from ``rng.random()`` alone."""
    return int(rng.random() * n)


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
        first = int(rng.random() * drawn)  # pick(), inline: once per seat and deal
        if DISCARDS_BY_DRAWN[drawn].laid_away == 1:
            return (first,)
        second = int(rng.random() * (drawn - 1))
        return first, second + (second >= first)

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable
        return playable[int(rng.random() * len(playable))]  # pick(), inline: the hot path


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
        playable = seat.playable
        best, best_key = playable[0], (seat.score_now(playable[0]), playable[0].value)
        for tile in playable:  # the first best, as max() picks it
            key = (seat.score_now(tile), tile.value)
            if key > best_key:
                best, best_key = tile, key
        return best


def _scoring_replies(after: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    count = sum(after)
    scoring = []  # (-points, value): best first, then lowest value, as a stable sort has it
    for value in range(min(MAX_COUNT - count, MAX_VALUE) + 1):
        if after.count(value) < VALUE_COUNTS[value]:  # a fifth 6 does not exist
            points = points_of_last((*after, value), count + value)
            if points:
                scoring.append((-points, value))
    scoring.sort()
    return tuple([(value, -negated) for negated, value in scoring])


# reply_points[after]: (value, points) of every reply that fits the count ``after`` and
# scores, best first.
reply_points: Final = Memo(_scoring_replies, 1 << 16)


def expected_best_reply(seat: Seat, after: tuple[int, ...]) -> float:
    """Expected points of the opponent's best reply to the count ``after``.

    The opponent holds ``opponent_tiles`` tiles drawn uniformly from the unseen ones; he replies
    with the tile that scores most. P(best reply scores >= s) = 1 - P(he holds none of the
    tiles scoring >= s), a hypergeometric probability.
    """
    held = seat.opponent_tiles
    unseen = seat.unseen()
    pool = unseen.bit_count()
    if held == 0 or pool < held:
        return 0.0
    return _best_reply(after, unseen, pool, held, comb(pool, held))


def _best_reply(after: tuple[int, ...], unseen: TileMask, pool: int, held: int, ways: int) -> float:
    """``expected_best_reply`` once the unseen pool is known (the same for every tile the
    player may lay, so worked out once a turn)."""
    expected = 0.0
    tiles_so_far = 0
    none_so_far = 1.0
    for value, points in reply_points[after]:
        count = (VALUE_MASKS[value] & unseen).bit_count()
        if count:
            tiles_so_far += count
            none_now = comb(pool - tiles_so_far, held) / ways
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
        playable = seat.playable
        if len(playable) == 1:
            return playable[0]
        # The unseen pool is the same for every tile he may lay: worked out once a turn.
        values, held = seat.count_values, seat.opponent_tiles
        unseen = seat.unseen()
        pool = unseen.bit_count()
        ways = comb(pool, held) if held and pool >= held else 0
        room = MAX_COUNT - sum(values)
        best, best_key = playable[0], (0.0, 0)
        for k, tile in enumerate(playable):
            after = (*values, tile.value)
            no_reply = not ways or tile.value == room  # nobody replies to 31
            reply = 0.0 if no_reply else _best_reply(after, unseen, pool, held, ways)
            key = (points_for_last[after] - reply, tile.value)
            if k == 0 or key > best_key:  # the first best, as max() picks it
                best, best_key = tile, key
        return best
