"""``research.batched``: thousands of games stepped together are the scalar environment's
games, action for action, in every mode."""

from __future__ import annotations

import pytest
from research_extra import require_research

require_research()

import numpy as np  # noqa: E402

from scoring_api.research import pettingzoo_env  # noqa: E402
from scoring_api.research.batched import BatchedEnv  # noqa: E402

MODES = [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 4, "partners": True}]
GAMES = 2000
OBSERVED = 40  # games whose every observation and mask are compared too


def random_actions(batch: BatchedEnv, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal action in each game."""
    return np.argmax(rng.random(batch.legal_action_mask.shape) * batch.legal_action_mask, axis=1)


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_batched_games_are_the_scalar_environments(mode: dict[str, object]) -> None:
    batch = BatchedEnv(97, **mode)
    batch.reset(seed=11)
    rng = np.random.default_rng(1)
    steps: list[list[tuple[int, int, np.ndarray, np.ndarray]]] = [[] for _ in range(97)]
    finished = []
    while len(finished) < GAMES:
        actions = random_actions(batch, rng)
        numbers = batch.game_number.copy()
        for row in range(batch.num_envs):
            seen = numbers[row] < OBSERVED
            steps[row].append(
                (
                    int(batch.current_player[row]),
                    int(actions[row]),
                    batch.observation[row].copy() if seen else None,
                    batch.legal_action_mask[row].copy() if seen else None,
                )
            )
        batch.step(actions)
        for row in np.flatnonzero(batch.terminated):
            rewards, scores = batch.rewards[row].copy(), batch.final_scores[row].copy()
            finished.append((int(numbers[row]), steps[row], rewards, scores))
            steps[row] = []
            assert batch.game_number[row] > numbers[row]
        assert not batch.rewards[~batch.terminated].any()
    assert sorted(number for number, *_ in finished)[:OBSERVED] == list(range(OBSERVED))

    scalar = pettingzoo_env.raw_env(**mode)
    for number, actions, rewards, scores in finished:
        scalar.reset(seed=11, options={"game": number})
        for player, action, observation, mask in actions:
            assert scalar.agent_selection == f"player_{player}"
            if observation is not None:
                seen = scalar.observe(scalar.agent_selection)
                assert np.array_equal(seen["observation"], observation)
                assert np.array_equal(seen["action_mask"], mask)
            scalar.step(action)
        assert all(scalar.terminations.values())
        assert [scalar.rewards[agent] for agent in scalar.possible_agents] == rewards.tolist()
        assert scalar.game.scores == scores.tolist()


@pytest.mark.parametrize("mode", MODES, ids=str)
def test_packed_rows_read_as_documented_are_the_tensors_of_each_layout(
    mode: dict[str, object],
) -> None:
    """``sim.tensors.Packed``'s bytes, read by its docstring (the tensor's bits, the legal
    actions' bits, two bytes a number), are what ``views.Encoder.write`` gives, for the
    observation and the full state, in states of every phase."""
    from scoring_api.research import chance, parameters, views
    from scoring_api.sim.stepwise import ACTIONS, OVER, StepGame

    rules = parameters.rules_of({**mode, "target": 61})
    rng = np.random.default_rng(3)
    for full in (False, True):
        encoder = views.Encoder(rules.players, rules.sides, full=full)
        games = []
        for number in range(6):
            game = StepGame(rules)
            stream = chance.stream_of(5, chance.CHANCE, number)
            chance.play_chance(game, stream)
            for _ in range(int(rng.integers(0, 60))):
                legal = game.legal()
                game.apply(legal[int(rng.integers(len(legal)))])
                chance.play_chance(game, stream)
                if game.phase == OVER:
                    break
            if game.phase != OVER:
                games.append(game)
        packed = encoder.packed(len(games))
        cells = np.frombuffer(packed.observe(games), np.uint8).reshape(len(games), -1)
        assert cells.shape[1] == packed.row_bytes
        bits = np.unpackbits(cells, axis=1, bitorder="little")
        numbers = cells[:, packed.number_byte :].astype(np.int64)
        numbers = numbers[:, 0::2] + 256 * numbers[:, 1::2]
        places = encoder.fraction_places()
        for row, game in enumerate(games):
            seat = game.current()
            expected = np.zeros(encoder.size, np.float32)
            encoder.write(game, seat, expected)
            tensor = bits[row, : encoder.size].astype(np.float32)
            tensor[places] = numbers[row, : len(places)] / np.array(packed.denominators)
            assert np.array_equal(tensor, expected), (full, row)
            mask = np.flatnonzero(bits[row, packed.mask_byte * 8 :][:ACTIONS])
            assert mask.tolist() == game.legal()
            assert numbers[row, len(places)] == seat


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    batch = BatchedEnv(3)
    batch.reset(seed=2)
    before = batch.observation.copy()
    actions = random_actions(batch, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(batch.legal_action_mask[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1"):
        batch.step(actions)
    assert np.array_equal(batch.observation, before)
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        batch.step([0, 0])


def test_the_training_script_in_the_docs_runs_and_reports_a_win_rate() -> None:
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "research.md"
    found = re.search(r"```python\n(# numpy-only policy gradient.*?)```", docs.read_text(), re.S)
    assert found is not None
    script = found.group(1).replace(
        "TRAIN, TEST, ENVS = 4000, 2000, 256", "TRAIN, TEST, ENVS = 400, 200, 64"
    )
    assert "400, 200, 64" in script
    namespace: dict[str, object] = {}
    exec(compile(script, str(docs), "exec"), namespace)
    assert 0.0 <= namespace["after"] <= 1.0  # type: ignore[operator]
    assert namespace["weights"].any()  # type: ignore[union-attr]
