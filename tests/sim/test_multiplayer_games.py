"""Whole games for three and four players and two partnerships (docs/rules.md section 8):
the deal's tile counts, the show order, scores per side, the game end, shards, statistics."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from scoring_api.rules import ALL_TILES, RuleOptions, parse_rules, show_total
from scoring_api.rules.stream import seeded
from scoring_api.sim.outcome import DealRecord
from scoring_api.sim.registry import STRATEGIES, lineup_of
from scoring_api.sim.runs import (
    SimulationRequest,
    Totals,
    draw_for_dealer,
    play_all,
    run,
    summarize,
)

from .helpers import check_game, small_lineup

MODES = {
    "three": parse_rules({"players": 3}),
    "four": parse_rules({"players": 4}),
    "partners": parse_rules({"players": 4, "partners": True}),
}
# Tiles a deal uses: each seat's draw, the blind crib tile, the starter (section 8.1).
TILES_USED = {3: 17, 4: 21}


def lineups(players: int) -> list[tuple[str, ...]]:
    names = [s.name for s in STRATEGIES if s.refusal(players) is None]
    return [tuple(names[(k + seat) % len(names)] for seat in range(players)) for k in range(3)]


def check_deal(record: DealRecord, rules: RuleOptions) -> None:
    n = rules.players
    assert len(record.hands) == len(record.discards) == n
    assert all(len(drawn) == 5 for drawn in record.hands)
    assert all(len(away) == 1 for away in record.discards)
    assert len(record.blind) == (1 if n == 3 else 0)
    used = [tile for drawn in record.hands for tile in drawn] + record.blind + [record.starter]
    assert len(used) == len(set(used)) == TILES_USED[n]
    kept = [
        [t for t in drawn if t not in away]
        for drawn, away in zip(record.hands, record.discards, strict=True)
    ]
    assert all(len(hand) == 4 for hand in kept)
    laid = [(play.player, play.tile) for play in record.plays if play.tile is not None]
    assert all(tile in kept[seat] for seat, tile in laid)
    assert all(0 <= play.count <= 31 for play in record.plays)
    crib = [away[0] for away in record.discards] + record.blind
    assert len(crib) == 4
    # The show: from the dealer's left round to the dealer, then the crib (section 8.3).
    order = [(record.dealer + k) % n for k in range(1, n + 1)]
    expected = [
        ("dealer" if seat == record.dealer else "non_dealer", seat, kept[seat]) for seat in order
    ] + [("crib", record.dealer, crib)]
    for shown, (whose, seat, tiles) in zip(record.shows, expected, strict=False):
        assert (shown.whose, shown.player) == (whose, seat)
        assert shown.total == show_total((*tiles, record.starter), rules)
        assert shown.total == sum(item.points for item in shown.items)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("lineup", range(3))
def test_games_add_up_and_stop_at_the_target(mode: str, lineup: int) -> None:
    rules = MODES[mode]
    names = lineups(rules.players)[lineup]
    request = SimulationRequest(small_lineup(names), rules, 20261201, 12, first_dealer="draw")
    for game in play_all(request, transcript=True):
        check_game(game, rules, check_deal)


def test_partnerships_play_to_121_and_credit_the_side() -> None:
    rules = MODES["partners"]
    assert rules.target == 121
    request = SimulationRequest(lineup_of(("expected",) * 4), rules, seed=3, games=10)
    for game in play_all(request, transcript=True):
        check_game(game, rules, check_deal)
        assert len(game.scores) == 2
        assert max(game.scores) >= 121


@pytest.mark.parametrize("mode", MODES)
def test_shards_merge_into_the_whole_run(mode: str) -> None:
    rules = MODES[mode]

    def shard(first: int, games: int) -> Totals:
        names = lineups(rules.players)[0]
        return run(SimulationRequest(lineup_of(names), rules, 11, games, first, "alternate"))

    merged = Totals.empty(rules)
    for first, games in ((0, 13), (13, 1), (14, 26)):
        merged.merge(Totals.from_dict(shard(first, games).as_dict()))
    assert merged == shard(0, 40)


def test_summaries_per_seat_and_per_side() -> None:
    rules = MODES["partners"]
    names = ("expected", "random", "expected", "random")
    totals = run(SimulationRequest(lineup_of(names), rules, 5, 60))
    summary = summarize(totals, lineup_of(names), rules)
    players, sides = summary["players"], summary["sides"]
    assert isinstance(players, list)
    assert isinstance(sides, list)
    assert [side["seats"] for side in sides] == [[0, 2], [1, 3]]
    assert sum(side["wins"] for side in sides) == 60
    for seat, player in enumerate(players):
        assert player["wins"] == sides[seat % 2]["wins"]
    assert sides[0]["wins"] > sides[1]["wins"]  # expected against random


def test_draw_for_dealer_gives_every_seat_a_fair_share() -> None:

    rng = seeded(7)
    counts = [0, 0, 0]
    for _ in range(3000):
        counts[draw_for_dealer(rng, 3)] += 1
    assert all(900 < count < 1100 for count in counts), counts


def _exhaustive_mean() -> float:
    totals = [
        show_total((*hand, starter))
        for hand in combinations(ALL_TILES, 4)
        for starter in ALL_TILES
        if starter not in hand
    ]
    return sum(totals) / len(totals)


@pytest.mark.parametrize("mode", MODES)
def test_random_hands_and_cribs_show_the_exhaustive_mean(mode: str) -> None:
    """With random lay-aways every hand and crib is a uniformly random four tiles with a
    random starter: their mean show is the mean over all 491,400 shows."""
    exhaustive = _exhaustive_mean()
    assert round(exhaustive, 3) == 5.644
    rules = MODES[mode]
    totals = run(SimulationRequest(lineup_of(("random",) * rules.players), rules, 99, 400))
    for histogram in (totals.hand_scores, totals.crib_scores):
        shown = sum(histogram)
        mean = sum(total * count for total, count in enumerate(histogram)) / shown
        square = sum(total * total * count for total, count in enumerate(histogram)) / shown
        error = math.sqrt((square - mean * mean) / shown)
        assert abs(mean - exhaustive) < 4 * error, (mode, mean, error)
