"""A proposed play refereed against a record so far: legal now, and what it scores; and the
turn of a seat that asks what to lay, checked as a proposed play is.

Strict where a record is lenient (docs/rules.md section 3, validation is strict about the
count): nobody may skip his own go. A refusal says why and what the player may do instead,
and names the seat a tile belongs to when it can only lead the next count.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .constants import DEALS, HAND_SIZE, PLAYERS
from .errors import HintCode, IllegalPlayError, MalformedInputError, ReasonCode
from .play_scoring import PegItem
from .records import Play, RecordReader, check_player, read_record, referee_for, wrong_go
from .tiles import Tile, ensure_distinct


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a play is illegal."""

    code: ReasonCode
    """A stable code a client may branch on."""
    message: str
    """A sentence a player understands."""
    hint: HintCode
    """What he may do instead, as a stable code."""
    go_index: int | None = None
    """For ``go_proved_wrong``: the record's entry that said the go the tile proves wrong, or
    first implied it; the record taken back to before it holds no such go (hint ``undo_go``)."""
    go_count: int | None = None
    """For ``go_proved_wrong``: the count that go was said at."""


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
    next_player: int | None = None
    """Who is on turn after it (None once the play is complete, or when it is illegal)."""
    leader: int | None = None
    """For a tile that leads a new count after goes (the open count closing before it, the
    goes not listed inferred), the seat that leads it: the player himself when it is legal;
    when it is not, another seat for whom the same tile is legal (the hint
    ``lead_next_count``). None otherwise."""


def validate_play(
    plays: Sequence[Play],
    play: Play,
    dealer: int | None = None,
    players: int = PLAYERS,
    hand: Sequence[Tile] | None = None,
    starter: Tile | None = None,
) -> PlayVerdict:
    """Is ``play`` legal after the record ``plays``, and what does it score?

    Strict about the count: a tile past 31 is illegal until the goes have closed the count.
    ``hand`` is the acting player's remaining tiles, if known. An illegal ``play`` is a
    verdict, not an error; raises ``IllegalPlayError`` if the record so far is illegal, and
    ``MalformedInputError`` for a bad player, dealer, hand or starter (dealer None: the last
    seat).
    """
    verdict, leader = _judge(plays, play, dealer, players, hand, starter)
    tile = play.tile
    if verdict.legal or tile is None or leader in (None, play.player):
        return verdict
    if hand is not None and tile in hand:
        return verdict  # his own tile: it cannot be the leader's
    # The tile cannot be his now; it may be the lead of the next count, by its leader.
    led, _ = _judge(plays, Play(leader, tile), dealer, players, None, starter)
    if led.leader != leader:
        return verdict
    assert verdict.reason is not None
    return replace(verdict, reason=replace(verdict.reason, hint="lead_next_count"), leader=leader)


def _judge(
    plays: Sequence[Play],
    play: Play,
    dealer: int | None,
    players: int,
    hand: Sequence[Tile] | None,
    starter: Tile | None,
) -> tuple[PlayVerdict, int | None]:
    """The verdict on ``play``, and who leads the next count once the open one closes."""
    referee = referee_for(players, dealer, None, starter)
    reader = read_record(referee, plays)
    check_player(play, players, "/play/player")
    if hand is not None:
        _know_hand(reader, play.player, hand)
    leader = referee.next_leader()
    awarded_before = len(reader.sheet.go_points)
    try:
        entry = reader.read(len(plays), play, strict=True)
    except IllegalPlayError as illegal:
        reason = Reason(
            illegal.code, illegal.message, illegal.hint, illegal.go_index, illegal.go_count
        )
        return PlayVerdict(legal=False, reason=reason), leader
    # A go may close the count and give the go point to whoever laid the last tile; go points
    # before a tile mean the open count closed before it: the tile leads the next.
    new_points = reader.sheet.go_points[awarded_before:]
    go_points = [item for p, item in new_points if p == play.player]
    items = (*entry.items, *go_points)
    verdict = PlayVerdict(
        legal=True,
        points=sum(item.points for item in items),
        items=items,
        count=entry.count,
        scores=tuple(referee.scores),
        next_player=referee.turn,
        leader=play.player if play.tile is not None and new_points else None,
    )
    return verdict, leader


def check_turn(
    reader: RecordReader,
    hand: Sequence[Tile],
    laid_away: Sequence[Tile],
    seat: int | None = None,
) -> int:
    """The seat on turn after a record read as ``/v1/plays/validate`` reads it (``reader``:
    its hands unknown, its starter known), who holds ``hand`` (all his tiles not yet laid)
    and laid ``laid_away`` into the crib: his hand is given to the reader's referee.

    Raises ``MalformedInputError`` naming the field of a state that cannot be: the play
    already over (``/plays``), ``seat`` not on turn (``/seat``), a hand that is not all his
    tiles left or holds a tile laid, the starter or one that would have fitted at one of his
    goes (``/hand``), lay-aways that are not the deal's number, or a tile laid, the starter or
    in his hand (``/laid_away``).
    """
    referee = reader.referee
    players, starter = referee.players, referee.starter
    turn = referee.turn
    if turn is None:
        raise MalformedInputError("every tile is laid: the play is over", "/plays")
    if seat is not None and seat != turn:
        raise MalformedInputError(
            f"it is seat {turn}'s turn after the record, not seat {seat}'s", "/seat"
        )
    left = HAND_SIZE - referee.laid_by[turn]
    if len(hand) != left:
        raise MalformedInputError(
            f"seat {turn} has laid {referee.laid_by[turn]} tiles, so holds {left}, "
            f"not {len(hand)}: give all his tiles not yet laid",
            "/hand",
        )
    _know_hand(reader, turn, hand)
    away = DEALS[players].laid_away
    if len(laid_away) != away:
        raise MalformedInputError(
            f"with {players} players each lays away {away}, not {len(laid_away)}", "/laid_away"
        )
    placed = [(tile, f"/hand/{i}") for i, tile in enumerate(hand)]
    ensure_distinct([*placed, *((tile, f"/laid_away/{i}") for i, tile in enumerate(laid_away))])
    for i, tile in enumerate(laid_away):
        if referee.used & tile.bit or tile == starter:
            where = "the starter" if tile == starter else "laid in the play"
            raise MalformedInputError(
                f"{tile} cannot have been laid away: it is {where}", f"/laid_away/{i}"
            )
    return turn


def _know_hand(reader: RecordReader, player: int, hand: Iterable[Tile]) -> None:
    """Give the referee the acting player's remaining tiles, checked against the record: none
    laid, none the starter, none that would have fitted at one of his goes."""
    referee = reader.referee
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
        go = reader.go_disproved(player, tile)
        if go is not None:
            refusal = wrong_go(player, tile, go)
            raise MalformedInputError(f"{tile} cannot be in the hand: {refusal.message}", pointer)
    referee.know_hand(player, hand)
