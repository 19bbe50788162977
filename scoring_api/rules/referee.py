"""The referee of the play (docs/rules.md sections 3 and 8.2): the count, the turn, the goes.

``PlayReferee`` accepts only strictly legal actions: a tile that fits, laid by the player on
turn; a go by the player on turn who may say it. It scores each tile as it is laid and each
count as it closes. The record reader (``records``) and the simulator both play through it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import InitVar, dataclass, field

from .constants import HAND_SIZE, MAX_COUNT, MAX_VALUE, PLAYERS
from .errors import IllegalPlayError
from .play_scoring import (
    CLOSING_ITEMS,
    CloseKind,
    PegItem,
    items_of,
    points_for_last,
    scoring_spans,
)
from .seats import seats_from, turn_orders
from .tiles import ALL_TILES, Tile, TileMask, tile_mask, tiles_in

FITTING: tuple[TileMask, ...] = tuple(
    tile_mask(tile for tile in ALL_TILES if tile.value <= room) for room in range(MAX_COUNT + 1)
)
"""``FITTING[room]``: every tile of value at most ``room`` (0..31)."""


def default_dealer(players: int) -> int:
    """The dealer where none is named: the last seat, so that seat 0 leads."""
    return seats_from(0, players)[-1]


@dataclass(slots=True)
class PlayReferee:
    """The referee of one play, for ``players`` players seated 0..n-1; the dealer's left leads.

    With a player's hand known a go is checked exactly; without, a go is only known to be
    impossible when every tile would fit (count 19 or less).
    """

    players: int = PLAYERS
    """Players at the table."""
    dealer: int | None = None
    """The dealer's seat: the seat on his left leads (None: ``default_dealer``)."""
    starter: Tile | None = None
    """The starter, which nobody may lay, where known."""
    hands: InitVar[Sequence[Sequence[Tile] | None]] = ()
    """Each player's four tiles where known (None where not); empty: none known."""
    # The state of the play: derived from the above, never passed in.
    held: list[TileMask | None] = field(init=False)
    """Each player's tiles not yet laid, where known."""
    laid_by: list[int] = field(init=False)
    """How many tiles each player has laid."""
    scores: list[int] = field(init=False)
    """Points each player has pegged."""
    passed: list[bool] = field(init=False)
    """Who has said go in the current count."""
    used: TileMask = field(init=False, default=0)
    """Every tile laid so far."""
    laid: list[Tile] = field(init=False)
    """The tiles of the current count, in order."""
    values: tuple[int, ...] = field(init=False, default=())
    """Their values."""
    count: int = field(init=False, default=0)
    """The running count."""
    last_player: int | None = field(init=False, default=None)
    """Who laid the last tile of the current count."""
    turn: int | None = field(init=False)
    """Whose turn it is; None once the play is over."""
    order: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    """``seats.turn_orders(players)``, looked up once."""

    def __post_init__(self, hands: Sequence[Sequence[Tile] | None]) -> None:
        n = self.players
        self.order = turn_orders(n)
        self.held = [None if hand is None else tile_mask(hand) for hand in hands or [None] * n]
        self.laid_by = [0] * n
        self.scores = [0] * n
        self.passed = [False] * n
        self.laid = []
        dealer = default_dealer(n) if self.dealer is None else self.dealer
        self.turn = self.order[dealer][0]  # the dealer's left: seats.leader, looked up

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
        self.laid.append(tile)
        values = self.values = (*self.values, tile.value)
        self.laid_by[player] += 1
        self.count = count
        self.last_player = player
        spans = scoring_spans[values]
        items: list[PegItem] = []
        if spans:  # most tiles score nothing
            items = items_of(self.laid, spans)
            self.scores[player] += points_for_last[values]
        if count == MAX_COUNT:
            self._reset()
            return items, "thirty_one"
        # After a tile the same player comes last in the order: he goes on alone if need be.
        self.turn = self._next_active(player)
        if self.turn is None:
            items.append(self._close())
            # ``complete``, not ``self.turn is None``: _close() moved the turn on, and the
            # narrowed test would be compiled as still true.
            return items, "last_tile" if self.complete else "go"
        return items, None

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
            return scorer, self._close()
        return None

    def _close(self) -> PegItem:
        """Nobody can lay a tile: the last layer scores 1 (the last tile of all, too)."""
        assert self.last_player is not None
        scorer, last_tile = self.last_player, self.laid[-1]
        self.scores[scorer] += 1
        self._reset()
        return CLOSING_ITEMS["last_tile" if self.turn is None else "go"][last_tile.index]

    def _reset(self) -> None:
        """A new count, led by ``next_leader`` (nobody, once every tile is laid)."""
        assert self.last_player is not None
        self.turn = self.next_leader()
        self.count = 0
        self.laid = []
        self.values = ()
        self.passed = [False] * self.players
        self.last_player = None
