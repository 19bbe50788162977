"""A whole game for 2, 3 or 4 players or two partnerships (docs/rules.md sections 2-5, 8),
played through the same referee and show scorer as the endpoints."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from random import Random
from typing import Final, Literal

from scoring_api.rules.constants import DEALS, HAND_SIZE, MAX_COUNT, TILE_COUNT
from scoring_api.rules.deal import lurched_sides
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import CLOSING_ITEMS, GO_POINTS, CloseKind
from scoring_api.rules.records import PlaySheet, ScoredPlay
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import leader, next_seat, seats_from
from scoring_api.rules.show import ShowItem, score_show, show_key, show_table
from scoring_api.rules.tiles import ALL_TILES, BY_VALUE, Tile, tile_mask

from .strategies import Seat, Strategy, pick

VALUES_BY_VALUE: Final = tuple(tile.value for tile in BY_VALUE)
Source = Literal["starter", "play", "hand", "crib"]
SOURCES: Final[tuple[Source, ...]] = ("starter", "play", "hand", "crib")
STARTER, PLAY, HAND, CRIB = range(len(SOURCES))
"""Positions in ``SOURCES``: how the game names a source while it plays."""
ShowWhose = Literal["non_dealer", "dealer", "crib"]


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

    # Written out, not generated: the compiled engine runs a dataclass's generated __init__
    # interpreted, and this is made once a game.
    def __init__(
        self,
        winner: int,
        scores: list[int],
        deals: int,
        first_dealer: int,
        points: list[dict[Source, int]],
        role_points: list[list[int]],
        dealt: list[int],
        hand_scores: list[int],
        crib_scores: list[int],
        transcript: list[DealRecord] | None = None,
        lurched: list[int] | None = None,
    ) -> None:
        self.winner, self.scores, self.deals, self.first_dealer = (
            winner,
            scores,
            deals,
            first_dealer,
        )
        self.points, self.role_points, self.dealt = points, role_points, dealt
        self.hand_scores, self.crib_scores, self.transcript = hand_scores, crib_scores, transcript
        self.lurched = [] if lurched is None else lurched

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
        self.table = show_table(rules)  # looked up once: three shows a deal
        seating = _seating(n, rules.partners)
        self.side_of, self.next_of, self.shows = seating.side_of, seating.next_of, seating.shows
        self.scores = [0] * seating.sides
        self.target = rules.target
        # By seat, by SOURCES: a list while playing, the result's dicts at the end.
        self.points = [[0] * len(SOURCES) for _ in range(n)]
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
            points=[],
            role_points=[[0, 0] for _ in range(n)],
            dealt=[0] * n,
            hand_scores=[],
            crib_scores=[],
            transcript=[] if transcript else None,
        )

    def score(self, seat: int, points: int, source: int) -> None:
        """Every scoring event passes here, so the game ends the instant the target is hit.
        ``source``: a position in ``SOURCES``."""
        if not points:
            return
        side = self.side_of[seat]
        self.scores[side] += points
        self.points[seat][source] += points
        self.result.role_points[seat][1 if seat == self.dealer else 0] += points
        if self.scores[side] >= self.target:
            self.result.winner = side
            self.result.lurched = list(lurched_sides(self.scores, side, self.target))
            raise GameOver

    def play(self) -> GameResult:
        try:
            while True:
                self.deal()
                self.dealer = self.next_of[self.dealer]
        except GameOver:
            self.result.points = [dict(zip(SOURCES, mine, strict=True)) for mine in self.points]
            return self.result

    def deal(self) -> None:
        rng, rules, n, shape = self.rng, self.rules, self.players, self.deal_shape
        self.result.deals += 1
        self.result.dealt[self.dealer] += 1
        # A partial Fisher-Yates shuffle of positions in BY_VALUE: sorting positions sorts
        # each hand by value. Each seat's tiles, then the blind tile, then the starter.
        deck = list(range(TILE_COUNT))
        each = shape.drawn
        drawn = n * each + shape.blind + 1
        random = rng.random
        for i in range(drawn):
            j = i + int(random() * (TILE_COUNT - i))  # as pick(), without a call per draw
            deck[i], deck[j] = deck[j], deck[i]
        starter = self.starter = BY_VALUE[deck[drawn - 1]]
        blind = [BY_VALUE[k] for k in deck[n * each : drawn - 1]]
        drawn_tiles: list[tuple[Tile, ...]] = []
        hands: list[tuple[Tile, ...]] = []
        crib: list[Tile] = []
        discards = []
        dealer_side = self.side_of[self.dealer]
        for p in range(n):
            positions = sorted(deck[p * each : (p + 1) * each])
            tiles = tuple([BY_VALUE[k] for k in positions])
            values = tuple([VALUES_BY_VALUE[k] for k in positions])
            own_crib = self.side_of[p] == dealer_side
            laid = self.strategies[p].discard(values, own_crib, rules, rng)
            away = [tiles[k] for k in laid]
            drawn_tiles.append(tiles)
            discards.append(away)
            crib.extend(away)
            hands.append(tuple([tile for k, tile in enumerate(tiles) if k not in laid]))
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
            self.score(self.dealer, rules.starter_double_points, STARTER)
        self.pegging(hands, drawn_tiles)
        # The show: from the dealer's left round to the dealer, then the crib.
        dealer = self.dealer
        starter_key = show_key((starter,))
        for seat, whose in self.shows[dealer]:
            is_crib = whose == "crib"
            shown: Sequence[Tile] = crib if is_crib else hands[seat]
            total = self.table[show_key(shown) + starter_key]
            (self.result.crib_scores if is_crib else self.result.hand_scores).append(total)
            if record is not None:
                items = score_show(shown, starter, rules).items
                record.shows.append(Shown(whose, seat, total, items))
            self.score(seat, total, CRIB if is_crib else HAND)

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
            seat.above, seat.dealer = above, self.dealer
            seat.own, seat.sides = own[seat.seat], self.side_of
            seat.played, seat.rules = referee.played, self.rules
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
                    self.score(go_point[0], GO_POINTS, PLAY)
                continue
            seat = seats[player]
            seat.playable = playable
            seat.hand = referee.held[player] or 0
            seat.count_values = referee.values
            seat.seen = own[player] | referee.used
            seat.opponent_tiles = HAND_SIZE - referee.laid_by[next_of[player]]
            seat.passed = referee.passed
            seat.last = referee.last_player
            tile = strategies[player].lay(seat, rng)
            if sheet is None:
                closes = referee.lay_scored(player, tile)
            else:
                closes = _lay_recorded(referee, sheet, player, tile)
            # The go point is its own event, after the tile's own points (section 5): a
            # target reached by the tile ends the game before it, and the record with it.
            if referee.tile_points:
                self.score(player, referee.tile_points, PLAY)
            if closes is not None and closes in CLOSING_ITEMS:  # a go point
                if sheet is not None:
                    sheet.go_point((player, CLOSING_ITEMS[closes][tile.index]))
                self.score(player, GO_POINTS, PLAY)


def _lay_recorded(
    referee: PlayReferee, sheet: PlaySheet, player: int, tile: Tile
) -> CloseKind | None:
    """Lay a tile and write it on the sheet with its own items: a go point it earned is
    written as its own event, once the tile's points are scored."""
    count = referee.count + tile.value
    items, closes = referee.lay(player, tile)
    if closes in CLOSING_ITEMS:
        items.pop()  # the go point's item: written when it is scored
        sheet.tile(player, tile, count, items, None)
    else:
        sheet.tile(player, tile, count, items, closes)
    return closes


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
