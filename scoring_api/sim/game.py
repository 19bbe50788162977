"""A whole game for 2, 3 or 4 players or two partnerships (docs/rules.md sections 2-5, 8),
played through the same referee and show scorer as the endpoints.

Its random numbers are the game's stream's (``streams``: the deals' region, each seat's own
for his strategy's choices). The deal is kept as masks and show keys (a hand's tiles as a
``TileMask``, its values as a ``show`` table key), made as the tiles are dealt; tiles and
items are made only for a transcript. A scoring event that wins says so, and the game stops there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mypy_extensions import i64

from scoring_api.rules.constants import (
    DEALS,
    HAND_SIZE,
    MAX_COUNT,
    TILE_COUNT,
)
from scoring_api.rules.deal import lurched_sides
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import CLOSING_ITEMS, GO_POINTS
from scoring_api.rules.records import PlaySheet
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import NO_SEAT, seating_of
from scoring_api.rules.show import show_table
from scoring_api.rules.stream import Stream
from scoring_api.rules.tiles import BY_VALUE, RANK_OF, Tile, TileMask, tiles_counted, tiles_in

from .outcome import (
    CRIB,
    HAND,
    PLAY,
    STARTER,
    DealRecord,
    GameResult,
    Shown,
    ShowWhose,
    lay_recorded,
    shown_items,
)
from .ranks import (
    DRAWN_BY_TWO,
    RANK_BITS,
    RANK_WEIGHTS,
    RANKS,
    RANKS_UP_TO,
    lowest,
    rank_values,
)
from .seat import Seat
from .strategies import Strategy, is_blind, scores_from
from .streams import DEAL, DEAL_SHIFT, SEAT, region

_UNLOOKED: Final = tuple((0,) * drawn for drawn in range(DRAWN_BY_TWO + 1))
"""By the number of tiles drawn, the values handed to a strategy that does not look."""


class _Player:
    """One seat in a game: his points so far, by source and as dealer or not, and this
    deal's tiles, kept as native ints (in a list, each new one would be a new object)."""

    __slots__ = (
        "as_dealer",
        "as_non_dealer",
        "crib",
        "hand",
        "key",
        "own",
        "play",
        "ranks",
        "starter",
    )

    def __init__(self) -> None:
        self.start()

    def start(self) -> None:
        """No points yet (a new game)."""
        self.starter: i64 = 0
        self.play: i64 = 0
        self.hand: i64 = 0
        self.crib: i64 = 0
        """His points by source (``SOURCES``)."""
        self.as_dealer: i64 = 0
        self.as_non_dealer: i64 = 0
        """His points in the deals he dealt, and in the others'."""
        self.ranks: i64 = 0
        """His kept tiles not yet laid, as a mask of ranks (lowest value first)."""
        self.own: i64 = 0
        """The tiles he drew this deal, and the starter (``Seat.own``, a ``TileMask``)."""
        self.key: i64 = 0
        """His kept values as a show key."""

    def add(self, points: i64, source: int, dealing: bool) -> None:
        """Points scored from ``source`` (a position in ``SOURCES``)."""
        if source == PLAY:
            self.play += points
        elif source == HAND:
            self.hand += points
        elif source == CRIB:
            self.crib += points
        else:
            self.starter += points
        if dealing:
            self.as_dealer += points
        else:
            self.as_non_dealer += points


class GameTable:
    """A table where games are played one after another, by the same strategies under the
    same rules: what every game sets up alike (the seats, the play's referee, one view of
    the play per player) is made once, and each game (``play``) starts from nothing else
    of the last. What its result and transcript keep is made anew each game."""

    def __init__(
        self, strategies: Sequence[Strategy], rules: RuleOptions, transcript: bool
    ) -> None:
        n = rules.players
        self.strategies = tuple(strategies)
        self.rules = rules
        self.players = n
        self.deal_shape = shape = DEALS[n]
        self.drawn = n * shape.drawn + shape.blind + 1
        """Tiles a deal draws: each seat's, the blind tile, and last the starter."""
        self.show_totals = show_table(rules)  # looked up once: three shows a deal
        seating = seating_of(n, rules.partners)
        self.side_of, self.next_of, self.shows = seating.side_of, seating.next_of, seating.shows
        self.sides = seating.sides
        self.target = rules.target
        self.seated = [_Player() for _ in range(n)]
        self.held: list[TileMask] = [0] * n
        """Each seat's kept tiles this deal, for the referee (written over each deal)."""
        # The play's referee, started anew each deal, and one view of the play per player,
        # brought up to date on each of his turns.
        self.referee = PlayReferee(players=n, held=[0] * n)
        self.seats = [Seat((), (), 0, HAND_SIZE, seat) for seat in range(n)]
        self.blind = [is_blind(strategy) for strategy in strategies]
        """By seat: his strategy chooses without looking (``strategies.is_blind``)."""
        self.transcribing = transcript

    def start(self, game: Stream, first_dealer: int) -> None:
        """A new game: no points, no deals; every random choice from ``game``'s stream (its
        deals' region, and each seat's own for his choices: ``streams``)."""
        self.dealing = region(game, DEAL)
        self.choosing = [region(game, SEAT + seat) for seat in range(self.players)]
        self.scores = [0] * self.sides
        self.winner = -1
        for player in self.seated:
            player.start()
        self.dealt = [0] * self.players
        self.deals = 0
        self.hand_scores: list[int] = []
        self.crib_scores: list[int] = []
        self.dealer = self.first_dealer = first_dealer
        self.record: DealRecord | None = None
        self.transcript: list[DealRecord] | None = [] if self.transcribing else None

    def score(self, seat: int, points: int, source: int) -> bool:
        """Every scoring event passes here, so the game ends the instant the target is hit:
        True then, and nothing after this event is scored. ``source``: a position in
        ``SOURCES``."""
        if not points:
            return False
        side = self.side_of[seat]
        score = self.scores[side] + points
        self.scores[side] = score
        self.seated[seat].add(points, source, seat == self.dealer)
        if score >= self.target:
            self.winner = side
            return True
        return False

    def play(self, game: Stream, first_dealer: int) -> GameResult:
        """One game to ``rules.target``; every random choice comes from ``game``'s stream."""
        self.start(game, first_dealer)
        return self.finish()

    def finish(self) -> GameResult:
        """The game from where ``start`` (and whatever was set since) left it, to its end."""
        while not self.deal():
            self.dealer = self.next_of[self.dealer]
        # Appended one by one: a comprehension over a tuple of each seat's points would
        # make the tuple and walk it through Python's iterator protocol.
        source_totals: list[int] = []
        role_totals: list[int] = []
        for seat in self.seated:
            source_totals.append(seat.starter)
            source_totals.append(seat.play)
            source_totals.append(seat.hand)
            source_totals.append(seat.crib)
            role_totals.append(seat.as_non_dealer)
            role_totals.append(seat.as_dealer)
        return GameResult(
            winner=self.winner,
            scores=self.scores,
            deals=self.deals,
            first_dealer=self.first_dealer,
            source_totals=source_totals,
            role_totals=role_totals,
            dealt=self.dealt,
            hand_scores=self.hand_scores,
            crib_scores=self.crib_scores,
            transcript=self.transcript,
            lurched=list(lurched_sides(self.scores, self.winner, self.target)),
        )

    def deal(self) -> bool:
        """One deal: the draw, the lay-away, the play and the show. True once the game is
        over."""
        rules, dealer = self.rules, self.dealer
        self.deals += 1
        self.dealt[dealer] = self.dealt[dealer] + 1
        deck = self.shuffled()
        starter_rank = deck[self.drawn - 1]
        starter = BY_VALUE[starter_rank]
        record = self.record = None
        if self.transcript is not None:
            record = self.record = DealRecord(dealer, [], [], starter)
            self.transcript.append(record)
        crib_key = self.lay_away(deck, starter, record)
        if starter.is_double:
            if record is not None:
                record.starter_points = rules.starter_double_points
            if self.score(dealer, rules.starter_double_points, STARTER):
                return True
        if self.pegging(self.held, starter):
            return True
        return self.show(starter, RANK_WEIGHTS[starter_rank], crib_key)

    def shuffled(self) -> list[int]:
        """The deck of ranks (positions in ``BY_VALUE``, so a seat's ranks read lowest first
        are his tiles by value) after a partial Fisher-Yates shuffle of the ``drawn`` tiles a
        deal draws, which come first: from the deal's own blocks of the deals' region."""
        deck = list(RANKS)
        dealing = self.dealing
        dealing.seek((self.deals - 1) << DEAL_SHIFT)
        dealing.shuffle(deck, self.drawn)
        return deck

    def lay_away(self, deck: list[int], starter: Tile, record: DealRecord | None) -> int:
        """Each seat's tiles from ``deck``, and what he keeps and lays away (into ``held`` and
        each ``_Player``): the crib's show key, the blind tile's part of it too."""
        n, each = self.players, self.deal_shape.drawn
        blind = deck[n * each : self.drawn - 1]
        if record is not None:
            record.blind = [BY_VALUE[rank] for rank in blind]
        crib_key = 0
        for rank in blind:
            crib_key += RANK_WEIGHTS[rank]
        dealer_side = self.side_of[self.dealer]
        for p in range(n):
            # His tiles as a mask of ranks: read lowest rank first, they are sorted by value.
            ranks: i64 = 0
            for i in range(p * each, (p + 1) * each):
                drawn: i64 = deck[i]
                ranks |= 1 << drawn
            crib_key += self.keep(p, ranks, self.side_of[p] == dealer_side, starter, record)
        return crib_key

    def keep(
        self, p: int, ranks: i64, own_crib: bool, starter: Tile, record: DealRecord | None
    ) -> int:
        """Seat ``p``'s lay-away of his drawn tiles (a mask of ``ranks``), as his strategy
        chooses: what he keeps goes to ``held`` and his ``_Player``; the show key of what he
        lays away is returned."""
        each = self.deal_shape.drawn
        values = _UNLOOKED[each] if self.blind[p] else rank_values(ranks, each)
        strategy = self.strategies[p]
        scores = scores_from(self.scores, self.side_of[p])
        laid = strategy.discard(values, own_crib, self.rules, self.choosing[p], scores)
        away: i64 = 0
        for k in laid:
            away |= 1 << k
        # Machine ints throughout (compiled, an int local is reference-counted at each step).
        mask: i64 = 0
        key: i64 = 0
        crib_key: i64 = 0
        mine: i64 = starter.bit
        kept: i64 = 0  # his kept tiles' ranks
        left = ranks
        position: i64 = 0  # his tile's, lowest value first
        while left:
            rank = lowest(left)
            left ^= 1 << rank
            bit: i64 = RANK_BITS[rank]
            weight: i64 = RANK_WEIGHTS[rank]
            mine |= bit
            if away >> position & 1:
                crib_key += weight
            else:
                kept |= 1 << rank
                mask |= bit
                key += weight
            position += 1
        if len(laid) != self.deal_shape.laid_away or tiles_counted(kept) != HAND_SIZE:
            raise ValueError(f"{strategy.name} laid away positions {laid} of {each} tiles")
        self.held[p] = mask
        player = self.seated[p]
        player.ranks, player.own, player.key = kept, mine, key
        if record is not None:
            tiles = [BY_VALUE[rank] for rank in range(TILE_COUNT) if ranks >> rank & 1]
            record.hands.append(tiles)
            record.discards.append([tiles[k] for k in laid])
        return crib_key

    def show(self, starter: Tile, starter_key: int, crib_key: int) -> bool:
        """The show: from the dealer's left round to the dealer, then the crib (``crib_key``
        its show key). True once the game is over."""
        dealer, rules, record = self.dealer, self.rules, self.record
        held, seated, table = self.held, self.seated, self.show_totals
        for seat in self.shows[dealer]:
            total = table[seated[seat].key + starter_key]
            self.hand_scores.append(total)
            if record is not None:
                whose: ShowWhose = "dealer" if seat == dealer else "non_dealer"
                items = shown_items(tiles_in[held[seat]], starter, rules)
                record.shows.append(Shown(whose, seat, total, items))
            if self.score(seat, total, HAND):
                return True
        total = table[crib_key + starter_key]
        self.crib_scores.append(total)
        if record is not None:
            crib = [tile for away in record.discards for tile in away] + record.blind
            record.shows.append(Shown("crib", dealer, total, shown_items(crib, starter, rules)))
        return self.score(dealer, total, CRIB)

    def pegging(self, held: list[TileMask], starter: Tile) -> bool:
        """The play of the deal (``held``: each seat's tiles; the same as ranks in
        ``seated``, which the play empties). True once the game is over."""
        record = self.record
        referee = self.referee
        referee.restart(self.dealer, starter, held)
        seats, strategies, choosing = self.seats, self.strategies, self.choosing
        blind = self.blind
        seated, dealer, sides, rules = self.seated, self.dealer, self.side_of, self.rules
        for seat in seats:  # the referee's public play: the go bounds too, as they change
            own = seated[seat.seat].own
            seat.sit(dealer, own, sides, referee.public, rules, starter, self.scores)
        sheet = None
        if record is not None:
            sheet = PlaySheet()
            record.plays = sheet.entries  # kept current, should the game end during the play
        while referee.turn_seat != NO_SEAT:  # not ``complete``: a property is a call
            player = referee.turn_seat
            state = seated[player]
            playable = state.ranks & RANKS_UP_TO[MAX_COUNT - referee.count]  # ``fitting``
            if not playable:
                said_at = referee.count
                go_point = referee.go(player)
                if sheet is not None:
                    sheet.go_point(go_point)
                    sheet.go(player, said_at)
                if go_point is not None and self.score(go_point[0], GO_POINTS, PLAY):
                    return True
                continue
            seat = seats[player]
            if blind[player]:  # his playable tiles are all he reads
                seat.playable_ranks = playable
            else:
                seat.at_turn(referee, playable, state.ranks)
            tile = strategies[player].lay(seat, choosing[player])
            rank: i64 = RANK_OF[tile.index]
            if sheet is not None:
                closes = lay_recorded(referee, sheet, player, tile)
            elif playable >> rank & 1:  # one of the tiles he may lay: nothing to check again
                closes = referee.lay_fitting(player, tile)
            else:  # the referee's checks say what is wrong with it
                closes = referee.lay_scored(player, tile)
            state.ranks ^= 1 << rank
            # The go point is its own event, after the tile's own points (section 5): a
            # target reached by the tile ends the game before it, and the record with it.
            points = referee.tile_points
            if points and self.score(player, points, PLAY):
                return True
            if closes is not None and closes in CLOSING_ITEMS:  # a go point
                if sheet is not None:
                    sheet.go_point((player, CLOSING_ITEMS[closes][tile.index]))
                if self.score(player, GO_POINTS, PLAY):
                    return True
        return False


def play_on(
    players: Sequence[Strategy],
    rules: RuleOptions,
    game: Stream,
    dealer: int,
    scores: Sequence[int],
) -> GameResult:
    """The rest of a game from ``scores`` with ``dealer`` to deal, from ``game``'s stream:
    what the chance to win is checked against."""
    table = GameTable(players, rules, False)
    table.start(game, dealer)
    table.scores = list(scores)
    return table.finish()


def whole_deals(
    players: Sequence[Strategy], rules: RuleOptions, game: Stream, dealer: int, deals: int
) -> list[DealRecord]:
    """``deals`` deals from ``dealer`` on, each played whole as in a game no target ends (the
    chance to win's library: nothing the players choose looks at the score)."""
    table = GameTable(players, rules, True)
    table.start(game, dealer)
    table.target = 1 << 62  # no deal reaches it
    for _ in range(deals):
        table.deal()
        table.dealer = table.next_of[table.dealer]
    return table.transcript or []


def play_game(
    strategies: Sequence[Strategy],
    rules: RuleOptions,
    game: Stream,
    first_dealer: int,
    transcript: bool = False,
) -> GameResult:
    """One game to ``rules.target``; every random choice comes from ``game``'s stream."""
    return GameTable(strategies, rules, transcript).play(game, first_dealer)
