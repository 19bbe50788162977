"""``domino_cribbage_v0``: PettingZoo's own API test, and the service's game inside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from research_extra import require_research

require_research()

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402
from stepwise_check import ALL_RULES, check_against_referee, rules_id  # noqa: E402

from scoring_api.research import pettingzoo_env  # noqa: E402
from scoring_api.rules.options import RuleOptions  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"
# PettingZoo's API test warns about every environment whose observations carry an action mask
# (a dict, not a Box), as its own classic games do.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]

MODES = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "partners": True}]


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_pettingzoos_api_test_passes(mode: dict[str, object]) -> None:
    api_test(pettingzoo_env.env(**mode), num_cycles=400)
    api_test(pettingzoo_env.env(**mode, utility="margin", render_mode="ansi"), num_cycles=100)


def play_masked_randomly(env: pettingzoo_env.raw_env, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return totals


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_games_in_the_environment_are_the_referees(rules: RuleOptions) -> None:
    env = pettingzoo_env.env(
        players=rules.players,
        partners=rules.partners,
        target=rules.target,
        starter_double_points=rules.starter_double_points,
        double_blank_in_fifteens=rules.double_blank_in_fifteens,
        muggins=rules.muggins,
    )
    for seed in range(2):
        totals = play_masked_randomly(env, seed)
        game = env.unwrapped.game
        assert check_against_referee(game) > 0
        for seat, agent in enumerate(env.possible_agents):
            won = rules.side_of(seat) == game.winner
            assert (totals[agent] == 1.0) == won
        assert sum(totals.values()) == pytest.approx(0.0)


def test_the_same_seed_deals_the_same_game() -> None:
    env = pettingzoo_env.env(players=3)
    play_masked_randomly(env, 21)
    first = [list(log.order) for log in env.unwrapped.game.deals]
    play_masked_randomly(env, 21)
    assert [list(log.order) for log in env.unwrapped.game.deals] == first


def test_render_prints_the_board() -> None:
    env = pettingzoo_env.env(players=2, render_mode="ansi")
    env.reset(seed=3)
    while env.unwrapped.game.phase != 5:  # the play
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    board = env.render()
    assert re.search(r"scores \d+ \d+; dealer \d; starter \d-\d", board)
    assert "to play: seat" in board
    quiet = pettingzoo_env.env()
    quiet.reset(seed=3)
    assert quiet.render() is None


def test_the_training_example_in_the_docs_runs() -> None:
    text = DOCS.read_text()
    example = re.search(r"```python\n(# masked random agent.*?)```", text, re.S)
    assert example is not None
    namespace: dict[str, object] = {}
    exec(compile(example.group(1), str(DOCS), "exec"), namespace)
    assert namespace["episodes"] == 20
    assert sum(namespace["wins"].values()) == 20  # type: ignore[attr-defined]
