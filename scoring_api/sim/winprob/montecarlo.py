"""Three and four sides: the chance to win estimated by play-outs of the rest of the game made
of the library's deals.

A play-out finishes the deal on hand (one of the library's deals from the same cut, or at the
show the hands still to count and a crib drawn from the library's cribs with that starter),
then deals the library's deals one after another, the deal passing left, until a side reaches
the target at an event; the chance is the share of play-outs each side wins. The exact
recursion of ``race`` would need every combination of three or four scores (a table of
millions of entries): these are games of the same deals, and their error is stated
(``margin``). Their draws come from a stream the caller names from the position
(``chances``), so the same position gives the same answer anywhere; each draw of a deal or a
crib is one ``Stream.below``.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring_api.rules.stream import Stream

from ..intervals import half_width
from .paths import BEFORE, DealPath, cut_position, points_of, side_of

SHOW_STAGE = -2
"""The cut of the show: every hand known (``Start.known``), the crib to come."""


class Library:
    """A mode's deals, laid out for play-outs."""

    __slots__ = ("cribs", "deals", "sides", "totals")

    def __init__(self, paths: Sequence[DealPath], sides: int, cribs: Sequence[Sequence[int]]):
        self.sides = sides
        """How many sides score."""
        self.deals: list[list[int]] = [list(path.events) for path in paths]
        """Each deal's events."""
        self.totals: list[list[int]] = [
            [sum(points_of(e) for e in path.events if side_of(e) == side) for side in range(sides)]
            for path in paths
        ]
        """Each deal's points by side from the dealer's: a deal that takes no side to the
        target is added up at once."""
        self.cribs: list[list[int]] = [list(counts) for counts in cribs]
        """By the starter's value, how many cribs scored each number of points."""


class Start:
    """Where the deal on hand stands: ``cut`` (``BEFORE``, a cut of the play, or
    ``SHOW_STAGE``), and at the show the starter's value and the events known still to come
    (side from the dealer's, points) before the crib."""

    __slots__ = ("cut", "known", "starter")

    def __init__(self, cut: int, starter: int = 0, known: Sequence[tuple[int, int]] = ()) -> None:
        self.cut = cut
        self.starter = starter
        self.known = tuple(known)


def _crib_points(counts: list[int], stream: Stream) -> int:
    draw = stream.below(sum(counts))
    for points, n in enumerate(counts):
        if draw < n:
            return points
        draw -= n
    raise AssertionError("a draw within the counts")


def play_outs(
    library: Library,
    target: int,
    scores: Sequence[int],
    dealer: int,
    start: Start,
    playouts: int,
    stream: Stream,
) -> list[float]:
    """Each side's share of ``playouts`` games played on from ``scores`` (every side below
    the target) with ``dealer``'s side dealing the deal on hand, as ``start`` says it stands;
    every draw from ``stream``."""
    sides = library.sides
    deals = library.deals
    count = len(deals)
    wins = [0] * sides
    for _ in range(playouts):
        made = list(scores)
        winner = -1
        if start.cut == SHOW_STAGE:
            for side, points in start.known:
                whose = (dealer + side) % sides
                made[whose] += points
                if made[whose] >= target:
                    winner = whose
                    break
            if winner < 0:
                made[dealer] += _crib_points(library.cribs[start.starter], stream)
                if made[dealer] >= target:
                    winner = dealer
        elif start.cut == BEFORE:
            winner = _whole(library, stream.below(count), made, dealer, target)
        else:
            events = deals[stream.below(count)]
            winner = _walk(events, cut_position(events, start.cut), made, dealer, sides, target)
        turn = dealer
        while winner < 0:
            turn = (turn + 1) % sides
            winner = _whole(library, stream.below(count), made, turn, target)
        wins[winner] += 1
    return [won / playouts for won in wins]


def _whole(library: Library, index: int, made: list[int], dealer: int, target: int) -> int:
    """Deal ``index`` of the library whole: as ``_walk``, its totals added at once when they
    take no side to the target (the same scores, event by event or not)."""
    sides, totals = library.sides, library.totals[index]
    for side in range(sides):
        if made[(dealer + side) % sides] + totals[side] >= target:
            return _walk(library.deals[index], 0, made, dealer, sides, target)
    for side in range(sides):
        whose = (dealer + side) % sides
        made[whose] = made[whose] + totals[side]
    return -1


def _walk(
    events: list[int], first: int, made: list[int], dealer: int, sides: int, target: int
) -> int:
    """Score ``events[first:]`` with ``dealer``'s side dealing; the side that reaches the
    target, or -1."""
    for index in range(first, len(events)):
        event = events[index]
        whose = (dealer + side_of(event)) % sides
        total = made[whose] + points_of(event)
        made[whose] = total
        if total >= target:
            return whose
    return -1


def margin(playouts: int) -> float:
    """The half-width of a 95% interval of a share of ``playouts`` play-outs, at its widest
    (a share of one half)."""
    return half_width(0.25, playouts)
