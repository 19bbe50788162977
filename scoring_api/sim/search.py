"""The ``search`` player: at each choice of the play, play-outs over the holdings the others
may have, drawn to fit everything the seat has seen.

The lay-away is the expert's (``expected``'s with three or four players). In the play, with a
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

The draws come from a ``Random`` seeded by what the seat knows, written out
(``SeatView.seed``), never from the game's: a game is still a function of its seed, no draw can
depend on a tile he has not seen (the ``Seat`` names none: ``tests/sim/test_search.py`` checks
it), and the game's own random numbers, so its deals, are those of any other lineup: the
ladder's two seatings of a seed see the same tiles all game long.
"""

from __future__ import annotations

from collections.abc import Callable
from math import sqrt
from random import Random

from mypy_extensions import mypyc_attr

from scoring_api.rules.seats import next_seat
from scoring_api.rules.tiles import Tile

from .expert.strategy import ExpertLayAway, ExpertStrategy, play_key
from .expert.tables import EXPERT_PLAYERS, ExpertTables
from .playouts.holdings import AGAINST_EXPECTED, UNIFORM, AgainstLayAway, Sampler
from .playouts.knowledge import SeatView
from .playouts.nets import seat_nets
from .playouts.two_player import play_nets
from .seat import Seat

DEFAULT_BUDGET = 1_000
"""The most holdings drawn per choice by default with two players: each value he may lay is
played out against each, and most choices settle long before (about 22 ms of CPU a game
against expert here, bench/README)."""
DEFAULT_BUDGET_MORE_PLAYERS = 200
"""The default with three or four players, whose careful play-outs (and holdings drawn against
the others' lay-aways) cost several times the two-player ones (about 60 to 100 ms of CPU a game
against expected, bench/README)."""
MAX_BUDGET = 4_000
"""The most a request may ask for (a 422 naming the field past it)."""
FIRST_LOOK = 100
"""Holdings drawn before the search may stop early: a budget this size or
smaller is spent whole."""
LOOK_EVERY = 50
"""Holdings drawn at a time after the first look, until one value is clearly best."""
CLEAR = 3.0
"""Standard errors by which the leader's mean lead must pass zero to stop early."""
INDIFFERENT = 0.05
"""Points: a difference known to within this (at ``CLEAR`` standard errors) decides nothing."""


def settled(nets: dict[int, list[int]]) -> bool:
    """Whether the play-outs so far decide: the leader's mean lead over each other value
    (paired, holding by holding) is more than ``CLEAR`` standard errors, or known to within
    ``INDIFFERENT`` points either way (then either is as good)."""
    leader = max(nets, key=lambda v: (sum(nets[v]), v))
    best = nets[leader]
    n = len(best)
    for value, found in nets.items():
        if value == leader:
            continue
        diffs = [a - b for a, b in zip(best, found, strict=True)]
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        error = sqrt(spread / n)
        if mean <= CLEAR * error and CLEAR * error >= INDIFFERENT:
            return False
    return True


def search_nets(draw: Callable[[int], dict[int, list[int]]], budget: int) -> dict[int, list[int]]:
    """Each value's play-outs, holding by holding, from ``draw(n)`` (``n`` more holdings
    played out): ``FIRST_LOOK`` holdings, then ``LOOK_EVERY`` more at a time until one value
    is clearly best (``settled``) or ``budget`` are drawn."""
    drawn = min(budget, FIRST_LOOK)
    nets = draw(drawn)
    while drawn < budget and not settled(nets):
        more = min(LOOK_EVERY, budget - drawn)
        for value, found in draw(more).items():
            nets[value].extend(found)
        drawn += more
    return nets


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchStrategy(ExpertStrategy):
    """The expert's lay-away; in the play, a search of up to ``budget`` holdings per choice."""

    name = "search"
    description = (
        "Lays away as expert. In the play, with a choice, draws up to `budget` holdings of "
        "the others (until one value is clearly best) consistent with what the seat has seen "
        "(the tiles laid, the goes said and the others' lay-aways, as the expert would make "
        "them with two players and expected with more), plays each value out against each, "
        "both laying by the expert's play table (with three or four players every seat "
        "minding the next seat's best reply), and lays the best."
    )

    def __init__(self, budget: int | None = None, tables: ExpertTables | None = None) -> None:
        super().__init__(tables)
        self.budget = budget
        """The most holdings per choice; None: ``DEFAULT_BUDGET``
        (``DEFAULT_BUDGET_MORE_PLAYERS`` with three or four players)."""

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable
        if playable[0].value == playable[-1].value:
            return playable[0]
        view = seat.view()
        if view.players == EXPERT_PLAYERS:
            budget = DEFAULT_BUDGET if self.budget is None else self.budget
            nets = search_nets(self._two_player_nets(seat, view), budget)
        else:
            budget = DEFAULT_BUDGET_MORE_PLAYERS if self.budget is None else self.budget
            nets = search_nets(_seat_nets(view, _sampler(view)), budget)
        totals = {v: sum(n) for v, n in nets.items()}
        value = max(totals, key=lambda v: (totals[v], v))
        return next(tile for tile in playable if tile.value == value)

    def _two_player_nets(self, seat: Seat, view: SeatView) -> Callable[[int], dict[int, list[int]]]:
        """The play-outs of ``n`` more holdings of the other, drawn against the expert's
        lay-away, both laying by the expert's play table."""
        other = next_seat(view.seat, EXPERT_PLAYERS)
        key = play_key(seat)
        assert key is not None, "a choice of values"
        tables, rng = self.tables, Random(view.seed)
        sampler = AgainstLayAway(ExpertLayAway(tables))
        return lambda n: play_nets(
            key, [deal[other] for deal in sampler.deals(view, rng, n)], tables.play
        )


def _sampler(view: SeatView) -> Sampler:
    """How the others' holdings are drawn with three or four players: against ``expected``'s
    lay-aways where the seat knows the rules (a seat of a game), else uniformly."""
    if view.rules is None or len(view.played) != len(view.sides):
        return UNIFORM
    return AGAINST_EXPECTED


def _seat_nets(view: SeatView, sampler: Sampler) -> Callable[[int], dict[int, list[int]]]:
    """The careful play-outs of ``n`` more deals drawn by ``sampler``."""
    rng = Random(view.seed)
    return lambda n: seat_nets(view, sampler.deals(view, rng, n), True)
