"""A whole game for 2, 3 or 4 players or two partnerships (docs/rules.md sections 2-5, 8),
played through the same referee and show scorer as the endpoints."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from random import Random
from typing import Literal

from scoring_api.rules.constants import DEALS, HAND_SIZE, MAX_COUNT
from scoring_api.rules.deal import lurched_sides
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.records import PlaySheet, ScoredPlay
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import leader, next_seat, seats_from
from scoring_api.rules.show import ShowItem, score_show, show_total
from scoring_api.rules.tiles import ALL_TILES, BY_VALUE, Tile, tile_mask

from .layaway import DISCARDS_BY_DRAWN, Positions
from .strategies import Seat, Strategy, pick

VALUES_BY_VALUE = tuple(tile.value for tile in BY_VALUE)
Source = Literal["starter", "play", "hand", "crib"]
SOURCES: tuple[Source, ...] = ("starter", "play", "hand", "crib")
ShowWhose = Literal["non_dealer", "dealer", "crib"]


Keeper = Callable[[tuple[Tile, ...]], tuple[Tile, ...]]


def _keepers(drawn: int) -> dict[Positions, Keeper]:
    """The kept tiles of each discard, as a strategy names it (positions in any order)."""
    keep: dict[Positions, Keeper] = {}
    for option, kept in DISCARDS_BY_DRAWN[drawn].kept.items():
        getter = itemgetter(*kept)
        keep[option] = keep[option[::-1]] = getter
    return keep


_KEEP = {drawn: _keepers(drawn) for drawn in DISCARDS_BY_DRAWN}


@dataclass(frozen=True, slots=True)
class _Seating:
    """Who sits where and scores for whom, worked out once per number of players and
    partnership (the game asks it on every turn)."""

    side_of: tuple[int, ...]
    """The side each seat scores for."""
    next_of: tuple[int, ...]
    """The seat on each seat's left."""
    shows: tuple[tuple[tuple[int, ShowWhose], ...], ...]
    """For each dealer, the shows in order: each hand from his left round to him, then the
    crib, as (seat, whose)."""
    sides: int
    """How many sides score."""


def _shows(dealer: int, players: int) -> tuple[tuple[int, ShowWhose], ...]:
    shows: list[tuple[int, ShowWhose]] = [
        (seat, "dealer" if seat == dealer else "non_dealer")
        for seat in seats_from(leader(dealer, players), players)
    ]
    shows.append((dealer, "crib"))
    return tuple(shows)


@cache
def _seating(players: int, partners: bool) -> _Seating:
    rules = RuleOptions(players=players, partners=partners)
    return _Seating(
        side_of=tuple(rules.side_of(seat) for seat in range(players)),
        next_of=tuple(next_seat(seat, players) for seat in range(players)),
        shows=tuple(_shows(dealer, players) for dealer in range(players)),
        sides=rules.sides,
    )


class GameOver(Exception):  # noqa: N818 - control flow, not an error
    """A side reached the target: nothing after this event is scored."""


@dataclass(frozen=True, slots=True)
class Shown:
    """A hand or the crib counted at the show."""

    whose: ShowWhose
    """A non-dealer's hand, the dealer's hand, or the crib, in the order counted."""
    player: int
    """The seat whose hand it is (the dealer for the crib); it scores for his side."""
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
    """The tiles each seat drew (six, or five with three or four players), lowest first."""
    discards: list[list[Tile]]
    """The tiles each laid away into the crib."""
    starter: Tile
    """The starter."""
    blind: list[Tile] = field(default_factory=list)
    """With three players, the tile the dealer drew unseen into the crib."""
    plays: list[ScoredPlay] = field(default_factory=list)
    """The play, entry by entry, goes included, each go point on its closing tile."""
    shows: list[Shown] = field(default_factory=list)
    """The shows counted, in order (fewer if the game ended before)."""
    starter_points: int = 0
    """What the dealer's side scored for a double starter."""


@dataclass(slots=True)
class GameResult:
    """One game's outcome and the sums a run of games adds up."""

    winner: int
    """The side that reached the target (a seat, or with partners 0 or 1)."""
    scores: list[int]
    """Each side's final score."""
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
    """Every hand shown, any seat."""
    crib_scores: list[int]
    """Every crib shown."""
    transcript: list[DealRecord] | None = None
    """Every deal, when asked for."""
    lurched: list[int] = field(default_factory=list)
    """The losing sides that had not reached half the target (docs/rules.md section 5)."""

    @property
    def lurch(self) -> bool:
        """The winner lurched some side."""
        return bool(self.lurched)


class _Game:
    def __init__(
        self,
        strategies: Sequence[Strategy],
        rules: RuleOptions,
        rng: Random,
        first_dealer: int,
        transcript: bool,
    ) -> None:
        n = rules.players
        self.strategies = strategies
        self.rules = rules
        self.rng = rng
        self.players = n
        self.deal_shape = DEALS[n]
        self.keep = _KEEP[self.deal_shape.drawn]
        seating = _seating(n, rules.partners)
        self.side_of, self.next_of, self.shows = seating.side_of, seating.next_of, seating.shows
        self.scores = [0] * seating.sides
        # One view of the play per player, brought up to date on each of his turns.
        self.seats = [
            Seat(
                playable=(),
                count_values=(),
                seen=0,
                opponent_tiles=HAND_SIZE,
                seat=seat,
            )
            for seat in range(n)
        ]
        self.dealer = first_dealer
        self.starter = ALL_TILES[0]  # the current deal's, and its record if one is kept
        self.record: DealRecord | None = None
        self.result = GameResult(
            winner=-1,
            scores=self.scores,
            deals=0,
            first_dealer=first_dealer,
            points=[dict.fromkeys(SOURCES, 0) for _ in range(n)],
            role_points=[[0, 0] for _ in range(n)],
            dealt=[0] * n,
            hand_scores=[],
            crib_scores=[],
            transcript=[] if transcript else None,
        )

    def score(self, seat: int, points: int, source: Source) -> None:
        """Every scoring event passes here, so the game ends the instant the target is hit."""
        if not points:
            return
        side = self.side_of[seat]
        self.scores[side] += points
        self.result.points[seat][source] += points
        self.result.role_points[seat][seat == self.dealer] += points
        if self.scores[side] >= self.rules.target:
            self.result.winner = side
            self.result.lurched = list(lurched_sides(self.scores, side, self.rules.target))
            raise GameOver

    def play(self) -> GameResult:
        try:
            while True:
                self.deal()
                self.dealer = self.next_of[self.dealer]
        except GameOver:
            return self.result

    def deal(self) -> None:
        rng, rules, n, shape = self.rng, self.rules, self.players, self.deal_shape
        self.result.deals += 1
        self.result.dealt[self.dealer] += 1
        # A partial Fisher-Yates shuffle of positions in BY_VALUE: sorting positions sorts
        # each hand by value. Each seat's tiles, then the blind tile, then the starter.
        deck = list(range(len(BY_VALUE)))
        each = shape.drawn
        drawn = n * each + shape.blind + 1
        random = rng.random
        for i, left in enumerate(range(len(deck), len(deck) - drawn, -1)):
            j = i + int(random() * left)  # as pick(), without a call per draw
            deck[i], deck[j] = deck[j], deck[i]
        starter = self.starter = BY_VALUE[deck[drawn - 1]]
        blind = [*map(BY_VALUE.__getitem__, deck[n * each : drawn - 1])]
        drawn_tiles: list[tuple[Tile, ...]] = []
        hands: list[tuple[Tile, ...]] = []
        crib: list[Tile] = []
        discards = []
        for p in range(n):
            drawn_by = itemgetter(*sorted(deck[p * each : (p + 1) * each]))
            tiles, values = drawn_by(BY_VALUE), drawn_by(VALUES_BY_VALUE)
            own_crib = self.side_of[p] == self.side_of[self.dealer]
            laid = self.strategies[p].discard(values, own_crib, rules, rng)
            away = [*map(tiles.__getitem__, laid)]
            drawn_tiles.append(tiles)
            discards.append(away)
            crib += away
            hands.append(self.keep[laid](tiles))
        crib += blind
        record = self.record = None
        if self.result.transcript is not None:
            record = self.record = DealRecord(
                self.dealer, [list(t) for t in drawn_tiles], discards, starter, blind
            )
            self.result.transcript.append(record)
        if starter.is_double:
            if record is not None:
                record.starter_points = rules.starter_double_points
            self.score(self.dealer, rules.starter_double_points, "starter")
        self.pegging(hands, drawn_tiles)
        # The show: from the dealer's left round to the dealer, then the crib.
        dealer = self.dealer
        for seat, whose in self.shows[dealer]:
            is_crib = whose == "crib"
            tiles = crib if is_crib else hands[seat]
            total = show_total((*tiles, starter), rules)
            (self.result.crib_scores if is_crib else self.result.hand_scores).append(total)
            if record is not None:
                items = score_show(tiles, starter, rules).items
                record.shows.append(Shown(whose, seat, total, items))
            self.score(seat, total, "crib" if is_crib else "hand")

    def pegging(self, hands: list[tuple[Tile, ...]], drawn: list[tuple[Tile, ...]]) -> None:
        starter, record = self.starter, self.record
        referee = PlayReferee(
            players=self.players, dealer=self.dealer, starter=starter, hands=hands
        )
        # Each player has seen the tiles he drew, the starter and every tile laid.
        own = [tile_mask(tiles) | starter.bit for tiles in drawn]
        seats, strategies, rng, next_of = self.seats, self.strategies, self.rng, self.next_of
        above = [-1] * self.players  # the go bounds of docs/rules.md section 3, by seat
        for seat in seats:
            seat.held, seat.above, seat.dealer = referee.held, above, self.dealer
            seat.own, seat.sides = own[seat.seat], self.side_of
        sheet = None
        if record is not None:
            sheet = PlaySheet()
            record.plays = sheet.entries  # kept current, should the game end during the play
        while (player := referee.turn) is not None:
            playable = referee.playable(player)
            if not playable:
                said_at = referee.count
                above[player] = max(above[player], MAX_COUNT - said_at)
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
            seat.opponent_tiles = HAND_SIZE - referee.laid_by[next_of[player]]
            seat.passed = referee.passed
            seat.last = referee.last_player
            tile = strategies[player].lay(seat, rng)
            count = referee.count + tile.value
            before = referee.scores[player]
            items, closes = referee.lay(player, tile)
            points = referee.scores[player] - before
            if closes is None or closes == "thirty_one":  # most tiles close nothing
                if sheet is not None:
                    sheet.tile(player, tile, count, items, closes)
                if points:  # and score nothing
                    self.score(player, points, "play")
                continue
            # The go point is its own event, after the tile's own points (section 5): a
            # target reached by the tile ends the game before it, and the record with it.
            go_item = items.pop()
            if sheet is not None:
                sheet.tile(player, tile, count, items, None)
            if points > go_item.points:
                self.score(player, points - go_item.points, "play")
            if sheet is not None:
                sheet.go_point((player, go_item))
            self.score(player, go_item.points, "play")


def play_game(
    strategies: Sequence[Strategy],
    rules: RuleOptions,
    rng: Random,
    first_dealer: int,
    transcript: bool = False,
) -> GameResult:
    """One game to ``rules.target``; every random choice comes from ``rng``."""
    return _Game(strategies, rules, rng, first_dealer, transcript).play()


def draw_for_dealer(rng: Random, players: int) -> int:
    """Every player draws a tile; the lowest value deals; only those tied for lowest draw
    again, from the whole set (docs/rules.md sections 2 and 8.1)."""
    drawing = list(range(players))
    while True:
        values = [tile.value for tile in _distinct_tiles(rng, len(drawing))]
        lowest = min(values)
        drawing = [seat for seat, value in zip(drawing, values, strict=True) if value == lowest]
        if len(drawing) == 1:
            return drawing[0]


def _distinct_tiles(rng: Random, k: int) -> list[Tile]:
    """``k`` distinct tiles drawn from the set, one after another (``rng.random()`` only)."""
    chosen: list[int] = []
    for drawn in range(k):
        index = pick(rng, len(ALL_TILES) - drawn)
        for taken in sorted(chosen):  # the index-th tile not yet drawn
            index += index >= taken
        chosen.append(index)
    return [ALL_TILES[i] for i in chosen]
