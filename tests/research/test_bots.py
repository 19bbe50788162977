"""The project's strategies and OpenSpiel's ISMCTS as bots, played by OpenSpiel's own
evaluation code (``evaluate_bots``) through the game's resampler."""

from __future__ import annotations

from random import Random

import pytest
from research_extra import require_research

require_research()

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402
from stepwise_check import check_against_referee  # noqa: E402

from scoring_api.research import bots, openspiel_game  # noqa: E402
from scoring_api.sim.stepwise import PLAY  # noqa: E402

MODES = ["players=2", "players=3", "players=4", "players=4,partners=True"]
SEAT_FIELDS = (
    "playable", "count_values", "seen", "opponent_tiles", "seat", "hand", "passed", "own",
    "dealer", "above", "last", "sides", "played", "rules",
)  # fmt: skip
"""Everything a ``Seat`` tells a strategy (docs/extending.md)."""


@pytest.mark.parametrize("mode", MODES)
def test_every_strategy_plays_whole_games_under_evaluate_bots(mode: str) -> None:
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({mode})")
    n = game.num_players()
    names = bots.STRATEGY_NAMES
    for first in range(len(names)):
        lineup = [bots.strategy_bot(names[(first + k) % len(names)], seed=k) for k in range(n)]
        if "search" in [bot.strategy.name for bot in lineup]:
            lineup = [
                bots.strategy_bot(
                    bot.strategy.name, 1, 50 if bot.strategy.name == "search" else None
                )
                for bot in lineup
            ]
        state = game.new_initial_state()
        returns = evaluate_bots(state, lineup, np.random.RandomState(first))
        assert sum(returns) == pytest.approx(0.0)
        assert check_against_referee(state.table.game) > 0


def test_one_bot_plays_game_after_game() -> None:
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(players=3)")
    lineup = [bots.strategy_bot(name, seed=1) for name in ("random", "expected", "greedy")]
    for seed in range(6):
        state = game.new_initial_state()
        evaluate_bots(state, lineup, np.random.RandomState(seed))
        assert check_against_referee(state.table.game) > 0


def test_a_bots_view_is_what_its_seat_knows() -> None:
    """The Seat a strategy is handed is the same in every state its seat cannot tell apart."""
    for mode in MODES:
        game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({mode})")
        state, rng, checked = game.new_initial_state(), Random(mode), 0
        while not state.is_terminal():
            if state.is_chance_node():
                options = [action for action, _ in state.chance_outcomes()]
            else:
                seat = state.current_player()
                if state.table.game.phase == PLAY:
                    twin = state.resample_from_infostate(seat, Random(checked).random)
                    mine = bots.seat_of(state.table.game, seat)
                    theirs = bots.seat_of(twin.table.game, seat)
                    for field in SEAT_FIELDS:
                        assert getattr(mine, field) == getattr(theirs, field), field
                    checked += 1
                options = state.legal_actions()
            state.apply_action(options[int(rng.random() * len(options))])
        assert checked > 10


@pytest.mark.parametrize("mode", ["players=2", "players=3"])
def test_openspiels_ismcts_plays_whole_games_through_the_resampler(mode: str) -> None:
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}({mode},first_dealer=0)")
    n = game.num_players()
    lineup = [bots.ismcts_bot(game, simulations=8, seed=1)]
    lineup += [bots.strategy_bot("expected", seed=k) for k in range(1, n)]
    state = game.new_initial_state()
    returns = evaluate_bots(state, lineup, np.random.RandomState(2))
    assert state.is_terminal()
    assert sum(returns) == pytest.approx(0.0)
    assert check_against_referee(state.table.game) > 0


def test_an_ismcts_game_plays_again_from_its_seeds() -> None:
    """ISMCTS draws the hidden tiles from its own seeded numbers: the same seeds, the same
    game (with OpenSpiel's default sampler, seeded from the system, they differ)."""
    game = pyspiel.load_game(f"{openspiel_game.SHORT_NAME}(first_dealer=0)")
    histories = []
    for _ in range(2):
        lineup = [bots.ismcts_bot(game, simulations=8, seed=3), bots.strategy_bot("expected", 3)]
        state = game.new_initial_state()
        evaluate_bots(state, lineup, np.random.RandomState(4))
        histories.append(state.history())
    assert histories[0] == histories[1]


def test_a_bots_numbers_are_its_seeds_counter_based_stream() -> None:
    from scoring_api.research import chance
    from scoring_api.sim.registry import STRATEGIES

    index = [s.name for s in STRATEGIES].index("expert")
    bot = bots.strategy_bot("expert", seed=12)
    stream = chance.stream_of(12, chance.STRATEGY, index)
    assert [bot.rng.random() for _ in range(5)] == [stream.random() for _ in range(5)]
    other = bots.strategy_bot("expert", seed=13)
    assert other.rng.random() != bots.strategy_bot("expert", seed=12).rng.random()
    with pytest.raises(TypeError, match="integer"):
        chance.stream_of("12", chance.STRATEGY)  # type: ignore[arg-type]
