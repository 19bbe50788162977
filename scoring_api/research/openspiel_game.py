"""Domino cribbage as an OpenSpiel game, ``python_domino_cribbage``, registered on import
(as OpenSpiel's own Python games are: ``open_spiel/python/games/block_dominoes.py``).

The game is the project's: each state holds a ``sim.stepwise.StepGame``, refereed by the rules
core (docs/research.md). Parameters: every rule option (``parameters``: ``players``,
``partners``, ``target``, whose default 0 is the rule book's, ``starter_double_points``,
``double_blank_in_fifteens``, ``muggins``; every show is claimed exactly, as the simulator's
players claim them, so muggins changes no game), ``first_dealer`` (a seat, or -1: a chance
event) and ``utility`` (``win``: +1 to the winning side's seats, -1/(sides-1) to the others';
``margin``: a side's score less the mean of the other sides').
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from scoring_api.rules.constants import DEALS, MAX_SHOW, TILE_COUNT
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.tiles import ALL_TILES
from scoring_api.sim.stepwise import (
    ACTIONS,
    CHANCE,
    FIRST_DEALER,
    GO,
    LAY_AWAY,
    OVER,
    Setting,
    StepGame,
    history_of,
)

from . import parameters, views
from .resample import resampled_history

SHORT_NAME = "python_domino_cribbage"

_PARAMETERS: dict[str, Any] = {**parameters.rule_defaults(), "first_dealer": -1, "utility": "win"}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python domino cribbage (the scoring API's rules core)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def rules_of(params: dict[str, Any]) -> RuleOptions:
    """The rule options of the game's parameters, checked by the core's own parser."""
    try:
        return parameters.rules_of(params)
    except MalformedInputError as error:
        raise ValueError(f"{SHORT_NAME}: {error.detail}") from None


def max_deals(rules: RuleOptions) -> int:
    """The most deals a game can have: every deal scores at least its last tile's point,
    so ``sides * (target - 1) + 1``."""
    return rules.sides * (rules.target - 1) + 1


def max_game_length(rules: RuleOptions) -> int:
    """A bound on a game's actions: ``max_deals`` deals of the most actions a deal has."""
    n, shape = rules.players, DEALS[rules.players]
    per_deal = n * shape.drawn + shape.blind + 1 + n * shape.laid_away + views.max_plays(n)
    return 1 + max_deals(rules) * per_deal


class DominoCribbageGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one choice of parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        self.rules = rules_of(params)
        self.setting = Setting(self.rules)
        self.first_dealer = int(params["first_dealer"])
        self.utility = str(params["utility"])
        if self.utility not in views.UTILITIES:
            raise ValueError(f"{SHORT_NAME}: utility must be one of {', '.join(views.UTILITIES)}")
        if not -1 <= self.first_dealer < self.rules.players:
            raise ValueError(f"{SHORT_NAME}: first_dealer must be -1 or a seat")
        bound = 1.0 if self.utility == "win" else float(self.rules.target + MAX_SHOW - 1)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=TILE_COUNT,
            num_players=self.rules.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=max_game_length(self.rules),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> DominoCribbageState:
        return DominoCribbageState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """OpenSpiel's observer (``make_observation``); one parameter, ``earlier_deals``
        (true: the perfect-recall tensor holds every earlier deal whole too, room for as
        many as a game can have, ``views.earlier_width`` entries each)."""
        unknown = set(params or {}) - {"earlier_deals"}
        if unknown:
            raise ValueError(f"{SHORT_NAME}: unknown observer parameters {sorted(unknown)}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        earlier = bool((params or {}).get("earlier_deals", False))
        if earlier and not iig_obs_type.perfect_recall:
            raise ValueError(f"{SHORT_NAME}: earlier_deals is for perfect recall")
        return Observer(self.rules, iig_obs_type, max_deals(self.rules) - 1 if earlier else 0)


class Table:
    """The Python side of a state: the game in play and how it is scored. One attribute, so
    that OpenSpiel's clone (a deep copy of each attribute) is one fast copy, and its
    serialisation (a pickle) the actions replayed."""

    __slots__ = ("game", "utility")

    def __init__(self, game: StepGame, utility: str) -> None:
        self.game = game
        self.utility = utility

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return Table(self.game.copy(), self.utility)

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.game
        actions = history_of(game.first_dealer, game.deals, game.players)
        return (_replayed, (game.rules, game.first_dealer, self.utility, actions))


def _replayed(rules: RuleOptions, first_dealer: int, utility: str, actions: list[int]) -> Table:
    game = StepGame(rules, first_dealer)
    for action in actions:
        game.apply(action)
    return Table(game, utility)


def action_text(action: int) -> str:
    """A player action in words."""
    if action == GO:
        return "go"
    if action >= LAY_AWAY:
        return f"lay away {ALL_TILES[action - LAY_AWAY].text}"
    return f"lay {ALL_TILES[action].text}"


class DominoCribbageState(pyspiel.State):  # type: ignore[misc]
    """A state of the game; every question is answered by its ``StepGame``."""

    def __init__(self, game: DominoCribbageGame) -> None:
        super().__init__(game)
        self.table = Table(StepGame(game.rules, game.first_dealer, game.setting), game.utility)

    def current_player(self) -> int:
        return self.table.game.current()

    # Python callers reach these directly (C++ callers through ``current_player`` and
    # ``_legal_actions``), with the answers OpenSpiel's own would give: a call from Python
    # into the C++ base and back costs more than the game's own work.
    def is_chance_node(self) -> bool:
        return bool(self.table.game.current() == CHANCE)

    def legal_actions(self, player: int | None = None) -> list[int]:
        game = self.table.game
        current = game.current()
        if current == CHANCE:
            return game.chance_outcomes()
        if current < 0 or player not in (None, current):
            return []
        return game.legal()

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.game.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.table.game.chance_outcomes()
        p = 1.0 / len(outcomes)
        return [(outcome, p) for outcome in outcomes]

    def _apply_action(self, action: int) -> None:
        self.table.game.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.table.game.phase == FIRST_DEALER:
                return f"first dealer {action}"
            return f"draw {ALL_TILES[action].text}"
        return action_text(action)

    def is_terminal(self) -> bool:
        return bool(self.table.game.phase == OVER)

    def returns(self) -> list[float]:
        return views.returns(self.table.game, self.table.utility)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, the hidden tiles drawn uniformly
        among all that fit what he saw (``research.resample``); ``probability_sampler``
        (``pyspiel.UniformProbabilitySampler``) gives the uniform numbers."""
        state = self.get_game().new_initial_state()
        for action in resampled_history(self.table.game, player_id, probability_sampler):
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        return views.full_string(self.table.game)


class Observer:
    """OpenSpiel's observer of a state (the ``PyObserver`` interface), as ``iig_obs_type``
    asks: with perfect recall the information state, else the observation (the table now);
    the seat's own tiles (``private_info`` single player), what the whole table sees
    (``public_info``), or every seat's tiles (``private_info`` all players: the whole
    state, ``views.layout(full=True)``, which has no perfect-recall form)."""

    def __init__(self, rules: RuleOptions, iig_obs_type: Any, earlier: int = 0) -> None:
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.full = iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        if self.full and (self.recall or not self.public):
            raise ValueError(
                f"{SHORT_NAME}: the all-players observer is the whole state now, with the "
                "public information and without perfect recall"
            )
        self.encoder = views.Encoder(
            rules.players, rules.sides, self.recall, self.private, self.public, self.full, earlier
        )
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.layout.views(self.tensor)

    def set_from(self, state: DominoCribbageState, player: int) -> None:
        self.tensor.fill(0.0)
        self.encoder.write(state.table.game, player, self.tensor)

    def string_from(self, state: DominoCribbageState, player: int) -> str:
        game = state.table.game
        if self.full:
            return views.full_string(game)
        if self.recall:
            return views.information_string(game, player, self.private, self.public)
        return views.observation_string(game, player, self.private, self.public)


pyspiel.register_game(GAME_TYPE, DominoCribbageGame)
