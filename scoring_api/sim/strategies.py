"""Named strategies for simulated games: each chooses a discard and a tile to lay, and says
what it is: the tables it sits at, the budget it takes if any, what a game costs it.

A strategy sees only what its player could see at the table (``Seat``). Its random choices
come from the ``rng`` it is handed, a ``rules.stream.Stream`` (in a game, his seat's own
stream: ``streams``).
What it says of itself is read where a request is read (the API, the command line, the
cluster's sizer, ``GET /v1/strategies``), so it is written once, on the strategy. Adding one:
a subclass of ``Strategy`` listed in ``registry.STRATEGIES`` (docs/extending.md).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import ClassVar, Final

from mypy_extensions import mypyc_attr

from scoring_api.rules.constants import (
    HAND_SIZE,
    MAX_COUNT,
    MAX_PLAYERS,
    MAX_VALUE,
    PLAYERS,
    TILE_COUNT,
)
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
from scoring_api.rules.seats import seats_from
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import (
    BY_VALUE,
    VALUE_COUNTS,
    VALUE_MASKS,
    Tile,
    TileMask,
    tiles_counted,
)

from .expected import best_discard, best_hand_discard
from .layaway import DrawnValues, Positions
from .ranks import RANK_VALUES, lowest, nth_rank
from .seat import Seat

EVERY_TABLE: Final = tuple(range(PLAYERS, MAX_PLAYERS + 1))
"""The numbers of players a table may have: two, three and four."""


@dataclass(frozen=True, slots=True)
class Budget:
    """The budget a strategy takes, which a request may set: the most it may spend on a choice
    (holdings drawn, play-outs), its default by the number of players and its maximum."""

    two_players: int
    """The default at a table of two."""
    more_players: int
    """The default at a table of three or four (whose play-outs cost more)."""
    maximum: int
    """The most a request may ask for (a 422 naming the field past it)."""

    def default(self, players: int) -> int:
        """The budget where a request gives none."""
        return self.two_players if players == PLAYERS else self.more_players


def scores_from(scores: Sequence[int], side: int) -> tuple[int, ...]:
    """Each side's score (``scores``, by side) from ``side``'s on, in turn order: as
    ``Strategy.discard`` is told them."""
    return tuple(scores[s] for s in seats_from(side, len(scores)))


@mypyc_attr(allow_interpreted_subclasses=True)
class Strategy(ABC):
    """Adding a strategy is adding one subclass and listing it in ``registry.STRATEGIES``:
    its ``name`` and ``description``, the tables it sits at (``players``), a ``budget_range``
    if a request may set how much it searches, its cost a game (``seat_seconds``), and the
    two decisions."""

    name: ClassVar[str]
    description: ClassVar[str]
    players: ClassVar[tuple[int, ...]] = EVERY_TABLE
    """The numbers of players it sits with (a request naming it at another is a 422, and a
    client offers it only at these)."""
    players_reason: ClassVar[str] = ""
    """Why not at the others, in a few words (a refusal says it)."""
    budget_range: ClassVar[Budget | None] = None
    """What a request may set of its budget (None: it takes none)."""
    chooses_blind: ClassVar[bool] = False
    """Whether it chooses without looking: ``discard`` reads only how many tiles it drew
    (not their values) and ``lay`` only its seat's ``playable_ranks``. A game then works
    out no more for it: the values it is handed are zeros, and only that field of its
    ``Seat`` is kept current. Taken only from the class that says so in its own body
    (``is_blind``): a subclass may look."""
    seat_seconds: ClassVar[float]
    """One seat's cost a game in CPU seconds on the compiled engine (the sources interpreted
    take about three times as long), between a fresh worker's first games and warm ones
    (bench/shard_costs.py): the cluster sizes a run's first shards by it."""

    def refusal(self, players: int) -> str | None:
        """Why it cannot take a seat at a table of ``players``, or None if it can."""
        if players in self.players:
            return None
        tables = " or ".join(map(str, self.players))
        reason = f" ({self.players_reason})" if self.players_reason else ""
        return f"{self.name} is for {tables} players only{reason}, not {players}"

    def given_budget(self) -> int | None:
        """The budget it was made with (None: its default, or it takes none)."""
        return None

    def budget_at(self, players: int) -> int | None:
        """The budget it plays with at a table of ``players`` (None: it takes none)."""
        budget = self.budget_range
        if budget is None:
            return None
        given = self.given_budget()
        return budget.default(players) if given is None else given

    def with_budget(self, budget: int) -> Strategy:
        """The same strategy at ``budget`` (``budget_range`` says what it takes)."""
        raise ValueError(f"{self.name} takes no budget")

    def seconds_per_game(self, players: int) -> float:
        """One seat's cost a game at a table of ``players`` (``seat_seconds``)."""
        return self.seat_seconds

    @abstractmethod
    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        """Positions (in ``values``, the drawn tiles' values lowest first) of the tiles laid
        away: two of six with two players, one of five with three or four. ``own_crib``: the
        crib is his side's. ``scores``: each side's score before the deal, his own side's
        first, then the others' in turn order from it (empty where he is not told: a
        lay-away asked outside a game)."""

    @abstractmethod
    def lay(self, seat: Seat, rng: Stream) -> Tile:
        """One of ``seat.playable``."""


def is_blind(strategy: Strategy) -> bool:
    """Whether ``strategy`` chooses without looking (``Strategy.chooses_blind``), said by its
    own class: a subclass of a blind strategy that overrides a decision may look, and is
    handed everything unless it says it does not."""
    said: object = vars(type(strategy)).get("chooses_blind", False)
    return said is True


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomStrategy(Strategy):
    name = "random"
    description = "Any legal choice, uniformly at random: a discard, then each tile laid."
    chooses_blind = True
    seat_seconds = 0.05e-3

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        drawn = len(values)
        first = rng.below(drawn)
        if drawn - HAND_SIZE == 1:  # he keeps four: one laid away
            return (first,)
        second = rng.below(drawn - 1)
        return first, second + (second >= first)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        playable = seat.playable_ranks  # the n-th of them by value, as from the tuple
        return BY_VALUE[nth_rank(playable, rng.below(tiles_counted(playable)))]


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyStrategy(Strategy):
    name = "greedy"
    description = (
        "Keeps the four tiles with the best expected hand over the possible starters; "
        "lays the tile that scores most now (the higher value on a tie)."
    )
    seat_seconds = 0.125e-3

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        return best_hand_discard(values, rules)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
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
    seat_seconds = 0.25e-3

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        return best_discard(values, own_crib, rules)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
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
