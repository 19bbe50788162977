"""Runs of many games, summarized as sums so that shards of a run merge exactly.

Game ``i`` of a run is played from the stream ``seeded(seed).child(i)`` (``streams``' key
scheme, version ``STREAM_VERSION``): it depends only on the seed, its index and the request,
never on the process, the worker or the order of the other games. A
run takes its players as strategy objects, resolved from their names where a request is read
(``registry``), so that a builder may run players of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Literal

from scoring_api.rules.constants import MAX_SHOW
from scoring_api.rules.options import DEFAULT_RULES, RuleOptions
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import ALL_TILES, Tile

from .game import GameTable
from .intervals import wilson_interval
from .outcome import CRIB, HAND, PLAY, SOURCE_COUNT, SOURCES, STARTER, GameResult
from .strategies import Strategy
from .streams import FIRST_DEALER, region

MAX_SEED = 2**53 - 1
FirstDealer = Literal["alternate", "draw"] | int

Lineup = tuple[Strategy, ...]
"""The strategy of each seat, seat 0 first."""


@dataclass(frozen=True, slots=True)
class SimulationRequest:
    """A run of games: everything that decides them, so game ``i`` is a function of it."""

    lineup: Lineup
    """Who plays each seat (a budget, where one takes it, is the strategy's own)."""
    rules: RuleOptions
    """The rules played."""
    seed: int
    """The run's seed: game ``i`` plays from ``streams.game_stream(seed, i)``."""
    games: int
    """How many games."""
    first_game: int = 0
    """The index of the first (a shard of a bigger run starts later)."""
    first_dealer: FirstDealer = "alternate"
    """Who deals first: seats in turn by game index, a draw, or a fixed seat."""

    def __post_init__(self) -> None:
        if len(self.lineup) != self.rules.players:
            raise ValueError("one strategy per seat")

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's strategy by name, seat 0 first."""
        return tuple(strategy.name for strategy in self.lineup)


def draw_for_dealer(rng: Stream, players: int) -> int:
    """Every player draws a tile; the lowest value deals; only those tied for lowest draw
    again, from the whole set (docs/rules.md sections 2 and 8.1)."""
    drawing = list(range(players))
    while True:
        values = [tile.value for tile in _distinct_tiles(rng, len(drawing))]
        lowest = min(values)
        drawing = [seat for seat, value in zip(drawing, values, strict=True) if value == lowest]
        if len(drawing) == 1:
            return drawing[0]


def _distinct_tiles(rng: Stream, k: int) -> list[Tile]:
    """``k`` distinct tiles drawn from the set, one after another (one ``below`` each)."""
    chosen: list[int] = []
    for drawn in range(k):
        index = rng.below(len(ALL_TILES) - drawn)
        for taken in sorted(chosen):  # the index-th tile not yet drawn
            index += index >= taken
        chosen.append(index)
    return [ALL_TILES[i] for i in chosen]


def first_dealer_of(request: SimulationRequest, index: int, game: Stream) -> int:
    """Game ``index``'s first dealer (the draw takes its tiles from the game's stream's
    region ``FIRST_DEALER``)."""
    players = request.rules.players
    if request.first_dealer == "alternate":
        return index % players
    if request.first_dealer == "draw":
        return draw_for_dealer(region(game, FIRST_DEALER), players)
    return request.first_dealer


class RunGames:
    """The games of a run, played one after another at one ``GameTable`` (its strategies,
    seats and referee made once). Game ``i`` is still a pure function of the request and
    ``i``: its stream is the run's child ``i``, and the table keeps nothing of one game for
    the next."""

    def __init__(
        self,
        request: SimulationRequest,
        transcript: bool = False,
        strategies: Sequence[Strategy] | None = None,
    ) -> None:
        """``strategies``: the lineup's, seat 0 first, as the caller made them (the run's
        shards wrap the slow ones to stop between their choices); by default the request's."""
        self.request = request
        lineup = request.lineup if strategies is None else strategies
        self.table = GameTable(lineup, request.rules, transcript)
        self.run = seeded(request.seed)

    def play(self, index: int) -> GameResult:
        """Game ``index`` of the run."""
        game = self.run.child(index)
        return self.table.play(game, first_dealer_of(self.request, index, game))


def play_one(request: SimulationRequest, index: int, transcript: bool = False) -> GameResult:
    """Game ``index`` of the run: a pure function of the request and the index."""
    return RunGames(request, transcript).play(index)


def play_all(request: SimulationRequest, transcript: bool = False) -> Iterator[GameResult]:
    games = RunGames(request, transcript)
    for index in range(request.first_game, request.first_game + request.games):
        yield games.play(index)


@dataclass(slots=True)
class Totals:
    """Sums over games; every mean in a summary is one of these divided by a count.

    Lists by side have one entry per side (a seat, or with partners 0 for seats 0 and 2, 1
    for seats 1 and 3); lists by seat one per seat: ``Totals.empty(rules)`` sizes them for
    the rules' table. Shards of a run add up field by field.
    """

    games: int
    """Games played."""
    deals: int
    """Deals played, in all games."""
    wins: list[int]
    """Games each side won."""
    lurches: list[int]
    """Games each side won with a lurch."""
    final_scores: list[int]
    """Each side's final scores, summed."""
    margin: int
    """The winner's score minus the best other side's, summed."""
    points: list[dict[str, int]]
    """Each seat's points by source (starter, play, hand, crib)."""
    dealt: list[int]
    """Deals each seat dealt."""
    dealer_points: list[int]
    """Each seat's points in the deals he dealt."""
    non_dealer_points: list[int]
    """Each seat's points in the others' deals."""
    hand_scores: list[int]
    """How many hands showed each total 0..24."""
    crib_scores: list[int]
    """How many cribs showed each total 0..24."""

    @classmethod
    def empty(cls, rules: RuleOptions) -> Totals:
        """No games yet, sized for the rules' seats and sides."""
        seats, sides = rules.players, rules.sides
        return cls(
            games=0,
            deals=0,
            wins=[0] * sides,
            lurches=[0] * sides,
            final_scores=[0] * sides,
            margin=0,
            points=[dict.fromkeys(SOURCES, 0) for _ in range(seats)],
            dealt=[0] * seats,
            dealer_points=[0] * seats,
            non_dealer_points=[0] * seats,
            hand_scores=[0] * (MAX_SHOW + 1),
            crib_scores=[0] * (MAX_SHOW + 1),
        )

    def add(self, game: GameResult) -> None:
        self.games += 1
        self.deals += game.deals
        winner, scores = game.winner, game.scores
        self.wins[winner] = self.wins[winner] + 1
        self.lurches[winner] = self.lurches[winner] + game.lurch
        best_other = -1  # the best score of a side that lost (a loop: max() is a call)
        for side, score in enumerate(scores):
            self.final_scores[side] = self.final_scores[side] + score
            if side != winner and score > best_other:
                best_other = score
        self.margin += scores[winner] - best_other
        points, roles = game.source_totals, game.role_totals
        for p, mine in enumerate(self.points):
            at = p * SOURCE_COUNT  # SOURCES, written out: each key a constant
            mine["starter"] = mine["starter"] + points[at + STARTER]
            mine["play"] = mine["play"] + points[at + PLAY]
            mine["hand"] = mine["hand"] + points[at + HAND]
            mine["crib"] = mine["crib"] + points[at + CRIB]
            self.dealt[p] = self.dealt[p] + game.dealt[p]
            self.non_dealer_points[p] = self.non_dealer_points[p] + roles[p * 2]
            self.dealer_points[p] = self.dealer_points[p] + roles[p * 2 + 1]
        hands, cribs = self.hand_scores, self.crib_scores
        for total in game.hand_scores:
            hands[total] = hands[total] + 1
        for total in game.crib_scores:
            cribs[total] = cribs[total] + 1

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
                mine[i] = mine[i] + value
        for mine_points, their_points in zip(self.points, other.points, strict=True):
            for source, points in their_points.items():
                mine_points[source] = mine_points[source] + points


def game_line(index: int, game: GameResult, rules: RuleOptions) -> dict[str, object]:
    """One game as a per-game stream line shows it, transcript aside (JSON-ready)."""
    line: dict[str, object] = {
        "index": index,
        "winner": game.winner,
        "scores": game.scores,
        "deals": game.deals,
        "first_dealer": game.first_dealer,
        "lurch": game.lurch,
    }
    losing_sides = rules.sides - 1
    if losing_sides > 1:  # who was lurched, where there is a choice
        line["lurched"] = game.lurched
    return line


def run(request: SimulationRequest) -> Totals:
    totals = Totals.empty(request.rules)
    for game in play_all(request):
        totals.add(game)
    return totals


def mean(total: int, count: int) -> float:
    return total / count if count else 0.0


def _record(totals: Totals, side: int) -> dict[str, object]:
    """A side's results: wins, win rate with its interval, lurches, mean final score."""
    low, high = wilson_interval(totals.wins[side], totals.games)
    return {
        "wins": totals.wins[side],
        "win_rate": mean(totals.wins[side], totals.games),
        "win_rate_ci95": [low, high],
        "lurches": totals.lurches[side],
        "mean_final_score": mean(totals.final_scores[side], totals.games),
    }


def summarize(
    totals: Totals, lineup: Lineup, rules: RuleOptions = DEFAULT_RULES
) -> dict[str, object]:
    """The figures people study, each beside the sums it comes from: per seat (his side's
    results, and his own points), and with partners per side too."""
    players = []
    for p, seated in enumerate(lineup):
        strategy = seated.name
        side = rules.side_of(p)
        players.append(
            {
                "strategy": strategy,
                **_record(totals, side),
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
    summary: dict[str, object] = {"games": totals.games, "players": players}
    if rules.partners:
        summary["sides"] = [
            {"seats": [p for p in range(rules.players) if rules.side_of(p) == side]}
            | _record(totals, side)
            for side in range(rules.sides)
        ]
    return summary | {
        "mean_deals": mean(totals.deals, totals.games),
        "mean_margin": mean(totals.margin, totals.games),
        "hand_scores": totals.hand_scores,
        "crib_scores": totals.crib_scores,
    }
