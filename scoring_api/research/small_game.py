"""A small member of the family, solved exactly: the play of one deal,
``python_domino_cribbage_play`` (registered on import), the domino-cribbage equivalent of Kuhn
and Leduc poker.

**What and why.** Two players, one deal, no lay-away and no show: each is dealt ``tiles``
tiles (default 2) from the tiles up to double-``max_pips`` (default double-three: 10 tiles,
values 0..6), a starter is turned, and the play is refereed to its end by the rules core's
own ``PlayReferee`` (docs/rules.md section 3: fifteens, pairs, runs, the count to 31, go and
the last tile's point); each seat's return is his pegged points less the other's. The play is
the game's decision under hidden tiles that every deal repeats (the lay-away aside, the
one the project's strategies are asked most: ``lay``), and this member's tree is small
enough for OpenSpiel's CFR+ and exact best response to walk whole, in seconds through its
EFG copy (``efg_text``): 7,560 deals of two tiles (45 x 28 x 6) against hundreds of
thousands of three.

**Through the same core.** The referee counts a hand of four tiles (``HAND_SIZE``) as laid out
when its four are down; each seat here starts with four less ``tiles`` counted as laid (in no
count, scoring nothing), so that the play ends when his ``tiles`` are down. Everything that
scores is the referee's.

Chance: each seat's hand (an outcome is the position of the hand among the combinations of
the tiles left, in ``ALL_TILES`` order), then the starter (its position among those left).
Seat 1 deals, so seat 0 leads. Actions are the big game's: ``0..27`` lay that tile, ``GO``.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import pyspiel

from scoring_api.rules.constants import HAND_SIZE, MAX_PIPS, TILE_COUNT
from scoring_api.rules.options import RuleOptions, parse_rules
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.tiles import ALL_TILES, tiles_in
from scoring_api.sim.seat import Seat, seat_at_turn
from scoring_api.sim.stepwise import GO

from .views import max_plays, tiles_text

SHORT_NAME = "python_domino_cribbage_play"
DEALER = 1
"""Seat 1 deals; seat 0, on his left, leads."""
PLAYERS = 2
_PARAMETERS: dict[str, Any] = {"max_pips": 3, "tiles": 2}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python domino cribbage, the play of one deal (small)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=PLAYERS,
    min_num_players=PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification=_PARAMETERS,
)


class SmallPlayGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one choice of ``max_pips`` (1..6) and ``tiles`` (1..4 a hand)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        self.max_pips, self.tiles = int(params["max_pips"]), int(params["tiles"])
        if not 1 <= self.max_pips <= MAX_PIPS:
            raise ValueError(f"{SHORT_NAME}: max_pips must be 1 to {MAX_PIPS}")
        self.set = [tile.index for tile in ALL_TILES if tile.high <= self.max_pips]
        if not 1 <= self.tiles <= HAND_SIZE or 2 * self.tiles + 1 > len(self.set):
            raise ValueError(f"{SHORT_NAME}: tiles must be 1 to 4, and the set hold both hands")
        self.rules: RuleOptions = parse_rules({})
        # Each tile scores at most: a fifteen, a run of all, a pair royal of four, the go.
        bound = float(self.tiles * 2 * (2 + 2 * self.tiles + 12 + 1))
        info = pyspiel.GameInfo(
            num_distinct_actions=GO + 1,
            max_chance_outcomes=max(comb(len(self.set), self.tiles), len(self.set)),
            num_players=PLAYERS,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=max_plays(PLAYERS),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> SmallPlayState:
        return SmallPlayState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SmallObserver:
        if params:
            raise ValueError(f"{SHORT_NAME}: observer parameters are not supported: {params}")
        if iig_obs_type is not None and not iig_obs_type.perfect_recall:
            raise ValueError(f"{SHORT_NAME}: only the information state (perfect recall)")
        return SmallObserver()


class Deal:
    """The Python side of a state: the hands, the starter, the referee of the play, and the
    actions so far (a copy replays them: the referee is the compiled core's)."""

    def __init__(self, game: SmallPlayGame) -> None:
        self.game = game
        self.hands = [0, 0]
        self.starter = -1
        self.referee: PlayReferee | None = None
        self.actions: list[int] = []
        self.chance_left = list(game.set)
        self.plays: list[tuple[int, int]] = []
        """The play: (seat, tile index or ``GO``)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Deal:
        deal = Deal(self.game)
        for action in self.actions:
            deal.apply(action)
        return deal

    def stage(self) -> int:
        """0 and 1: seat 0's and seat 1's hand to deal; 2: the starter; 3: the play."""
        return (
            3 if self.referee is not None else (2 if self.hands[1] else 1 if self.hands[0] else 0)
        )

    def outcomes(self) -> list[int]:
        """The masks (hands) or tile indices (the starter) the chance event may give, by
        outcome."""
        if self.stage() == 2:
            return list(self.chance_left)
        return [
            sum(1 << t for t in hand) for hand in combinations(self.chance_left, self.game.tiles)
        ]

    def apply(self, action: int) -> None:
        self.actions.append(action)
        stage = self.stage()
        if stage < 2:
            hand = self.outcomes()[action]
            self.hands[stage] = hand
            self.chance_left = [t for t in self.chance_left if not hand >> t & 1]
        elif stage == 2:
            self.starter = self.chance_left[action]
            referee = PlayReferee(PLAYERS, DEALER, ALL_TILES[self.starter], held=list(self.hands))
            for play in referee.seats:
                play.laid = HAND_SIZE - self.game.tiles  # counted as laid, in no count
            self.referee = referee
        else:
            playing = self.referee
            assert playing is not None
            turn = playing.turn_seat
            self.plays.append((turn, action))
            if action == GO:
                playing.go(turn)
            else:
                playing.lay_scored(turn, ALL_TILES[action])

    def seat_view(self, seat: int) -> Seat:
        """What ``seat`` knows on turn, as the simulator hands it to a strategy."""
        assert self.referee is not None
        own = self.hands[seat] | 1 << self.starter
        return seat_at_turn(self.referee, seat, own, DEALER, self.game.rules)


class SmallPlayState(pyspiel.State):  # type: ignore[misc]
    """A state of the small game."""

    def __init__(self, game: SmallPlayGame) -> None:
        super().__init__(game)
        self.deal = Deal(game)

    def current_player(self) -> int:
        referee = self.deal.referee
        if referee is None:
            return int(pyspiel.PlayerId.CHANCE)
        if referee.complete:
            return int(pyspiel.PlayerId.TERMINAL)
        return referee.turn_seat

    def _legal_actions(self, player: int) -> list[int]:
        referee = self.deal.referee
        assert referee is not None
        fitting = referee.fitting(player)
        return [i for i in range(TILE_COUNT) if fitting >> i & 1] or [GO]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = len(self.deal.outcomes())
        return [(outcome, 1.0 / n) for outcome in range(n)]

    def _apply_action(self, action: int) -> None:
        self.deal.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            outcome = self.deal.outcomes()[action]
            if self.deal.stage() == 2:
                return f"starter {ALL_TILES[outcome].text}"
            return f"deal {tiles_text(outcome)}"
        return "go" if action == GO else f"lay {ALL_TILES[action].text}"

    def is_terminal(self) -> bool:
        referee = self.deal.referee
        return referee is not None and referee.complete

    def returns(self) -> list[float]:
        referee = self.deal.referee
        if referee is None or not referee.complete:
            return [0.0, 0.0]
        mine, theirs = referee.seats[0].score, referee.seats[1].score
        return [float(mine - theirs), float(theirs - mine)]

    def __str__(self) -> str:
        deal = self.deal
        text = f"hands {tiles_text(deal.hands[0])} | {tiles_text(deal.hands[1])}"
        if deal.starter >= 0:
            text += f"; starter {ALL_TILES[deal.starter].text}; play {_plays(deal)}"
        return text


def _plays(deal: Deal) -> str:
    return (
        " ".join(
            f"{seat}:{'go' if tile == GO else ALL_TILES[tile].text}" for seat, tile in deal.plays
        )
        or "-"
    )


class SmallObserver:
    """The information state (perfect recall): the seat, his hand, the starter, the play in
    order. Tensor: ``seat`` (2), ``hand`` (28), ``starter`` (28), ``plays`` (each entry: its
    seat one-hot, then the tile one-hot or go)."""

    def __init__(self) -> None:
        width = PLAYERS + TILE_COUNT + 1
        self.tensor = np.zeros(PLAYERS + 2 * TILE_COUNT + max_plays(PLAYERS) * width, np.float32)
        self.dict = {
            "seat": self.tensor[:PLAYERS],
            "hand": self.tensor[PLAYERS : PLAYERS + TILE_COUNT],
            "starter": self.tensor[PLAYERS + TILE_COUNT : PLAYERS + 2 * TILE_COUNT],
            "plays": self.tensor[PLAYERS + 2 * TILE_COUNT :].reshape(-1, width),
        }

    def set_from(self, state: SmallPlayState, player: int) -> None:
        self.tensor.fill(0.0)
        deal = state.deal
        self.dict["seat"][player] = 1.0
        for held in tiles_in[deal.hands[player]]:
            self.dict["hand"][held.index] = 1.0
        if deal.starter >= 0:
            self.dict["starter"][deal.starter] = 1.0
        for row, (seat, action) in enumerate(deal.plays):
            self.dict["plays"][row, seat] = 1.0
            self.dict["plays"][row, PLAYERS + action] = 1.0

    def string_from(self, state: SmallPlayState, player: int) -> str:
        deal = state.deal
        text = f"seat {player}; hand {tiles_text(deal.hands[player])}"
        if deal.starter >= 0:
            text += f"; starter {ALL_TILES[deal.starter].text}; play {_plays(deal)}"
        return text


def strategy_policy(game: SmallPlayGame, name: str, seed: int = 0) -> Any:
    """A project strategy as an OpenSpiel ``TabularPolicy`` of the small game: at each
    information state, the tile it lays when handed that seat's ``Seat`` (its numbers from
    the seed's stream, ``research.chance``); ``random`` is uniform over the legal actions,
    which is what it plays."""
    from open_spiel.python import policy as policy_lib

    from scoring_api.sim.registry import STRATEGIES, strategy_for

    from . import chance

    strategy = strategy_for(name)
    index = [known.name for known in STRATEGIES].index(name)
    tabular = policy_lib.TabularPolicy(game)
    for row, state in enumerate(tabular.states):
        legal = state.legal_actions()
        probabilities = tabular.action_probability_array[row]
        probabilities[:] = 0.0
        if name == "random" or len(legal) == 1:
            probabilities[legal] = 1.0 / len(legal)
            continue
        rng = chance.stream_of(seed, chance.STRATEGY, index)
        seat = state.current_player()
        tile = strategy.lay(state.deal.seat_view(seat), rng)
        assert tile.index in legal, (name, str(state), tile)
        probabilities[tile.index] = 1.0
    return tabular


def efg_text(game: SmallPlayGame) -> str:
    """The game's whole tree in Gambit's extensive form (EFG), the text
    ``pyspiel.load_efg_game`` reads: OpenSpiel's C++ then walks the same tree (CFR+, exact
    best responses) with no call into Python at each node, hundreds of times faster. Walked
    once, here, through the game itself: each node's information set is named by its
    information state string (numbered by seat in order met), each chance outcome is equally
    likely (``1/n``), each terminal node has the game's returns."""
    lines = [f'EFG 2 R "{game}" {{ "seat 0" "seat 1" }}', ""]
    infosets: list[dict[str, int]] = [{}, {}]
    counters = {"chance": 0, "terminal": 0}

    def walk(state: SmallPlayState) -> None:
        if state.is_terminal():
            counters["terminal"] += 1
            mine, theirs = state.returns()
            lines.append(f't "" {counters["terminal"]} "" {{ {mine!r} {theirs!r} }}')
            return
        if state.is_chance_node():
            counters["chance"] += 1
            outcomes = [action for action, _ in state.chance_outcomes()]
            body = " ".join(f'"{action}" 1/{len(outcomes)}' for action in outcomes)
            lines.append(f'c "" {counters["chance"]} "" {{ {body} }} 0')
        else:
            seat = state.current_player()
            key = state.information_state_string(seat)
            number = infosets[seat].setdefault(key, len(infosets[seat]) + 1)
            outcomes = state.legal_actions()
            body = " ".join(f'"{action}"' for action in outcomes)
            lines.append(f'p "" {seat + 1} {number} "{key}" {{ {body} }} 0')
        for action in outcomes:
            walk(state.child(action))

    walk(game.new_initial_state())
    return "\n".join(lines) + "\n"


def efg_policy(efg_game: Any, tabular: Any) -> Any:
    """A tabular policy of the small game (OpenSpiel's Python ``TabularPolicy``) as one of
    its EFG copy (``efg_text``), a ``pyspiel.TabularPolicy``, for the C++ best response
    (``pyspiel.nash_conv``): the EFG game names each information state
    ``"seat-seat-number-name"`` with the game's own string as the name, and each action by
    the game's action id."""
    table: dict[str, list[tuple[int, float]]] = {}
    stack = [efg_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if state.is_chance_node():
            legal = [action for action, _ in state.chance_outcomes()]
        else:
            legal = state.legal_actions()
            key = state.information_state_string()
            if key not in table:
                probabilities = tabular.policy_for_key(key.split("-", 3)[3])
                table[key] = [
                    (action, float(probabilities[int(state.action_to_string(action))]))
                    for action in legal
                ]
        stack += [state.child(action) for action in legal]
    return pyspiel.TabularPolicy(table)


pyspiel.register_game(GAME_TYPE, SmallPlayGame)
