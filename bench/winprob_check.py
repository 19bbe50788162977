"""The chance to win against simulated games: between deals from stated positions, and
inside deals over whole games (calibration).

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/winprob_check.py [--games N] [--calibration N]

1. Positions between deals: from each stated position (mode, target, scores, who deals),
   ``--games`` games played on by expert players (``sim.game.play_on``, seeds of their own,
   disjoint from the tables' library); each side's share of wins with its 95% Wilson
   interval, beside the chance ``POST /v1/games/win-probability`` answers. For two sides
   the chance is exact on the tables' library, so the share's interval should hold it
   about 95% of the time; for three and four sides the chance is itself a share of play-outs,
   and the difference is compared with both intervals combined.
2. Inside deals: ``--calibration`` whole games of each mode from nought, every event of
   every deal refereed by ``score_game`` with the chance after it (what ``/v1/deals/score``
   answers); the chances of side 0 grouped in tenths, each group's mean chance beside the
   share of those games side 0 won, with the share's Wilson interval.

Nothing here asserts: docs/winprob.md and bench/README.md hold the figures.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

import checkout  # noqa: F401

from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import seeded
from scoring_api.sim.expert.strategy import ExpertStrategy
from scoring_api.sim.game import play_game, play_on
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.intervals import Z95, wilson_interval
from scoring_api.sim.winprob.chances import PLAYOUTS, chances
from scoring_api.sim.winprob.deals import deal_chances

TWO, THREE, FOUR = RuleOptions(), RuleOptions(players=3), RuleOptions(players=4)
TWO_121 = RuleOptions(target=121)
PARTNERS = RuleOptions(players=4, partners=True, target=121)
POSITIONS: list[tuple[str, RuleOptions, tuple[int, ...], int]] = [
    ("two to 61, the start", TWO, (0, 0), 0),
    ("two to 61, 30-45", TWO, (30, 45), 1),
    ("two to 61, 55-58, 55 deals", TWO, (55, 58), 0),
    ("two to 61, 58-55, 58 deals", TWO, (58, 55), 0),
    ("two to 61, 50-59, 59 deals", TWO, (50, 59), 1),
    ("two to 121, the start", TWO_121, (0, 0), 0),
    ("two to 121, 100-110", TWO_121, (100, 110), 1),
    ("two to 121, 115-118", TWO_121, (115, 118), 0),
    ("partners to 121, the start", PARTNERS, (0, 0), 3),
    ("partners to 121, 100-95", PARTNERS, (100, 95), 0),
    ("three to 61, the start", THREE, (0, 0, 0), 2),
    ("three to 61, 40-52-30", THREE, (40, 52, 30), 2),
    ("three to 61, 55-50-58", THREE, (55, 50, 58), 0),
    ("four to 61, the start", FOUR, (0, 0, 0, 0), 3),
    ("four to 61, 50-45-55-40", FOUR, (50, 45, 55, 40), 1),
]
SEED = 20261207
"""The run whose child ``k`` is position ``k``'s games, ``len(POSITIONS) + c`` calibration
``c``'s (``CALIBRATIONS``); game ``i`` the child ``i`` of that (stream version 2)."""
CALIBRATIONS = ("two to 61", "partners to 121", "three to 61", "four to 61")


def _players(rules: RuleOptions) -> list[ExpertStrategy]:
    return [ExpertStrategy()] * rules.players


def between(games: int) -> tuple[int, int]:
    """Each position's shares and chances; (sides agreeing, sides) overall."""
    agreeing = total = 0
    print(f"\n## Between deals: {games} games from each position")
    print("| position | side | chance | share of wins | 95% interval | agrees |")
    print("| --- | --- | --- | --- | --- | --- |")
    for place, (name, rules, scores, dealer) in enumerate(POSITIONS):
        wins = [0] * rules.sides
        for i in range(games):
            rng = seeded(SEED).child(place).child(i)
            wins[play_on(_players(rules), rules, rng, dealer, scores).winner] += 1
        chance = chances(rules, scores, dealer)
        for side, won in enumerate(wins):
            low, high = wilson_interval(won, games)
            share = won / games
            if rules.sides == 2:
                agrees = low <= chance[side] <= high
            else:  # both are shares: the difference against both intervals combined
                p = (share + chance[side]) / 2
                half = Z95 * math.sqrt(p * (1 - p) * (1 / games + 1 / PLAYOUTS))
                agrees = abs(share - chance[side]) <= half
            agreeing += agrees
            total += 1
            verdict = "yes" if agrees else "NO"
            print(f"| {name} | {side} | {chance[side]:.4f} | {share:.4f} | "
                  f"[{low:.4f}, {high:.4f}] | {verdict} |")  # fmt: skip
    print(f"\n{agreeing} of {total} sides agree within the intervals")
    return agreeing, total


STAGES = ("the play", "the show")


def calibration(rules: RuleOptions, games: int, label: str) -> None:
    """The chance for side 0 after the events inside deals against whether side 0 won, in
    tenths, the play (the starter and every tile) apart from the show: each game counts once
    in a tenth of a stage (its first event there), so the games of a group are independent."""
    groups = {stage: [[] for _ in range(10)] for stage in STAGES}
    for i in range(games):
        rng = seeded(SEED).child(len(POSITIONS) + CALIBRATIONS.index(label)).child(i)
        game = play_game(_players(rules), rules, rng, i % rules.players, transcript=True)
        deals = [recorded_deal(record) for record in game.transcript or []]
        won = game.winner == 0
        first: dict[tuple[str, int], float] = {}
        for refereed in score_game(rules, deals).deals:
            if refereed.deal is None or refereed.score is None:
                continue
            events = refereed.score.events
            if refereed.score.winner is not None:  # the winning event: 1 or 0
                events = events[: refereed.score.winner.event]
            after = deal_chances(refereed.deal, refereed.score).events
            for event, chance in zip(events, after, strict=False):
                stage = STAGES[event.kind in ("hand", "crib", "muggins")]
                first.setdefault((stage, min(int(chance[0] * 10), 9)), chance[0])
        for (stage, tenth), chance in first.items():
            groups[stage][tenth].append((chance, won))
    for stage, tenths in groups.items():
        _calibration_table(f"{label}, {stage}: {games} games, each once per tenth", tenths)


def _calibration_table(title: str, groups: list[list[tuple[float, bool]]]) -> None:
    print(f"\n## Inside deals, {title}")
    print("| chance of side 0 | games | mean chance | share won | 95% interval | agrees |")
    print("| --- | --- | --- | --- | --- | --- |")
    agreeing = 0
    for tenth, group in enumerate(groups):
        if not group:
            continue
        mean = sum(p for p, _ in group) / len(group)
        won = sum(w for _, w in group)
        low, high = wilson_interval(won, len(group))
        agrees = low <= mean <= high
        agreeing += agrees
        verdict = "yes" if agrees else "NO"
        print(f"| {tenth / 10:.1f}-{(tenth + 1) / 10:.1f} | {len(group)} | {mean:.4f} | "
              f"{won / len(group):.4f} | [{low:.4f}, {high:.4f}] | {verdict} |")  # fmt: skip
    print(f"\n{agreeing} of {sum(bool(g) for g in groups)} groups agree")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--calibration", type=int, default=4_000)
    parser.add_argument("--small-calibration", type=int, default=600, help="three and four")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    print(f"# bench/winprob_check.py {' '.join(sys.argv[1:])}  (load {load:.1f})")
    started = time.monotonic()
    between(args.games)
    calibration(TWO, args.calibration, "two to 61")
    calibration(PARTNERS, args.calibration // 4, "partners to 121")
    calibration(THREE, args.small_calibration, "three to 61")
    calibration(FOUR, args.small_calibration, "four to 61")
    print(f"\n{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
