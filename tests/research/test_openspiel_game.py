"""``python_domino_cribbage``: OpenSpiel's own checks, and the service's game action by action."""

from __future__ import annotations

from random import Random

import pytest
from research_extra import require_research

require_research()

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from stepwise_check import ALL_RULES, check_against_referee, rules_id  # noqa: E402

from scoring_api.research import openspiel_game  # noqa: E402
from scoring_api.rules.options import RuleOptions  # noqa: E402
from scoring_api.rules.tiles import ALL_TILES  # noqa: E402
from scoring_api.sim.stepwise import GO, LAY_AWAY  # noqa: E402

MODES = ["players=2", "players=3", "players=4", "players=4,partners=True"]


def load(rules: RuleOptions, extra: str = "") -> pyspiel.Game:
    params = (
        f"players={rules.players},partners={rules.partners},target={rules.target},"
        f"starter_double_points={rules.starter_double_points},"
        f"double_blank_in_fifteens={rules.double_blank_in_fifteens},muggins={rules.muggins}{extra}"
    )
    return pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({params})")


def play_randomly(state: pyspiel.State, rng: Random) -> list[int]:
    """To the end through the pyspiel API, uniformly at random; the actions."""
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            options = [action for action, _ in outcomes]
        else:
            options = state.legal_actions()
        action = options[int(rng.random() * len(options))]
        actions.append(action)
        state.apply_action(action)
    return actions


@pytest.mark.parametrize("mode", MODES)
def test_openspiels_random_simulation_test_passes(mode: str) -> None:
    for utility in ("win", "margin"):
        game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({mode},utility={utility})")
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_games_through_the_pyspiel_api_are_the_referees(rules: RuleOptions) -> None:
    game = load(rules)
    for seed in range(2):
        state = game.new_initial_state()
        play_randomly(state, Random(seed))
        assert check_against_referee(state.table.game) > 0
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        winner = state.table.game.winner
        assert all((r == 1.0) == (rules.side_of(seat) == winner) for seat, r in enumerate(returns))


def test_a_game_replayed_from_its_serialised_actions_is_the_same_bytes() -> None:
    for mode in MODES:
        game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({mode})")
        state = game.new_initial_state()
        actions = play_randomly(state, Random(mode))
        assert state.history() == actions
        replayed = game.new_initial_state()
        for action in actions:
            replayed.apply_action(action)
        assert replayed.serialize() == state.serialize()
        again = game.deserialize_state(state.serialize())
        assert again.serialize() == state.serialize()
        assert again.history() == actions
        assert again.returns() == state.returns()
        for seat in range(game.num_players()):
            assert again.information_state_string(seat) == state.information_state_string(seat)
        text = pyspiel.serialize_game_and_state(game, state)
        other_game, other = pyspiel.deserialize_game_and_state(text)
        assert str(other_game) == str(game)
        assert other.serialize() == state.serialize()


def test_parameters_are_the_rule_options() -> None:
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(players=4,partners=True)")
    assert game.num_players() == 4
    assert game.new_initial_state().table.game.rules.target == 121  # the rule book's default
    assert game.num_distinct_actions() == LAY_AWAY + 28
    with pytest.raises(ValueError, match="partners needs players: 4"):
        pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(players=3,partners=True)")
    with pytest.raises(ValueError, match="target must be one of"):
        pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(target=100)")
    with pytest.raises(ValueError, match="utility must be one of"):
        pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(utility=points)")


def test_the_margin_utility_is_the_points_margin() -> None:
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(players=3,utility=margin)")
    state = game.new_initial_state()
    play_randomly(state, Random(4))
    scores = state.table.game.scores
    for seat, value in enumerate(state.returns()):
        others = [s for i, s in enumerate(scores) if i != seat]
        assert value == pytest.approx(scores[seat] - sum(others) / 2)


def test_the_information_state_keeps_his_lay_away_and_every_public_event() -> None:
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(first_dealer=1)")
    state = game.new_initial_state()
    rng = Random(2)
    while state.table.game.log.starter < 0 or len(state.table.game.log.plays) < 3:
        options = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(options[int(rng.random() * len(options))])
    table = state.table.game
    away0 = " ".join(tile.text for tile in ALL_TILES if table.log.away[0] & tile.bit)
    text = state.information_state_string(0)
    other = state.information_state_string(1)
    assert f"away {away0}" in text
    assert f"away {away0}" not in other  # the other seat never sees it
    for play in state.history()[-3:]:
        word = "go" if play == GO else ALL_TILES[play].text
        assert word in text
        assert word in other
    tensor = np.asarray(state.information_state_tensor(0))
    assert tensor.shape == tuple(game.information_state_tensor_shape())
    assert np.asarray(state.observation_tensor(1)).shape == tuple(game.observation_tensor_shape())
    assert state.observation_string(0) != state.observation_string(1)
