"""The chance to win after each event of a refereed deal, and after the record so far.

Each event's position is what everyone at the table knows once it is scored (``Moment``): the
same for a deal sent in play and sent whole, since a tile laid later or a hand shown later is
not known yet at an earlier event. Every hand is known once the play is over (the tiles each
laid), so from then on the show is counted as it will be: each hand scores what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring_api.rules.constants import HAND_SIZE
from scoring_api.rules.deal import Deal, DealEvent, DealScore
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import leader, seats_from
from scoring_api.rules.show import show_total
from scoring_api.rules.tiles import Tile

from .chances import Moment, chances
from .montecarlo import SHOW_STAGE
from .paths import STARTER_CUT, all_cut, own_cut


@dataclass(frozen=True, slots=True)
class DealChances:
    """A deal's chances to win: after each event, and now."""

    events: tuple[tuple[float, ...], ...]
    """Each side's chance after each event (1 for the winner after the winning event)."""
    now: tuple[float, ...]
    """Each side's chance after the record so far (after the deal, once it is over)."""


class _Reader:
    """What a deal's record says of the moments inside it."""

    def __init__(self, deal: Deal) -> None:
        rules = deal.rules
        self.deal, self.rules = deal, rules
        self.tiles_at: list[int] = []
        """Tiles laid up to each entry of the record, that entry included."""
        laid: list[list[Tile]] = [[] for _ in range(rules.players)]
        for play in deal.plays:
            if play.tile is not None:
                laid[play.player].append(play.tile)
            self.tiles_at.append(sum(len(tiles) for tiles in laid))
        self.laid = laid
        self.shown: list[int] = [-1] * rules.players
        """What each seat's hand scores at the show, once scored (``shown_by``), else -1."""
        self.tiles = HAND_SIZE * rules.players
        self.order = seats_from(leader(deal.dealer, rules.players), rules.players)

    def side(self, seat: int) -> int:
        """A seat's side counted from the dealer's."""
        rules = self.rules
        return (rules.side_of(seat) - rules.side_of(self.deal.dealer)) % rules.sides

    def at(self, cut: int, known: tuple[tuple[int, int], ...] = (), crib: bool = True) -> Moment:
        return Moment(cut, self.deal.starter.value, known, crib)

    def show(self, after: int, pending: tuple[tuple[int, int], ...] = ()) -> Moment:
        """The show, the hands after the first ``after`` of its order still to count."""
        hands = tuple((self.side(seat), self.shown_by(seat)) for seat in self.order[after:])
        return self.at(SHOW_STAGE, pending + hands)

    def shown_by(self, seat: int) -> int:
        """What a seat's hand (the tiles it laid, refereed distinct) scores at the show, looked
        up once: every moment from the last tile on counts the hands still to show."""
        points = self.shown[seat]
        if points < 0:
            points = self.shown[seat] = show_total(
                (*self.laid[seat], self.deal.starter), self.rules
            )
        return points

    def in_play(self, tiles: int, closed: bool) -> Moment:
        """After ``tiles`` tiles of the play, the last one's go point scored if ``closed``:
        once the last tile is laid every hand is known."""
        if tiles == 0:
            return self.at(STARTER_CUT)
        if tiles < self.tiles:
            return self.at(all_cut(tiles) if closed else own_cut(tiles))
        return self.show(0)

    def after(self, events: Sequence[DealEvent], index: int) -> Moment:
        """The moment after event ``index``."""
        event = events[index]
        if event.kind == "starter":
            return self.at(STARTER_CUT)
        if event.kind in ("play", "go"):
            entry = -1 if event.entry is None else event.entry
            tiles = self.tiles_at[entry]
            following = events[index + 1] if index + 1 < len(events) else None
            if (
                event.kind == "play"
                and tiles == self.tiles
                and following is not None
                and (following.kind == "go" and following.entry == entry)
            ):  # the last tile's own points: its point (not a 31's) is known to come
                return self.show(0, ((self.side(event.seat), following.points),))
            return self.in_play(tiles, event.kind == "go")
        shown = event.mugged.show if event.mugged is not None else event.kind
        if shown == "crib":
            return self.at(SHOW_STAGE, crib=False)
        seat = event.mugged.seat if event.mugged is not None else event.seat
        return self.show(self.order.index(seat) + 1)

    def now(self, score: DealScore) -> Moment:
        """After the record so far."""
        deal = self.deal
        if deal.hands is not None:
            if deal.crib is not None:
                return self.at(SHOW_STAGE, crib=False)
            return self.show(self.rules.players)
        tiles = self.tiles_at[-1] if self.tiles_at else 0
        last = max((i for i, play in enumerate(deal.plays) if play.tile is not None), default=-1)
        closed = any(e.kind == "go" and e.entry == last for e in score.events)
        return self.in_play(tiles, closed)


def _won(sides: int, winner: int) -> tuple[float, ...]:
    return tuple(1.0 if side == winner else 0.0 for side in range(sides))


def deal_chances(deal: Deal, score: DealScore) -> DealChances:
    """The chances after each event of ``score`` (``score_deal(deal)``) and after the record.
    The shipped tables must cover the deal's rules (``coverage.uncovered``)."""
    rules: RuleOptions = deal.rules
    reader = _Reader(deal)
    events = score.events
    after = []
    for index, event in enumerate(events):
        if score.winner is not None and score.winner.event == index:
            after.append(_won(rules.sides, score.winner.side))
        else:
            after.append(chances(rules, event.scores, deal.dealer, reader.after(events, index)))
    if score.winner is not None:
        return DealChances(tuple(after), _won(rules.sides, score.winner.side))
    now = chances(rules, score.scores, deal.dealer, reader.now(score))
    return DealChances(tuple(after), now)


def before_entry(deal: Deal, score: DealScore, entry: int) -> tuple[tuple[int, ...], Moment]:
    """The scores and the moment just before entry ``entry`` of the play (a tile) is laid:
    every event of the entries before it scored, the go point of a count they closed too."""
    reader = _Reader(deal)
    scores = tuple(deal.scores)
    for event in score.events:
        if event.kind == "starter" or (event.entry is not None and event.entry < entry):
            scores = event.scores
    laid = [i for i, play in enumerate(deal.plays[:entry]) if play.tile is not None]
    closed = bool(laid) and any(e.kind == "go" and e.entry == laid[-1] for e in score.events)
    return scores, reader.in_play(len(laid), closed)
