"""Records of the play: reading one (goes listed or left out) and scoring it.

Compulsory play makes every missing go follow from the tiles, so the reader supplies them,
checking each could have been said, and hands the referee strict actions only
(docs/rules.md section 3, the decisions on records).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mypy_extensions import mypyc_attr

from .constants import HAND_SIZE, MAX_COUNT, PLAYERS
from .errors import IllegalPlayError, MalformedInputError
from .play_scoring import CloseKind, PegItem
from .referee import PlayReferee, default_dealer, go_proved_wrong
from .tiles import Tile, ensure_distinct


@dataclass(frozen=True, slots=True)
class Play:
    """One entry of a play record: a tile laid, or a go."""

    player: int
    """The seat that laid the tile or said go."""
    tile: Tile | None = None
    """The tile laid; None for a go."""

    # Written out, not generated, as ShowItem's (rules/show.py): built many times a request.
    def __init__(self, player: int, tile: Tile | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "tile", tile)


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

    # Written out, not generated, as ShowItem's (rules/show.py): built many times a request.
    def __init__(
        self,
        player: int,
        tile: Tile | None,
        count: int,
        points: int,
        items: tuple[PegItem, ...],
        closes: CloseKind | None = None,
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "closes", closes)


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
    said_go: tuple[int, ...] = ()
    """The seats that have said go in the open count (listed or inferred), lowest first:
    their turns are skipped until it closes."""


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


@dataclass(frozen=True, slots=True)
class GoInRecord:
    """A go of a record, said or implied: what a tile laid later is checked against."""

    count: int
    """The count he could not add to."""
    index: int
    """The entry that said it, or the first entry that implied it (a tile by a later seat, or
    one that does not fit, or the close of its count)."""
    listed: bool
    """The record lists it (else the record implies it)."""

    # Written out, not generated, as ShowItem's (rules/show.py): built many times a request.
    def __init__(self, count: int, index: int, listed: bool) -> None:
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "listed", listed)


@mypyc_attr(allow_interpreted_subclasses=True)
class ReadingHook:
    """Told each action a record reader hands the referee, as it does: the review of a deal
    reads what each seat knew before each of his tiles off this one refereeing pass, goes
    inferred as the reader infers them. This base tells nobody; a subclass (a Python one too)
    overrides."""

    def go(self, player: int) -> None:
        """``player``'s go, listed or implied, has just been taken by the referee."""

    def tile(self, index: int, player: int, tile: Tile, referee: PlayReferee) -> None:
        """``player`` is about to lay ``tile``, entry ``index`` of the record: ``referee`` is
        the play as it stood when he laid it, every go before it taken."""


class RecordReader:
    """Feeds a record to the referee, supplying the goes it leaves out, and keeps every go it
    read (said or implied) so that a tile which proves one wrong names it; ``hook``, where
    given, is told each go and tile as it is read."""

    def __init__(self, referee: PlayReferee, hook: ReadingHook | None = None) -> None:
        self.referee = referee
        self.hook = hook
        self.sheet = PlaySheet()
        self.goes: list[list[GoInRecord]] = [[] for _ in range(referee.players)]
        """Each seat's goes so far, in the order read."""
        self._index = 0

    def read(self, index: int, play: Play, *, strict: bool = False) -> ScoredPlay:
        self._index = index
        try:
            return self._apply(play, strict=strict)
        except IllegalPlayError as illegal:
            if illegal.code == "go_proved_wrong" and play.tile is not None:
                go = self.go_disproved(play.player, play.tile)
                assert go is not None, "the referee's go bound comes from a go read here"
                raise wrong_go(play.player, play.tile, go).at(index) from None
            raise illegal.at(index) from None

    def go_disproved(self, player: int, tile: Tile) -> GoInRecord | None:
        """The first go of ``player`` in the record at which ``tile`` would have fitted, if
        any: he held it then, had he laid or holds it now."""
        for go in self.goes[player]:
            if go.count + tile.value <= MAX_COUNT:
                return go
        return None

    def _go(self, player: int, *, listed: bool = False) -> None:
        """``player`` says go (listed, or implied by the entry being read)."""
        count = self.referee.count
        self.sheet.go_point(self.referee.go(player))
        self.goes[player].append(GoInRecord(count, self._index, listed))
        if self.hook is not None:
            self.hook.go(player)

    def _apply(self, play: Play, *, strict: bool) -> ScoredPlay:
        ref, sheet = self.referee, self.sheet
        player = play.player
        if play.tile is None:
            # A go by a player who has no tiles or already said go changes nothing.
            if ref.complete or not ref.has_tiles(player) or ref.passed[player]:
                return sheet.go(player, ref.count)
            self._implied_goes_until(player)
            count = ref.count  # the count he says go at, even if his go closes it
            self._go(player, listed=True)
            return sheet.go(player, count)
        tile = play.tile
        # A tile that would have fitted at one of his goes is refused here, whatever the
        # count now: a go in the open count always is (the count only grew since).
        ref.check_tile(player, tile)
        if not ref.fits(tile):
            # Strict: a player may not skip his own go. Once he has said it, a tile that does
            # not fit leads the next count, the others' goes inferred as in a record.
            if strict and not ref.passed[player]:
                on_turn = ref.turn == player
                raise IllegalPlayError(
                    "count_over_31",
                    f"{tile} would make the count {ref.count + tile.value}: "
                    + ("say Go" if on_turn else "wait for the count to close"),
                    hint="say_go" if on_turn else "wait_for_close",
                )
            self._close_for(tile)
        self._implied_goes_until(player)
        if self.hook is not None:
            self.hook.tile(self._index, player, tile, ref)
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
            self._go(waiting)

    def _close_for(self, tile: Tile) -> None:
        """``tile`` does not fit: the count must have closed, every player still in it saying
        go, each go possible, else the record is illegal."""
        ref = self.referee
        why = f"{tile} would make the count {ref.count + tile.value}"
        while ref.laid:
            waiting = ref.turn
            assert waiting is not None, "an open count always has a player on turn"
            refusal = ref.go_refusal(waiting)
            if refusal is not None:
                raise IllegalPlayError(
                    "count_over_31",
                    f"{why}, and the count cannot have closed: player {waiting} could still "
                    f"play ({refusal})",
                    hint="wait_for_close",
                )
            self._go(waiting)


def wrong_go(player: int, tile: Tile, go: GoInRecord) -> IllegalPlayError:
    """The refusal of ``tile``, laid or held by ``player``, which proves his ``go`` wrong."""
    where = "" if go.listed else f" (left out of the record: implied at entry {go.index})"
    return go_proved_wrong(player, tile, go.count, where, go.index)


def referee_for(
    players: int,
    dealer: int | None,
    hands: Sequence[Sequence[Tile]] | None,
    starter: Tile | None,
) -> PlayReferee:
    """The referee of a play, its table checked (hands: each player's four tiles at the start;
    dealer None: ``default_dealer``); ``MalformedInputError`` names a bad field."""
    if players < PLAYERS:
        raise MalformedInputError(f"the play needs at least {PLAYERS} players", "/players")
    if dealer is None:
        dealer = default_dealer(players)
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


def check_player(play: Play, players: int, pointer: str) -> None:
    """A seat of the table, else ``MalformedInputError`` at ``pointer``."""
    if not 0 <= play.player < players:
        raise MalformedInputError(f"player must be from 0 to {players - 1}", pointer)


def read_record(
    referee: PlayReferee, plays: Sequence[Play], hook: ReadingHook | None = None
) -> RecordReader:
    """The record read through ``referee`` (``hook`` told each action); ``IllegalPlayError``
    at its first illegal entry."""
    for i, play in enumerate(plays):
        check_player(play, referee.players, f"/plays/{i}/player")
    reader = RecordReader(referee, hook)
    for index, play in enumerate(plays):
        reader.read(index, play)
    return reader


def score_pegging(
    plays: Sequence[Play],
    dealer: int | None = None,
    players: int = PLAYERS,
    hands: Sequence[Sequence[Tile]] | None = None,
    starter: Tile | None = None,
    hook: ReadingHook | None = None,
) -> PeggingResult:
    """Score a record of the play, goes listed or left out (``hook``: told each go and tile
    as it is read, ``ReadingHook``).

    Raises ``IllegalPlayError`` at the first illegal entry, and ``MalformedInputError`` for a
    bad player, dealer, hands or starter (hands: each player's four tiles at the start;
    dealer None: the last seat).
    """
    return pegging_of(read_record(referee_for(players, dealer, hands, starter), plays, hook))


def pegging_of(reader: RecordReader) -> PeggingResult:
    """A record read (``read_record``), scored."""
    referee = reader.referee
    return PeggingResult(
        plays=tuple(reader.sheet.entries),
        scores=tuple(referee.scores),
        count=referee.count,
        next_player=referee.turn,
        complete=referee.complete,
        said_go=tuple(seat for seat, said in enumerate(referee.passed) if said),
    )
