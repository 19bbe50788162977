"""The ``search`` strategy: honest (its choice never depends on a tile its seat has not seen),
reproducible, legal, and stronger than ``expected`` at a small budget."""

from __future__ import annotations

from math import sqrt
from random import Random

import pytest

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.rules.referee_state import PublicPlay
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import tile_mask
from scoring_api.sim.endgame import values_for_the_game
from scoring_api.sim.expert.strategy import ExpertLayAway, play_key
from scoring_api.sim.game import play_game
from scoring_api.sim.intervals import paired_interval
from scoring_api.sim.playouts.holdings import AGAINST_EXPECTED, UNIFORM, AgainstLayAway, Sampler
from scoring_api.sim.playouts.nets import seat_nets
from scoring_api.sim.playouts.two_player import StateNets, play_values
from scoring_api.sim.registry import lineup_of, strategy_for
from scoring_api.sim.runs import SimulationRequest, Totals, play_one, run
from scoring_api.sim.search import (
    CLEAR,
    DEFAULT_BUDGET,
    DEFAULT_BUDGET_MORE_PLAYERS,
    FIRST_LOOK,
    INDIFFERENT,
    MAX_BUDGET,
    SearchStrategy,
    settled,
)
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import ExpectedStrategy

from .helpers import RECORDER_BUDGET, Recorder, stored_fields

BUDGET = RECORDER_BUDGET


TOLD = {
    "playable_ranks", "count_code", "seen", "opponent_tiles", "seat", "hand_ranks",
    "passed_mask", "own", "dealer", "last_seat", "sides", "public", "rules", "scores", "starter",
    "left",
}  # fmt: skip
"""Every field a ``Seat`` stores: each is something the seat saw or was told at the table
(``public``: each seat's ``PublicPlay``, the tiles he laid and his go bound; ``left``: who sits
on his left)."""


@pytest.mark.parametrize(
    "rules",
    [
        DEFAULT_RULES,
        RuleOptions(players=3),
        RuleOptions(players=4),
        RuleOptions(players=4, partners=True),
    ],
    ids=["two", "three", "four", "partners"],
)
def test_its_choice_never_reads_a_tile_the_seat_has_not_seen(rules: RuleOptions) -> None:
    """A seat is handed no tile it has not seen (its own, the starter, the tiles laid), so no
    strategy can read one; and the search's choice is a function of what it is handed: laid
    again from a copy of it, with the game's random state as it was, it is the same tile."""
    assert stored_fields(Seat) == TOLD  # a new field: is it something the seat knows?
    assert stored_fields(PublicPlay) == {"tiles", "above"}
    recorder = Recorder()
    others = [ExpectedStrategy()] * (rules.players - 1)
    for game in range(5):
        play_game([recorder, *others], rules, seeded(game), game % rules.players)
    assert len(recorder.choices) > 25
    search = SearchStrategy(BUDGET)
    for seat, state, tile in recorder.choices:
        assert seat.starter is not None
        assert seat.starter.bit & seat.own & ~seat.hand  # his own view of it: not his tile
        assert len(seat.scores) == rules.sides
        assert all(0 <= score < rules.target for score in seat.scores)
        assert seat.own & ~seat.seen == 0
        assert seat.hand & ~seat.own == 0
        assert all(played & ~seat.seen == 0 for played in seat.played)
        assert seat.hand & tile_mask(seat.playable) == tile_mask(seat.playable)
        assert search.lay(seat.snapshot(), _stream_at(state)) == tile


def test_a_run_is_a_function_of_its_seed_and_budgets() -> None:
    def totals(budget: int) -> Totals:
        lineup = lineup_of(("search", "expert"), (budget, None))
        return run(SimulationRequest(lineup, DEFAULT_RULES, 11, 6))

    assert totals(4) == totals(4)
    assert totals(4) != totals(40)  # the budget is played, not ignored


def test_a_budget_is_for_search_alone() -> None:
    assert strategy_for("search", 9) is strategy_for("search", 9)
    assert isinstance(strategy_for("search", 9), SearchStrategy)
    assert strategy_for("search", 9).given_budget() == 9
    assert (strategy_for("search").budget_at(2), strategy_for("search").budget_at(3)) == (
        DEFAULT_BUDGET,
        DEFAULT_BUDGET_MORE_PLAYERS,
    )
    with pytest.raises(ValueError, match=r"^a budget is for search only$"):
        strategy_for("expected", 9)
    with pytest.raises(ValueError, match=r"^search's budget is from 1 to 4000$"):
        strategy_for("search", MAX_BUDGET + 1)


STRENGTH_SEEDS = 600
STRENGTH_BUDGET = 8


@pytest.mark.slow
@pytest.mark.strength
def test_search_at_a_small_budget_beats_expected() -> None:
    """1,200 games: each seed played with the seats both ways (the same tiles to the same
    seats), as bench/ladder.py pairs them; search's paired 95% interval lies above even.
    Deterministic: the same games on every machine."""
    lineup = lineup_of(("search", "expected"), (STRENGTH_BUDGET, None))
    ab = SimulationRequest(lineup, DEFAULT_RULES, 4242, STRENGTH_SEEDS)
    ba = SimulationRequest(lineup[::-1], DEFAULT_RULES, 4242, STRENGTH_SEEDS)
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


def _deals(request: SimulationRequest, index: int) -> list[tuple[object, ...]]:
    transcript = play_one(request, index, transcript=True).transcript
    assert transcript is not None
    return [(deal.dealer, deal.starter, deal.hands) for deal in transcript]


@pytest.mark.parametrize("players", [2, 3])
def test_it_leaves_the_games_random_numbers_so_paired_seatings_see_the_same_tiles(
    players: int,
) -> None:
    """The ladder's two seatings of a seed are a pair only if every deal is the same."""
    rules = RuleOptions(players=players)
    others = ("expert", "expected")[: players - 1]
    searched = SimulationRequest(lineup_of(("search", *others), (BUDGET,)), rules, 31, 3)
    plain = SimulationRequest(lineup_of(("expert", *others)), rules, 31, 3)
    for index in range(3):
        with_search, without = _deals(searched, index), _deals(plain, index)
        common = min(len(with_search), len(without))  # until either game ends
        assert with_search[:common] == without[:common]
        assert common > 1  # deals after its first choices


@pytest.mark.parametrize(
    ("nets", "decided"),
    [
        ({3: [2, 3, 2, 3, 2, 3], 5: [0, 1, 0, 1, 0, 1]}, True),  # 2 points better every time
        ({3: [1, 1, 1, 1], 5: [1, 1, 1, 1]}, True),  # the same every time: either will do
        ({3: [4, 0, 3, 0, 2, 0], 5: [0, 3, 0, 3, 0, 2]}, False),  # ahead by 1/6, noisily
        ({3: [5, 0, 5, 0], 5: [0, 0, 0, 0], 7: [5, 0, 5, 1]}, False),  # 7 as good as 3
    ],
)
def test_the_search_stops_early_only_when_the_play_outs_decide(
    nets: dict[int, list[int]], decided: bool
) -> None:
    assert settled(nets) is decided


def test_a_budget_up_to_the_first_look_is_spent_whole() -> None:
    """Early stopping starts after ``FIRST_LOOK`` holdings: a smaller budget lays the best
    value over that many holdings drawn at once (the recorded answers' budget of 3 too).
    Valued by points (``near=-1``: where the seat is not told the scores, as a game's is)."""
    assert BUDGET < FIRST_LOOK
    recorder = Recorder(near=-1)
    play_game([recorder, ExpectedStrategy()], DEFAULT_RULES, seeded(12), 0)
    tables = recorder.tables
    assert recorder.choices
    for seat, _, tile in recorder.choices:
        key = play_key(seat)
        assert key is not None
        view = seat.view()
        deals = AgainstLayAway(ExpertLayAway(tables)).deals(view, view.stream(), BUDGET)
        totals = play_values(key, [deal[next_seat(view.seat, 2)] for deal in deals], tables.play)
        assert tile.value == max(totals, key=lambda v: (totals[v], v))


def test_two_players_told_the_scores_lay_the_best_chance_to_win() -> None:
    """A game's seat is told the scores: each choice is the value with the best total chance
    to win over the budget's holdings (each distinct holding counted as often as drawn),
    played out to the target; some choices differ from the best by points."""
    recorder = Recorder()
    for seed in (12, 13, 14):
        play_game([recorder, ExpectedStrategy()], DEFAULT_RULES, seeded(seed), 0)
    tables = recorder.tables
    differ = 0
    for seat, _, tile in recorder.choices:
        assert seat.rules is not None
        assert seat.scores
        key = play_key(seat)
        assert key is not None
        view = seat.view()
        drawn = AgainstLayAway(ExpertLayAway(tables)).holdings(view, view.stream(), BUDGET)
        state = StateNets(key, tables.play)
        chance, net = values_for_the_game(seat, seat.rules, state, drawn)
        best = max(chance.values())
        assert tile.value in [v for v in chance if abs(chance[v] - best) < 1e-9]
        differ += tile.value != max(net, key=lambda v: (net[v], v))
    assert len(recorder.choices) > 20
    assert differ > 0


@pytest.mark.parametrize("told", [True, False], ids=["rules told", "rules not told"])
@pytest.mark.parametrize("rules", [RuleOptions(players=3), RuleOptions(players=4, partners=True)])
def test_with_more_players_a_small_budget_is_spent_whole_on_careful_play_outs(
    rules: RuleOptions, told: bool
) -> None:
    """The same with three or four players: ``BUDGET`` deals drawn from what the seat knows
    (the others' lay-aways too, ``AgainstExpected``; uniformly where the seat is not told
    the rules), every value played out carefully against each, the best total laid."""
    recorder = Recorder()
    others = [ExpectedStrategy() for _ in range(rules.players - 1)]
    play_game([recorder, *others], rules, seeded(12), 0)
    assert recorder.choices
    search = SearchStrategy(BUDGET)
    sampler: Sampler = AGAINST_EXPECTED if told else UNIFORM
    for seat, state, tile in recorder.choices:
        if not told:
            seat.rules = None
            tile = search.lay(seat, _stream_at(state))
        view = seat.view()
        deals = sampler.deals(view, view.stream(), BUDGET)
        totals = {value: sum(nets) for value, nets in seat_nets(view, deals, True).items()}
        assert tile.value == max(totals, key=lambda v: (totals[v], v))


def _settled_in_floats(nets: dict[int, list[int]]) -> bool:
    """``settled`` as it was written before its running sums: a pass in floats over every
    holding, for each value against the leader."""
    leader = max(nets, key=lambda v: (sum(nets[v]), v))
    best, n = nets[leader], len(nets[leader])
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


def _stream_at(state: tuple[object, ...]) -> Stream:
    """The seat's own stream where ``Recorder`` found it."""
    k0, k1, n0, n1, block, left = (int(part) for part in state)  # type: ignore[call-overload]
    stream = Stream(k0, k1, n0, n1)
    stream.seek(block - (left > 0))
    for _ in range(4 - left if left else 0):
        stream.word()
    return stream


@pytest.mark.parametrize("seed", range(10))
def test_settled_from_running_sums_decides_as_the_pass_in_floats(seed: int) -> None:
    """Play-outs of every shape the search meets (2 to 4 values, 2 to 4,000 holdings, values
    that differ rarely, often or never): the exact test in integers, with the floats asked
    near a bound, decides as the floats did (the search's choices depend on it)."""
    rng = Random(seed)
    decided = 0
    for _ in range(200):
        n = rng.choice([2, 3, 5, 100, 150, 200, 1000, rng.randint(2, 4000)])
        spread = rng.choice([0, 1, 2, 5, 20])
        base = [rng.randint(-spread, spread) for _ in range(n)]
        nets = {}
        for value in rng.sample(range(13), rng.randint(2, 4)):
            shift, often = rng.choice([0, 0, 1, -1]), rng.choice([0.01, 0.1, 0.5])
            nets[value] = [b + (shift if rng.random() < often else 0) for b in base]
        assert settled(nets) is _settled_in_floats(nets)
        decided += settled(nets)
    assert 0 < decided < 200  # both answers met


def test_a_holding_drawn_again_is_played_out_as_the_first_time() -> None:
    """``StateNets`` plays each holding of the other out once: the nets of holdings drawn
    twice over are those of each holding played out afresh."""
    recorder = Recorder()
    play_game([recorder, ExpectedStrategy()], DEFAULT_RULES, seeded(12), 0)
    tables, remembered = recorder.tables, 0
    for seat, _, _ in recorder.choices:
        key = play_key(seat)
        assert key is not None
        view = seat.view()
        holdings = AgainstLayAway(ExpertLayAway(tables)).holdings(view, view.stream(), 40)
        state = StateNets(key, tables.play)
        nets = state.nets(holdings + holdings)
        afresh = {
            value: [StateNets(key, tables.play).net(value, his) for his in holdings + holdings]
            for value in state.candidates
        }
        assert nets == afresh
        remembered += len(holdings) * 2 - len(state.known)
    assert remembered > len(recorder.choices) * 40  # more than the second copies came again
