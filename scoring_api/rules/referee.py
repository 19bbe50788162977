"""The referee of the play (docs/rules.md sections 3 and 8.2): the count, the turn, the goes.

``PlayReferee`` accepts only strictly legal actions: a tile that fits, laid by the player on
turn; a go by the player on turn who may say it. It scores each tile as it is laid and each
count as it closes. The record reader (``records``) and the simulator both play through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from mypy_extensions import i64

from .constants import HAND_SIZE, MAX_COUNT, MAX_VALUE, PLAYERS
from .errors import IllegalPlayError
from .play_scoring import (
    CLOSING_ITEMS,
    GO_POINTS,
    CloseKind,
    PegItem,
    items_of,
    points_of_code,
    spans_of_code,
    with_value,
)
from .referee_state import (
    NO_GO,
    UNKNOWN,
    PublicPlay,
    SeatPlay,
    SharedPlay,
    TilesCode,
    last_tile_of,
    tiles_of_code,
    with_tile,
)
from .seats import NO_SEAT, first_after, leader, seats_from
from .tiles import ALL_TILES, Tile, TileMask, tile_mask, tiles_in

FITTING: Final[tuple[TileMask, ...]] = tuple(
    tile_mask(tile for tile in ALL_TILES if tile.value <= room) for room in range(MAX_COUNT + 1)
)
"""``FITTING[room]``: every tile of value at most ``room`` (0..31)."""


def go_proved_wrong(
    player: int, tile: Tile, said_at: int, where: str = "", go_index: int | None = None
) -> IllegalPlayError:
    """``player`` lays (or holds) ``tile``, which would have fitted the count ``said_at`` at
    which he said go (``where``, ``go_index``: how and where a record shows that go): his hand
    only shrank since, so the tile was his then, and the go was wrong (docs/rules.md
    section 3)."""
    return IllegalPlayError(
        "go_proved_wrong",
        f"player {player} said go at {said_at}{where}, but {tile} would have made "
        f"{said_at + tile.value}",
        go_index=go_index,
        go_count=said_at,
    )


def default_dealer(players: int) -> int:
    """The dealer where none is named: the last seat, so that seat 0 leads."""
    return seats_from(0, players)[-1]


class PlayReferee(SharedPlay):
    """The referee of one play, for ``players`` players seated 0..n-1; the dealer's left leads.

    With a player's hand known a go is checked exactly; without, a go is only known to be
    impossible when every tile would fit (count 19 or less), and is proved wrong by any tile
    he lays later that would have fitted it (``PublicPlay.above``).

    A plain class with its own ``__init__`` rather than a dataclass: the simulator makes one
    per deal, and the compiled engine runs a dataclass's generated ``__init__`` interpreted.
    Its state is ints where it can be (the count's values as a ``CountCode``, who said go as
    a mask, no seat as ``NO_SEAT``), read as the documented values through properties (those
    the whole table sees, ``SharedPlay``'s: ``count_values``, ``last``, ``passed``,
    ``played``).
    """

    __slots__ = (
        "count",
        "dealer",
        "holding",
        "laid_code",
        "players",
        "seats",
        "starter",
        "tile_points",
        "turn_seat",
        "used",
    )

    players: int
    """Players at the table."""
    dealer: int | None
    """The dealer's seat: the seat on his left leads (None: ``default_dealer``)."""
    starter: Tile | None
    """The starter, which nobody may lay, where known."""
    seats: list[SeatPlay]
    """Each player's tiles and points (``held``, ``laid_by``, ``scores`` as lists)."""
    holding: i64
    """Who still holds a tile: bit ``seat``."""
    used: i64
    """Every tile laid so far."""
    laid_code: TilesCode
    """The tiles of the current count, in order (``laid`` as tiles)."""
    count: i64
    """The running count."""
    tile_points: i64
    """What the last tile laid scored, a go point aside."""
    turn_seat: i64
    """Whose turn it is; ``NO_SEAT`` once the play is over (``turn``: None)."""

    def __init__(
        self,
        players: int = PLAYERS,
        dealer: int | None = None,
        starter: Tile | None = None,
        hands: Sequence[Sequence[Tile] | None] = (),
        held: list[TileMask] | None = None,
    ) -> None:
        """``hands``: each player's four tiles where known (None where not); empty: none
        known. ``held``: instead, every player's four tiles as masks (the simulator's)."""
        self.players, self.dealer, self.starter = players, dealer, starter
        if held is not None:
            self.seats = [SeatPlay(held[seat]) for seat in range(players)]
        elif hands:
            self.seats = [SeatPlay(UNKNOWN if hand is None else tile_mask(hand)) for hand in hands]
        else:
            self.seats = [SeatPlay(UNKNOWN) for _ in range(players)]
        self.public = [PublicPlay() for _ in range(players)]
        self._begin()

    def restart(self, dealer: int, starter: Tile, held: list[TileMask]) -> None:
        """Begin another play at this table, every hand known (the simulator's next deal): as
        ``PlayReferee(players, dealer, starter, held=held)`` would, in this object and its
        lists (``public`` holds the same objects, emptied)."""
        self.dealer, self.starter = dealer, starter
        for player, seat in enumerate(self.seats):
            seat.held, seat.laid, seat.score = held[player], 0, 0
            public = self.public[player]
            public.tiles, public.above = 0, NO_GO
        self._begin()

    def _begin(self) -> None:
        """Nothing laid yet: the dealer's left leads the first count."""
        players = self.players
        self.passed_mask = 0
        self.holding = (1 << players) - 1
        self.used = 0
        self.laid_code = 0
        self.count_code = 0
        self.count = 0
        self.last_seat = NO_SEAT
        self.tile_points = 0
        dealer = self.dealer
        self.turn_seat = leader(default_dealer(players) if dealer is None else dealer, players)

    @property
    def held(self) -> list[TileMask | None]:
        """Each player's tiles not yet laid, where known."""
        return [None if seat.held == UNKNOWN else seat.held for seat in self.seats]

    @property
    def laid(self) -> list[Tile]:
        """The tiles of the current count, in order."""
        return tiles_of_code(self.laid_code)

    @property
    def laid_by(self) -> list[int]:
        """How many tiles each player has laid."""
        return [seat.laid for seat in self.seats]

    @property
    def scores(self) -> list[int]:
        """Points each player has pegged."""
        return [seat.score for seat in self.seats]

    def held_by(self, player: int) -> TileMask | None:
        """``held[player]``, without the list."""
        held = self.seats[player].held
        return None if held == UNKNOWN else held

    @property
    def turn(self) -> int | None:
        """Whose turn it is; None once the play is over."""
        return None if self.turn_seat == NO_SEAT else self.turn_seat

    @property
    def complete(self) -> bool:
        """Every tile has been laid."""
        return self.turn_seat == NO_SEAT

    def has_tiles(self, player: int) -> bool:
        return self.seats[player].laid < HAND_SIZE

    def fits(self, tile: Tile) -> bool:
        return self.count + tile.value <= MAX_COUNT

    def know_hand(self, player: int, hand: Iterable[Tile]) -> None:
        """From now on the referee knows ``player``'s tiles not yet laid."""
        self.seats[player].held = tile_mask(hand)

    def fitting(self, player: int) -> TileMask:
        """The tiles of a player with a known hand that fit the count (none: he says go)."""
        held = self.seats[player].held
        assert held != UNKNOWN, "fitting() needs the player's hand"
        return held & FITTING[MAX_COUNT - self.count]

    def playable(self, player: int) -> tuple[Tile, ...]:
        """The tiles a player with a known hand may lay now, lowest first (none: he says go)."""
        return tiles_in[self.fitting(player)]

    def go_refusal(self, player: int) -> str | None:
        """Why ``player`` may not say go now, if that is known; None if he may."""
        if self.seats[player].held != UNKNOWN:
            fitting = self.fitting(player)
            if fitting:
                lowest = min(tiles_in[fitting])
                return f"player {player} holds {lowest}, which fits the count {self.count}"
            return None
        if self.count + MAX_VALUE <= MAX_COUNT:
            return f"any tile fits the count {self.count}"
        return None

    def _next_active(self, after: int) -> int:
        """The first player after ``after`` (himself last) who has tiles and has not said go;
        ``NO_SEAT`` if none."""
        return first_after(after, self.holding & ~self.passed_mask, self.players)

    def _next_leader(self) -> int:
        """``next_leader``, ``NO_SEAT`` for None."""
        last = self.last_seat
        if last == NO_SEAT:
            return NO_SEAT
        return first_after(last, self.holding, self.players)

    def next_leader(self) -> int | None:
        """Who leads the next count once the open one closes: the first player clockwise after
        the last layer who still holds tiles, the last layer himself if nobody else does (None
        while no tile has been laid in the count). The one place this rule is written."""
        leader = self._next_leader()
        return None if leader == NO_SEAT else leader

    def lay(self, player: int, tile: Tile) -> tuple[list[PegItem], CloseKind | None]:
        """Lay a tile: its items (with the go point if it closed the count) and how the count
        closed, if it did. Raises ``IllegalPlayError`` for an illegal tile."""
        self._place(player, tile)
        spans = spans_of_code(self.count_code, self.count) if self.tile_points else ()
        items = items_of(self.laid, spans)
        closes = self._after_tile(player)
        if closes is not None and closes in CLOSING_ITEMS:  # a go point
            items.append(CLOSING_ITEMS[closes][tile.index])
        return items, closes

    def lay_scored(self, player: int, tile: Tile) -> CloseKind | None:
        """``lay`` without the items, for the simulator: the points are in ``tile_points``
        (and the go point, if the count closed by a go or the last tile, in ``scores``)."""
        self._place(player, tile)
        return self._after_tile(player)

    def lay_fitting(self, player: int, tile: Tile) -> CloseKind | None:
        """``lay_scored`` of a tile the caller has made sure of: ``player`` is on turn and
        ``tile`` is in his known hand and fits the count (the simulator's tiles, each one of
        the playable tiles it worked out), so none of ``_place``'s checks is made again."""
        self._put(player, tile, self.seats[player], self.public[player])
        return self._after_tile(player)

    def _place(self, player: int, tile: Tile) -> None:
        """The tile goes down on the count and scores (``tile_points``), a go point aside."""
        seat, public = self.seats[player], self.public[player]
        self._check_tile(player, tile, seat, public)
        if self.turn_seat != player:
            raise self._out_of_turn(player)
        count = self.count + tile.value
        if count > MAX_COUNT:
            raise IllegalPlayError("count_over_31", f"{tile} would make the count {count}: say Go")
        self._put(player, tile, seat, public)

    def _put(self, player: int, tile: Tile, seat: SeatPlay, public: PublicPlay) -> None:
        """``_place`` once the tile is known to be legal (his ``seats`` and ``public``
        entries looked up by the caller)."""
        value = tile.value
        count = self.count + value
        bit: i64 = tile.bit
        if seat.held != UNKNOWN:
            seat.held ^= bit
        seat.laid += 1
        if seat.laid == HAND_SIZE:
            self.holding &= ~(1 << player)
        self.used |= bit
        public.tiles |= bit
        self.laid_code = with_tile(self.laid_code, tile)
        code = self.count_code = with_value(self.count_code, value)
        self.count = count
        self.last_seat = player
        points = self.tile_points = points_of_code(code, count)
        seat.score += points

    def _after_tile(self, player: int) -> CloseKind | None:
        """How the count closed after ``player``'s tile, if it did (a go point scored)."""
        if self.count == MAX_COUNT:
            self._reset()
            return "thirty_one"
        # After a tile the same player comes last in the order: he goes on alone if need be.
        turn = self.turn_seat = self._next_active(player)
        if turn == NO_SEAT:
            self._close()
            return "last_tile" if self.turn_seat == NO_SEAT else "go"
        return None

    def _out_of_turn(self, player: int) -> IllegalPlayError:
        return IllegalPlayError(
            "out_of_turn", f"it is player {self.turn}'s turn, not player {player}'s"
        )

    def check_tile(self, player: int, tile: Tile) -> None:
        """The checks of a tile that do not depend on the count or the turn: nobody has laid
        it, it is not the starter, it may be his, and it would not have fitted the count at
        any of his goes (``go_proved_wrong``)."""
        self._check_tile(player, tile, self.seats[player], self.public[player])

    def _check_tile(self, player: int, tile: Tile, seat: SeatPlay, public: PublicPlay) -> None:
        """``check_tile``, his ``seats`` and ``public`` entries looked up by the caller."""
        if self.starter is not None and tile.index == self.starter.index:
            raise IllegalPlayError("starter_played", f"{tile} is the starter; it is not played")
        if self.used & tile.bit:
            raise IllegalPlayError("tile_repeated", f"{tile} has already been played")
        if seat.laid >= HAND_SIZE:
            raise IllegalPlayError(
                "too_many_tiles", f"player {player} has already laid all {HAND_SIZE} tiles"
            )
        if seat.held != UNKNOWN and not seat.held & tile.bit:
            raise IllegalPlayError("tile_not_in_hand", f"{tile} is not in player {player}'s hand")
        above = public.above
        if tile.value <= above:
            raise go_proved_wrong(player, tile, MAX_COUNT - above)

    def go(self, player: int) -> tuple[int, PegItem] | None:
        """Say go; if this closed the count, who scores the go point (the last layer) and the
        point itself. Raises ``IllegalPlayError`` out of turn or with a tile that fits."""
        if self.turn_seat != player:
            raise self._out_of_turn(player)
        refusal = self.go_refusal(player)
        if refusal is not None:
            raise IllegalPlayError("go_with_playable_tile", f"no Go for player {player}: {refusal}")
        self.passed_mask |= 1 << player
        public = self.public[player]
        room = MAX_COUNT - self.count
        if room > public.above:
            public.above = room
        turn = self.turn_seat = self._next_active(player)
        if turn == NO_SEAT:
            scorer = self.last_seat
            last_tile = last_tile_of(self.laid_code)
            self._close()
            kind: CloseKind = "last_tile" if self.turn_seat == NO_SEAT else "go"
            return scorer, CLOSING_ITEMS[kind][last_tile.index]
        return None

    def _close(self) -> None:
        """Nobody can lay a tile: the last layer scores 1 (the last tile of all, too)."""
        assert self.last_seat != NO_SEAT
        self.seats[self.last_seat].score += GO_POINTS
        self._reset()

    def _reset(self) -> None:
        """A new count, led by ``next_leader`` (nobody, once every tile is laid)."""
        self.turn_seat = self._next_leader()
        self.count = 0
        self.laid_code = 0
        self.count_code = 0
        self.passed_mask = 0
        self.last_seat = NO_SEAT
