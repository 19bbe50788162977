"""Luck apart from skill, shown to work (issue 53 item 2): the game review's luck taken out of
the margin and the result.

Run from the repository root, after ./scripts/setup (the compiled engine):
    .venv/bin/python bench/review_luck.py --baselines [--draws N]
    .venv/bin/python bench/review_luck.py [--games N] [--quick]

``--baselines``: the mean ``expected`` of a seat's drawn tiles by his place after the dealer,
for each mode and model the review uses (``review.luck.BASELINES``), over ``--draws`` random
deals (the ``k``-th mode's from the stream ``seeded(BASELINE_SEED).child(k)``), with its 95%
margin.

Otherwise two runs of ``--games`` two-player games (default 2,000; ``--quick`` 200), each
reviewed whole (``review_game``, the expert model, 300 play-outs):

1. expert against itself (game ``i`` from ``seeded(SELF_SEED).child(i)``): the margin (seat
   0's final score less seat 1's) and the margin with luck taken out (less seat 0's side
   luck in points, ``side_luck``); their variances and the ratio (target: at most a half).
   Beside it, as an experiment the service does not ship, the full-information luck (as if
   every hand were shown: each deal's net for the seat less the baseline, his own losses
   added back, so all but his choices is luck).
2. expert against expected (seats alternating; game ``i`` from
   ``seeded(PAIR_SEED).child(i)``): the expert's raw win rate and its mean adjusted result
   (``adjusted``: the result less the side's luck in the chance to win) with their 95%
   intervals; the adjusted result must find the expert stronger (above a half) with the
   narrower interval.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time

import checkout  # noqa: F401

from scoring_api.rules.constants import DEALS
from scoring_api.rules.game import score_game
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import ALL_TILES, by_value
from scoring_api.sim.advisor import advise_discards
from scoring_api.sim.game import play_game
from scoring_api.sim.game_records import recorded_deal
from scoring_api.sim.intervals import Z95
from scoring_api.sim.playouts.knowledge import opening_view
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.review.game import GameReview, GameToReview, review_game
from scoring_api.sim.review.inputs import DEFAULT_PLAYOUTS
from scoring_api.sim.review.worth import opening_value

MODES = {
    (2, False, "expert"): RuleOptions(),
    (2, False, "expected"): RuleOptions(),
    (3, False, "expected"): RuleOptions(players=3),
    (4, False, "expected"): RuleOptions(players=4),
    (4, True, "expected"): RuleOptions(players=4, partners=True),
}
BASELINE_SEED = 53_201
"""The root seed of ``--baselines``' deals (issue 53, item 2)."""
SELF_SEED = 53_202
"""The root seed of the expert's games against itself."""
PAIR_SEED = 53_203
"""The root seed of the expert's games against expected."""


def _interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def baselines(draws: int) -> None:
    print(f"mean expected of the drawn tiles by place after the dealer, {draws} deals:")
    for mode, ((players, partners, model), rules) in enumerate(MODES.items()):
        stream = seeded(BASELINE_SEED).child(mode)
        size = DEALS[players].drawn
        found: list[list[float]] = [[] for _ in range(players)]
        for _ in range(draws):
            tiles = list(ALL_TILES)
            stream.shuffle(tiles, players * size)
            dealer = 0
            for seat in range(players):
                drawn = by_value(tiles[seat * size : (seat + 1) * size])
                own_crib = rules.side_of(seat) == rules.side_of(dealer)
                advice = advise_discards(drawn, own_crib, rules, model)  # type: ignore[arg-type]
                best = advice.options[0]
                value = best.expected_net
                if best.expected_pegging is None:
                    kept = [tile.value for tile in advice.kept(best)]
                    view = opening_view(rules, dealer, seat, drawn, kept)
                    value += opening_value(view, DEFAULT_PLAYOUTS)
                found[(seat - dealer) % players].append(value)
        means = [_interval(values) for values in found]
        shown = ", ".join(f"{mean:.4f}" for mean, _ in means)
        margins = ", ".join(f"{half:.2f}" for _, half in means)
        print(f"    ({players}, {partners}, {model!r}): ({shown}),  # margins {margins}",
              flush=True)  # fmt: skip
    from scoring_api.sim.review.luck import BASELINES  # shipped after --baselines ran

    print(f"shipped: {BASELINES}")


def _review(players: list[str], stream: Stream, dealer: int) -> tuple[GameReview, tuple[int, ...]]:
    rules = RuleOptions()
    game = play_game([strategy_for(name) for name in players], rules, stream, dealer,
                     transcript=True)  # fmt: skip
    records = game.transcript or []
    scored = score_game(rules, [recorded_deal(record) for record in records])
    drawn = [record.hands for record in records]
    review = review_game(GameToReview(rules, scored, drawn, "expert", DEFAULT_PLAYOUTS))
    return review, tuple(scored.scores)


def _full_information(review: GameReview, seat: int) -> float:
    """Seat's side luck as if every hand were shown: each deal's net for him less the
    baseline, his losses added back; the other's the same, taken off."""
    from scoring_api.sim.review.luck import BASELINES  # shipped after --baselines ran

    base = BASELINES[(2, False, "expert")]
    luck = 0.0
    for deal in review.deals:
        if deal.review is None:
            continue
        dealer = next(
            (d.seat for d in deal.luck if d.kind == "crib"), None
        )  # the dealer's crib event names him; without it, skip the deal
        if dealer is None:
            continue
        for summary in deal.review.seats:
            if summary.scored is None:
                continue
            own = summary.scored - base[(summary.seat - dealer) % 2]
            own += summary.lay_away_loss + summary.play_loss
            luck += own if summary.seat == seat else -own
    return luck


def self_play(games: int) -> None:
    raw: list[float] = []
    adjusted: list[float] = []
    full: list[float] = []
    for index in range(games):
        review, scores = _review(["expert", "expert"], seeded(SELF_SEED).child(index),
                                 index % 2)  # fmt: skip
        margin = scores[0] - scores[1]
        raw.append(margin)
        adjusted.append(margin - review.players[0].side_luck)
        full.append(margin - _full_information(review, 0))
    var_raw, var_adj, var_full = (statistics.variance(v) for v in (raw, adjusted, full))
    print(f"expert v expert, {games} games: margin variance {var_raw:.1f}; luck taken out "
          f"(honest, shipped) {var_adj:.1f}, ratio {var_adj / var_raw:.3f} (target <= 0.5); "
          f"full information (experiment) {var_full:.1f}, ratio {var_full / var_raw:.3f}",
          flush=True)  # fmt: skip
    print(f"  mean margin {statistics.fmean(raw):.2f}, adjusted {statistics.fmean(adjusted):.2f}")


def pair(games: int) -> None:
    wins: list[float] = []
    adjusted: list[float] = []
    for index in range(games):
        seat = index % 2
        players = ["expected", "expected"]
        players[seat] = "expert"
        review, _ = _review(players, seeded(PAIR_SEED).child(index), (index // 2) % 2)
        player = review.players[seat]
        won = review.end[player.side]
        wins.append(won)
        adjusted.append(player.adjusted)
    (w, wh), (a, ah) = _interval(wins), _interval(adjusted)
    print(f"expert v expected, {games} games: expert's win rate {w:.4f} ± {wh:.4f} "
          f"[{w - wh:.4f}, {w + wh:.4f}]; adjusted result {a:.4f} ± {ah:.4f} "
          f"[{a - ah:.4f}, {a + ah:.4f}]; interval width ratio {ah / wh:.3f}",
          flush=True)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="200 games each")
    parser.add_argument("--baselines", action="store_true")
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--only", choices=["self", "pair"])
    args = parser.parse_args()
    if args.quick:
        args.games = 200
    print(f"# bench/review_luck.py {' '.join(sys.argv[1:])}  (load {os.getloadavg()[0]:.1f})")
    started = time.monotonic()
    if args.baselines:
        baselines(args.draws)
    else:
        if args.only in (None, "self"):
            self_play(args.games)
        if args.only in (None, "pair"):
            pair(args.games)
    print(f"{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
