"""Records of the play: reading one (goes listed or left out), scoring it, validating a play.

Compulsory play makes every missing go follow from the tiles, so the reader supplies them,
checking each could have been said, and hands the referee strict actions only
(docs/rules.md section 3, the decisions on records).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .constants import HAND_SIZE, PLAYERS
from .errors import IllegalPlayError, MalformedInputError, ReasonCode
from .play_scoring import CloseKind, PegItem
from .referee import PlayReferee
from .tiles import Tile, ensure_distinct


@dataclass(frozen=True, slots=True)
class Play:
    """One entry of a play record: a tile laid, or a go."""

    player: int
    """The seat that laid the tile or said go."""
    tile: Tile | None = None
    """The tile laid; None for a go."""


@dataclass(frozen=True, slots=True)
class ScoredPlay:
    """One entry of the play, scored: as a record's answer and a transcript show it."""

    player: int
    """The seat that laid the tile or said go."""
    tile: Tile | None
    """The tile laid; None for a go."""
    count: int
    """The count it was announced at: the count a tile made (31 for a 31), or the count a
    go could not add to, even when the go closed the count."""
    points: int
    """What the entry scored: a go scores nothing, its point goes to the closing tile."""
    items: tuple[PegItem, ...]
    """What the points are made of."""
    closes: CloseKind | None = None
    """How the count closed after this tile, if it did."""


@dataclass(frozen=True, slots=True)
class PeggingResult:
    """A record of the play, scored, and the state of the play after it."""

    plays: tuple[ScoredPlay, ...]
    """Each entry scored, goes left out of the record not added."""
    scores: tuple[int, ...]
    """Points each seat has pegged."""
    count: int
    """The running count after the record (0 after a close)."""
    next_player: int | None
    """Whose turn it is; None once the play is over."""
    complete: bool
    """Every tile has been laid."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a play is illegal."""

    code: ReasonCode
    """A stable code a client may branch on."""
    message: str
    """A sentence a player understands."""


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """Whether a proposed play is legal now, and what it would score."""

    legal: bool
    """Whether the referee would accept it."""
    reason: Reason | None = None
    """Why not, when it is illegal."""
    points: int = 0
    """What it scores, go points included (a go that closes the count may score them for
    whoever laid the last tile: then they are his, and not here)."""
    items: tuple[PegItem, ...] = ()
    """What the points are made of."""
    count: int = 0
    """The count it is announced at."""
    scores: tuple[int, ...] = ()
    """Every seat's pegging score after it."""


class PlaySheet:
    """The scored entries of one play, in order: the one place a go point is attached to the
    tile that closed its count, for record answers and simulated transcripts alike."""

    __slots__ = ("_last_tile", "entries", "go_points")

    def __init__(self) -> None:
        self.entries: list[ScoredPlay] = []
        self.go_points: list[tuple[int, PegItem]] = []  # to whom, in order
        self._last_tile: int | None = None

    def tile(
        self, player: int, tile: Tile, count: int, items: list[PegItem], closes: CloseKind | None
    ) -> ScoredPlay:
        entry = ScoredPlay(player, tile, count, sum(i.points for i in items), tuple(items), closes)
        self._last_tile = len(self.entries)
        self.entries.append(entry)
        return entry

    def go(self, player: int, count: int) -> ScoredPlay:
        entry = ScoredPlay(player, None, count, 0, ())
        self.entries.append(entry)
        return entry

    def go_point(self, go_point: tuple[int, PegItem] | None) -> None:
        """Attach a go point (from ``PlayReferee.go``) to the tile that closed its count."""
        if go_point is None:
            return
        scorer, go_item = go_point
        assert self._last_tile is not None
        old = self.entries[self._last_tile]
        assert old.player == scorer
        self.go_points.append(go_point)
        self.entries[self._last_tile] = replace(
            old,
            points=old.points + go_item.points,
            items=(*old.items, go_item),
            closes="last_tile" if go_item.kind == "last_tile" else "go",
        )


class _RecordReader:
    """Feeds a record to the referee, supplying the goes it leaves out."""

    def __init__(self, referee: PlayReferee) -> None:
        self.referee = referee
        self.sheet = PlaySheet()

    def read(self, index: int, play: Play, *, strict: bool = False) -> ScoredPlay:
        try:
            return self._apply(play, strict=strict)
        except IllegalPlayError as illegal:
            raise illegal.at(index) from None

    def _apply(self, play: Play, *, strict: bool) -> ScoredPlay:
        ref, sheet = self.referee, self.sheet
        player = play.player
        if play.tile is None:
            # A go by a player who has no tiles or already said go changes nothing.
            if ref.complete or not ref.has_tiles(player) or ref.passed[player]:
                return sheet.go(player, ref.count)
            self._implied_goes_until(player)
            count = ref.count  # the count he says go at, even if his go closes it
            sheet.go_point(ref.go(player))
            return sheet.go(player, count)
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
        return sheet.tile(player, tile, count, items, closes)

    def _implied_goes_until(self, player: int) -> None:
        """Players on turn before ``player`` must have said go (out of turn if they could not)."""
        ref = self.referee
        while ref.turn != player:
            waiting = ref.turn
            assert waiting is not None, "a player with tiles always has a turn coming"
            refusal = ref.go_refusal(waiting)
            if refusal is not None:
                raise IllegalPlayError(
                    "out_of_turn", f"it is player {waiting}'s turn, and he cannot pass: {refusal}"
                )
            self.sheet.go_point(ref.go(waiting))

    def _close_for(self, tile: Tile) -> None:
        """``tile`` does not fit: the count must have closed, every active player passing."""
        ref = self.referee
        count = ref.count
        while ref.laid:
            waiting = ref.turn
            assert waiting is not None, "an open count always has a player on turn"
            refusal = ref.go_refusal(waiting)
            if refusal is not None:
                raise IllegalPlayError(
                    "count_over_31",
                    f"{tile} would make the count {count + tile.value}, and the count cannot "
                    f"have closed: player {waiting} could still play ({refusal})",
                )
            self.sheet.go_point(ref.go(waiting))


def _referee(
    players: int,
    dealer: int,
    hands: Sequence[Sequence[Tile]] | None,
    starter: Tile | None,
) -> PlayReferee:
    if players < PLAYERS:
        raise MalformedInputError(f"the play needs at least {PLAYERS} players", "/players")
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
    return PlayReferee(players=players, dealer=dealer, starter=starter, hands=known)


def _check_player(play: Play, players: int, pointer: str) -> None:
    if not 0 <= play.player < players:
        raise MalformedInputError(f"player must be from 0 to {players - 1}", pointer)


def _read_record(referee: PlayReferee, plays: Sequence[Play]) -> _RecordReader:
    for i, play in enumerate(plays):
        _check_player(play, referee.players, f"/plays/{i}/player")
    reader = _RecordReader(referee)
    for index, play in enumerate(plays):
        reader.read(index, play)
    return reader


def score_pegging(
    plays: Sequence[Play],
    dealer: int = 1,
    players: int = PLAYERS,
    hands: Sequence[Sequence[Tile]] | None = None,
    starter: Tile | None = None,
) -> PeggingResult:
    """Score a record of the play, goes listed or left out.

    Raises ``IllegalPlayError`` at the first illegal entry, and ``MalformedInputError`` for a
    bad player, dealer, hands or starter (hands: each player's four tiles at the start).
    """
    referee = _referee(players, dealer, hands, starter)
    reader = _read_record(referee, plays)
    return PeggingResult(
        plays=tuple(reader.sheet.entries),
        scores=tuple(referee.scores),
        count=referee.count,
        next_player=referee.turn,
        complete=referee.complete,
    )


def validate_play(
    plays: Sequence[Play],
    play: Play,
    dealer: int = 1,
    players: int = PLAYERS,
    hand: Sequence[Tile] | None = None,
    starter: Tile | None = None,
) -> PlayVerdict:
    """Is ``play`` legal after the record ``plays``, and what does it score?

    Strict about the count: a tile past 31 is illegal until the goes have closed the count.
    ``hand`` is the acting player's remaining tiles, if known. An illegal ``play`` is a
    verdict, not an error; raises ``IllegalPlayError`` if the record so far is illegal, and
    ``MalformedInputError`` for a bad player, dealer, hand or starter.
    """
    referee = _referee(players, dealer, None, starter)
    reader = _read_record(referee, plays)
    _check_player(play, players, "/play/player")
    if hand is not None:
        _know_hand(referee, play.player, hand)
    awarded_before = len(reader.sheet.go_points)
    try:
        entry = reader.read(len(plays), play, strict=True)
    except IllegalPlayError as illegal:
        return PlayVerdict(legal=False, reason=Reason(illegal.code, illegal.message))
    # A go may close the count and give the go point to whoever laid the last tile.
    new_points = reader.sheet.go_points[awarded_before:]
    go_points = [item for p, item in new_points if p == play.player]
    items = (*entry.items, *go_points)
    return PlayVerdict(
        legal=True,
        points=sum(item.points for item in items),
        items=items,
        count=entry.count,
        scores=tuple(referee.scores),
    )


def _know_hand(referee: PlayReferee, player: int, hand: Iterable[Tile]) -> None:
    """Give the referee the acting player's remaining tiles, checked against the record."""
    hand = tuple(hand)
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
