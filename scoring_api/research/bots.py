"""The project's strategies (``sim.registry``: random ... search) as OpenSpiel bots, and
OpenSpiel's ISMCTS ready for its own evaluation code (``evaluate_bots``).

A strategy is asked only what its seat knows, through the ``Seat`` the simulator hands it
(``seat.seat_at_turn``, as the game builds it: the seat's own tiles and what the table saw,
never another seat's hand) and the values of the tiles it drew for its lay-away.

Every number a bot draws comes from the engine's counter-based streams (``research.chance``):
a strategy bot's from ``seeded(seed).child(STRATEGY).child(its place in the registry)``, an
ISMCTS bot's resampler's from ``seeded(seed).child(RESAMPLER).child(0)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from scoring_api.rules.tiles import ALL_TILES, tiles_in
from scoring_api.sim.registry import STRATEGIES, strategy_for
from scoring_api.sim.seat import Seat, seat_at_turn
from scoring_api.sim.stepwise import AWAY, LAY_AWAY, StepGame
from scoring_api.sim.strategies import EVERY_TABLE, Strategy, scores_from

from . import chance, openspiel_game  # noqa: F401 (registers python_domino_cribbage)
from .views import drawn_by

STRATEGY_NAMES = tuple(s.name for s in STRATEGIES if s.players == EVERY_TABLE)
"""The strategies a bot may play, in the registry's order: those that sit at every table the
game offers (not ``endgame``, which is for two players only)."""


def seat_of(game: StepGame, seat: int) -> Seat:
    """What ``seat``, on turn in the play, knows: the ``Seat`` the simulator would hand his
    strategy, the scores on the board and the starter with it (``search`` plays for the
    game with them)."""
    log = game.log
    own = drawn_by(log, seat, game.drawn, game.players) | 1 << log.starter
    scores, starter = list(game.scores), ALL_TILES[log.starter]
    return seat_at_turn(game.referee, seat, own, log.dealer, game.rules, scores, starter)


class StrategyBot(pyspiel.Bot):  # type: ignore[misc]
    """A strategy of the registry playing one seat of ``python_domino_cribbage``."""

    def __init__(self, strategy: Strategy, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.strategy = strategy
        index = next(i for i, known in enumerate(STRATEGIES) if known.name == strategy.name)
        self.rng = chance.stream_of(seed, chance.STRATEGY, index)
        self._away: tuple[tuple[int, int], list[int]] = ((-1, -1), [])

    def restart_at(self, state: Any) -> None:
        """Nothing carries over from one game to the next."""

    def restart(self) -> None:
        """Nothing carries over from one game to the next."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Every action it needs it reads from the state when asked."""

    def provides_policy(self) -> bool:
        return False

    def step(self, state: Any) -> int:
        game: StepGame = state.table.game
        legal = game.legal()
        if len(legal) == 1:
            return legal[0]
        seat = game.current()
        if game.phase == AWAY:
            return LAY_AWAY + self._next_away(game, seat)
        return self.strategy.lay(seat_of(game, seat), self.rng).index

    def _next_away(self, game: StepGame, seat: int) -> int:
        """The next tile of his lay-away, lowest index first (chosen once for the tiles he
        drew)."""
        log = game.log
        drawn = drawn_by(log, seat, game.drawn, game.players)
        key = (seat, drawn)  # a new deal, or another game: chosen anew
        if self._away[0] != key:
            tiles = tiles_in[drawn]
            values = tuple(tile.value for tile in tiles)
            own_crib = game.side_of[seat] == game.side_of[log.dealer]
            scores = scores_from(game.scores, game.side_of[seat])
            positions = self.strategy.discard(values, own_crib, game.rules, self.rng, scores)
            self._away = (key, sorted(tiles[p].index for p in positions))
        laid = log.away[seat]
        return next(i for i in self._away[1] if not laid >> i & 1)


def strategy_bot(name: str, seed: int = 0, budget: int | None = None) -> StrategyBot:
    """The bot of a registry strategy (``search`` at ``budget`` holdings, if given)."""
    return StrategyBot(strategy_for(name, budget), seed)


class ISMCTSPlayer(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS, unchanged, with the bot methods ``evaluate_bots`` calls
    (it searches afresh at every decision, so there is nothing to restart)."""

    def restart_at(self, state: Any) -> None:
        """Its tree is rebuilt at each search."""

    def restart(self) -> None:
        """Its tree is rebuilt at each search."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Its tree is rebuilt at each search."""


def ismcts_bot(game: Any, simulations: int, seed: int, uct_c: float = 2.0) -> ISMCTSPlayer:
    """ISMCTS at ``simulations`` a decision, random roll-outs to the end of the game, the
    hidden tiles drawn by the game's ``resample_from_infostate`` from the bot's own seeded
    numbers (as shipped, ISMCTS hands it a ``pyspiel.UniformProbabilitySampler``, which is
    seeded anew from the system at each call: no game could be played again). Its own
    choices (UCT ties, roll-outs) are OpenSpiel's, from ``np.random.RandomState(seed)``."""
    random_state = np.random.RandomState(seed)
    numbers = chance.stream_of(seed, chance.RESAMPLER).random
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ISMCTSPlayer(
        game, evaluator, uct_c, simulations, random_state=random_state, use_observation_string=False
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, numbers))
    return bot
