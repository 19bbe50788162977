"""``python_domino_cribbage_play``: the small member, through OpenSpiel's own checks, solved by
CFR+ (NashConv falls; its EFG copy is the same game), and the project's strategies measured on
it by exact best response."""

from __future__ import annotations

import pytest
from research_extra import require_research

require_research()

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import exploitability  # noqa: E402

from scoring_api.research import small_game  # noqa: E402
from scoring_api.rules.constants import HAND_SIZE  # noqa: E402

TINY = f"{small_game.SHORT_NAME}(max_pips=2)"


@pytest.mark.parametrize("params", ["max_pips=2", "max_pips=3", "max_pips=4,tiles=3"])
def test_openspiels_random_simulation_test_passes(params: str) -> None:
    game = pyspiel.load_game(f"{small_game.SHORT_NAME}({params})")
    pyspiel.random_sim_test(game, num_sims=30, serialize=False, verbose=False)


def test_each_seat_lays_his_tiles_and_the_returns_are_the_referees_points() -> None:
    game = pyspiel.load_game(f"{small_game.SHORT_NAME}(max_pips=3,tiles=3)")
    state = game.new_initial_state()
    for outcome in (0, 0, 0):  # 0-0 0-1 0-2, then 0-3 1-1 1-2, then the starter 1-3
        state.apply_action(outcome)
    assert str(state).startswith("hands 0-0 0-1 0-2 | 0-3 1-1 1-2; starter 1-3")
    laid = 0
    while not state.is_terminal():
        assert state.current_player() in (0, 1)
        state.apply_action(state.legal_actions()[0])
        laid += 1
    referee = state.deal.referee
    assert [seat.laid for seat in referee.seats] == [HAND_SIZE, HAND_SIZE]
    assert all(action != 28 for _, action in state.deal.plays)  # six tiles never reach 31
    points = [seat.score for seat in referee.seats]
    assert state.returns() == [points[0] - points[1], points[1] - points[0]]
    assert sum(points) >= 1  # the last tile's point at least


def test_cfr_plus_drives_nash_conv_down() -> None:
    game = pyspiel.load_game(TINY)
    solver = pyspiel.CFRPlusSolver(game)
    figures = []
    for iterations in (1, 4, 20):
        while len(figures) < iterations:
            solver.evaluate_and_update_policy()
            figures.append(None)
        figures[-1] = pyspiel.nash_conv(game, solver.average_policy())
    first, middle, last = figures[0], figures[3], figures[-1]
    assert first > middle > last
    assert last < 0.02


def test_the_projects_strategies_are_exploitable_and_play_legally() -> None:
    game = pyspiel.load_game(TINY)
    uniform = exploitability.nash_conv(game, small_game.strategy_policy(game, "random"))
    expert = exploitability.nash_conv(game, small_game.strategy_policy(game, "expert"))
    assert uniform == pytest.approx(1.2888889, abs=1e-6)  # a uniform player, exactly
    # A player that always lays the same tile is exploitable, and may be more so than a
    # uniform one (greedy's 1.3333 on double-two): only above nought is a rule.
    assert expert > 0.0


def test_the_efg_copy_is_the_same_game_to_cfr_and_the_best_response() -> None:
    """The tree written as an EFG game gives CFR+ the same NashConv at every iteration as the
    Python game, and a strategy the same NashConv by the C++ best response as by OpenSpiel's
    Python one: the same information sets, actions, chances and returns."""
    game = pyspiel.load_game(TINY)
    efg = pyspiel.load_efg_game(small_game.efg_text(game))
    assert efg.num_players() == 2
    python_solver, efg_solver = pyspiel.CFRPlusSolver(game), pyspiel.CFRPlusSolver(efg)
    for _ in range(3):
        python_solver.evaluate_and_update_policy()
        efg_solver.evaluate_and_update_policy()
        ours = pyspiel.nash_conv(game, python_solver.average_policy())
        theirs = pyspiel.nash_conv(efg, efg_solver.average_policy())
        assert theirs == pytest.approx(ours, abs=1e-12)
    tabular = small_game.strategy_policy(game, "greedy")
    assert pyspiel.nash_conv(efg, small_game.efg_policy(efg, tabular)) == pytest.approx(
        exploitability.nash_conv(game, tabular), abs=1e-12
    )


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="max_pips"):
        pyspiel.load_game(f"{small_game.SHORT_NAME}(max_pips=7)")
    with pytest.raises(ValueError, match="tiles"):
        pyspiel.load_game(f"{small_game.SHORT_NAME}(max_pips=1,tiles=2)")
