"""Many games stepped in one call, for training loops: ``BatchedEnv``.

**Convention: pgx's batched state** (``pgx.State``: ``current_player``, ``observation``,
``legal_action_mask``, ``rewards`` of shape (games, players), ``terminated``), as numpy
arrays written in place, with Gymnasium's vector environments' same-step autoreset. pgx's,
because it is the batched convention made for turn-based games of several players: each game
has its own player on turn, and every player's reward comes back at every step, which
Gymnasium's single-agent ``VectorEnv`` (one observation and one reward a sub-environment) has
no place for. Same-step autoreset, because a game that ends is replaced at once: the arrays
then hold its rewards and ``terminated`` and already the next game's first observation and
mask, so every row always asks for a legal action and no step is spent on a finished game.

**Chance** is the scalar environment's, from the game's key: slot ``i`` starts with game
``i`` of the seed, and each game that ends is replaced by the seed's next game number, in
slot order; game ``g``'s chance events draw from ``research.chance``'s stream
``seeded(seed).child(CHANCE).child(g)``, exactly as ``pettingzoo_env``'s
``reset(seed, options={"game": g})``: the same actions give the same game, rewards and
scores (a test, over thousands of games in every mode).

A step is two calls into the compiled engine for the whole batch (``sim.tensors``: every
row's action and chance events, then every row's observation, the current player's
(``views``' observation tensor), and legal actions packed into bytes) and a few numpy calls
that unpack them into the same arrays, whatever the number of games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from scoring_api.rules.stream import Stream
from scoring_api.sim import tensors
from scoring_api.sim.stepwise import ACTIONS, StepGame

from . import chance, parameters, views


class BatchedEnv:
    """``num_envs`` games of one table, stepped together (the module says how)."""

    def __init__(self, num_envs: int, utility: str = "win", **rules: object) -> None:
        """``rules``: the rule options by name (``research.parameters``), as the PettingZoo
        environment takes them."""
        unknown = set(rules) - set(parameters.NAMES)
        if unknown:
            raise TypeError(f"unknown rule options {sorted(unknown)}: {parameters.NAMES}")
        if utility not in views.UTILITIES:
            raise ValueError(f"utility must be one of {', '.join(views.UTILITIES)}")
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.rules = parameters.rules_of(rules)
        self.utility = utility
        self.num_envs = num_envs
        n = self.rules.players
        self.num_players = n
        self.encoder = views.Encoder(n, self.rules.sides)
        self.observation: NDArray[np.float32] = np.zeros((num_envs, self.encoder.size), np.float32)
        """Each game's observation for its player on turn (``views``' observation tensor)."""
        self.legal_action_mask: NDArray[np.int8] = np.zeros((num_envs, ACTIONS), np.int8)
        """Each game's legal actions for its player on turn."""
        self.current_player: NDArray[np.int64] = np.zeros(num_envs, np.int64)
        """The seat on turn in each game."""
        self.rewards: NDArray[np.float64] = np.zeros((num_envs, n), np.float64)
        """Each seat's reward at this step: the game's returns where it ended, else zero."""
        self.terminated: NDArray[np.bool_] = np.zeros(num_envs, np.bool_)
        """Whether each game ended at this step (its row already holds the next game)."""
        self.game_number: NDArray[np.int64] = np.zeros(num_envs, np.int64)
        """Which game of the seed each row plays now."""
        self.final_scores: NDArray[np.int64] = np.zeros((num_envs, self.rules.sides), np.int64)
        """Each side's score where a game ended at this step (else what it was before)."""
        self.seed = 0
        self.next_game = 0
        self.games: list[StepGame] = []
        self.streams: list[Stream] = []
        self._packed = self.encoder.packed(num_envs)
        self._fraction_places = self.encoder.fraction_places()
        self._rows = np.arange(num_envs)

    def reset(self, seed: int | None = None) -> None:
        """Games ``0 .. num_envs - 1`` of ``seed`` (any seed, if None)."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(2, np.uint32).view(np.uint64)[0])
        self.seed = seed
        self.next_game = 0
        self.games, self.streams = [], []
        for _ in range(self.num_envs):
            game, stream = self._new_game()
            self.games.append(game)
            self.streams.append(stream)
        self.game_number[:] = np.arange(self.num_envs)
        self.rewards.fill(0.0)
        self.terminated.fill(False)
        self._observe()

    def _new_game(self) -> tuple[StepGame, Stream]:
        number = self.next_game
        self.next_game += 1
        stream = chance.stream_of(self.seed, chance.CHANCE, number)
        game = StepGame(self.rules)
        chance.play_chance(game, stream)
        return game, stream

    def step(self, actions: NDArray[Any] | list[int]) -> None:
        """One action for each game, by its player on turn; ``ValueError`` if one is not
        legal (the arrays are then as before the step)."""
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"{chosen.size} actions for {self.num_envs} games")
        inside = (chosen >= 0) & (chosen < ACTIONS)
        legal = inside & (self.legal_action_mask[self._rows, np.where(inside, chosen, 0)] > 0)
        if not legal.all():
            row = int(np.flatnonzero(~legal)[0])
            raise ValueError(f"game {row}: {chosen[row]} is not a legal action")
        codes = chosen.tolist()
        self.rewards.fill(0.0)
        self.terminated.fill(False)
        games, streams = self.games, self.streams
        for row in tensors.advance(games, streams, codes):
            game = games[row]
            self.rewards[row] = views.returns(game, self.utility)
            self.terminated[row] = True
            self.final_scores[row] = game.scores
            games[row], streams[row] = self._new_game()
            self.game_number[row] = self.next_game - 1
        self._observe()

    def _observe(self) -> None:
        """Every row's observation, mask and player on turn, written in place: the compiled
        engine packs the whole batch into bytes (``sim.tensors.Packed``), numpy unpacks them."""
        packed, rows = self._packed, self.num_envs
        cells = np.frombuffer(packed.observe(self.games), np.uint8).reshape(rows, -1)
        bits = np.unpackbits(cells[:, : packed.number_byte], axis=1, bitorder="little")
        self.observation[:] = bits[:, : self.encoder.size]
        start = packed.mask_byte * 8
        self.legal_action_mask[:] = bits[:, start : start + ACTIONS]
        numbers = np.ascontiguousarray(cells[:, packed.number_byte :]).view("<u2")
        fractions = packed.fractions
        denominators = np.array(packed.denominators, np.float64)
        self.observation[:, self._fraction_places] = numbers[:, :fractions] / denominators
        self.current_player[:] = numbers[:, fractions]
