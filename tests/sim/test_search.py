"""The ``search`` strategy: it uses only what the seat knows, its holdings fit what he saw,
it leaves the game's own random numbers alone, and its budget is checked."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from random import Random

import pytest

from scoring_api.rules import RuleOptions
from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.tiles import Tile, tiles_in
from scoring_api.sim.expert.tables import shipped_tables
from scoring_api.sim.game import GameResult, play_game
from scoring_api.sim.registry import strategy_of
from scoring_api.sim.runs import (
    SimulationRequest,
    Totals,
    first_dealer_of,
    play_one,
    run,
    summarize,
)
from scoring_api.sim.search.holdings import draw_holding, other_view
from scoring_api.sim.search.strategy import DEFAULT_BUDGET, MAX_BUDGET, SearchStrategy
from scoring_api.sim.strategies import Seat

QUICK = 6
"""A small budget: every property checked here holds at any budget."""


def _others_changed(seat: Seat, rng: Random) -> Seat:
    """The same turn with every tile he has not seen dealt again: each other seat gets as
    many tiles, all of a value above his go floor, from the tiles he has not seen."""
    pool = list(tiles_in[seat.unseen()])
    held: list[int | None] = list(seat.held)
    order = sorted(range(len(held)), key=lambda s: -seat.above[s])  # the fullest goes first
    for other in order:
        if other == seat.seat:
            continue
        count = (held[other] or 0).bit_count()
        fits = [tile for tile in pool if tile.value > seat.above[other]]
        chosen: list[Tile] = []
        for _ in range(count):
            tile = fits.pop(int(rng.random() * len(fits)))
            pool.remove(tile)
            chosen.append(tile)
        held[other] = sum(tile.bit for tile in chosen)
    return replace(seat, held=held)


class Checker(SearchStrategy):
    """Search, asked every choice twice more: with the others' tiles dealt again, and with
    another game's random numbers. Each answer must be the same."""

    def __init__(self) -> None:
        super().__init__(QUICK)
        self.asked = 0
        self.changed = 0

    def lay(self, seat: Seat, rng: Random) -> Tile:
        chosen = super().lay(seat, rng)
        if seat.playable[0].value != seat.playable[-1].value:
            self.asked += 1
            other = _others_changed(seat, Random(self.asked))
            self.changed += other.held != seat.held
            assert super().lay(other, Random(-self.asked)) == chosen
        return chosen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_its_choice_does_not_change_with_any_tile_the_seat_has_not_seen(players: int) -> None:
    checker = Checker()
    rules = RuleOptions(players=players)
    others = ("expert", "expected", "greedy")[: players - 1]
    lineup = ("search", *others)
    for index in range(4 if players == 2 else 2):
        request = SimulationRequest(lineup, rules, seed=404, games=4)
        play_one_with(checker, request, index)
    assert checker.asked > 20
    assert checker.changed > checker.asked // 2  # the others' tiles did change


def play_one_with(strategy: SearchStrategy, request: SimulationRequest, index: int) -> None:
    """Game ``index`` of the request with ``strategy`` in seat 0."""
    rng = Random(f"{request.seed}:{index}")
    dealer = first_dealer_of(request, index, rng)
    play_game([strategy, *request.strategies()[1:]], request.rules, rng, dealer)


class HoldingsChecker(SearchStrategy):
    """Search, checking every holding it may draw against the truth of the deal."""

    def __init__(self) -> None:
        super().__init__(QUICK)
        self.drawn = 0

    def lay(self, seat: Seat, rng: Random) -> Tile:
        other = 1 - seat.seat
        view = other_view(seat, other)
        truth = sorted(tile.value for tile in tiles_in[seat.held[other] or 0])
        assert view.held == len(truth)
        assert sorted(view.laid) == sorted(
            tile.value for tile in tiles_in[seat.seen & ~seat.drawn & ~seat.starter]
        )
        if seat.passed[other]:  # he said go in this count: nothing of his fits it
            assert view.floor >= MAX_COUNT - sum(seat.count_values)
        assert all(value > view.floor for value in truth)
        draws = Random(self.drawn)
        for _ in range(10):
            holding = draw_holding(view, draws, shipped_tables().discard)
            self.drawn += 1
            assert len(holding) == len(truth)
            assert holding == sorted(holding)
            assert all(value > view.floor for value in holding)
            unseen = list(view.unseen)
            for value in holding:
                unseen.remove(value)  # raises unless a tile he has not seen
        return super().lay(seat, rng)


def test_holdings_fit_everything_the_seat_saw() -> None:
    checker = HoldingsChecker()
    request = SimulationRequest(("search", "expert"), RuleOptions(), seed=5, games=3)
    for index in range(3):
        play_one_with(checker, request, index)
    assert checker.drawn > 200


def _deals(game: GameResult) -> list[tuple[object, ...]]:
    assert game.transcript is not None
    return [(deal.dealer, deal.starter, deal.hands) for deal in game.transcript]


def test_it_leaves_the_deals_to_the_game_so_paired_seatings_see_the_same_tiles() -> None:
    rules = RuleOptions()
    searched = SimulationRequest(("search", "expert"), rules, 31, 3, budgets=(QUICK, None))
    plain = SimulationRequest(("expert", "expert"), rules, 31, 3)
    for index in range(3):
        with_search = play_one(searched, index, transcript=True)
        deals = _deals(play_one(plain, index, transcript=True))
        assert _deals(with_search) == deals[: len(_deals(with_search))]
        assert play_one(searched, index, transcript=True) == with_search


def test_the_budget_is_the_seats_and_is_checked() -> None:
    rules = RuleOptions()
    assert strategy_of("search") is strategy_of("search", DEFAULT_BUDGET)
    small = strategy_of("search", QUICK)
    assert isinstance(small, SearchStrategy)
    assert small.budget == QUICK
    for lineup, budgets in (
        (("expert", "search"), (QUICK, None)),
        (("search", "expert"), (0, None)),
        (("search", "expert"), (MAX_BUDGET + 1, None)),
        (("search", "expert"), (QUICK,)),
    ):
        with pytest.raises(ValueError, match="budget"):
            SimulationRequest(lineup, rules, 1, 1, budgets=budgets)
    request = SimulationRequest(("search", "expert"), rules, 1, 1, budgets=(QUICK, None))
    summary = summarize(Totals.empty(rules), request.lineup, rules, request.budgets)
    players = summary["players"]
    assert isinstance(players, list)
    assert players[0]["budget"] == QUICK
    assert "budget" not in players[1]
    default = summarize(Totals.empty(rules), request.lineup, rules)["players"]
    assert isinstance(default, list)
    assert default[0]["budget"] == DEFAULT_BUDGET


def _simulate(*arguments: str) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "scoring_api", "simulate", "--scheduler", "off"]
    return subprocess.run(
        [*command, "--no-progress", *arguments], capture_output=True, timeout=120, check=False
    )


def test_the_command_line_takes_a_budget_for_its_search_seats() -> None:
    done = _simulate("--games", "3", "--players", "search", "expert", "--budget", "2",
                     "--seed", "5")  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    request = SimulationRequest(("search", "expert"), RuleOptions(), 5, 3, budgets=(2, None))
    summary = json.loads(done.stdout)
    assert summary["players"][0]["budget"] == 2
    assert summary["totals"] == json.loads(json.dumps(run(request).as_dict()))
    for wrong in (["search", "expert", "--budget", "0"], ["expert", "expected", "--budget", "4"]):
        refused = _simulate("--games", "1", "--players", *wrong)
        assert refused.returncode == 2
        assert b"--budget" in refused.stderr
