"""The top player's strength and its CPU a move (issue 56 item 2): paired games of a search
player against another, each decision timed.

Run from the repository root, after ./scripts/setup (the compiled engine), one process:
    .venv/bin/python bench/top_search.py --player search --against expected --deals 1000
    .venv/bin/python bench/top_search.py --player search:near=-1 --against search --deals 1000

A player is a registered strategy's name with options after colons: ``search:budget=300``,
``search:near=-1`` (``SearchStrategy(near=...)``: points from the target from which its
choices are valued by the chance to win; -1, never: the search before issue 56),
``search:lay_near=-1`` (from which its lay-away is by the chance to win; -1, never: the
expert's).

Paired deals as the ladder plays them (``scoring_api.research.ladder``): deal ``i`` is game
``i`` of the run of ``--seed``, played twice, the player in seat 0 then in seat 1, the same
tiles to the same seats. Printed: the player's win rate with the Wilson and the paired 95%
intervals, and the CPU time (``time.process_time``, one core) of its decisions: the median,
95th percentile and most of a play's tile (choices of values only; a forced tile costs
nothing) and of a lay-away. Nothing here asserts; bench/README.md holds the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence

import checkout  # noqa: F401

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile
from scoring_api.sim.intervals import paired_interval, wilson_interval
from scoring_api.sim.layaway import DrawnValues, Positions
from scoring_api.sim.layaway_chance import NEAR as LAY_NEAR
from scoring_api.sim.registry import named
from scoring_api.sim.runs import RunGames, SimulationRequest
from scoring_api.sim.search import NEAR_END, SearchStrategy
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import Strategy

SEED = 56_2_001
"""The evaluation's default seed: no other bench and nothing of the search was tuned on it."""


class Clocked(Strategy):
    """A strategy whose decisions' CPU seconds are kept, a play's (with a choice) and a
    lay-away's apart."""

    name = "clocked"
    description = "A bench player, its decisions timed."
    seat_seconds = 0.0

    def __init__(self, inner: Strategy) -> None:
        self.inner = inner
        self.plays: list[float] = []
        self.lay_aways: list[float] = []

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        started = time.process_time()
        positions = self.inner.discard(values, own_crib, rules, rng, scores)
        self.lay_aways.append(time.process_time() - started)
        return positions

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        choice = seat.playable[0].value != seat.playable[-1].value
        started = time.process_time()
        tile = self.inner.lay(seat, rng)
        if choice:
            self.plays.append(time.process_time() - started)
        return tile


def player(spec: str) -> Strategy:
    """``name[:option=value...]``: a registered strategy, or search with its options."""
    name, *options = spec.split(":")
    settings = {key: int(value) for key, value in (option.split("=") for option in options)}
    if name == "search":
        near, lay_near = settings.get("near", NEAR_END), settings.get("lay_near", LAY_NEAR)
        return SearchStrategy(settings.get("budget"), near=near, lay_near=lay_near)
    if settings:
        raise SystemExit(f"{name} takes no options")
    return named(name)


def spread(seconds: list[float]) -> str:
    """Median, 95th percentile and most, in milliseconds."""
    if len(seconds) < 2:
        return "n/a"
    p95 = statistics.quantiles(seconds, n=20)[-1]
    return (f"median {1e3 * statistics.median(seconds):.2f} ms, p95 {1e3 * p95:.2f} ms, "
            f"most {1e3 * max(seconds):.2f} ms ({len(seconds)} decisions)")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="search")
    parser.add_argument("--against", default="expected")
    parser.add_argument("--deals", type=int, default=1000, help="paired deals (two games each)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index")
    args = parser.parse_args()
    print(f"# bench/top_search.py {' '.join(sys.argv[1:])}  (load {os.getloadavg()[0]:.1f})")
    mine, theirs = Clocked(player(args.player)), Clocked(player(args.against))
    runs = []
    for lineup in ((mine, theirs), (theirs, mine)):
        request = SimulationRequest(
            (lineup[0].inner, lineup[1].inner), DEFAULT_RULES, args.seed, args.deals, args.first
        )
        runs.append((RunGames(request, strategies=lineup), lineup.index(mine)))
    started = time.process_time()
    wins = both = neither = 0
    for index in range(args.first, args.first + args.deals):
        won = sum(games.play(index).winner == seat for games, seat in runs)
        wins += won
        both += won == 2
        neither += won == 0
    games = 2 * args.deals
    low, high = wilson_interval(wins, games)
    plow, phigh = paired_interval(wins, both, neither, args.deals)
    print(f"{args.player} v {args.against}: {wins / games:.4f} of {games} games, "
          f"95% [{low:.4f}, {high:.4f}], paired [{plow:.4f}, {phigh:.4f}]")  # fmt: skip
    print(f"  deals won both ways {both}, split {args.deals - both - neither}, lost both {neither}")
    print(f"  {args.player} a play: {spread(mine.plays)}")
    print(f"  {args.player} a lay-away: {spread(mine.lay_aways)}")
    print(f"  CPU {time.process_time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
