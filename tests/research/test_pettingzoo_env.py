"""``domino_cribbage_v0``: PettingZoo's own API test, and the service's game inside it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from research_extra import require_research

require_research()

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402
from pettingzoo.test.state_test import test_state as check_state  # noqa: E402
from pettingzoo.test.state_test import test_state_space as check_state_space  # noqa: E402
from stepwise_check import ALL_RULES, check_against_referee, rules_id  # noqa: E402

from scoring_api.research import chance, pettingzoo_env, views  # noqa: E402
from scoring_api.rules.options import RuleOptions  # noqa: E402
from scoring_api.sim.stepwise import StepGame  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"
# PettingZoo's API test warns about every environment whose observations carry an action mask
# (a dict, not a Box), as its own classic games do.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    # state_test's unmasked random actions are illegal moves, which end the game (as asked).
    pytest.mark.filterwarnings("ignore:.*[Ii]llegal move"),
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


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_pettingzoos_seed_render_and_state_tests_pass(mode: dict[str, object]) -> None:
    seed_test(lambda: pettingzoo_env.env(**mode), num_cycles=300)
    render_test(lambda render_mode=None: pettingzoo_env.env(**mode, render_mode=render_mode))
    # state_test's own AEC parts (its third part asks for a parallel environment, which a
    # game taken in turns is not): it steps random actions, unmasked.
    table = pettingzoo_env.env(**mode, illegal_reward=-1.0)
    check_state_space(table)
    check_state(table, num_cycles=10)


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_the_state_is_every_seats_tiles_and_the_observation_the_seats_own(
    mode: dict[str, object],
) -> None:
    table = pettingzoo_env.env(**mode)
    raw = table.unwrapped
    state_pieces = raw.full.layout.views(np.zeros(raw.full.size, np.float32))
    rng = np.random.default_rng(5)
    checked = 0
    for agent in _steps(table, games=3):
        observation, _, _, _, _ = table.last()
        game, seat = raw.game, raw.seat_of[agent]
        state = table.state()
        assert state.shape == raw.state_space.shape
        full = raw.full.layout.views(state)
        mine = raw.encoder.layout.views(observation["observation"])
        for other in range(game.players):
            held = np.flatnonzero(full["hands"][other])
            assert held.tolist() == [i for i in range(28) if game.holding(other) >> i & 1]
            assert np.flatnonzero(full["aways"][other]).tolist() == [
                i for i in range(28) if game.log.away[other] >> i & 1
            ]
        laid = views.laid_by(game.log, game.players) if game.log.starter >= 0 else []
        for other, mask in enumerate(laid):  # the tiles each seat laid, from the deal's log
            assert np.flatnonzero(mine["laid"][other]).tolist() == [
                i for i in range(28) if mask >> i & 1
            ]
        assert np.array_equal(mine["hand"], full["hands"][seat])
        assert np.array_equal(mine["away"], full["aways"][seat])
        assert np.flatnonzero(full["turn"]).tolist() == [seat]
        assert np.flatnonzero(mine["seat"]).tolist() == [seat]
        # The observation's table pieces are the state's.
        for name in ("dealer", "phase", "scores", "starter", "laid", "count", "go", "above"):
            assert np.array_equal(mine[name], full[name]), name
        assert set(state_pieces) >= set(mine) - {"seat", "hand", "away", "laid_away", "holding"}
        checked += 1
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked > 100


def _steps(table: pettingzoo_env.raw_env, games: int) -> Iterator[str]:
    """Each agent on turn in ``games`` games (seeds 0, 1, ...): the caller steps it."""
    for seed in range(games):
        table.reset(seed=seed)
        for agent in table.agent_iter():
            _, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
            else:
                yield agent


def test_reset_deals_from_the_seeds_counter_based_stream() -> None:
    table = pettingzoo_env.env(players=3)
    for seed, number in ((7, 0), (7, 3), (2**40 + 1, 1)):
        table.reset(seed=seed, options={"game": number} if number else None)
        dealt = table.unwrapped.game.deals[0]
        game = StepGame(table.unwrapped.rules)
        chance.play_chance(game, chance.stream_of(seed, chance.CHANCE, number))
        assert game.log.order == dealt.order
        assert game.log.dealer == dealt.dealer
    table.reset(seed=7)
    first = list(table.unwrapped.game.log.order)
    table.reset(seed=7, options={"game": 1})
    assert table.unwrapped.game.log.order != first


def test_human_rendering_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    table = pettingzoo_env.env(players=2, render_mode="human")
    table.reset(seed=1)
    assert table.render() is None
    assert capsys.readouterr().out.startswith("table of 2; phase lay_away")
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env.env(render_mode="rgb_array")


def test_the_layout_offsets_are_the_pieces_in_order() -> None:
    shape = views.layout(3, 3, recall=False, private=True)
    offsets = shape.offsets()
    assert list(offsets) == [name for name, _ in shape.pieces]
    assert (offsets["seat"], offsets["dealer"], offsets["phase"]) == (0, 3, 6)
    assert shape.size == 225
