"""A shard of the ladder: paired deals of one pairing, each deal played twice, seats swapped.

Deal ``i`` of a pairing is played once with A in seat 0 (and seat 2 with partners) and once
with B there, the first dealer the same seat (``i`` modulo the players) and the same tiles to
the same seats. Between the project's strategies the games are the simulator's
(``sim.runs``, game ``i`` of a run of seed ``seed``: the same games as ``bench/ladder.py``'s
and ``POST /v1/simulations``'s); a pairing with ISMCTS plays through the research game,
its chance drawn as the PettingZoo environment's ``reset(seed, options={"game": i})`` draws
game ``i``'s (``research.chance``; the same for both seatings), ISMCTS's own choices from the
``numpy.random.RandomState`` OpenSpiel's bot takes, seeded by the seed, ``i`` and its seat.

A results line keeps each player's ``plays_of``, a digest of how it plays the day the line was
played: a strategy changed since (search made stronger, a table rebuilt) no longer matches, so
its old games are played again rather than rated as its own (``report.fresh_lines``).

Each player's CPU time is taken around each of its decisions (``time.process_time``, this
process): a move is one decision the game asks of it. The simulator asks a lay-away at once
and every tile laid, one that alone fits too; the research game asks only where more than one
action is legal, a lay-away tile by tile.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import time
import zlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from scoring_api.rules.options import DEFAULT_RULES, RuleOptions, parse_rules
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import Tile
from scoring_api.sim.layaway import DrawnValues, Positions
from scoring_api.sim.runs import RunGames, SimulationRequest, play_all
from scoring_api.sim.seat import Seat
from scoring_api.sim.strategies import Strategy
from scoring_api.sim.streams import STREAM_VERSION

from .players import PARTNERS, TWO, Player, player


@dataclass(frozen=True, slots=True)
class Shard:
    """Deals ``first`` .. ``first + deals - 1`` of a pairing."""

    table: str
    """``two`` or ``partners``."""
    a: str
    """The first player's label (the results count for it)."""
    b: str
    """The second's."""
    seed: int
    """The ladder's seed."""
    first: int
    """The first deal's index."""
    deals: int
    """How many deals (each played twice)."""

    @property
    def key(self) -> tuple[str, str, str, int, int, int]:
        return (self.table, self.a, self.b, self.seed, self.first, self.deals)


def rules_of(table: str) -> RuleOptions:
    """The rule book's rules for the table (two players to 61, partners to 121)."""
    return DEFAULT_RULES if table == TWO else parse_rules({"players": 4, "partners": True})


@dataclass(slots=True)
class Clock:
    """A player's CPU seconds in its decisions, and how many it made."""

    seconds: float = 0.0
    moves: int = 0

    def since(self, started: float) -> None:
        """One decision, begun at ``started`` (``time.process_time()``), is made."""
        self.seconds += time.process_time() - started
        self.moves += 1


class Timed(Strategy):
    """A strategy whose decisions are timed on its ``clock``."""

    name = "timed"
    description = "A ladder player's own strategy, its decisions timed."
    seat_seconds = 0.0

    def __init__(self, inner: Strategy) -> None:
        self.inner = inner
        self.clock = Clock()

    def discard(
        self,
        values: DrawnValues,
        own_crib: bool,
        rules: RuleOptions,
        rng: Stream,
        scores: Sequence[int] = (),
    ) -> Positions:
        started = time.process_time()
        positions = self.inner.discard(values, own_crib, rules, rng, scores)
        self.clock.since(started)
        return positions

    def lay(self, seat: Seat, rng: Stream) -> Tile:
        started = time.process_time()
        tile = self.inner.lay(seat, rng)
        self.clock.since(started)
        return tile


def _seatings(table: str) -> tuple[list[int], list[int]]:
    """Which of (A, B) sits in each seat: A first, then swapped."""
    if table == PARTNERS:
        return [0, 1, 0, 1], [1, 0, 1, 0]
    return [0, 1], [1, 0]


def _simulated(shard: Shard, players: tuple[Player, Player]) -> tuple[list[int], list[Clock]]:
    """Per deal, A's games won (0, 1 or 2), by the simulator's games."""
    rules = rules_of(shard.table)
    timed = [Timed(p.strategy()) for p in players]
    runs = []
    for seating in _seatings(shard.table):
        lineup = tuple(timed[k].inner for k in seating)
        request = SimulationRequest(lineup, rules, shard.seed, shard.deals, shard.first)
        runs.append((RunGames(request, strategies=[timed[k] for k in seating]), seating))
    won = []
    for index in range(shard.first, shard.first + shard.deals):
        wins = 0
        for games, seating in runs:
            winner = games.play(index).winner  # a seat, or with partners a side (0: seats 0, 2)
            wins += seating[winner] == 0
        won.append(wins)
    return won, [t.clock for t in timed]


def _seed32(*parts: object) -> int:
    """A 32-bit seed of the parts, the same in any process (``RandomState`` takes 32 bits)."""
    return zlib.crc32(":".join(map(str, parts)).encode())


def _researched(shard: Shard, players: tuple[Player, Player]) -> tuple[list[int], list[Clock]]:
    """Per deal, A's games won, through the research game (a pairing with ISMCTS)."""
    import numpy as np
    import pyspiel

    from scoring_api.research import bots, chance

    clocks = [Clock(), Clock()]
    won = []
    for index in range(shard.first, shard.first + shard.deals):
        game = pyspiel.load_game("python_domino_cribbage", {"first_dealer": index % 2})
        wins = 0
        for seating in _seatings(TWO):
            lineup: list[Any] = []
            for seat, k in enumerate(seating):
                found = players[k]
                if found.is_ismcts:
                    assert found.budget is not None
                    seed = _seed32(shard.seed, index, seat, found.label)
                    lineup.append(bots.ismcts_bot(game, found.budget, seed))
                else:
                    lineup.append(bots.strategy_bot(found.name, index, found.budget))
            numbers = chance.stream_of(shard.seed, chance.CHANCE, index)
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[numbers.below(len(outcomes))][0])
                    continue
                seat = state.current_player()
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply_action(legal[0])
                    continue
                started = time.process_time()
                action = lineup[seat].step(state)
                clocks[seating[seat]].since(started)
                state.apply_action(action)
            wins += seating[int(np.argmax(state.returns()))] == 0
        won.append(wins)
    return won, clocks


PLAYS_SEED = 56_562
"""The seed of the games ``plays_of`` digests (not the ladder's: any other would do)."""
PLAYS_GAMES = 4
"""How many: each of a strategy's choices in them (at two players some 15 lay-aways and 60
tiles laid, from the first deal to the last) must come out the same for a results line to
count as its games."""


@functools.cache
def plays_of(table: str, label: str) -> str:
    """How the player plays at the table today, as a short digest: of the record of each
    move of ``PLAYS_GAMES`` games against ``expert`` (the simulator's games, every choice in
    its transcript); for ISMCTS, OpenSpiel's version (its games cost seconds, and the
    research game's rules are the engine's, checked by its own tests). Remembered a process:
    a pool's worker works it out once for all its shards."""
    found = player(label)
    if found.is_ismcts:
        return "open_spiel " + importlib.metadata.version("open_spiel")
    rules = rules_of(table)
    lineup = (found.strategy(), player("expert").strategy()) * (rules.players // 2)
    digest = hashlib.sha256()
    for result in play_all(SimulationRequest(lineup, rules, PLAYS_SEED, PLAYS_GAMES), True):
        digest.update(repr((result.winner, result.scores, result.transcript)).encode())
    return digest.hexdigest()[:16]


def play_shard(shard: Shard) -> dict[str, Any]:
    """The shard's result as a line of the results file: the shard, A's deals won twice,
    once and never, each player's CPU seconds and moves in its ``2 * deals`` games (with
    partners, both of its seats'), how each played (``plays_of``), and the engine's stream
    that dealt them."""
    players = (player(shard.a), player(shard.b))
    researched = any(p.is_ismcts for p in players)
    if researched and shard.table != TWO:
        raise ValueError("ISMCTS plays the two-player research game only")
    won, clocks = (_researched if researched else _simulated)(shard, players)
    return {
        **asdict(shard),
        "stream": STREAM_VERSION,
        "plays": {p.label: plays_of(shard.table, p.label) for p in players},
        "both": won.count(2),
        "split": won.count(1),
        "neither": won.count(0),
        "cpu": {
            p.label: [round(c.seconds, 6), c.moves] for p, c in zip(players, clocks, strict=True)
        },
    }


def shard_of(line: dict[str, Any]) -> Shard:
    """The shard a results line is of."""
    return Shard(*(line[field] for field in Shard.__dataclass_fields__))
