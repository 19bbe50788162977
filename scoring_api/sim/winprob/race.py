"""Two sides (two players, or two partnerships): the chance to win worked out exactly on the
library's deals, by a recursion over the scores.

What a deal scores after a cut is kept as counts (``RestCounts``): how many of the library's
deals end with each pair of totals (the dealer's side's, the other's), and for each side and
each number of points ``x``, how many reach ``x`` while the other side has ``f``. So from any
scores, the deals in which the dealer's side reaches the target first are those whose ``f``
at its ``x`` is below what the other side still needs: the order of the events inside a deal
(the play before the show, the non-dealer's hand before the dealer's) decides, as it does at
the table. ``win_table`` is the chance the side that deals next wins, from every pair of
scores below the target: the deal's own win, or the next deal's chance (the deal passes to
the other side) from the scores it leaves. Every deal scores at least one point (the last
tile), so each entry needs only entries of higher total, worked out first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .paths import points_of, side_of

Counts = Mapping[tuple[int, int], int]
"""A count of deals by a pair of numbers."""
WinTable = list[list[float]]
"""``table[p][q]``: the chance the side that deals next, at ``p``, wins against the other at
``q``."""


@dataclass(frozen=True, slots=True)
class RestCounts:
    """What the library's deals score after a cut, counted as the race needs it."""

    deals: int
    """How many deals."""
    totals: Counts
    """(the dealer's side's points, the other's) -> deals."""
    first: tuple[Counts, Counts]
    """For the dealer's side, then the other: (points reached, the other side's points at
    that moment) -> deals, for every number of points each deal brings it to."""


def count_rests(rests: Iterable[Sequence[int]]) -> RestCounts:
    """The counts of what deals score (each deal's events, already cut)."""
    totals: dict[tuple[int, int], int] = {}
    first: tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]] = ({}, {})
    deals = 0
    for events in rests:
        deals += 1
        made = [0, 0]
        for event in events:
            side, points = side_of(event), points_of(event)
            other = made[1 - side]
            crossings = first[side]
            for reached in range(made[side] + 1, made[side] + points + 1):
                key = (reached, other)
                crossings[key] = crossings.get(key, 0) + 1
            made[side] += points
        key = (made[0], made[1])
        totals[key] = totals.get(key, 0) + 1
    return RestCounts(deals, totals, first)


class Race:
    """``RestCounts`` laid out for the recursion: probabilities by row."""

    __slots__ = ("crossings", "rows")

    def __init__(self, counts: RestCounts) -> None:
        deals = float(counts.deals)
        longest = max((i for i, _ in counts.totals), default=0)
        self.rows: list[list[tuple[int, float]]] = [[] for _ in range(longest + 1)]
        """``rows[i]``: (the other side's points ``j``, the chance of the totals (i, j)), by
        ``j``."""
        for (i, j), n in sorted(counts.totals.items()):
            self.rows[i].append((j, n / deals))
        self.crossings: tuple[list[list[tuple[int, float]]], list[list[tuple[int, float]]]] = (
            _crossings(counts.first[0], deals),
            _crossings(counts.first[1], deals),
        )
        """For each side, ``[x]``: (the other side's points then, the chance), by points."""

    def first_to(self, side: int, needs: int, other_needs: int) -> float:
        """The chance that ``side`` (0 the dealer's) makes ``needs`` points before the other
        makes ``other_needs``."""
        rows = self.crossings[side]
        if needs >= len(rows):
            return 0.0
        chance = 0.0
        for other, p in rows[needs]:
            if other >= other_needs:
                break
            chance += p
        return chance

    def dealer_wins(self, target: int, dealer: int, other: int, table: WinTable) -> float:
        """The chance the dealer's side (at ``dealer``) wins the game from this cut, the other
        side at ``other``: in this deal, or later from ``table`` (the next deal dealt by the
        other side)."""
        needs, other_needs = target - dealer, target - other
        chance = self.first_to(0, needs, other_needs)
        for i in range(min(needs, len(self.rows))):
            for j, p in self.rows[i]:
                if j >= other_needs:
                    break
                chance += p * (1.0 - table[other + j][dealer + i])
        return chance


def _crossings(first: Counts, deals: float) -> list[list[tuple[int, float]]]:
    highest = max((x for x, _ in first), default=0)
    rows: list[list[tuple[int, float]]] = [[] for _ in range(highest + 1)]
    for (x, other), n in sorted(first.items()):
        rows[x].append((other, n / deals))
    return rows


def win_table(deal: Race, target: int) -> WinTable:
    """The chance the side that deals next wins, from every pair of scores below ``target``:
    highest total first, as each entry needs only entries of higher total."""
    table: WinTable = [[0.0] * target for _ in range(target)]
    for total in range(2 * target - 2, -1, -1):
        for dealer in range(max(0, total - target + 1), min(target - 1, total) + 1):
            table[dealer][total - dealer] = deal.dealer_wins(target, dealer, total - dealer, table)
    return table
