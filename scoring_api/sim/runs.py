"""Runs of many games, summarized as sums so that shards of a run merge exactly.

Game ``i`` of a run is played with ``Random(f"{seed}:{i}")``: it depends only on the seed, its
index and the request, never on the process, the worker or the order of the other games.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from random import Random
from typing import Literal

from scoring_api.rules.constants import MAX_SHOW, PLAYERS
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import next_seat

from .game import SOURCES, GameResult, draw_for_dealer, play_game
from .strategies import STRATEGIES, Strategy

MAX_SEED = 2**53 - 1
FirstDealer = Literal["alternate", "draw", 0, 1]
Z95 = 1.959963984540054

Lineup = tuple[str, ...]
"""The strategy of each seat, by name, seat 0 first."""


@dataclass(frozen=True, slots=True)
class SimulationRequest:
    """A run of games: everything that decides them, so game ``i`` is a function of it."""

    strategies: Lineup
    """Who plays each seat."""
    rules: RuleOptions
    """The rules played."""
    seed: int
    """The run's seed: game ``i`` plays from ``Random(f"{seed}:{i}")``."""
    games: int
    """How many games."""
    first_game: int = 0
    """The index of the first (a shard of a bigger run starts later)."""
    first_dealer: FirstDealer = "alternate"
    """Who deals first: seats in turn by game index, a draw, or a fixed seat."""

    def players(self) -> list[Strategy]:
        return [STRATEGIES[name] for name in self.strategies]


def first_dealer_of(request: SimulationRequest, index: int, rng: Random) -> int:
    """Game ``index``'s first dealer (the draw takes its tiles from the game's ``rng``)."""
    if request.first_dealer == "alternate":
        return index % PLAYERS
    if request.first_dealer == "draw":
        return draw_for_dealer(rng)
    return request.first_dealer


def play_one(request: SimulationRequest, index: int, transcript: bool = False) -> GameResult:
    """Game ``index`` of the run: a pure function of the request and the index."""
    rng = Random(f"{request.seed}:{index}")
    dealer = first_dealer_of(request, index, rng)
    return play_game(request.players(), request.rules, rng, dealer, transcript)


def play_all(request: SimulationRequest, transcript: bool = False) -> Iterator[GameResult]:
    for index in range(request.first_game, request.first_game + request.games):
        yield play_one(request, index, transcript)


@dataclass(slots=True)
class Totals:
    """Sums over games; every mean in a summary is one of these divided by ``games``."""

    games: int = 0
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    lurches: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    final_scores: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    margin: int = 0  # winner's score minus loser's, summed
    points: list[dict[str, int]] = field(
        default_factory=lambda: [dict.fromkeys(SOURCES, 0) for _ in range(PLAYERS)]
    )
    dealt: list[int] = field(default_factory=lambda: [0] * PLAYERS)  # deals as dealer
    dealer_points: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    non_dealer_points: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    hand_scores: list[int] = field(default_factory=lambda: [0] * (MAX_SHOW + 1))
    crib_scores: list[int] = field(default_factory=lambda: [0] * (MAX_SHOW + 1))

    def add(self, game: GameResult) -> None:
        self.games += 1
        self.deals += game.deals
        self.wins[game.winner] += 1
        self.lurches[game.winner] += game.lurch
        self.margin += game.scores[game.winner] - game.scores[next_seat(game.winner, PLAYERS)]
        for p in range(PLAYERS):
            self.final_scores[p] += game.scores[p]
            for source, points in game.points[p].items():
                self.points[p][source] += points
            self.dealt[p] += game.dealt[p]
            self.non_dealer_points[p] += game.role_points[p][0]
            self.dealer_points[p] += game.role_points[p][1]
        for total in game.hand_scores:
            self.hand_scores[total] += 1
        for total in game.crib_scores:
            self.crib_scores[total] += 1

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Totals:
        return cls(**data)  # type: ignore[arg-type]

    def merge(self, other: Totals) -> None:
        """Add another shard's sums (the shards must be disjoint ranges of one run)."""
        self.games += other.games
        self.deals += other.deals
        self.margin += other.margin
        for mine, theirs in (
            (self.wins, other.wins),
            (self.lurches, other.lurches),
            (self.final_scores, other.final_scores),
            (self.dealt, other.dealt),
            (self.dealer_points, other.dealer_points),
            (self.non_dealer_points, other.non_dealer_points),
            (self.hand_scores, other.hand_scores),
            (self.crib_scores, other.crib_scores),
        ):
            for i, value in enumerate(theirs):
                mine[i] += value
        for p in range(PLAYERS):
            for source, points in other.points[p].items():
                self.points[p][source] += points


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(request: SimulationRequest) -> Totals:
    totals = Totals()
    for game in play_all(request):
        totals.add(game)
    return totals


def mean(total: int, count: int) -> float:
    return total / count if count else 0.0


def summarize(totals: Totals, strategies: Lineup) -> dict[str, object]:
    """The figures people study, each beside the sums it comes from."""
    games = totals.games
    players = []
    for p in range(PLAYERS):
        low, high = wilson_interval(totals.wins[p], games)
        players.append(
            {
                "strategy": strategies[p],
                "wins": totals.wins[p],
                "win_rate": mean(totals.wins[p], games),
                "win_rate_ci95": [low, high],
                "lurches": totals.lurches[p],
                "mean_final_score": mean(totals.final_scores[p], games),
                "points_per_deal": {
                    source: mean(points, totals.deals)
                    for source, points in totals.points[p].items()
                },
                "points_per_deal_as_dealer": mean(totals.dealer_points[p], totals.dealt[p]),
                "points_per_deal_as_non_dealer": mean(
                    totals.non_dealer_points[p], totals.deals - totals.dealt[p]
                ),
            }
        )
    return {
        "games": games,
        "players": players,
        "mean_deals": mean(totals.deals, games),
        "mean_margin": mean(totals.margin, games),
        "hand_scores": totals.hand_scores,
        "crib_scores": totals.crib_scores,
    }
