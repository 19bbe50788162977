"""A whole game one action at a time (docs/rules.md sections 2-5 and 8), for the frameworks
that drive a game step by step (``scoring_api.research``: OpenSpiel, PettingZoo).

Every chance event is an action of its own (the first dealer, each tile drawn, the blind tile
with three players, the starter), and so is every decision (each tile laid away, each tile
laid, each go). The play is refereed by the core's ``PlayReferee``, the shows are the core's
show table, and the scoring events come in the order of ``rules.deal.score_deal`` (the
starter double, each tile's own points, its go point, each hand from the dealer's left, the
crib): the game stops at the event that reaches the target.

Player actions: ``0..27`` lay that tile (its index in ``ALL_TILES``), ``GO``, and
``LAY_AWAY + index`` lay that tile away. With two players each lays two tiles away, the lower
index first (the first never his highest), so that each pair is one sequence of actions.
Chance outcomes: a seat (the first dealer) or a tile index. Each deal's actions are kept in a
``DealLog`` as the table saw them, from which the game's history is written again
(``history_of``).
"""

from __future__ import annotations

from typing import Final

from scoring_api.rules.constants import DEALS, TILE_COUNT
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.play_scoring import CLOSING_ITEMS, GO_POINTS
from scoring_api.rules.referee import PlayReferee
from scoring_api.rules.seats import leader, next_seat, seats_from
from scoring_api.rules.show import VALUE_WEIGHTS, show_table
from scoring_api.rules.tiles import ALL_MASK, ALL_TILES, TileMask, tiles_counted

CHANCE: Final = -1
"""``current()`` at a chance event."""
TERMINAL: Final = -4
"""``current()`` once a side has reached the target."""
GO: Final = TILE_COUNT
"""The action ``go``: the only one of a player none of whose tiles fits the count."""
LAY_AWAY: Final = TILE_COUNT + 1
"""``LAY_AWAY + index``: lay that tile away into the crib."""
ACTIONS: Final = LAY_AWAY + TILE_COUNT
"""How many player actions there are."""
NO_TILE: Final = -1
"""A tile not drawn yet (the blind tile, the starter)."""

EVENT_KINDS: Final = ("starter", "play", "go", "hand", "crib")
"""The kinds of scoring event, as ``rules.deal.DealEvent.kind`` names them."""
STARTER_EVENT: Final = 0
PLAY_EVENT: Final = 1
GO_EVENT: Final = 2
HAND_EVENT: Final = 3
CRIB_EVENT: Final = 4

# The phases of a deal.
FIRST_DEALER: Final = 0
DRAW: Final = 1
BLIND: Final = 2
AWAY: Final = 3
STARTER: Final = 4
PLAY: Final = 5
OVER: Final = 6

PLAY_SEAT_SHIFT: Final = 5
"""A play in ``DealLog.plays``: ``seat << PLAY_SEAT_SHIFT | action`` (a tile index, or
``GO``)."""


class DealLog:
    """One deal as it happened: whatever any seat may see of it, and what only some may."""

    def __init__(self, dealer: int, scores: list[int], players: int) -> None:
        self.dealer = dealer
        """The dealer."""
        self.scores = scores
        """Each side's score before the deal."""
        self.order: list[int] = []
        """The tiles drawn, in order: each seat's in turn from the dealer's left."""
        self.blind = NO_TILE
        """With three players, the tile the dealer drew blind into the crib."""
        self.away: list[TileMask] = [0] * players
        """Each seat's tiles laid away."""
        self.starter = NO_TILE
        """The starter's index, once turned."""
        self.plays: list[int] = []
        """The play: ``seat << PLAY_SEAT_SHIFT | action`` (a tile index or ``GO``)."""
        self.events: list[tuple[int, int, int]] = []
        """The scoring events: (seat, kind as a position in ``EVENT_KINDS``, points)."""

    def copy(self) -> DealLog:
        log = DealLog(self.dealer, self.scores, len(self.away))
        log.order, log.blind, log.away = list(self.order), self.blind, list(self.away)
        log.starter, log.plays, log.events = self.starter, list(self.plays), list(self.events)
        return log


def _indices(mask: TileMask) -> list[int]:
    """The tile indices of a mask, lowest first."""
    return [i for i in range(TILE_COUNT) if mask >> i & 1]


def _copy_referee(referee: PlayReferee) -> PlayReferee:
    """A referee in the same state that later actions of either leave alone."""
    players = referee.players
    copy = PlayReferee(players, referee.dealer, referee.starter, held=[0] * players)
    for seat, mine in zip(copy.seats, referee.seats, strict=True):
        seat.held, seat.laid, seat.score = mine.held, mine.laid, mine.score
    for shown, theirs in zip(copy.public, referee.public, strict=True):
        shown.tiles, shown.above = theirs.tiles, theirs.above
    copy.passed_mask, copy.holding, copy.used = referee.passed_mask, referee.holding, referee.used
    copy.laid_code, copy.count_code = referee.laid_code, referee.count_code
    copy.count = referee.count
    copy.tile_points, copy.turn_seat = referee.tile_points, referee.turn_seat
    copy.last_seat = referee.last_seat
    return copy


class Setting:
    """What the rules fix for a whole game, worked out once and shared by its copies."""

    def __init__(self, rules: RuleOptions) -> None:
        n = rules.players
        self.rules = rules
        self.players = n
        self.drawn = DEALS[n].drawn
        """Tiles each seat draws."""
        self.laid_away = DEALS[n].laid_away
        """Tiles each seat lays away."""
        self.blind = DEALS[n].blind
        """Tiles the dealer draws blind into the crib (three players: one)."""
        self.table = show_table(rules)
        """The show totals."""
        self.side_of = [rules.side_of(seat) for seat in range(n)]
        """The side each seat scores for."""


class StepGame:
    """A game in play, one action at a time; ``copy()`` is a state later actions leave
    alone."""

    def __init__(
        self,
        rules: RuleOptions,
        first_dealer: int = -1,
        setting: Setting | None = None,
        referee: PlayReferee | None = None,
    ) -> None:
        """``first_dealer``: a seat, or -1 for a chance event (each seat equally likely, as
        the draw for the dealer makes it). ``setting``: the rules' ``Setting``, where one is
        at hand; ``referee``: a copy's (its state is the copy's to write)."""
        fixed = Setting(rules) if setting is None else setting
        n = fixed.players
        self.rules = rules
        self.first_dealer = first_dealer
        self.setting = fixed
        self.players = n
        self.drawn = fixed.drawn
        self.laid_away = fixed.laid_away
        self.blind = fixed.blind
        self.table = fixed.table
        self.side_of = fixed.side_of
        self.scores = [0] * rules.sides
        """Each side's score."""
        self.winner = -1
        """The side that reached the target (-1 while none has)."""
        self.deals: list[DealLog] = []
        """Every deal so far, the current one last."""
        self.deck: TileMask = ALL_MASK
        """The tiles not drawn yet this deal."""
        self.hands: list[TileMask] = [0] * n
        """Each seat's tiles drawn and not laid away (before the play: the hand he shows)."""
        self.actor = 0
        """Who lays away now (``AWAY``)."""
        self.phase = FIRST_DEALER
        if referee is not None:
            self.referee = referee
            return
        self.referee = PlayReferee(n, held=[0] * n)
        if first_dealer >= 0:
            self._begin_deal(first_dealer)

    def copy(self) -> StepGame:
        game = StepGame(self.rules, self.first_dealer, self.setting, _copy_referee(self.referee))
        game.scores, game.winner, game.phase = list(self.scores), self.winner, self.phase
        game.deals = list(self.deals)
        if game.deals:
            game.deals[-1] = game.deals[-1].copy()
        game.deck, game.hands, game.actor = self.deck, list(self.hands), self.actor
        return game

    @property
    def log(self) -> DealLog:
        """The current deal."""
        return self.deals[-1]

    def current(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        phase = self.phase
        if phase == PLAY:
            return self.referee.turn_seat
        if phase == AWAY:
            return self.actor
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def chance_outcomes(self) -> list[int]:
        """The outcomes of the chance event, each equally likely: seats, or tiles."""
        if self.phase == FIRST_DEALER:
            return list(range(self.players))
        return _indices(self.deck)

    def legal(self) -> list[int]:
        """The actions of the seat to act, lowest first."""
        if self.phase == PLAY:
            referee = self.referee
            fitting = referee.fitting(referee.turn_seat)
            return _indices(fitting) if fitting else [GO]
        assert self.phase == AWAY
        hand = self.hands[self.actor]
        away = self.log.away[self.actor]
        tiles = _indices(hand & ~((away << 1) - 1) if away else hand)
        if tiles_counted(away) + 1 < self.laid_away:
            tiles.pop()  # a first of two: below the second, so never his highest
        return [LAY_AWAY + i for i in tiles]

    def apply(self, action: int) -> None:
        """One action: a chance outcome or a legal action of the seat to act (not checked
        beyond what the referee checks)."""
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase == AWAY:
            self._lay_away(action - LAY_AWAY)
        elif phase == DRAW:
            self._draw(action)
        elif phase == STARTER:
            self._turn_starter(action)
        elif phase == BLIND:
            self.deck ^= 1 << action
            self.log.blind = action
            self._begin_lay_away()
        elif phase == FIRST_DEALER:
            self._begin_deal(action)
        else:
            raise ValueError("the game is over")

    def _begin_deal(self, dealer: int) -> None:
        self.deals.append(DealLog(dealer, list(self.scores), self.players))
        self.deck = ALL_MASK
        self.hands = [0] * self.players
        self.phase = DRAW

    def _draw(self, tile: int) -> None:
        log = self.log
        n = self.players
        drawn = len(log.order)
        seat = (log.dealer + 1 + drawn // self.drawn) % n
        self.deck ^= 1 << tile
        self.hands[seat] |= 1 << tile
        log.order.append(tile)
        if drawn + 1 == n * self.drawn:
            if self.blind:
                self.phase = BLIND
            else:
                self._begin_lay_away()

    def _begin_lay_away(self) -> None:
        self.phase = AWAY
        self.actor = leader(self.log.dealer, self.players)

    def _lay_away(self, tile: int) -> None:
        actor, log, bit = self.actor, self.log, 1 << tile
        if not self.hands[actor] & bit:
            raise ValueError(f"seat {actor} does not hold {ALL_TILES[tile]}")
        self.hands[actor] ^= bit
        away = log.away[actor] = log.away[actor] | bit
        if tiles_counted(away) < self.laid_away:
            return
        if actor == log.dealer:
            self.phase = STARTER
        else:
            self.actor = next_seat(actor, self.players)

    def _turn_starter(self, tile: int) -> None:
        log = self.log
        log.starter = tile
        self.deck ^= 1 << tile
        starter = ALL_TILES[tile]
        self.phase = PLAY
        self.referee.restart(log.dealer, starter, list(self.hands))
        if starter.is_double:
            self._score(log.dealer, STARTER_EVENT, self.rules.starter_double_points)

    def _play(self, action: int) -> None:
        referee, log = self.referee, self.log
        player = referee.turn_seat
        log.plays.append(player << PLAY_SEAT_SHIFT | action)
        if action == GO:
            go_point = referee.go(player)
            if go_point is not None and self._score(go_point[0], GO_EVENT, GO_POINTS):
                return
        else:
            closes = referee.lay_scored(player, ALL_TILES[action])
            points = referee.tile_points
            if points and self._score(player, PLAY_EVENT, points):
                return
            closed = closes is not None and closes in CLOSING_ITEMS  # a go point
            if closed and self._score(player, GO_EVENT, GO_POINTS):
                return
        if referee.complete:
            self._show()

    def _show(self) -> None:
        """The hands from the dealer's left round to the dealer, then the crib; the next
        deal if nobody has won."""
        log, table = self.log, self.table
        dealer = log.dealer
        starter = VALUE_WEIGHTS[ALL_TILES[log.starter].value]
        for seat in seats_from(leader(dealer, self.players), self.players):
            if self._score(seat, HAND_EVENT, table[_key(self.hands[seat]) + starter], True):
                return
        crib = 0 if log.blind == NO_TILE else 1 << log.blind
        for away in log.away:
            crib |= away
        if not self._score(dealer, CRIB_EVENT, table[_key(crib) + starter], True):
            self._begin_deal(next_seat(dealer, self.players))

    def _score(self, seat: int, kind: int, points: int, shown: bool = False) -> bool:
        """A scoring event (a show is one even at 0); True once it reaches the target."""
        if not points and not shown:
            return False
        self.log.events.append((seat, kind, points))
        side = self.side_of[seat]
        score = self.scores[side] = self.scores[side] + points
        if score >= self.rules.target:
            self.winner = side
            self.phase = OVER
            return True
        return False

    def holding(self, seat: int) -> TileMask:
        """The tiles ``seat`` holds now: drawn, not laid away, not laid in the play."""
        if not self.deals:
            return 0
        if self.log.starter != NO_TILE:
            return self.referee.seats[seat].held
        return self.hands[seat]


def _key(mask: TileMask) -> int:
    """The show table's key of some tiles' values."""
    key = 0
    for i in range(TILE_COUNT):
        if mask >> i & 1:
            key += VALUE_WEIGHTS[ALL_TILES[i].value]
    return key


def history_of(first_dealer: int, deals: list[DealLog], players: int) -> list[int]:
    """The game's actions, in order, written again from its deals (each seat's draws in the
    order of ``DealLog.order``, each lay-away lowest index first)."""
    actions: list[int] = []
    if first_dealer < 0 and deals:
        actions.append(deals[0].dealer)
    for log in deals:
        actions += log.order
        if log.blind != NO_TILE:
            actions.append(log.blind)
        for seat in seats_from(leader(log.dealer, players), players):
            actions += [LAY_AWAY + i for i in _indices(log.away[seat])]
        if log.starter != NO_TILE:
            actions.append(log.starter)
        actions += [play & ((1 << PLAY_SEAT_SHIFT) - 1) for play in log.plays]
    return actions
