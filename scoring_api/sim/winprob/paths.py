"""A deal as the sequence of its scoring events, counted from the dealer: what the chance to
win is made of.

An event is a token (one int): where in the deal it falls (the starter double, a tile's own
points or its go point and which tile of the play it was, or a show), the side it scores for
counted from the dealer's side (0 the dealer's side, 1 the next side on his left, ...), and
its points. Events that score nothing are left out. The order is the rule book's
(docs/rules.md sections 5 and 8.4): the starter, each tile and then its go point, each hand
from the dealer's left round to the dealer, the crib.

A **cut** is a moment inside a deal, known to everyone at the table: the starter turned, a
tile's own points scored (its go point, if the count closes there, still to come), or the
same tile's go point scored too. ``rest(events, cut)`` is what a deal scores after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from scoring_api.rules.options import RuleOptions

from ..outcome import DealRecord

STARTER: Final = 0
"""The phase of the starter double."""
MAX_TILES: Final = 16
"""Tiles of a play, at most (four players)."""
SHOW: Final = 2 * MAX_TILES + 1
"""The phase of a hand or the crib."""
_PHASE_SHIFT: Final = 7
_SIDE_SHIFT: Final = 5
_POINTS: Final = 31

BEFORE: Final = -1
"""The cut before the deal: nothing of it known yet."""
STARTER_CUT: Final = 0
"""The cut after the starter is turned (and its double scored)."""


def own_cut(tile: int) -> int:
    """The cut after the own points of the ``tile``-th tile of the play (1 first)."""
    return 2 * tile - 1


def all_cut(tile: int) -> int:
    """The cut after the ``tile``-th tile and its go point (if its count closed there)."""
    return 2 * tile


def cuts(tiles: int) -> range:
    """Every cut inside the play of a deal of ``tiles`` tiles, before its last tile: once
    the last is laid every hand is known (``chances`` counts the show itself)."""
    return range(STARTER_CUT, all_cut(tiles - 1) + 1)


def token(phase: int, side: int, points: int) -> int:
    """An event: ``phase`` (``STARTER``, the tile's number for its own points, ``MAX_TILES``
    plus it for its go point, ``SHOW``), the side from the dealer's, its points."""
    return phase << _PHASE_SHIFT | side << _SIDE_SHIFT | points


def phase_of(event: int) -> int:
    return event >> _PHASE_SHIFT


def side_of(event: int) -> int:
    """The side it scores for, counted from the dealer's side."""
    return event >> _SIDE_SHIFT & 3


def points_of(event: int) -> int:
    return event & _POINTS


def cut_position(events: Sequence[int], cut: int) -> int:
    """The index of the first event after ``cut``."""
    if cut < STARTER_CUT:
        return 0
    tile = (cut + 1) // 2
    last_go = tile if cut % 2 == 0 else tile - 1  # the go points already scored
    for index, event in enumerate(events):
        phase = event >> _PHASE_SHIFT
        if phase == STARTER:
            continue
        if phase <= MAX_TILES:
            if phase <= tile:
                continue
            return index
        if phase < SHOW and phase - MAX_TILES <= last_go:
            continue
        return index
    return len(events)


def rest(events: Sequence[int], cut: int) -> Sequence[int]:
    """What a deal scores after ``cut``."""
    return events[cut_position(events, cut) :]


@dataclass(frozen=True, slots=True)
class DealPath:
    """One deal as its scoring events."""

    starter: int
    """The starter's value."""
    crib: int
    """What the crib scored."""
    events: tuple[int, ...]
    """Its scoring events in order, as tokens."""


_CLOSING: Final = ("go", "last_tile")


def path_of(record: DealRecord, rules: RuleOptions) -> DealPath:
    """A whole deal of a simulated game as its scoring events (``score_deal``'s events,
    tested against them)."""
    sides = rules.sides
    dealer_side = rules.side_of(record.dealer)

    def side(seat: int) -> int:
        return (rules.side_of(seat) - dealer_side) % sides

    events: list[int] = []
    if record.starter_points:
        events.append(token(STARTER, 0, record.starter_points))
    tile = 0
    for entry in record.plays:
        if entry.tile is None:
            continue
        tile += 1
        closing = sum(item.points for item in entry.items if item.kind in _CLOSING)
        if entry.points - closing:
            events.append(token(tile, side(entry.player), entry.points - closing))
        if closing:
            events.append(token(MAX_TILES + tile, side(entry.player), closing))
    crib = 0
    for shown in record.shows:
        if shown.total:
            events.append(token(SHOW, side(shown.player), shown.total))
        if shown.whose == "crib":
            crib = shown.total
    return DealPath(record.starter.value, crib, tuple(events))
