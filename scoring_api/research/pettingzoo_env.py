"""Domino cribbage as a PettingZoo environment (AEC API), ``domino_cribbage_v0``: the same
``sim.stepwise.StepGame`` as the OpenSpiel game, its chance events (the first dealer, the
draws, the starter) played inside from the seed given to ``reset`` (``research.chance``: game
0 of that seed on the engine's counter-based streams, or ``options={"game": g}``).

Each agent ``player_<seat>`` observes ``{"observation": the observation tensor
(research.views), "action_mask": 1 for each legal action}``; the actions are the OpenSpiel
game's (a tile laid, go, a tile laid away: ``sim.stepwise``). The rewards are the game's
returns, all at its end: +1 to the winning side, -1/(sides-1) to the others (``utility="win"``)
or the points margin (``"margin"``). ``render_mode="ansi"``: ``render()`` returns the board.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from scoring_api.rules.options import RuleOptions
from scoring_api.sim.stepwise import ACTIONS, OVER, StepGame

from . import chance, parameters, views

NAME = "domino_cribbage_v0"


def env(illegal_reward: float | None = None, **kwargs: Any) -> AECEnv:
    """The environment as PettingZoo's classic games hand theirs out: stepping or observing
    before ``reset`` is an error (``OrderEnforcingWrapper``), and so is an illegal or
    out-of-range action (a ``ValueError`` from the environment itself, which checks every
    action against the legal ones), or, given ``illegal_reward``, it ends the game with that
    reward to its player (PettingZoo's ``TerminateIllegalWrapper``, as its classic games do:
    what its ``state_test``, which steps unmasked random actions, needs)."""
    inner: AECEnv = raw_env(**kwargs)
    if illegal_reward is not None:
        inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward)
    wrapped: AECEnv = _OrderEnforcing(inner)
    return wrapped


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, with what every step of a loop reads
    (``last()``, ``agents``, ``agent_selection``) answered by the environment directly:
    through the wrapper's generic attribute look-up, each of them cost more than the game's
    own step."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name for it)
    """The environment itself (``env()`` wraps it)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": NAME,
        "render_modes": ["human", "ansi"],
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
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError("render_mode must be None, 'human' or 'ansi'")
        self.utility, self.render_mode = utility, render_mode
        n = self.rules.players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.encoder = views.Encoder(n, self.rules.sides)
        self.full = views.Encoder(n, self.rules.sides, full=True)
        # Each entry is 0 or 1, or a fraction; the scores reach past 1 (the target) at the end.
        observation = spaces.Box(0.0, 2.0, (self.encoder.size,), np.float32)
        self.state_space = spaces.Box(0.0, 2.0, (self.full.size,), np.float32)
        mask = spaces.Box(0, 1, (ACTIONS,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(ACTIONS) for agent in self.possible_agents}
        self.game = StepGame(self.rules)
        self.stream = chance.stream_of(0, chance.CHANCE)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; its chance events are drawn from ``seed`` (any seed, if None): game 0
        of the seed, or ``options["game"]`` (``research.chance``)."""
        number = (options or {}).get("game", 0)
        self.stream = chance.stream_of(seed, chance.CHANCE, number)
        self.game = StepGame(self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        chance.play_chance(self.game, self.stream)
        self.agent_selection = self.possible_agents[self.game.current()]

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        seat = self.seat_of[agent]
        tensor = np.zeros(self.encoder.size, np.float32)
        self.encoder.write(self.game, seat, tensor)
        mask = np.zeros(ACTIONS, np.int8)
        if self.game.current() == seat:
            mask[self.game.legal()] = 1
        return {"observation": tensor, "action_mask": mask}

    def state(self) -> NDArray[np.float32]:
        """The whole state: every seat's tiles and the table (``views.layout(full=True)``)."""
        tensor = np.zeros(self.full.size, np.float32)
        self.full.write(self.game, 0, tensor)
        return tensor

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        game = self.game
        if action is None or action not in game.legal():
            raise ValueError(f"{action!r} is not a legal action of {self.agent_selection}")
        self._cumulative_rewards[self.agent_selection] = 0.0
        game.apply(int(action))
        chance.play_chance(game, self.stream)
        if game.phase == OVER:
            returns = views.returns(game, self.utility)
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = returns[seat]
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[game.current()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text, the table and the seat on turn: returned (``render_mode="ansi"``)
        or printed (``"human"``), as PettingZoo's classic games do."""
        if self.render_mode is None:
            return None
        game = self.game
        board = views.observation_string(game, 0, private=False)
        turn = game.current()
        board += f"; to play: seat {turn}" if turn >= 0 else "; game over"
        if self.render_mode == "human":
            print(board)
            return None
        return board

    def close(self) -> None:
        """Nothing to release."""
