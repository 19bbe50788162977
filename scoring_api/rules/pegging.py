"""The play (pegging): one referee for records, validation and simulated games.

``Pegging`` is the referee: it holds the count, whose turn it is and who has said go, and
accepts only strictly legal actions (a tile that fits, by the player on turn; a go by the
player on turn who may say it). ``score_pegging`` reads a record in which goes may be left
out: compulsory play makes every missing go follow from the tiles, so the reader supplies
them (checking each could have been said) and hands the referee strict actions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import InitVar, dataclass, field, replace
from typing import Literal

from .errors import IllegalPlayError, MalformedInputError
from .memo import Memo
from .tiles import ALL_TILES, Tile, ensure_distinct, tile_mask, tiles_in

HAND_SIZE = 4
MAX_COUNT = 31
FIFTEEN = 15
MAX_VALUE = 12

PegKind = Literal[
    "fifteen", "thirty_one", "pair", "pair_royal", "double_pair_royal", "run", "go", "last_tile"
]
CloseKind = Literal["thirty_one", "go", "last_tile"]
_PAIR_KINDS: dict[int, tuple[PegKind, int]] = {
    2: ("pair", 2),
    3: ("pair_royal", 6),
    4: ("double_pair_royal", 12),
}


@dataclass(frozen=True, slots=True)
class Play:
    """One entry of a play record: a tile laid, or a go (``tile`` is None)."""

    player: int
    tile: Tile | None = None

    @property
    def is_go(self) -> bool:
        return self.tile is None


@dataclass(frozen=True, slots=True)
class PegItem:
    kind: PegKind
    points: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class ScoredPlay:
    player: int
    tile: Tile | None
    count: int
    points: int
    items: tuple[PegItem, ...]
    closes: CloseKind | None = None


@dataclass(frozen=True, slots=True)
class PeggingResult:
    plays: tuple[ScoredPlay, ...]
    scores: tuple[int, ...]
    count: int
    next_player: int | None
    complete: bool


@dataclass(frozen=True, slots=True)
class Reason:
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    legal: bool
    reason: Reason | None = None
    points: int = 0
    items: tuple[PegItem, ...] = ()
    count: int = 0
    scores: tuple[int, ...] = ()


Span = tuple[PegKind, int, int]


def _spans_of_last(values: tuple[int, ...]) -> tuple[Span, ...]:
    """What the last of ``values`` (the count so far, in order) scores: (kind, points, span).

    ``span`` is how many of the last tiles the item is made of. Go and last-tile points are
    not included: they depend on what happens next.
    """
    count = sum(values)
    last = values[-1]
    spans: list[Span] = []
    # The tile must change the count to 15: 0-0 laid on 15 scores no second fifteen.
    if count == FIFTEEN and last != 0:
        spans.append(("fifteen", 2, len(values)))
    if count == MAX_COUNT:
        spans.append(("thirty_one", 2, len(values)))
    same = 1
    while same < len(values) and values[-1 - same] == last:
        same += 1
    if same >= 2:  # and no run: a run's tiles are distinct
        kind, points = _PAIR_KINDS[same]
        spans.append((kind, points, same))
        return tuple(spans)
    # The longest tail of distinct values spanning exactly its length; a repeat ends the search.
    seen = 1 << last  # a bit per value
    low = high = last
    run = 0
    for size in range(2, len(values) + 1):
        value = values[-size]
        if seen >> value & 1:
            break
        seen |= 1 << value
        if value < low:
            low = value
        elif value > high:
            high = value
        if high - low == size - 1 and size >= 3:
            run = size
    if run:
        spans.append(("run", run, run))
    return tuple(spans)


# scoring_spans[values]: remembered, as plays repeat the same counts. Random games keep
# meeting new ones (50,000 to 70,000 per 10,000 games), so the memo is large: about 26 MB.
scoring_spans = Memo(_spans_of_last, 1 << 17)


def _points_of_last(values: tuple[int, ...]) -> int:
    return sum(points for _, points, _ in scoring_spans[values])


# points_for_last[values]: points of the last of ``values``, without go points (the
# strategies' look-ahead asks it of every tile they may lay and every reply).
points_for_last = Memo(_points_of_last, 1 << 16)


def tile_points(laid: Sequence[Tile]) -> list[PegItem]:
    """The items the last tile of ``laid`` (the tiles of the current count) scores."""
    return _items_of(laid, scoring_spans[tuple(tile.value for tile in laid)])


def _items_of(laid: Sequence[Tile], spans: tuple[Span, ...]) -> list[PegItem]:
    return [PegItem(kind, points, tuple(laid[-span:])) for kind, points, span in spans]


# The go point (and the last-tile point) on each tile, made once: items are frozen, and a
# play closes two or three counts.
_CLOSING_ITEMS: tuple[tuple[PegItem, ...], ...] = tuple(
    tuple(PegItem(kind, 1, (tile,)) for tile in ALL_TILES) for kind in ("go", "last_tile")
)


def _close_kind(go_item: PegItem) -> CloseKind:
    return "last_tile" if go_item.kind == "last_tile" else "go"


# FITTING[room]: the mask of every tile of value <= room (room 0..31).
FITTING: tuple[int, ...] = tuple(
    tile_mask(tile for tile in ALL_TILES if tile.value <= room) for room in range(MAX_COUNT + 1)
)


def _seating(players: int) -> tuple[tuple[int, ...], ...]:
    """For each player, everybody in turn order from the player on his left, himself last."""
    return tuple(
        tuple((after + k) % players for k in range(1, players + 1)) for after in range(players)
    )


_SEATING = Memo(_seating, 64)


@dataclass(slots=True)
class Pegging:
    """The referee of one play, for ``players`` players seated 0..n-1; the dealer's left leads.

    ``hands`` gives each player's tiles where they are known (None where not): with a hand
    known, a go is checked exactly; without, a go is only known to be impossible when every
    tile would fit (count <= 19).
    """

    players: int = 2
    dealer: int = 1
    starter: Tile | None = None
    hands: InitVar[Sequence[Sequence[Tile] | None]] = ()
    # The state of the play: derived from the above, never passed in.
    held: list[int | None] = field(init=False)  # tiles not yet laid (a mask), where known
    laid_by: list[int] = field(init=False)
    scores: list[int] = field(init=False)
    passed: list[bool] = field(init=False)
    used: int = field(init=False, default=0)  # a bit per tile laid, by tile index
    laid: list[Tile] = field(init=False)  # the tiles of the current count
    values: tuple[int, ...] = field(init=False, default=())  # and their values
    count: int = field(init=False, default=0)
    last_player: int | None = field(init=False, default=None)
    turn: int | None = field(init=False)
    order: tuple[tuple[int, ...], ...] = field(init=False, repr=False)  # _SEATING[players]

    def __post_init__(self, hands: Sequence[Sequence[Tile] | None]) -> None:
        n = self.players
        self.order = _SEATING[n]
        self.held = [None if hand is None else tile_mask(hand) for hand in hands or [None] * n]
        self.laid_by = [0] * n
        self.scores = [0] * n
        self.passed = [False] * n
        self.laid = []
        self.turn = (self.dealer + 1) % n

    @property
    def complete(self) -> bool:
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

    def must_play(self, player: int) -> str | None:
        """Why ``player`` cannot say go now, if that is known; None if he may."""
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

    def lay(self, player: int, tile: Tile) -> tuple[list[PegItem], CloseKind | None]:
        """Lay a tile: its items (with a last-tile point) and how the count closed, if it did."""
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
            items = _items_of(self.laid, spans)
            self.scores[player] += points_for_last[values]
        if count == MAX_COUNT:
            self._reset()
            return items, "thirty_one"
        # After a tile the same player comes last in the order: he goes on alone if need be.
        self.turn = self._next_active(player)
        if self.turn is None:
            go_item = self._close()
            items.append(go_item)
            return items, _close_kind(go_item)
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
        """Say go; if this closed the count, the go point and who scores it (the last layer)."""
        if self.turn != player:
            raise self._out_of_turn(player)
        reason = self.must_play(player)
        if reason is not None:
            raise IllegalPlayError("go_with_playable_tile", f"no Go for player {player}: {reason}")
        self.passed[player] = True
        self.turn = self._next_active(player)
        if self.turn is None:
            scorer = self.last_player
            assert scorer is not None
            return scorer, self._close()
        return None

    def _close(self) -> PegItem:
        """Neither player can lay a tile: the last layer scores 1 (the last tile of all, too)."""
        assert self.last_player is not None
        scorer, last_tile = self.last_player, self.laid[-1]
        self.scores[scorer] += 1
        self._reset()
        return _CLOSING_ITEMS[self.turn is None][last_tile.index]

    def _reset(self) -> None:
        """A new count, led by the next player after the last layer who still has tiles."""
        assert self.last_player is not None
        self.count = 0
        self.laid = []
        self.values = ()
        self.passed = [False] * self.players
        self.turn = self._next_active(self.last_player)
        self.last_player = None


class _RecordReader:
    """Feeds a record to the referee, supplying the goes it leaves out."""

    def __init__(self, referee: Pegging) -> None:
        self.referee = referee
        self.entries: list[ScoredPlay] = []
        self.awards: list[tuple[int, PegItem]] = []  # go points, to whom, in order
        self._last_tile_entry: int | None = None

    def read(self, index: int, play: Play, *, strict: bool = False) -> ScoredPlay:
        try:
            entry = self._apply(play, strict=strict)
        except IllegalPlayError as illegal:
            raise illegal.at(index) from None
        self.entries.append(entry)
        return entry

    def _apply(self, play: Play, *, strict: bool) -> ScoredPlay:
        ref = self.referee
        player = play.player
        if play.tile is None:
            # A go by a player who has no tiles or already said go changes nothing.
            if ref.complete or not ref.has_tiles(player) or ref.passed[player]:
                return ScoredPlay(player, None, ref.count, 0, ())
            self._implied_goes_until(player)
            count = ref.count  # the count he says go at, even if his go closes it
            self._award(ref.go(player))
            return ScoredPlay(player, None, count, 0, ())
        tile = play.tile
        ref.check_tile(player, tile)
        if not ref.fits(tile):
            # Strict: a player may not skip his own go. Once he has said it, a tile that does
            # not fit leads the next count, the others' goes inferred as in a record.
            if strict and not ref.passed[player]:
                raise IllegalPlayError(
                    "count_over_31",
                    f"{tile} would make the count {ref.count + tile.value}: "
                    + ("say Go" if ref.turn == player else "wait for the count to close"),
                )
            self._close_for(tile)
        if ref.passed[player]:
            raise IllegalPlayError(
                "played_after_go", f"player {player} said Go and cannot lay a tile in this count"
            )
        self._implied_goes_until(player)
        count = ref.count + tile.value
        items, closes = ref.lay(player, tile)
        self._last_tile_entry = len(self.entries)
        return ScoredPlay(player, tile, count, sum(i.points for i in items), tuple(items), closes)

    def _implied_goes_until(self, player: int) -> None:
        """Players on turn before ``player`` must have said go (out of turn if they could not)."""
        ref = self.referee
        while ref.turn != player:
            waiting = ref.turn
            assert waiting is not None, "a player with tiles always has a turn coming"
            reason = ref.must_play(waiting)
            if reason is not None:
                raise IllegalPlayError(
                    "out_of_turn", f"it is player {waiting}'s turn, and he cannot pass: {reason}"
                )
            self._award(ref.go(waiting))

    def _close_for(self, tile: Tile) -> None:
        """``tile`` does not fit: the count must have closed, every active player passing."""
        ref = self.referee
        count = ref.count
        while ref.laid:
            waiting = ref.turn
            assert waiting is not None, "an open count always has a player on turn"
            reason = ref.must_play(waiting)
            if reason is not None:
                raise IllegalPlayError(
                    "count_over_31",
                    f"{tile} would make the count {count + tile.value}, and the count cannot "
                    f"have closed: player {waiting} could still play ({reason})",
                )
            self._award(ref.go(waiting))

    def _award(self, go_point: tuple[int, PegItem] | None) -> None:
        """Attach a go point to the tile that closed its count."""
        if go_point is None:
            return
        scorer, go_item = go_point
        assert self._last_tile_entry is not None
        old = self.entries[self._last_tile_entry]
        assert old.player == scorer
        self.awards.append((scorer, go_item))
        self.entries[self._last_tile_entry] = replace(
            old,
            points=old.points + go_item.points,
            items=(*old.items, go_item),
            closes=_close_kind(go_item),
        )


def _referee(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[Tile]] | None,
    starter: Tile | None,
) -> Pegging:
    if players < 2:
        raise MalformedInputError("the play needs at least 2 players", "/players")
    if not 0 <= dealer < players:
        raise MalformedInputError(f"dealer must be a player from 0 to {players - 1}", "/dealer")
    placed: list[tuple[Tile, str]] = [] if starter is None else [(starter, "/starter")]
    known: list[list[Tile] | None] = [None] * players
    if hands is not None:
        if len(hands) != players:
            raise MalformedInputError(f"expected {players} hands, one per player", "/hands")
        for p, hand in enumerate(hands):
            if len(hand) != HAND_SIZE:
                raise MalformedInputError(
                    f"a hand in the play has {HAND_SIZE} tiles, got {len(hand)}", f"/hands/{p}"
                )
            placed += [(tile, f"/hands/{p}/{i}") for i, tile in enumerate(hand)]
            known[p] = list(hand)
    ensure_distinct(placed)
    return Pegging(players=players, dealer=dealer, starter=starter, hands=known)


def _check_players(plays: Iterable[Play], players: int, pointer: str) -> None:
    for i, play in enumerate(plays):
        if not 0 <= play.player < players:
            raise MalformedInputError(
                f"player must be from 0 to {players - 1}", f"{pointer}/{i}/player"
            )


def _read_record(referee: Pegging, plays: Sequence[Play]) -> _RecordReader:
    _check_players(plays, referee.players, "/plays")
    reader = _RecordReader(referee)
    for index, play in enumerate(plays):
        reader.read(index, play)
    return reader


def score_pegging(
    plays: Sequence[Play],
    dealer: int = 1,
    players: int = 2,
    hands: Sequence[Sequence[Tile]] | None = None,
    starter: Tile | None = None,
) -> PeggingResult:
    """Score a record of the play, goes listed or left out; the first illegal entry raises."""
    referee = _referee(players, dealer, hands, starter)
    reader = _read_record(referee, plays)
    return PeggingResult(
        plays=tuple(reader.entries),
        scores=tuple(referee.scores),
        count=referee.count,
        next_player=referee.turn,
        complete=referee.complete,
    )


def validate_play(
    plays: Sequence[Play],
    play: Play,
    dealer: int = 1,
    players: int = 2,
    hand: Sequence[Tile] | None = None,
    starter: Tile | None = None,
) -> PlayVerdict:
    """Is ``play`` legal after the record ``plays``, and what does it score?

    Strict about the count: a tile past 31 is illegal until the goes have closed the count.
    ``hand`` is the acting player's remaining tiles, if known.
    """
    referee = _referee(players, dealer, None, starter)
    reader = _read_record(referee, plays)
    _check_players([play], players, "")
    if hand is not None:
        _know_hand(referee, play.player, hand)
    awarded_before = len(reader.awards)
    try:
        entry = reader.read(len(plays), play, strict=True)
    except IllegalPlayError as illegal:
        return PlayVerdict(legal=False, reason=Reason(illegal.code, illegal.message))
    # A go may close the count and give the go point to whoever laid the last tile.
    go_points = [item for p, item in reader.awards[awarded_before:] if p == play.player]
    items = (*entry.items, *go_points)
    return PlayVerdict(
        legal=True,
        points=sum(item.points for item in items),
        items=items,
        count=entry.count,
        scores=tuple(referee.scores),
    )


def _know_hand(referee: Pegging, player: int, hand: Sequence[Tile]) -> None:
    """Give the referee the acting player's remaining tiles, checked against the record."""
    left = HAND_SIZE - referee.laid_by[player]
    if len(hand) > left:
        raise MalformedInputError(
            f"player {player} has laid {referee.laid_by[player]} tiles, "
            f"so holds at most {left}, not {len(hand)}",
            "/hand",
        )
    placed = [(tile, f"/hand/{i}") for i, tile in enumerate(hand)]
    ensure_distinct(placed)
    for tile, pointer in placed:
        if referee.used & tile.bit or tile == referee.starter:
            where = "the starter" if tile == referee.starter else "already played"
            raise MalformedInputError(f"{tile} cannot be in the hand: it is {where}", pointer)
    referee.know_hand(player, hand)
