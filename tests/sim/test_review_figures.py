"""The review's figures are honest: checks that fail if its losses were wrong.

- The expert's own deals: no lay-away loss at all where its lay-away is the model's best,
  and a small play loss.
- The ladder: over 1,000 deals each, random loses more than greedy, greedy than expected,
  expected than the expert (95% intervals apart).
- Replays: decisions the review flags as mistakes or worse are replaced by its best choice,
  and the rest of the deal is played again many times through the referee (every seat the
  expert, the others' tiles dealt anew within what the seat knew, the same deals for both
  choices); the gain found is the loss the review stated, within its interval.

A few minutes on two cores (marked ``review_figures``); the figures behind docs/review.md
come from bench/review_figures.py, with more deals and play-outs.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from itertools import pairwise
from statistics import fmean, stdev

import pytest

from scoring_api.rules import ALL_TILES, DEFAULT_RULES, Play, Tile
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import next_seat
from scoring_api.rules.show import show_total
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import tile_mask
from scoring_api.sim.intervals import Z95
from scoring_api.sim.playouts.nets import net
from scoring_api.sim.ranks import ranks_of
from scoring_api.sim.registry import lineup_of, named
from scoring_api.sim.review.deal import LayAwayDecision, PlayDecision, review_deal
from scoring_api.sim.review.inputs import ReviewRequest
from scoring_api.sim.review.reading import TileLaid, refereed
from scoring_api.sim.runs import SimulationRequest
from scoring_api.sim.seat import Seat

from .samples import request_from_record, whole_deals

pytestmark = pytest.mark.review_figures

SEED = 20261203
LADDER = ("random", "greedy", "expected", "expert")
LADDER_DEALS = 1000
LADDER_PLAYOUTS = 20  # the order shows through the play-outs' noise even at this few
FLAGGED_PLAYOUTS = 1000
REPLAYS = 300
EXPERT = named("expert")


def _deals(lineup: tuple[str, ...], games: int, first: int = 0) -> list[ReviewRequest]:
    run = SimulationRequest(lineup_of(lineup), DEFAULT_RULES, SEED, games, first)
    return [request_from_record(r, run, "expert") for r in whole_deals(run)]


def _losses(args: tuple[str, int, int]) -> list[tuple[float, float]]:
    """(lay-away, play) loss of every seat of the whole deals of ``games`` games."""
    strategy, first, games = args
    found = []
    for request in _deals((strategy, strategy), games, first):
        review = review_deal(replace(request, playouts=LADDER_PLAYOUTS))
        found += [(seat.lay_away_loss, seat.play_loss) for seat in review.seats]
    return found


def _interval(values: Sequence[float]) -> tuple[float, float]:
    mean, half = fmean(values), Z95 * stdev(values) / math.sqrt(len(values))
    return mean - half, mean + half


@pytest.mark.slow
def test_the_ladder_loses_in_its_order() -> None:
    workers = min(len(os.sched_getaffinity(0)), 4)
    context = multiprocessing.get_context("spawn")
    totals: dict[str, list[float]] = {}
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        for strategy in LADDER:
            found: list[tuple[float, float]] = []
            first = 0
            while len(found) < 2 * LADDER_DEALS:
                batch = [(strategy, first + k * 20, 20) for k in range(workers)]
                first += workers * 20
                for part in pool.map(_losses, batch):
                    found += part
            found = found[: 2 * LADDER_DEALS]
            totals[strategy] = [lay + play for lay, play in found]
            if strategy == "expert":
                assert all(lay == 0 for lay, _ in found)  # its lay-away is the model's best
    intervals = [_interval(totals[strategy]) for strategy in LADDER]
    print({s: (round(a, 3), round(b, 3)) for s, (a, b) in zip(LADDER, intervals, strict=True)})
    for (low, _), (_, high) in pairwise(intervals):
        assert low > high  # every rung loses less than the one below it, intervals apart


def _play_rest(referee: PlayReferee, seen: Sequence[int], rng: Stream) -> None:
    """Every seat lays as the expert does until the play ends, knowing what a game tells it."""
    n = referee.players
    seats = [Seat((), (), 0, 4, seat) for seat in range(n)]
    for seat in seats:
        seat.public = referee.public  # as the game hands it over
    while (player := referee.turn) is not None:
        playable = referee.fitting(player)
        if not playable:
            referee.go(player)
            continue
        seat = seats[player]
        seat.playable_ranks, seat.count_code = ranks_of(playable), referee.count_code
        seat.hand_ranks = ranks_of(referee.held[player] or 0)
        seat.seen = seen[player] | referee.used
        seat.opponent_tiles = 4 - referee.laid_by[next_seat(player, n)]
        seat.passed_mask = referee.passed_mask
        referee.lay(player, EXPERT.lay(seat, rng))


def _lay(referee: PlayReferee, seat: int, tile: Tile) -> None:
    """Lay ``tile``, the goes before it said (play is compulsory, the hands are known)."""
    while referee.turn != seat or not referee.fits(tile):
        assert referee.turn is not None
        referee.go(referee.turn)
    referee.lay(seat, tile)


def _replay_prefix(referee: PlayReferee, plays: Sequence[Play]) -> None:
    for play in plays:
        if play.tile is not None:
            _lay(referee, play.player, play.tile)


def _holdings(laid: TileLaid, pool: list[Tile], rng: Stream) -> list[list[Tile]] | None:
    """The others' tiles in hand, dealt uniformly among all that fit what the seat knew
    (every go said), by rejection; None after many tries."""
    view = laid.view
    for _ in range(100_000):
        rng.shuffle(pool)
        rest = iter(pool)
        hands = [[] if s == view.seat else [next(rest) for _ in range(view.held[s])]
                 for s in range(view.players)]  # fmt: skip
        if all(t.value > view.above[s] for s, hand in enumerate(hands) for t in hand):
            return hands
    return None


def _play_gain(request: ReviewRequest, laid: TileLaid, best: Tile, rng: Stream) -> float:
    """The mean gain of laying ``best`` instead of the tile laid, replayed."""
    deal, view = request.deal, laid.view
    prefix = deal.plays[: laid.entry]
    before = [p for p in prefix if p.tile is not None]
    known = {*request.drawn[view.seat], deal.starter, *(p.tile for p in before)}
    pool = [tile for tile in ALL_TILES if tile not in known]
    gains = []
    for r in range(REPLAYS):
        dealt = _holdings(laid, pool, rng)
        assert dealt is not None
        hands = [
            list(deal.hands[s]) if s == view.seat
            else [*(p.tile for p in before if p.player == s), *dealt[s]]  # type: ignore[misc]
            for s in range(view.players)
        ]  # fmt: skip
        seen = [tile_mask(hand) | deal.starter.bit for hand in hands]
        seen[view.seat] = tile_mask(request.drawn[view.seat]) | deal.starter.bit
        outcome = []
        for tile in (laid.tile, best):
            referee = PlayReferee(view.players, deal.dealer, deal.starter, hands)
            _replay_prefix(referee, prefix)
            start = list(referee.scores)
            _lay(referee, view.seat, tile)
            _play_rest(referee, seen, seeded(r))
            gained = [after - b for after, b in zip(referee.scores, start, strict=True)]
            outcome.append(net(gained, view.sides, view.seat))
        gains.append(outcome[1] - outcome[0])
    return fmean(gains)


def _lay_away_gain(request: ReviewRequest, decision: LayAwayDecision, rng: Stream) -> float:
    """The mean gain of the best lay-away instead of his, the whole deal replayed."""
    deal, seat = request.deal, decision.seat
    other = next_seat(seat, 2)
    pool = [tile for tile in ALL_TILES if tile not in request.drawn[seat]]
    gains = []
    for r in range(REPLAYS):
        rng.shuffle(pool)
        his = sorted(pool[:6], key=lambda t: (t.value, t))
        starter = pool[6]
        away = EXPERT.discard(tuple(t.value for t in his), other == deal.dealer, deal.rules, rng)
        his_crib = [his[k] for k in away]
        his_hand = [t for t in his if t not in his_crib]
        outcome = []
        for option in (decision.chosen, decision.best):
            keep = list(decision.advice.kept(option))
            hands = [keep, his_hand] if seat == 0 else [his_hand, keep]
            referee = PlayReferee(2, deal.dealer, starter, hands)
            seen = [0, 0]
            seen[seat] = tile_mask(request.drawn[seat]) | starter.bit
            seen[other] = tile_mask(his) | starter.bit
            _play_rest(referee, seen, seeded(r))
            crib = show_total((*decision.advice.laid_away(option), *his_crib, starter), deal.rules)
            mine = seat == deal.dealer
            hand = show_total((*keep, starter), deal.rules)
            play = referee.scores[seat] - referee.scores[other]
            outcome.append(hand + (crib if mine else -crib) + play)
        gains.append(outcome[1] - outcome[0])
    return fmean(gains)


def _check(stated: list[float], found: list[float], what: str) -> None:
    """The replayed gains of the flagged decisions against the losses the review stated: never
    more than stated (at 95%), and at least half of it. Not "no less than stated": a decision
    is flagged, and its best named, because its stated loss came out large, so over flagged
    decisions the stated mean runs above the truth (the winner's curse; it did so on the first
    stream too, by up to 0.4 points at some seeds), and an unbiased replay comes out below it."""
    differences = [f - s for f, s in zip(found, stated, strict=True)]
    low, high = _interval(differences)
    print(f"{what}: {len(stated)} decisions, stated {fmean(stated):.3f}, replayed "
          f"{fmean(found):.3f}, difference in [{low:.3f}, {high:.3f}]")  # fmt: skip
    assert low <= 0
    assert fmean(found) > 0.5 * fmean(stated)


@pytest.mark.slow
def test_replacing_a_flagged_decision_gains_what_the_review_stated() -> None:
    rng = seeded(SEED)
    plays: tuple[list[float], list[float]] = ([], [])
    lay_aways: tuple[list[float], list[float]] = ([], [])
    for request in _deals(("greedy", "random"), 6, first=1000):
        request = replace(request, playouts=FLAGGED_PLAYOUTS)
        review = review_deal(request)
        views = {tile.entry: tile for tile in refereed(request.deal, request.drawn)[1]}
        for decision in review.decisions:
            if decision.label not in ("mistake", "blunder"):
                continue
            if isinstance(decision, PlayDecision) and len(plays[0]) < 30:
                plays[0].append(decision.loss)
                plays[1].append(_play_gain(request, views[decision.entry], decision.best, rng))
            elif isinstance(decision, LayAwayDecision) and len(lay_aways[0]) < 20:
                lay_aways[0].append(decision.loss)
                lay_aways[1].append(_lay_away_gain(request, decision, rng))
    assert len(plays[0]) >= 20
    assert len(lay_aways[0]) >= 10
    _check(*plays, "tiles of the play")
    _check(*lay_aways, "lay-aways")
