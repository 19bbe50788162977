"""A whole deal refereed end to end: the one place the game end rule meets real play.

docs/rules.md sections 5 and 8.4: every scoring event in the rule book's order (the starter
double, each scoring tile of the play with its go point as an event of its own, each hand
from the dealer's left round to the dealer, the crib), each side's score after it, and the
event at which a side reached the target: nothing after it is scored. A deal whose play is
still going on (no hands or crib yet) is refereed as far as it goes: the board during the play.
Under the ``muggins`` option a show claimed short scores the claim, and the points missed go
to the opponent who calls them (``muggins``, docs/rules.md section 4.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .constants import HAND_SIZE
from .errors import MalformedInputError
from .muggins import NO_CALLS, Calls, Mugged, check_calls, show_points, taker
from .options import RuleOptions
from .play_scoring import PegItem
from .records import Play, ReadingHook, RecordReader, pegging_of, read_record, referee_for
from .seats import leader, seats_from
from .show import ShowItem, ShowScore, score_show
from .tiles import Tile, ensure_distinct

EventKind = Literal["starter", "play", "go", "hand", "crib", "muggins"]
_CLOSING = ("go", "last_tile")


@dataclass(frozen=True, slots=True)
class Claim:
    """What a player claimed for a show, checked."""

    claimed: int
    """The total he claimed."""
    missed: int
    """Points he left out."""
    overclaimed: int
    """Points he claimed that are not there."""

    @property
    def correct(self) -> bool:
        return not self.missed and not self.overclaimed


def check_claim(claimed: int, total: int) -> Claim:
    """A player's claim for a show against what the show scores."""
    return Claim(claimed, max(total - claimed, 0), max(claimed - total, 0))


def lurched_sides(scores: Sequence[int], winner: int, target: int) -> tuple[int, ...]:
    """The losing sides that have not reached half the target when ``winner`` wins
    (docs/rules.md sections 5 and 8.4: below 31 of 61, below 61 of 121)."""
    half = (target + 1) // 2
    return tuple(side for side, score in enumerate(scores) if side != winner and score < half)


@dataclass(frozen=True, slots=True)
class DealEvent:
    """One scoring event of a deal."""

    seat: int
    """Who scored it (the dealer for the starter double and the crib, the caller for
    muggins)."""
    side: int
    """The side it scores for."""
    kind: EventKind
    """The starter double, a tile's own points in the play, a go (or last-tile) point, a hand,
    the crib, or the points a show missed taken by muggins."""
    points: int
    """What it scores (a hand or crib may score 0: it is still shown). Under muggins a show
    claimed short scores the claim."""
    items: tuple[PegItem | ShowItem, ...]
    """What the points are made of: for a show every item it holds (its claim says what was
    missed); none for muggins."""
    scores: tuple[int, ...]
    """Every side's score after it."""
    entry: int | None = None
    """For the play, the entry of the record whose tile scored."""
    claim: Claim | None = None
    """For a show, what its player claimed, if given."""
    mugged: Mugged | None = None
    """For muggins, the show whose missed points the caller took."""

    # Written out, not generated, as ShowItem's (rules/show.py): built many times a request.
    def __init__(
        self,
        seat: int,
        side: int,
        kind: EventKind,
        points: int,
        items: tuple[PegItem | ShowItem, ...],
        scores: tuple[int, ...],
        entry: int | None = None,
        claim: Claim | None = None,
        mugged: Mugged | None = None,
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "entry", entry)
        object.__setattr__(self, "claim", claim)
        object.__setattr__(self, "mugged", mugged)


@dataclass(frozen=True, slots=True)
class Winner:
    """The side that reached the target, and when."""

    side: int
    """The winning side."""
    event: int
    """The index of the event that reached the target: the last event scored."""


@dataclass(frozen=True, slots=True)
class DealScore:
    """A deal refereed: its events, the scores after it, the winner if the game ended."""

    events: tuple[DealEvent, ...]
    """Every scoring event, in order, up to the winning one."""
    scores: tuple[int, ...]
    """Each side's score after the deal (or at the winning event, or after the plays so far
    of a deal in play)."""
    winner: Winner | None
    """Who won, if a side reached the target in this deal."""
    lurched: tuple[int, ...]
    """The losing sides that had not reached half the target, when there is a winner."""


@dataclass(frozen=True, slots=True)
class Claims:
    """What the players claimed at the show: a total per seat for his hand, and the dealer's
    for the crib; None where nothing was claimed."""

    hands: tuple[int | None, ...] = ()
    """Per seat (empty: no hand claims)."""
    crib: int | None = None
    """The dealer's claim for the crib."""
    muggins: Calls = NO_CALLS
    """Who called muggins on which show (a game played with the ``muggins`` option)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a game as the players record it."""

    rules: RuleOptions
    """The rules played."""
    dealer: int
    """The dealer's seat."""
    scores: Sequence[int]
    """Each side's score before the deal, all below the target."""
    starter: Tile
    """The starter."""
    hands: Sequence[Sequence[Tile]] | None
    """Each seat's four kept tiles, seat 0 first; None while the play is going on."""
    crib: Sequence[Tile] | None
    """The crib's four tiles; None while the play is going on, and while the hands are
    counted before it (a hand may win the game: then the crib is never counted)."""
    plays: Sequence[Play]
    """The record of the play, goes listed or left out; while it is going on, so far."""
    claims: Claims = Claims()
    """What the players claimed at the show."""


class _Board:
    """The scores of the sides as events arrive; the game ends at the target."""

    def __init__(self, rules: RuleOptions, scores: Sequence[int]) -> None:
        self.rules = rules
        self.scores = list(scores)
        self.events: list[DealEvent] = []
        self.winner: Winner | None = None

    def score(
        self,
        seat: int,
        kind: EventKind,
        points: int,
        items: Sequence[PegItem | ShowItem],
        entry: int | None = None,
        claim: Claim | None = None,
        mugged: Mugged | None = None,
    ) -> bool:
        """Record one event; True once a side has reached the target (stop scoring)."""
        side = self.rules.side_of(seat)
        self.scores[side] = self.scores[side] + points
        event = DealEvent(
            seat, side, kind, points, tuple(items), tuple(self.scores), entry, claim, mugged
        )
        self.events.append(event)
        if self.scores[side] >= self.rules.target:
            self.winner = Winner(side, len(self.events) - 1)
        return self.winner is not None


def check_scores(rules: RuleOptions, scores: Sequence[int]) -> None:
    """A score for each side, none at the target: a deal (or the chance to win) starts there."""
    if len(scores) != rules.sides:
        raise MalformedInputError(f"expected {rules.sides} scores, one per side", "/scores")
    for side, score in enumerate(scores):
        if score >= rules.target:
            raise MalformedInputError(
                f"side {side} has already reached the target {rules.target}", f"/scores/{side}"
            )


def _check(deal: Deal) -> None:
    rules, dealer, scores = deal.rules, deal.dealer, deal.scores
    n = rules.players
    if not 0 <= dealer < n:
        raise MalformedInputError(f"dealer must be a seat from 0 to {n - 1}", "/dealer")
    check_scores(rules, scores)
    if deal.hands is None:
        _check_in_progress(deal)
        return
    hands, crib = deal.hands, deal.crib
    if crib is None and deal.claims.crib is not None:
        raise MalformedInputError("the crib's claim is checked with the crib: give it", "/crib")
    if len(hands) != n:
        raise MalformedInputError(f"expected {n} hands, one per seat", "/hands")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise MalformedInputError(f"a hand has {HAND_SIZE} tiles", f"/hands/{seat}")
    if crib is not None and len(crib) != HAND_SIZE:
        raise MalformedInputError(f"the crib has {HAND_SIZE} tiles", "/crib")
    placed = [(tile, f"/hands/{seat}/{i}") for seat, hand in enumerate(hands) for i, tile in
              enumerate(hand)]  # fmt: skip
    placed += [(tile, f"/crib/{i}") for i, tile in enumerate(crib or ())]
    placed.append((deal.starter, "/starter"))
    ensure_distinct(placed)
    _check_calls(deal, hands, crib)


def _check_calls(deal: Deal, hands: Sequence[Sequence[Tile]], crib: Sequence[Tile] | None) -> None:
    """Every muggins call names a show claimed short and an opponent of its player."""
    rules, claims, calls = deal.rules, deal.claims, deal.claims.muggins
    if len(calls.hands) > rules.players:
        raise MalformedInputError(
            f"expected at most {rules.players} lists of callers, one per seat",
            "/claims/muggins/hands",
        )
    for seat, callers in enumerate(calls.hands):
        if callers:
            total = score_show(hands[seat], deal.starter, rules).total
            pointer = f"/claims/muggins/hands/{seat}"
            check_calls(rules, callers, seat, _claimed(claims, seat), total, pointer)
    if calls.crib:
        if crib is None:
            raise MalformedInputError(
                "muggins on the crib is called with the crib: give it", "/crib"
            )
        total = score_show(crib, deal.starter, rules).total
        check_calls(rules, calls.crib, deal.dealer, claims.crib, total, "/claims/muggins/crib")


def _claimed(claims: Claims, seat: int) -> int | None:
    return claims.hands[seat] if seat < len(claims.hands) else None


def _check_in_progress(deal: Deal) -> None:
    """A deal in play (no hands yet): no crib, no claims."""
    if deal.crib is not None:
        raise MalformedInputError("the crib is shown with the hands: give both", "/hands")
    if deal.claims != Claims():
        raise MalformedInputError(
            "claims are checked at the show: give the hands and the crib", "/claims"
        )


def _show(
    board: _Board,
    seat: int,
    kind: Literal["hand", "crib"],
    shown: ShowScore,
    claimed: int | None,
    callers: Sequence[int],
) -> bool:
    """Score one show (its claim checked; under muggins a short claim scores the claim), then
    the points it missed for the opponent who called muggins on it; True once a side has
    reached the target."""
    claim = None if claimed is None else check_claim(claimed, shown.total)
    points = show_points(board.rules, claimed, shown.total)
    if board.score(seat, kind, points, shown.items, claim=claim):
        return True
    if claim is None or not callers:  # callers come with a short claim (``_check_calls``)
        return False
    caller = taker(board.rules, seat, callers)
    return board.score(caller, "muggins", claim.missed, (), mugged=Mugged(seat, kind))


def score_deal(deal: Deal, hook: ReadingHook | None = None) -> DealScore:
    """Referee one deal of a game (``refereed_deal``'s score)."""
    return refereed_deal(deal, hook)[0]


def refereed_deal(
    deal: Deal, hook: ReadingHook | None = None
) -> tuple[DealScore, RecordReader | None]:
    """Referee one deal of a game, from the scores before it to the scores after it (``hook``:
    told each go and tile of the play as the record is read, ``records.ReadingHook``).

    Without hands and crib the deal is in play: refereed through the plays so far (the
    starter double and the play), with the winner if the target is reached there. With the
    hands and no crib yet it is refereed through the hands (the whole play, then each hand
    in the order of the show), with the winner if a hand reaches the target.

    Raises ``MalformedInputError`` for a deal that does not add up (a tile twice anywhere, a
    seat or score out of range, a record that stops before every tile is laid although
    nobody has won) and ``IllegalPlayError`` for an illegal record, or one whose tiles are
    not the hands shown. Beside the score, the reader of the record (its referee where the
    record leaves the play), or None where a double starter won the game before the play.
    """
    _check(deal)
    rules, dealer, starter, hands, claims = (
        deal.rules,
        deal.dealer,
        deal.starter,
        deal.hands,
        deal.claims,
    )
    board = _Board(rules, deal.scores)
    double = rules.starter_double_points if starter.is_double else 0
    if double and board.score(dealer, "starter", double, ()):
        return _result(board), None
    reader = read_record(referee_for(rules.players, dealer, hands, starter), deal.plays, hook)
    play = pegging_of(reader)
    for index, entry in enumerate(play.plays):
        own = [item for item in entry.items if item.kind not in _CLOSING]
        closing = [item for item in entry.items if item.kind in _CLOSING]
        if own and board.score(entry.player, "play", sum(i.points for i in own), own, index):
            return _result(board), reader
        for item in closing:
            if board.score(entry.player, "go", item.points, (item,), index):
                return _result(board), reader
    if hands is None:
        return _result(board), reader  # in play: the show is still to come
    if not play.complete:
        laid = sum(entry.tile is not None for entry in play.plays)
        raise MalformedInputError(
            f"the play record ends after {laid} of {HAND_SIZE * rules.players} tiles, and "
            "nobody has reached the target: record the whole play",
            "/plays",
        )
    calls = claims.muggins
    for seat in seats_from(leader(dealer, rules.players), rules.players):
        shown = score_show(hands[seat], starter, rules)
        if _show(board, seat, "hand", shown, _claimed(claims, seat), calls.on_hand(seat)):
            return _result(board), reader
    if deal.crib is None:
        return _result(board), reader  # the hands counted, the crib still to come
    _show(board, dealer, "crib", score_show(deal.crib, starter, rules), claims.crib, calls.crib)
    return _result(board), reader


def _result(board: _Board) -> DealScore:
    lurched: tuple[int, ...] = ()
    if board.winner is not None:
        lurched = lurched_sides(board.scores, board.winner.side, board.rules.target)
    return DealScore(tuple(board.events), tuple(board.scores), board.winner, lurched)
