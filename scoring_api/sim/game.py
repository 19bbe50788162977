"""A whole two-player game by docs/rules.md, played through the same referee as the endpoints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from random import Random
from typing import Literal

from scoring_api.rules.constants import DEALT, HAND_SIZE, PLAYERS
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import PlaySheet, ScoredPlay
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import leader, next_seat
from scoring_api.rules.show import ShowItem, score_show, show_total
from scoring_api.rules.tiles import ALL_TILES, BY_VALUE, Tile, tile_mask

from .advisor import KEPT
from .strategies import Seat, Strategy, pick

VALUES_BY_VALUE = tuple(tile.value for tile in BY_VALUE)
# _KEEP[i, j]: the four of six tiles kept when those at positions i and j (in either order,
# as a strategy names them) are laid away.
_KEEP = {(i, j): itemgetter(*kept) for (a, b), kept in KEPT.items() for i, j in ((a, b), (b, a))}
_NEXT = tuple(next_seat(seat, PLAYERS) for seat in range(PLAYERS))  # looked up per turn
Source = Literal["starter", "play", "hand", "crib"]
SOURCES: tuple[Source, ...] = ("starter", "play", "hand", "crib")


class GameOver(Exception):  # noqa: N818 - control flow, not an error
    """Someone reached the target: nothing after this event is scored."""


ShowWhose = Literal["non_dealer", "dealer", "crib"]


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand or the crib counted at the show."""

    whose: ShowWhose
    """Which show, in the order they are counted."""
    player: int
    """The seat it scores for."""
    total: int
    """Its points."""
    items: tuple[ShowItem, ...]
    """What they are made of."""


@dataclass(slots=True)
class DealRecord:
    """One deal, complete enough for another app to replay and check it."""

    dealer: int
    """The dealer's seat."""
    hands: list[list[Tile]]
    """The six tiles each player drew, lowest value first."""
    discards: list[list[Tile]]
    """The two each laid away into the crib."""
    starter: Tile
    """The starter."""
    plays: list[ScoredPlay] = field(default_factory=list)
    """The play, entry by entry, goes included, each go point on its closing tile."""
    shows: list[Shown] = field(default_factory=list)
    """The shows counted, in order (fewer if the game ended before)."""
    starter_points: int = 0
    """What the dealer scored for a double starter."""


@dataclass(slots=True)
class GameResult:
    """One game's outcome and the sums a run of games adds up."""

    winner: int
    """The seat that reached the target."""
    scores: list[int]
    """Each seat's final score."""
    deals: int
    """Deals played, the last one perhaps cut short by the win."""
    first_dealer: int
    """Who dealt the first deal."""
    points: list[dict[Source, int]]
    """``points[seat][source]``: where each seat's points came from."""
    role_points: list[list[int]]
    """``role_points[seat][0]`` as non-dealer, ``[1]`` as dealer."""
    dealt: list[int]
    """Deals each seat dealt."""
    hand_scores: list[int]
    """Every hand shown, either seat."""
    crib_scores: list[int]
    """Every crib shown."""
    transcript: list[DealRecord] | None = None
    """Every deal, when asked for."""
    lurch: bool = False
    """The loser had not reached half the target (docs/rules.md section 5)."""


class _Game:
    def __init__(
        self,
        strategies: Sequence[Strategy],
        rules: RuleOptions,
        rng: Random,
        first_dealer: int,
        transcript: bool,
    ) -> None:
        self.strategies = strategies
        self.rules = rules
        self.rng = rng
        self.scores = [0, 0]
        # One view of the play per player, brought up to date on each of his turns.
        self.seats = [Seat((), (), 0, HAND_SIZE) for _ in range(PLAYERS)]
        self.dealer = first_dealer
        self.result = GameResult(
            winner=-1,
            scores=self.scores,
            deals=0,
            first_dealer=first_dealer,
            points=[dict.fromkeys(SOURCES, 0) for _ in range(PLAYERS)],
            role_points=[[0, 0] for _ in range(PLAYERS)],
            dealt=[0] * PLAYERS,
            hand_scores=[],
            crib_scores=[],
            transcript=[] if transcript else None,
        )

    def score(self, player: int, points: int, source: Source) -> None:
        """Every scoring event passes here, so the game ends the instant the target is hit."""
        if not points:
            return
        self.scores[player] += points
        self.result.points[player][source] += points
        self.result.role_points[player][player == self.dealer] += points
        if self.scores[player] >= self.rules.target:
            self.result.winner = player
            loser = next_seat(player, PLAYERS)
            self.result.lurch = self.scores[loser] < (self.rules.target + 1) // 2
            raise GameOver

    def play(self) -> GameResult:
        try:
            while True:
                self.deal()
                self.dealer = next_seat(self.dealer, PLAYERS)
        except GameOver:
            return self.result

    def deal(self) -> None:
        rng, rules = self.rng, self.rules
        self.result.deals += 1
        self.result.dealt[self.dealer] += 1
        # A partial Fisher-Yates shuffle of positions in BY_VALUE: sorting positions sorts
        # each hand by value.
        deck = list(range(len(BY_VALUE)))
        drawn = 2 * DEALT + 1
        random = rng.random
        for i, left in enumerate(range(len(deck), len(deck) - drawn, -1)):
            j = i + int(random() * left)  # as pick(), without a call per draw
            deck[i], deck[j] = deck[j], deck[i]
        starter = BY_VALUE[deck[drawn - 1]]
        sixes: list[tuple[Tile, ...]] = []
        hands: list[tuple[Tile, ...]] = []
        crib: list[Tile] = []
        discards = []
        for p in range(PLAYERS):
            drawn_by = itemgetter(*sorted(deck[p * DEALT : (p + 1) * DEALT]))
            six, values6 = drawn_by(BY_VALUE), drawn_by(VALUES_BY_VALUE)
            i, j = self.strategies[p].discard(values6, p == self.dealer, rules, rng)
            sixes.append(six)
            discards.append([six[i], six[j]])
            crib += (six[i], six[j])
            hands.append(_KEEP[i, j](six))
        record = None
        if self.result.transcript is not None:
            record = DealRecord(self.dealer, [list(s) for s in sixes], discards, starter)
            self.result.transcript.append(record)
        if starter.is_double:
            if record is not None:
                record.starter_points = rules.starter_double_points
            self.score(self.dealer, rules.starter_double_points, "starter")
        self.pegging(hands, sixes, starter, record)
        pone = leader(self.dealer, PLAYERS)
        shows: tuple[tuple[ShowWhose, int, Sequence[Tile]], ...] = (
            ("non_dealer", pone, hands[pone]),
            ("dealer", self.dealer, hands[self.dealer]),
            ("crib", self.dealer, crib),
        )
        for whose, owner, tiles in shows:
            total = show_total((*tiles, starter), rules)
            (self.result.crib_scores if whose == "crib" else self.result.hand_scores).append(total)
            if record is not None:
                items = score_show(tiles, starter, rules).items
                record.shows.append(Shown(whose, owner, total, items))
            self.score(owner, total, "crib" if whose == "crib" else "hand")

    def pegging(
        self,
        hands: list[tuple[Tile, ...]],
        sixes: list[tuple[Tile, ...]],
        starter: Tile,
        record: DealRecord | None,
    ) -> None:
        referee = PlayReferee(players=PLAYERS, dealer=self.dealer, starter=starter, hands=hands)
        # Each player has seen his six tiles, the starter and every tile laid.
        own = [tile_mask(six) | starter.bit for six in sixes]
        seats, strategies, rng = self.seats, self.strategies, self.rng
        sheet = None
        if record is not None:
            sheet = PlaySheet()
            record.plays = sheet.entries  # kept current, should the game end during the play
        while (player := referee.turn) is not None:
            playable = referee.playable(player)
            if not playable:
                said_at = referee.count
                go_point = referee.go(player)
                if sheet is not None:
                    sheet.go_point(go_point)
                    sheet.go(player, said_at)
                if go_point is not None:
                    self.score(go_point[0], go_point[1].points, "play")
                continue
            seat = seats[player]
            seat.playable = playable
            seat.count_values = referee.values
            seat.seen = own[player] | referee.used
            seat.held = referee.held[player] or 0  # every hand is known: dealt here
            seat.opponent_tiles = HAND_SIZE - referee.laid_by[_NEXT[player]]
            tile = strategies[player].lay(seat, rng)
            count = referee.count + tile.value
            before = referee.scores[player]
            items, closes = referee.lay(player, tile)
            if sheet is not None:
                sheet.tile(player, tile, count, items, closes)
            points = referee.scores[player] - before
            if points:  # most tiles score nothing
                self.score(player, points, "play")


def play_game(
    strategies: Sequence[Strategy],
    rules: RuleOptions,
    rng: Random,
    first_dealer: int,
    transcript: bool = False,
) -> GameResult:
    """One game to ``rules.target``; every random choice comes from ``rng``."""
    return _Game(strategies, rules, rng, first_dealer, transcript).play()


def draw_for_dealer(rng: Random) -> int:
    """Each player draws a tile; the lower value deals, a tie draws again.

    docs/rules.md section 2.
    """
    while True:
        first = pick(rng, len(ALL_TILES))
        second = pick(rng, len(ALL_TILES) - 1)
        second += second >= first
        low, high = ALL_TILES[first].value, ALL_TILES[second].value
        if low != high:
            return 0 if low < high else 1
