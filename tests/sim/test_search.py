"""The ``search`` strategy: honest (its choice never depends on a tile its seat has not seen),
reproducible, legal, and stronger than ``expected`` at a small budget."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.rules.tiles import ALL_MASK, Tile, tile_mask, tiles_in
from scoring_api.sim.game import play_game
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.runs import SimulationRequest, Totals, paired_interval, play_one, run
from scoring_api.sim.search import SearchStrategy
from scoring_api.sim.strategies import ExpectedStrategy, Seat

BUDGET = 6


class Recorder(SearchStrategy):
    """Plays as ``search`` and keeps each choice: what the seat was told, the game's random
    state, and the tile laid."""

    def __init__(self) -> None:
        super().__init__(BUDGET)
        self.choices: list[tuple[Seat, tuple[object, ...], Tile]] = []

    def lay(self, seat: Seat, rng: Random) -> Tile:
        state = rng.getstate()
        tile = super().lay(seat, rng)
        if seat.playable[0].value != seat.playable[-1].value:
            frozen = dataclasses.replace(
                seat,
                held=list(seat.held),
                passed=list(seat.passed),
                above=list(seat.above),
                playable=tuple(seat.playable),
            )
            self.choices.append((frozen, state, tile))
        return tile


def redeal_unseen(seat: Seat, rng: Random) -> Seat:
    """The same seat with every tile he has not seen dealt again: the others hold as many
    tiles as before, drawn at random from all he has not seen."""
    pool = list(tiles_in[ALL_MASK & ~seat.seen])
    rng.shuffle(pool)
    held = list(seat.held)
    for other, mask in enumerate(held):
        if other != seat.seat and mask is not None:
            count = mask.bit_count()
            held[other] = tile_mask(pool[:count])
            del pool[:count]
    return dataclasses.replace(seat, held=held)


@pytest.mark.parametrize(
    "rules",
    [DEFAULT_RULES, RuleOptions(players=3), RuleOptions(players=4, partners=True)],
    ids=["two", "three", "partners"],
)
def test_its_choice_never_reads_a_tile_the_seat_has_not_seen(rules: RuleOptions) -> None:
    recorder = Recorder()
    others = [ExpectedStrategy()] * (rules.players - 1)
    for game in range(5):
        play_game([recorder, *others], rules, Random(f"honest:{game}"), game % rules.players)
    assert len(recorder.choices) > 25
    changed = 0
    redeal = Random(7)
    search = SearchStrategy(BUDGET)
    for seat, state, tile in recorder.choices:
        for _ in range(3):
            other = redeal_unseen(seat, redeal)
            changed += other.held != seat.held
            rng = Random()
            rng.setstate(state)  # type: ignore[arg-type]
            assert search.lay(other, rng) == tile
    assert changed > len(recorder.choices)  # the hidden tiles did change


def test_a_run_is_a_function_of_its_seed_and_budgets() -> None:
    def totals(budget: int) -> Totals:
        lineup = ("search", "expert")
        return run(SimulationRequest(lineup, DEFAULT_RULES, 11, 6, budgets=(budget, None)))

    assert totals(4) == totals(4)
    assert totals(4) != totals(40)  # the budget is played, not ignored


def test_a_budget_is_for_search_alone() -> None:
    assert strategy_for("search", 9) == strategy_for("search", 9)
    assert isinstance(strategy_for("search", 9), SearchStrategy)
    with pytest.raises(ValueError, match="search only"):
        strategy_for("expected", 9)


STRENGTH_SEEDS = 600
STRENGTH_BUDGET = 8


@pytest.mark.strength
def test_search_at_a_small_budget_beats_expected() -> None:
    """1,200 games: each seed played with the seats both ways (the same tiles to the same
    seats), as bench/ladder.py pairs them; search's paired 95% interval lies above even.
    Deterministic: the same games on every machine."""
    budgets = (STRENGTH_BUDGET, None)
    ab = SimulationRequest(("search", "expected"), DEFAULT_RULES, 4242, STRENGTH_SEEDS,
                           budgets=budgets)  # fmt: skip
    ba = SimulationRequest(("expected", "search"), DEFAULT_RULES, 4242, STRENGTH_SEEDS,
                           budgets=budgets[::-1])  # fmt: skip
    wins = both = neither = 0
    for index in range(STRENGTH_SEEDS):
        first, second = play_one(ab, index).winner == 0, play_one(ba, index).winner == 1
        wins += first + second
        both += first and second
        neither += not first and not second
    low, high = paired_interval(wins, both, neither, STRENGTH_SEEDS)
    rate = wins / (2 * STRENGTH_SEEDS)
    print(f"search at {STRENGTH_BUDGET} v expected: {rate:.4f}, paired [{low:.4f}, {high:.4f}]")
    assert low > 0.5
