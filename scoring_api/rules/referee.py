"""The referee of the play (docs/rules.md sections 3 and 8.2): the count, the turn, the goes.

``PlayReferee`` accepts only strictly legal actions: a tile that fits, laid by the player on
turn; a go by the player on turn who may say it. It scores each tile as it is laid and each
count as it closes. The record reader (``records``) and the simulator both play through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .constants import HAND_SIZE, MAX_COUNT, MAX_VALUE, PLAYERS
from .errors import IllegalPlayError
from .play_scoring import (
    CLOSING_ITEMS,
    GO_POINTS,
    CloseKind,
    PegItem,
    items_of,
    points_of_last,
    spans_of_last,
)
from .seats import seats_from, turn_orders
from .tiles import ALL_TILES, Tile, TileMask, tile_mask, tiles_in

FITTING: Final[tuple[TileMask, ...]] = tuple(
    tile_mask(tile for tile in ALL_TILES if tile.value <= room) for room in range(MAX_COUNT + 1)
)
"""``FITTING[room]``: every tile of value at most ``room`` (0..31)."""


def default_dealer(players: int) -> int:
    """The dealer where none is named: the last seat, so that seat 0 leads."""
    return seats_from(0, players)[-1]


class PlayReferee:
    """The referee of one play, for ``players`` players seated 0..n-1; the dealer's left leads.

    With a player's hand known a go is checked exactly; without, a go is only known to be
    impossible when every tile would fit (count 19 or less).

    A plain class with its own ``__init__`` rather than a dataclass: the simulator makes one
    per deal, and the compiled engine runs a dataclass's generated ``__init__`` interpreted.
    """

    __slots__ = (
        "count",
        "dealer",
        "held",
        "laid",
        "laid_by",
        "last_player",
        "order",
        "passed",
        "played",
        "players",
        "scores",
        "starter",
        "tile_points",
        "turn",
        "used",
        "values",
    )

    players: int
    """Players at the table."""
    dealer: int | None
    """The dealer's seat: the seat on his left leads (None: ``default_dealer``)."""
    starter: Tile | None
    """The starter, which nobody may lay, where known."""
    held: list[TileMask | None]
    """Each player's tiles not yet laid, where known."""
    laid_by: list[int]
    """How many tiles each player has laid."""
    played: list[TileMask]
    """The tiles each player has laid, all counts of the play (what everyone at the table
    has seen him lay)."""
    scores: list[int]
    """Points each player has pegged."""
    passed: list[bool]
    """Who has said go in the current count."""
    used: TileMask
    """Every tile laid so far."""
    laid: list[Tile]
    """The tiles of the current count, in order."""
    values: tuple[int, ...]
    """Their values."""
    count: int
    """The running count."""
    last_player: int | None
    """Who laid the last tile of the current count."""
    turn: int | None
    """Whose turn it is; None once the play is over."""
    order: tuple[tuple[int, ...], ...]
    """``seats.turn_orders(players)``, looked up once."""
    tile_points: int
    """What the last tile laid scored, a go point aside."""

    def __init__(
        self,
        players: int = PLAYERS,
        dealer: int | None = None,
        starter: Tile | None = None,
        hands: Sequence[Sequence[Tile] | None] = (),
    ) -> None:
        """``hands``: each player's four tiles where known (None where not); empty: none
        known."""
        self.players, self.dealer, self.starter = players, dealer, starter
        self.order = turn_orders(players)
        self.held = [
            None if hand is None else tile_mask(hand) for hand in hands or [None] * players
        ]
        self.laid_by = [0] * players
        self.played = [0] * players
        self.scores = [0] * players
        self.passed = [False] * players
        self.used = 0
        self.laid = []
        self.values = ()
        self.count = 0
        self.last_player = None
        self.tile_points = 0
        # The dealer's left leads: seats.leader, looked up.
        self.turn = self.order[default_dealer(players) if dealer is None else dealer][0]

    @property
    def complete(self) -> bool:
        """Every tile has been laid."""
        return self.turn is None

    def has_tiles(self, player: int) -> bool:
        return self.laid_by[player] < HAND_SIZE

    def fits(self, tile: Tile) -> bool:
        return self.count + tile.value <= MAX_COUNT

    def know_hand(self, player: int, hand: Iterable[Tile]) -> None:
        """From now on the referee knows ``player``'s tiles not yet laid."""
        self.held[player] = tile_mask(hand)

    def playable(self, player: int) -> tuple[Tile, ...]:
        """The tiles a player with a known hand may lay now, lowest first (none: he says go)."""
        held = self.held[player]
        assert held is not None, "playable() needs the player's hand"
        return tiles_in[held & FITTING[MAX_COUNT - self.count]]

    def go_refusal(self, player: int) -> str | None:
        """Why ``player`` may not say go now, if that is known; None if he may."""
        if self.held[player] is not None:
            fitting = self.playable(player)
            if fitting:
                return f"player {player} holds {min(fitting)}, which fits the count {self.count}"
            return None
        if self.count + MAX_VALUE <= MAX_COUNT:
            return f"any tile fits the count {self.count}"
        return None

    def _next_active(self, after: int) -> int | None:
        """The first player after ``after`` (himself last) who has tiles and has not said go."""
        passed, laid_by = self.passed, self.laid_by
        for player in self.order[after]:
            if not passed[player] and laid_by[player] < HAND_SIZE:
                return player
        return None

    def next_leader(self) -> int | None:
        """Who leads the next count once the open one closes: the first player clockwise after
        the last layer who still holds tiles, the last layer himself if nobody else does (None
        while no tile has been laid in the count). The one place this rule is written."""
        if self.last_player is None:
            return None
        laid_by = self.laid_by
        for player in self.order[self.last_player]:
            if laid_by[player] < HAND_SIZE:
                return player
        return None

    def lay(self, player: int, tile: Tile) -> tuple[list[PegItem], CloseKind | None]:
        """Lay a tile: its items (with the go point if it closed the count) and how the count
        closed, if it did. Raises ``IllegalPlayError`` for an illegal tile."""
        self._place(player, tile)
        items = items_of(self.laid, spans_of_last(self.values)) if self.tile_points else []
        closes = self._after_tile(player)
        if closes is not None and closes in CLOSING_ITEMS:  # a go point
            items.append(CLOSING_ITEMS[closes][tile.index])
        return items, closes

    def lay_scored(self, player: int, tile: Tile) -> CloseKind | None:
        """``lay`` without the items, for the simulator: the points are in ``tile_points``
        (and the go point, if the count closed by a go or the last tile, in ``scores``)."""
        self._place(player, tile)
        return self._after_tile(player)

    def _place(self, player: int, tile: Tile) -> None:
        """The tile goes down on the count and scores (``tile_points``), a go point aside."""
        self.check_tile(player, tile)
        if self.turn != player:
            raise self._out_of_turn(player)
        count = self.count + tile.value
        if count > MAX_COUNT:
            raise IllegalPlayError("count_over_31", f"{tile} would make the count {count}: say Go")
        bit = tile.bit
        held = self.held[player]
        if held is not None:
            self.held[player] = held ^ bit
        self.used |= bit
        self.played[player] |= bit
        self.laid.append(tile)
        values = self.values = (*self.values, tile.value)
        self.laid_by[player] += 1
        self.count = count
        self.last_player = player
        points = self.tile_points = points_of_last(values, count)
        self.scores[player] += points

    def _after_tile(self, player: int) -> CloseKind | None:
        """How the count closed after ``player``'s tile, if it did (a go point scored)."""
        if self.count == MAX_COUNT:
            self._reset()
            return "thirty_one"
        # After a tile the same player comes last in the order: he goes on alone if need be.
        self.turn = self._next_active(player)
        if self.turn is None:
            self._close()
            # ``complete``, not ``self.turn is None``: _close() moved the turn on, and the
            # narrowed test would be compiled as still true.
            return "last_tile" if self.complete else "go"
        return None

    def _out_of_turn(self, player: int) -> IllegalPlayError:
        return IllegalPlayError(
            "out_of_turn", f"it is player {self.turn}'s turn, not player {player}'s"
        )

    def check_tile(self, player: int, tile: Tile) -> None:
        """The checks of a tile that do not depend on the count or the turn."""
        if self.starter is not None and tile.index == self.starter.index:
            raise IllegalPlayError("starter_played", f"{tile} is the starter; it is not played")
        if self.used & tile.bit:
            raise IllegalPlayError("tile_repeated", f"{tile} has already been played")
        if self.laid_by[player] >= HAND_SIZE:
            raise IllegalPlayError(
                "too_many_tiles", f"player {player} has already laid all {HAND_SIZE} tiles"
            )
        held = self.held[player]
        if held is not None and not held & tile.bit:
            raise IllegalPlayError("tile_not_in_hand", f"{tile} is not in player {player}'s hand")

    def go(self, player: int) -> tuple[int, PegItem] | None:
        """Say go; if this closed the count, who scores the go point (the last layer) and the
        point itself. Raises ``IllegalPlayError`` out of turn or with a tile that fits."""
        if self.turn != player:
            raise self._out_of_turn(player)
        refusal = self.go_refusal(player)
        if refusal is not None:
            raise IllegalPlayError("go_with_playable_tile", f"no Go for player {player}: {refusal}")
        self.passed[player] = True
        self.turn = self._next_active(player)
        if self.turn is None:
            scorer = self.last_player
            assert scorer is not None
            last_tile = self.laid[-1]
            self._close()
            return scorer, CLOSING_ITEMS["last_tile" if self.complete else "go"][last_tile.index]
        return None

    def _close(self) -> None:
        """Nobody can lay a tile: the last layer scores 1 (the last tile of all, too)."""
        assert self.last_player is not None
        self.scores[self.last_player] += GO_POINTS
        self._reset()

    def _reset(self) -> None:
        """A new count, led by ``next_leader`` (nobody, once every tile is laid)."""
        assert self.last_player is not None
        self.turn = self.next_leader()
        self.count = 0
        self.laid = []
        self.values = ()
        self.passed = [False] * self.players
        self.last_player = None
