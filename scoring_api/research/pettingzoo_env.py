"""Domino cribbage as a PettingZoo environment (AEC API), ``domino_cribbage_v0``: the same
``sim.stepwise.StepGame`` as the OpenSpiel game, its chance events (the first dealer, the
draws, the starter) played inside from the seed given to ``reset``.

Each agent ``player_<seat>`` observes ``{"observation": the observation tensor
(research.views), "action_mask": 1 for each legal action}``; the actions are the OpenSpiel
game's (a tile laid, go, a tile laid away: ``sim.stepwise``). The rewards are the game's
returns, all at its end: +1 to the winning side, -1/(sides-1) to the others (``utility="win"``)
or the points margin (``"margin"``). ``render_mode="ansi"``: ``render()`` returns the board.
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from scoring_api.rules.options import RuleOptions
from scoring_api.sim.stepwise import ACTIONS, CHANCE, OVER, StepGame

from . import parameters, views

NAME = "domino_cribbage_v0"


def env(**kwargs: Any) -> AECEnv:
    """The environment as PettingZoo's classic games hand theirs out: an illegal or
    out-of-range action is an error, and so is stepping before ``reset``."""
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(**kwargs))
    )
    return wrapped


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name for it)
    """The environment itself (``env()`` wraps it)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": NAME,
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self, utility: str = "win", render_mode: str | None = None, **rules: object
    ) -> None:
        """``rules``: any rule option by name (``research.parameters``: ``players``,
        ``partners``, ``target`` (None: the rule book's), ``starter_double_points``,
        ``double_blank_in_fifteens``, ``muggins``); each left out is the rule book's."""
        super().__init__()
        unknown = set(rules) - set(parameters.NAMES)
        if unknown:
            raise TypeError(f"unknown rule options {sorted(unknown)}: {parameters.NAMES}")
        self.rules: RuleOptions = parameters.rules_of(rules)
        if utility not in views.UTILITIES:
            raise ValueError(f"utility must be one of {', '.join(views.UTILITIES)}")
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode must be None or 'ansi'")
        self.utility, self.render_mode = utility, render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.layout = views.layout(n, self.rules.sides, recall=False, private=True)
        # Each entry is 0 or 1, or a fraction; the scores reach past 1 (the target) at the end.
        observation = spaces.Box(0.0, 2.0, (self.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (ACTIONS,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(ACTIONS) for agent in self.possible_agents}
        self.game = StepGame(self.rules)
        self.rng = Random(0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; its chance events are drawn from ``seed`` (any seed, if None)."""
        self.rng = Random(seed)
        self.game = StepGame(self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._play_chance()
        self.agent_selection = self.possible_agents[self.game.current()]

    def _play_chance(self) -> None:
        game = self.game
        while game.current() == CHANCE:
            outcomes = game.chance_outcomes()
            game.apply(outcomes[int(self.rng.random() * len(outcomes))])

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        seat = self.possible_agents.index(agent)
        tensor = np.zeros(self.layout.size, np.float32)
        views.write_tensor(self.game, seat, self.layout.views(tensor))
        mask = np.zeros(ACTIONS, np.int8)
        if self.game.current() == seat:
            mask[self.game.legal()] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        game = self.game
        if action is None or action not in game.legal():
            raise ValueError(f"{action} is not a legal action of {self.agent_selection}")
        self._cumulative_rewards[self.agent_selection] = 0.0
        game.apply(int(action))
        self._play_chance()
        if game.phase == OVER:
            returns = views.returns(game, self.utility)
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = returns[seat]
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[game.current()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``): the table, and the seat on turn."""
        if self.render_mode is None:
            return None
        game = self.game
        board = views.observation_string(game, 0, private=False)
        turn = game.current()
        return board + (f"; to play: seat {turn}" if turn >= 0 else "; game over")

    def close(self) -> None:
        """Nothing to release."""
