"""The ``search`` player: at each choice of the play, play-outs over the holdings the others
may have, drawn to fit everything the seat has seen.

The lay-away is the expert's (``expected``'s with three or four players), but with two players
near the end of a game, where the seat is told the scores, it is the expert's best few weighed
by the chance to win after the deal (``layaway_chance``). In the play, with a
choice of values, the seat draws up to ``budget`` deals of the others' holdings from what he
knows (``Seat.view()``), stopping early once one value is clearly best (``settled``): each deal
fits the counts they hold and every go they said, and is drawn as likely as their lay-aways
make it (``playouts.holdings``): with two players against the expert's lay-away of the other's
six (``AgainstLayAway``), with three or four against ``expected``'s of each other seat's five
(``AgainstExpected``; uniformly, ``UNIFORM``, where the seat is not told the rules). Each value
he may lay is played out against every deal, the same deals for each: with two players both
seats laying by the expert's play table (greedily where it is silent:
``playouts.two_player.play_nets``), with three or four every seat laying carefully, the most
points now less the next seat's best reply from the tiles he holds in the draw
(``playouts.nets.seat_nets``; greedy play-outs, which ignore the reply, made the search no
better than ``expected`` with four players). He lays the value with the best total of the rest
of the play's points, his side's minus the others'.

With two players, where the seat is told the scores, the starter and rules the chance's tables
cover (a game's seat, the computer's move), each choice is valued instead by the chance to win
(``endgame``'s valuation, from any score: ``NEAR_END``): ``budget`` holdings drawn as above,
each value played out against each tile by tile until a side reaches the target (who does
first wins), a play-out that ends the play valued by the chance to win at the show
(``winprob.chances``: the hands counted with the starter, then the crib and the deals to come).
He lays the value with the best mean chance. Points are not what wins: a lead of a few points
near the target, or the go that leaves the other short at the show, is worth more than its
points, and the chance weighs it so (bench/README.md, "The search strategy").

The draws come from the stream named by what the seat knows, packed into ints
(``SeatView.known``, ``streams``), never from the game's: a game is still a function of its
seed, no draw can depend on a tile he has not seen (the ``Seat`` names none:
``tests/sim/test_search.py`` checks it), and the game's deals are those of any other lineup:
the ladder's two seatings of a seed see the same tiles all game long.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import sqrt
from typing import Final

from mypy_extensions import i64, mypyc_attr

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile

from .endgame import near_the_end, values_for_the_game
from .expert.strategy import ExpertLayAway, ExpertStrategy, play_key
from .expert.tables import EXPERT_PLAYERS, ExpertTables
from .layaway import DrawnValues, Positions
from .layaway_chance import NEAR as LAY_NEAR
from .layaway_chance import for_the_game
from .playouts.holdings import AGAINST_EXPECTED, UNIFORM, AgainstLayAway, Sampler, values_of
from .playouts.knowledge import SeatView
from .playouts.nets import seat_nets
from .playouts.two_player import StateNets
from .seat import Seat
from .strategies import Budget, Strategy

DEFAULT_BUDGET: Final = 1_000
"""The most holdings drawn per choice by default with two players: each value he may lay is
played out against each (each holding once however often it is drawn), and most choices settle
long before (bench/README.md has what a game costs)."""
DEFAULT_BUDGET_MORE_PLAYERS: Final = 200
"""The default with three or four players, whose careful play-outs (and holdings drawn against
the others' lay-aways) cost several times the two-player ones."""
NEAR_END: Final = 1_000
"""Points from the target (either side's) from which, with two players, each choice of the
play is valued by the chance to win (``endgame``'s valuation) instead of net points: from any
score (bench/top_search.py: over 2,000 paired games against the search by points, from 15
points of the target 51.6% [50.7%, 52.4%], from any score 52.5% [51.4%, 53.6%])."""
MAX_BUDGET: Final = 4_000
"""The most a request may ask for (a 422 naming the field past it)."""
COST_PER_BUDGET: Final = {2: 0.15e-3, 3: 1.0e-3, 4: 1.4e-3}
"""A seat's cost a game per ``budget ** COST_EXPONENT``, by the number of players: it grows
with the table (each play-out plays every seat) and with the budget, a little less than in
proportion (most choices stop early once one value is clearly best); measured warm
(bench/shard_costs.py)."""
COST_EXPONENT: Final = 0.8
FIRST_LOOK = 100
"""Holdings drawn before the search may stop early: a budget this size or
smaller is spent whole."""
LOOK_EVERY = 50
"""Holdings drawn at a time after the first look, until one value is clearly best."""
CLEAR = 3.0
"""Standard errors by which the leader's mean lead must pass zero to stop early."""
INDIFFERENT = 0.05
"""Points: a difference known to within this (at ``CLEAR`` standard errors) decides nothing."""


NEAR: Final = 20
"""Where the exact test is within ``2 ** -NEAR`` of its bound, ``Tally.settled`` asks the
floats (``_undecided_in_floats``), whose rounding (about ``1e-12`` here) might fall either way
there: so it decides as the floats always have, byte for byte."""


class Tally:
    """Running sums of the play-outs so far, for ``settled``: each value's total and sum of
    squares, and each pair's sum of products, so each look at whether the search may stop
    costs a few integer operations a pair instead of a pass in floats over every holding
    drawn, which was a visible share of a game's instructions."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        """The values he may lay, in the order of the play-outs' dict."""
        self.drawn = 0
        """Holdings summed so far."""
        self.totals = [0] * len(values)
        """Each value's sum of nets."""
        self.squares = [0] * len(values)
        """Each value's sum of squared nets."""
        self.products = [0] * (len(values) * len(values))
        """``products[a * k + b]`` (``a < b``): the sum of the two values' nets, holding by
        holding, multiplied."""

    def add(self, nets: dict[int, list[int]], start: int) -> None:
        """Add each value's nets from holding ``start`` on."""
        k = len(self.values)
        columns = [nets[value] for value in self.values]
        end = len(columns[0])
        totals, squares, products = self.totals, self.squares, self.products
        # Machine ints (compiled): a net may be negative, and a product of ints with a
        # negative factor leaves the compiled engine's fast path for a Python long's. The
        # sums stay far inside 63 bits (nets of a few dozen points, a few thousand holdings).
        for a in range(k):
            column = columns[a]
            total: i64 = totals[a]
            square: i64 = squares[a]
            for i in range(start, end):
                x: i64 = column[i]
                total += x
                square += x * x
            totals[a], squares[a] = total, square
            for b in range(a + 1, k):
                other = columns[b]
                product: i64 = products[a * k + b]
                for i in range(start, end):
                    mine: i64 = column[i]
                    theirs: i64 = other[i]
                    product += mine * theirs
                products[a * k + b] = product
        self.drawn = end

    def settled(self, nets: dict[int, list[int]]) -> bool:
        """``settled(nets)`` from the sums (``nets``: the play-outs summed, for the floats)."""
        values, totals, k, n = self.values, self.totals, len(self.values), self.drawn
        leader = 0
        for a in range(1, k):
            if totals[a] > totals[leader] or (
                totals[a] == totals[leader] and values[a] > values[leader]
            ):
                leader = a
        for b in range(k):
            if b == leader:
                continue
            low, high = min(leader, b), max(leader, b)
            lead = totals[leader] - totals[b]
            squares = self.squares[leader] + self.squares[b] - 2 * self.products[low * k + high]
            undecided = _undecided(lead, squares, n)
            if undecided < 0:
                undecided = int(_undecided_in_floats(nets[values[leader]], nets[values[b]]))
            if undecided:
                return False
        return True


def _undecided(lead: int, squares: int, n: int) -> int:
    """Whether the leader's mean lead ``lead / n`` (its paired differences' squares summing
    to ``squares``) is within ``CLEAR`` standard errors of zero while the error still
    matters (``INDIFFERENT``): 1 or 0, worked out exactly in integers; -1 where near a bound
    (``NEAR``) or for a single holding."""
    if n < 2:
        return -1
    spread = n * squares - lead * lead  # n * (n - 1) * the variance
    # CLEAR * error >= INDIFFERENT, squared: 9 * spread / (n * n * (n - 1)) >= 1 / 400.
    mattering, bound = 3600 * spread, n * n * (n - 1)
    if abs(mattering - bound) <= max(mattering, bound) >> NEAR:
        return -1
    if mattering < bound:
        return 0
    if lead <= 0:
        return 1
    # mean <= CLEAR * error, squared: lead ** 2 * (n - 1) <= 9 * spread.
    mean_side, error_side = lead * lead * (n - 1), 9 * spread
    if abs(mean_side - error_side) <= max(mean_side, error_side) >> NEAR:
        return -1
    return int(mean_side <= error_side)


def _undecided_in_floats(best: list[int], found: list[int]) -> bool:
    """``_undecided`` as the floats have it, holding by holding (near a bound)."""
    n = len(best)
    diffs = [a - b for a, b in zip(best, found, strict=True)]
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    error = sqrt(spread / n)
    return mean <= CLEAR * error and CLEAR * error >= INDIFFERENT


def settled(nets: dict[int, list[int]]) -> bool:
    """Whether the play-outs so far decide: the leader's mean lead over each other value
    (paired, holding by holding) is more than ``CLEAR`` standard errors, or known to within
    ``INDIFFERENT`` points either way (then either is as good)."""
    tally = Tally(list(nets))
    tally.add(nets, 0)
    return tally.settled(nets)


def search_nets(draw: Callable[[int], dict[int, list[int]]], budget: int) -> dict[int, list[int]]:
    """Each value's play-outs, holding by holding, from ``draw(n)`` (``n`` more holdings
    played out): ``FIRST_LOOK`` holdings, then ``LOOK_EVERY`` more at a time until one value
    is clearly best (``settled``) or ``budget`` are drawn."""
    drawn = min(budget, FIRST_LOOK)
    nets = draw(drawn)
    if drawn >= budget:
        return nets
    tally = Tally(list(nets))
    tally.add(nets, 0)
    while drawn < budget and not tally.settled(nets):
        more = min(LOOK_EVERY, budget - drawn)
        for value, found in draw(more).items():
            nets[value].extend(found)
        tally.add(nets, drawn)
        drawn += more
    return nets


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchStrategy(ExpertStrategy):
    """The expert's lay-away (by the chance to win near the end, with two players); in the
    play, a search of up to ``budget`` holdings per choice."""

    name = "search"
    description = (
        "Lays away as expert (but near the end of a two-player game: below). In the play, "
        "with a choice, draws up to `budget` holdings of "
        "the others (until one value is clearly best) consistent with what the seat has seen "
        "(the tiles laid, the goes said and the others' lay-aways, as the expert would make "
        "them with two players and expected with more), plays each value out against each, "
        "both laying by the expert's play table (with three or four players every seat "
        "minding the next seat's best reply), and lays the best. With two players, where "
        "it is told the scores, each value is played out to the target and valued by the "
        "chance to win (the chance tables at the show) instead of points; and near the "
        "end of the game it lays away the one of the expert's best six lay-aways with the "
        "best chance to win over 800 deals played out to the target."
    )
    budget_range = Budget(DEFAULT_BUDGET, DEFAULT_BUDGET_MORE_PLAYERS, MAX_BUDGET)

    def __init__(
        self,
        budget: int | None = None,
        tables: ExpertTables | None = None,
        near: int = NEAR_END,
        lay_near: int = LAY_NEAR,
    ) -> None:
        super().__init__(tables)
        self.budget = budget
        """The most holdings per choice; None: ``DEFAULT_BUDGET``
        (``DEFAULT_BUDGET_MORE_PLAYERS`` with three or four players)."""
        self.near = near
        """Points from the target from which two players' choices are valued by the chance
        to win (a negative number: never; the bench's control)."""
        self.lay_near = lay_near
        """Points from the target from which two players' lay-aways are by the chance to
        win (``layaway_chance``; a negative number: never, the expert's)."""
        self._against: tuple[ExpertTables, AgainstLayAway] | None = None

    def given_budget(self) -> int | None:
        return self.budget

    def with_budget(self, budget: int) -> Strategy:
        return SearchStrategy(budget, self._tables, self.near, self.lay_near)

    def seconds_per_game(self, players: int) -> float:
        return float(COST_PER_BUDGET[players] * self._budget(players) ** COST_EXPONENT)

    def _budget(self, players: int) -> int:
        """The most holdings per choice at a table of ``players``."""
        if self.budget is None:
            return DEFAULT_BUDGET if players == EXPERT_PLAYERS else DEFAULT_BUDGET_MORE_PLAYERS
        return self.budget

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        if self.lay_near >= 0:
            found = for_the_game(self.tables, values, own_crib, rules, scores, rng, self.lay_near)
            if found is not None:
                return found
        return super().discard(values, own_crib, rules, rng, scores)

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        playable = seat.playable
        if playable[0].value == playable[-1].value:
            return playable[0]
        view = seat.view()
        budget = self._budget(view.players)
        if view.players == EXPERT_PLAYERS:
            rules = near_the_end(seat, self.near) if self.near >= 0 else None
            if rules is not None:
                best = self._for_the_game(seat, view, rules, budget)
                return next(tile for tile in playable if tile.value == best)
            nets = search_nets(self._two_player_nets(seat, view), budget)
        else:
            nets = search_nets(_seat_nets(view, _sampler(view)), budget)
        totals = {v: sum(n) for v, n in nets.items()}
        value = max(totals, key=lambda v: (totals[v], v))
        return next(tile for tile in playable if tile.value == value)

    def _sampler(self) -> AgainstLayAway:
        """The other's holdings drawn against the expert's lay-away, its look-ups kept for
        every later choice while the tables are."""
        tables, against = self.tables, self._against
        if against is None or against[0] is not tables:
            against = self._against = (tables, AgainstLayAway(ExpertLayAway(tables)))
        return against[1]

    def _two_player_nets(self, seat: Seat, view: SeatView) -> Callable[[int], dict[int, list[int]]]:
        """The play-outs of ``n`` more holdings of the other, drawn against the expert's
        lay-away, both laying by the expert's play table."""
        key = play_key(seat)
        assert key is not None, "a choice of values"
        sampler, rng = self._sampler(), view.stream()
        state = StateNets(key, self.tables.play)
        return lambda n: state.code_nets(sampler.holding_codes(view, rng, n))

    def _for_the_game(self, seat: Seat, view: SeatView, rules: RuleOptions, budget: int) -> int:
        """Near the end: the value with the best total chance to win over ``budget``
        holdings of the other (``endgame.values_for_the_game``), the highest on a tie."""
        key = play_key(seat)
        assert key is not None, "a choice of values"
        drawn: dict[int, int] = {}  # each holding (its counts code) played out once, counted
        for holding in self._sampler().holding_codes(view, view.stream(), budget):
            drawn[holding] = drawn.get(holding, 0) + 1
        holdings = [values_of(holding) for holding in drawn]
        state = StateNets(key, self.tables.play)
        chance, _ = values_for_the_game(seat, rules, state, holdings, True, list(drawn.values()))
        return max(chance, key=lambda v: (chance[v], v))


def _sampler(view: SeatView) -> Sampler:
    """How the others' holdings are drawn with three or four players: against ``expected``'s
    lay-aways where the seat knows the rules (a seat of a game), else uniformly."""
    if view.rules is None or len(view.played) != len(view.sides):
        return UNIFORM
    return AGAINST_EXPECTED


def _seat_nets(view: SeatView, sampler: Sampler) -> Callable[[int], dict[int, list[int]]]:
    """The careful play-outs of ``n`` more deals drawn by ``sampler``."""
    rng = view.stream()
    return lambda n: seat_nets(view, sampler.deals(view, rng, n), True)
