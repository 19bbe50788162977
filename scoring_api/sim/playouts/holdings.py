"""Drawing the others' holdings from what a seat knows: one interface, ``Sampler``, and its
three kinds.

A deal drawn (``Deal``) gives every seat his values not yet laid: the seat's own hand, and for
each other seat as many values as he holds, from the tiles the seat has not seen, none at or
below that seat's go bound (a seat that said go at count ``c`` holds no tile of value
``31 - c`` or less: it would have fitted). The truth is always one of them. The kinds differ in
how likely they make each holding:

- ``Uniform``: every holding that fits equally likely (the review's play-outs; what a
  resampler of the hidden tiles needs).
- ``AgainstLayAway``: two players; the other's six drawn tiles are his laid tiles plus tiles
  drawn from the unseen, kept only if a two-player lay-away (the expert's, for the search)
  keeps every tile he has laid, so his holding is drawn as likely as that lay-away makes it.
- ``AgainstExpected``: any number of players; each other seat's holding drawn with a tile laid
  away, kept only if ``expected``'s lay-away of his drawn tiles lays that tile away.

A lay-away that rejects every draw gives way to the uniform draw after ``MAX_TRIES`` draws a
holding. Every draw uses ``rng.random()`` alone (``chance``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from random import Random
from typing import Final

from scoring_api.rules.constants import DEALS
from scoring_api.rules.seats import next_seat
from scoring_api.rules.tiles import tiles_in

from ..chance import draw_some
from ..expected import best_discard
from ..layaway import DrawnValues, Positions
from .knowledge import SeatView

MAX_TRIES: Final = 8
"""Draws a holding that a lay-away may reject before the holding is drawn uniformly."""

Deal = list[list[int]]
"""Every seat's values not yet laid, lowest first, seat by seat (his own: his hand)."""


class LayAway(ABC):
    """A player's lay-away, as ``AgainstLayAway`` draws against it (the expert's:
    ``expert.strategy.ExpertLayAway``). A class, not a function: the compiled engine calls a
    method of it directly, where a function held as a value is a generic call."""

    @abstractmethod
    def positions(self, values: DrawnValues, own_crib: bool) -> Positions:
        """The positions he lays away from his drawn ``values`` (sorted); ``own_crib``: the
        crib is his side's."""


class Sampler(ABC):
    """One way to draw the others' holdings."""

    @abstractmethod
    def deals(self, view: SeatView, rng: Random, n: int) -> list[Deal]:
        """``n`` deals consistent with what ``view`` knows, drawn from ``rng``."""


def dealing_order(view: SeatView) -> list[int]:
    """The other seats, the fullest-count go first: the order ``Uniform`` deals them."""
    others = [seat for seat in range(view.players) if seat != view.seat]
    return sorted(others, key=lambda seat: -view.above[seat])


def uniform_deal(view: SeatView, rng: Random) -> Deal:
    """One deal of the others' tiles consistent with what he knows, uniformly: each other
    seat gets as many of the unseen values as he holds, all above his go bound.

    The seats that said go at the fullest count are dealt first: the values each may hold
    then contain the next one's, so dealing in that order is uniform over every deal that
    fits.
    """
    hands: Deal = [[] for _ in view.sides]
    hands[view.seat] = list(view.hand)
    taken = [False] * len(view.unseen)
    for seat in dealing_order(view):
        floor = view.above[seat]
        eligible = [i for i, v in enumerate(view.unseen) if not taken[i] and v > floor]
        for i in draw_some(rng, eligible, view.held[seat]):
            taken[i] = True
            hands[seat].append(view.unseen[i])
        hands[seat].sort()
    return hands


class Uniform(Sampler):
    """Every deal that fits what he knows equally likely."""

    def deals(self, view: SeatView, rng: Random, n: int) -> list[Deal]:
        return [uniform_deal(view, rng) for _ in range(n)]


UNIFORM: Final = Uniform()


class AgainstLayAway(Sampler):
    """Two players: the other's holding drawn as likely as ``lay_away`` (his lay-away of six
    values) makes it, the tiles he has laid among those it keeps."""

    def __init__(self, lay_away: LayAway) -> None:
        self.lay_away = lay_away

    def deals(self, view: SeatView, rng: Random, n: int) -> list[Deal]:
        """Up to ``MAX_TRIES * n`` draws of his six for the ``n`` holdings, then uniform ones."""
        other = next_seat(view.seat, view.players)
        unseen = list(view.unseen)
        laid = [tile.value for tile in tiles_in[view.played[other]]]
        floor, held = view.above[other], view.held[other]
        hidden = DEALS[view.players].laid_away + held  # his lay-away and his tiles in hand
        own_crib = view.dealer == other
        holdings: list[list[int]] = []
        tries = 0
        while len(holdings) < n and tries < MAX_TRIES * n:
            tries += 1
            values = tuple(sorted(laid + draw_some(rng, list(unseen), hidden)))
            away = self.lay_away.positions(values, own_crib)
            kept = [value for position, value in enumerate(values) if position not in away]
            for value in laid:
                if value not in kept:
                    break
                kept.remove(value)
            else:
                if not kept or kept[0] > floor:
                    holdings.append(kept)
        eligible = [value for value in unseen if value > floor]
        while len(holdings) < n:
            holdings.append(sorted(draw_some(rng, list(eligible), held)))
        return [_with_holding(view, other, holding) for holding in holdings]


def _with_holding(view: SeatView, other: int, holding: list[int]) -> Deal:
    hands: Deal = [[] for _ in view.sides]
    hands[view.seat] = list(view.hand)
    hands[other] = holding
    return hands


class AgainstExpected(Sampler):
    """Each other seat's holding drawn with a tile laid away that ``expected``'s lay-away of
    his drawn tiles (those laid, those held, that one) would lay away: ``view.rules`` must be
    known.

    The seats are dealt in ``dealing_order``, one at a time (each seat's draws see the tiles
    dealt before him, not the seats after), so the deal is an approximation of the likelihood,
    not the exact joint one; a tile drawn as laid away is dealt to nobody else.
    """

    def deals(self, view: SeatView, rng: Random, n: int) -> list[Deal]:
        return [_expected_deal(view, rng) for _ in range(n)]


AGAINST_EXPECTED: Final = AgainstExpected()


def _fits(free_above: list[int], held: Sequence[int]) -> bool:
    """Whether the seats still to be dealt, in dealing order (each one's go bound no higher
    than the one's before, so each may hold every value the one before may), can each be
    dealt his holding: ``free_above`` counts the tiles left that each may hold."""
    needed = 0
    for free, count in zip(free_above, held, strict=True):
        needed += count
        if free < needed:
            return False
    return True


def _expected_deal(view: SeatView, rng: Random) -> Deal:
    """One deal of ``AgainstExpected``."""
    rules = view.rules
    assert rules is not None, "the others' lay-aways are inferred under known rules"
    hands: Deal = [[] for _ in view.sides]
    hands[view.seat] = list(view.hand)
    unseen = view.unseen
    taken = [False] * len(unseen)
    away_count = DEALS[view.players].laid_away
    crib_side = view.sides[view.dealer]
    order = dealing_order(view)
    for place, seat in enumerate(order):
        later = order[place + 1 :]
        held, floor = view.held[seat], view.above[seat]
        laid = [tile.value for tile in tiles_in[view.played[seat]]]
        free = [i for i in range(len(unseen)) if not taken[i]]
        eligible = [i for i in free if unseen[i] > floor]
        later_held = [view.held[other] for other in later]
        chosen: list[int] | None = None
        for _ in range(MAX_TRIES):
            holding = draw_some(rng, list(eligible), held)
            away = draw_some(rng, [i for i in free if i not in holding], away_count)
            values = tuple(sorted(laid + [unseen[i] for i in holding + away]))
            positions = best_discard(values, view.sides[seat] == crib_side, rules)
            if sorted(values[p] for p in positions) != sorted(unseen[i] for i in away):
                continue
            left = [i for i in free if i not in holding and i not in away]
            free_above = [sum(1 for i in left if unseen[i] > view.above[other]) for other in later]
            if _fits(free_above, later_held):
                chosen = holding + away
                break
        if chosen is None:
            chosen = draw_some(rng, eligible, held)
        for i in chosen:
            taken[i] = True
        hands[seat] = sorted(unseen[i] for i in chosen[:held])
    return hands
