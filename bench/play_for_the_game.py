"""Play for the game, not the points (issue 42 item 5): does a player that values its tiles
near the end of a game by the chance to win beat one that values them by points?

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/play_for_the_game.py --base expert --seeds 10000
    .venv/bin/python bench/play_for_the_game.py --base expert --against points --seeds 10000
    .venv/bin/python bench/play_for_the_game.py --base search --seeds 2000

``ForTheGame`` plays as its base (``expert``, or ``search`` at ``--search-budget``) until a
side is within ``--near`` points of the target. From then on, at each choice of the play
(two values that fit), it draws ``--budget`` holdings of the other as ``search`` does (his
lay-away of six as the expert would make it, the tiles he laid, his goes) and plays each
value out against each, both laying by the expert's play table, as ``search`` does; but it
values a play-out by the chance to win it ends with, not by its net points: the side that
first reaches the target in the play wins (the play-out goes tile by tile), else each hand
is counted (his own, the other's drawn one with the tiles he laid) and the chance read at
the show from the tables (docs/winprob.md: the crib by the starter's value, then the deals
to come). It lays the value with the best mean chance. Its lay-away is the base's.

``--against base``: it plays its base. ``--against points``: it plays the same player valuing
the same play-outs by net points (``search``'s measure, near the end only): the chance alone
is what differs.

Paired games (two players, to 61, seed "play-for-the-game"): each seed played twice, with
``ForTheGame`` in seat 0 and in seat 1, the same tiles to the same seats (no player draws
from the game's random numbers); the first dealer alternates by seed. Printed: its win rate
with the Wilson and the paired 95% intervals, how many choices near the end it valued and in
how many the best value by the chance was not the best by points. Nothing here asserts:
docs/simulation.md and bench/README.md hold the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from random import Random

import checkout  # noqa: F401

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import points_of_code, values_code, with_value
from scoring_api.rules.seats import next_seat
from scoring_api.rules.show import show_table, value_keys
from scoring_api.rules.tiles import Tile, tiles_in
from scoring_api.sim.expert.strategy import ExpertLayAway, ExpertStrategy
from scoring_api.sim.game import play_game
from scoring_api.sim.playouts.holdings import AgainstLayAway
from scoring_api.sim.playouts.two_player import _table_value as table_value
from scoring_api.sim.playouts.two_player import packed_play
from scoring_api.sim.runs import paired_interval, wilson_interval
from scoring_api.sim.search import SearchStrategy
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import Strategy
from scoring_api.sim.winprob.chances import Moment, chances
from scoring_api.sim.winprob.montecarlo import SHOW_STAGE

RULES = RuleOptions()
ME, OTHER = 0, 1
OTHER_OF = (OTHER, ME)
"""The play-out's two seats: the player (ME) and the other."""


SHOWN = show_table(RULES)


def _hand_total(values: list[int], starter: Tile) -> int:
    """A hand's points with the starter, from their values alone (as the show counts)."""
    return SHOWN[value_keys([*values, starter.value])]


def _rest_points(
    mine: list[int],
    count_values: tuple[int, ...],
    passed: bool,
    his: list[int],
    value: int,
    room: tuple[int, int],
) -> tuple[list[int], int]:
    """Each seat's points from his laying ``value`` to the end of the play, both laying by the
    expert's table (``play_out``'s rules, one tile at a time so that the order is known): ME,
    OTHER; and the seat that first scored its ``room`` (the points it lacks), or -1."""
    hands = [sorted(mine), sorted(his)]
    hands[ME].remove(value)
    code, count = values_code(count_values), sum(count_values)
    gone = [False, passed]
    points = [0, 0]
    turn, last, laid = ME, ME, value

    def score(seat: int, gained: int) -> int:
        points[seat] += gained
        return seat if points[seat] >= room[seat] else -1

    while True:
        other = OTHER_OF[turn]
        if laid < 0:  # go
            gone[turn] = True
            if not gone[other] and hands[other]:
                turn, laid = other, _next(hands, other, code, count, gone)
                continue
            first = score(last, 1)
        else:
            code, count = with_value(code, laid), count + laid
            first = score(turn, points_of_code(code, count))
            last = turn
            if first < 0 and count != MAX_COUNT:
                if not gone[other] and hands[other]:
                    turn, laid = other, _next(hands, other, code, count, gone)
                    continue
                if hands[turn]:
                    laid = _next(hands, turn, code, count, gone)
                    continue
                first = score(turn, 1)
        if first >= 0:
            return points, first
        code, count, gone = 0, 0, [False, False]
        after = OTHER_OF[last]
        if not hands[after] and not hands[last]:
            return points, -1
        turn = after if hands[after] else last
        laid = _next(hands, turn, code, count, gone)


def _next(hands: list[list[int]], seat: int, code: int, count: int, gone: list[bool]) -> int:
    """The value ``seat`` lays by the expert's table (taken from his hand), -1 for a go."""
    other = OTHER_OF[seat]
    value = table_value(
        PACKED, hands[seat], code, MAX_COUNT - count, len(hands[other]), gone[other]
    )
    if value >= 0:
        hands[seat].remove(value)
    return value


class ForTheGame(Strategy):
    """Plays as ``base``; near the end of the game, plays each value out against drawn
    holdings of the other and lays by the mean chance to win (``by="chance"``) or, the
    control, by the mean net points of the play (``by="points"``: ``search``'s measure)."""

    name = "for-the-game"
    description = "bench/play_for_the_game.py"

    def __init__(self, base: Strategy, near: int, budget: int, by: str = "chance") -> None:
        self.base, self.near, self.budget, self.by = base, near, budget, by
        self.decided = 0
        """Choices near the end with two values that fit."""
        self.changed = 0
        """Of those, where the chance's best value was not the points' best (same play-outs)."""

    def discard(self, values, own_crib, rules, rng):  # type: ignore[no-untyped-def]
        return self.base.discard(values, own_crib, rules, rng)

    def lay(self, seat: Seat, rng: Random) -> Tile:
        playable = seat.playable
        near = max(seat.scores) >= RULES.target - self.near
        if not near or playable[0].value == playable[-1].value or seat.starter is None:
            return self.base.lay(seat, rng)
        other = next_seat(seat.seat, 2)
        view = seat.view()
        deals = SAMPLER.deals(view, Random(view.seed), self.budget)  # as search draws them
        holdings = [deal[other] for deal in deals]
        mine = [tile.value for tile in seat.remaining()]
        kept = mine + [tile.value for tile in tiles_in[seat.played[seat.seat]]]
        his_laid = [tile.value for tile in tiles_in[seat.played[other]]]
        by_chance = self.by == "chance"
        room = (RULES.target - seat.scores[seat.seat], RULES.target - seat.scores[other])
        chance: dict[int, float] = {}
        net: dict[int, int] = {}
        for value in sorted({tile.value for tile in playable}):
            chance[value], net[value] = 0.0, 0
            for his in holdings:
                points, first = _rest_points(
                    mine, seat.count_values, seat.passed[other], his, value, room
                )
                net[value] += points[ME] - points[OTHER]
                if not by_chance:
                    continue
                if first >= 0:  # a side reaches the target in the play: the game is over
                    chance[value] += first == ME
                else:
                    chance[value] += self._chance(seat, other, points, kept, his_laid + his)
        by_points = max(net, key=lambda v: (net[v], v))
        best = max(chance, key=lambda v: (chance[v], v)) if by_chance else by_points
        self.decided += 1
        self.changed += best != by_points
        return next(tile for tile in playable if tile.value == best)

    def _chance(
        self, seat: Seat, other: int, points: list[int], mine: list[int], his: list[int]
    ) -> float:
        """The seat's chance once the play-out's points are scored."""
        starter = seat.starter
        assert starter is not None
        scores = list(seat.scores)
        scores[seat.seat] += points[ME]
        scores[other] += points[OTHER]
        dealer = seat.dealer
        hands = {seat.seat: _hand_total(mine, starter), other: _hand_total(his, starter)}
        order = (next_seat(dealer, 2), dealer)  # the non-dealer shows first
        known = tuple(((s - dealer) % 2, hands[s]) for s in order)
        at = Moment(SHOW_STAGE, starter.value, known)
        return chances(RULES, scores, dealer, at)[seat.seat]


TABLES = ExpertStrategy().tables
PACKED = packed_play(TABLES.play)
SAMPLER = AgainstLayAway(ExpertLayAway(TABLES))


def _pair(args: tuple[int, str, str, int, int, int]) -> tuple[int, int, int]:
    """Seed ``i`` played both ways: (games won by ForTheGame: 0, 1 or 2; choices decided;
    changed)."""
    i, base_name, against, near, budget, search_budget = args
    base: Strategy = ExpertStrategy() if base_name == "expert" else SearchStrategy(search_budget)
    player = ForTheGame(base, near, budget)
    opponent = base if against == "base" else ForTheGame(base, near, budget, "points")
    won = 0
    for seat in (0, 1):
        players = [player, opponent] if seat == 0 else [opponent, player]
        game = play_game(players, RULES, Random(f"play-for-the-game:{i}"), i % 2)
        won += game.winner == seat
    return won, player.decided, player.changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", choices=["expert", "search"], default="expert")
    parser.add_argument("--against", choices=["base", "points"], default="base",
                        help="the base, or the same near the end valued by points")  # fmt: skip
    parser.add_argument("--seeds", type=int, default=10_000)
    parser.add_argument("--near", type=int, default=15, help="points from the target")
    parser.add_argument("--budget", type=int, default=200, help="holdings per choice near the end")
    parser.add_argument("--search-budget", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = parser.parse_args()
    print(f"# bench/play_for_the_game.py {' '.join(sys.argv[1:])}  "
          f"(load {os.getloadavg()[0]:.1f})")  # fmt: skip
    started = time.monotonic()
    work = [
        (i, args.base, args.against, args.near, args.budget, args.search_budget)
        for i in range(args.seeds)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_pair, work, chunksize=50))
    wins = sum(won for won, *_ in results)
    both = sum(won == 2 for won, *_ in results)
    neither = sum(won == 0 for won, *_ in results)
    decided = sum(d for _, d, _ in results)
    changed = sum(c for _, _, c in results)
    games = 2 * args.seeds
    low, high = wilson_interval(wins, games)
    plow, phigh = paired_interval(wins, both, neither, args.seeds)
    against = args.base if args.against == "base" else f"{args.base} (near the end by points)"
    print(f"for-the-game v {against}: {wins / games:.4f} of {games} games, "
          f"95% [{low:.4f}, {high:.4f}], paired [{plow:.4f}, {phigh:.4f}]")  # fmt: skip
    share = changed / max(decided, 1)
    print(f"choices decided by the chance: {decided} ({decided / games:.2f} a game), "
          f"another value than by points: {changed} ({share:.1%})")  # fmt: skip
    print(f"{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
