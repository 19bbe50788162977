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
holding. Every draw is a partial shuffle of the stream handed over (``chance.draw_some``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Final

from mypy_extensions import i64

from scoring_api.rules.constants import DEALS, MAX_VALUE
from scoring_api.rules.memo import Memo
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import Stream
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
    def deals(self, view: SeatView, rng: Stream, n: int) -> list[Deal]:
        """``n`` deals consistent with what ``view`` knows, drawn from ``rng``."""


def dealing_order(view: SeatView) -> list[int]:
    """The other seats, the fullest-count go first: the order ``Uniform`` deals them."""
    others = [seat for seat in range(view.players) if seat != view.seat]
    return sorted(others, key=lambda seat: -view.above[seat])


def uniform_deal(view: SeatView, rng: Stream) -> Deal:
    """One deal of the others' tiles consistent with what he knows, uniformly: each other
    seat gets as many of the unseen values as he holds, all above his go bound.

    The seats that said go at the fullest count are dealt first: the values each may hold
    then contain the next one's, so dealing in that order is uniform over every deal that
    fits.
    """
    return _uniform_deal(view, rng, dealing_order(view))


def _uniform_deal(view: SeatView, rng: Stream, order: list[int]) -> Deal:
    """``uniform_deal`` with the seats' ``dealing_order`` worked out by the caller (once for
    many deals); the tiles dealt so far as a mask of ``view.unseen``'s indices."""
    unseen, above, held = view.unseen, view.above, view.held
    hands: Deal = [[] for _ in view.sides]
    hands[view.seat] = list(view.hand)
    taken: i64 = 0
    for seat in order:
        floor = above[seat]
        eligible: list[int] = []
        for i in range(len(unseen)):
            if not taken >> i & 1 and unseen[i] > floor:
                eligible.append(i)
        hand = hands[seat]
        for i in draw_some(rng, eligible, held[seat]):
            taken |= 1 << i
            hand.append(unseen[i])
        hand.sort()
    return hands


class Uniform(Sampler):
    """Every deal that fits what he knows equally likely."""

    def deals(self, view: SeatView, rng: Stream, n: int) -> list[Deal]:
        order = dealing_order(view)
        return [_uniform_deal(view, rng, order) for _ in range(n)]


UNIFORM: Final = Uniform()


COUNT_BITS: Final = 4
"""Bits of a value's count in a counts code (``counts_of``): at most four tiles share a value
(three bits), and a guard bit above them for ``holds_all``."""
_GUARDS: Final = sum(8 << (COUNT_BITS * value) for value in range(MAX_VALUE + 1))
"""Every value's guard bit."""


def counts_of(values: list[int]) -> int:
    """Some values as one int: how many of each, ``COUNT_BITS`` a value, value 0 lowest
    (52 bits at most: a machine int, compiled; typed as the list it is always given, which
    the compiled engine indexes in place where it walks any sequence generically)."""
    code: i64 = 0
    for i in range(len(values)):
        # The shift on ints, not i64s: mypyc 2.4.1 writes ``1 << n`` of an i64 ``n`` as a C
        # int's shift, wrong from n = 32 on (values above 7 here).
        code += 1 << (COUNT_BITS * values[i])
    return code


def values_of(counts: int) -> list[int]:
    """The values a counts code holds, lowest first: the inverse of ``counts_of``."""
    values: list[int] = []
    left: i64 = counts
    value: i64 = 0
    while left:
        many = left & 7
        while many:
            values.append(value)
            many -= 1
        left >>= COUNT_BITS
        value += 1
    return values


def holds_all(counts: int, part: int) -> bool:
    """Whether the values ``counts`` holds include every one of ``part``'s (counts codes),
    value by value at once: no field of ``counts`` less ``part``'s borrows its guard."""
    return ((counts | _GUARDS) - part) & _GUARDS == _GUARDS


def at_most(floor: int) -> int:
    """The fields of a counts code of the values up to ``floor`` (none below 0)."""
    return (1 << (COUNT_BITS * (floor + 1))) - 1 if floor >= 0 else 0


class AgainstLayAway(Sampler):
    """Two players: the other's holding drawn as likely as ``lay_away`` (his lay-away of six
    values) makes it, the tiles he has laid among those it keeps. The six values are a counts
    code (``counts_of``), what the lay-away keeps of them is remembered by it (``kept``), and
    whether it keeps his laid tiles is one subtraction (``holds_all``): a draw costs its
    random numbers and a look-up, not a sort, a tuple and a list of the values kept."""

    def __init__(self, lay_away: LayAway) -> None:
        self.lay_away = lay_away
        self.kept: Memo[int, int] = Memo(self._kept, 1 << 15)
        """By six values' counts code times two plus his own crib, the code of the four kept."""

    def _kept(self, key: int) -> int:
        values = tuple(values_of(key >> 1))
        away = self.lay_away.positions(values, bool(key & 1))
        return counts_of([value for position, value in enumerate(values) if position not in away])

    def deals(self, view: SeatView, rng: Stream, n: int) -> list[Deal]:
        other = next_seat(view.seat, view.players)
        return [_with_holding(view, other, holding) for holding in self.holdings(view, rng, n)]

    def holdings(self, view: SeatView, rng: Stream, n: int) -> list[list[int]]:
        """The other's values of ``deals``, lowest first (``holding_codes``' holdings)."""
        return [values_of(code) for code in self.holding_codes(view, rng, n)]

    def holding_codes(self, view: SeatView, rng: Stream, n: int) -> list[int]:
        """The other's holdings of ``deals`` as counts codes: up to ``MAX_TRIES * n`` draws
        of his six for the ``n`` holdings, then uniform ones. Each draw shuffles one list of
        the unseen values in place and puts it back (``_drawn_code``): the same draws as a
        shuffle of a fresh copy, without the copy and the list of the values drawn."""
        other = next_seat(view.seat, view.players)
        unseen = list(view.unseen)
        laid = counts_of([tile.value for tile in tiles_in[view.played[other]]])
        floor, held = view.above[other], view.held[other]
        low = at_most(floor)
        hidden = DEALS[view.players].laid_away + held  # his lay-away and his tiles in hand
        own_crib = int(view.dealer == other)
        kept = self.kept
        codes: list[int] = []
        tries = 0
        while len(codes) < n and tries < MAX_TRIES * n:
            tries += 1
            drawn = _drawn_code(rng, unseen, hidden) + laid
            keeps = kept[(drawn << 1) + own_crib]  # a shift: the product of a big int is slow
            if holds_all(keeps, laid) and (keeps - laid) & low == 0:
                codes.append(keeps - laid)
        eligible = [value for value in unseen if value > floor]
        while len(codes) < n:
            codes.append(counts_of(draw_some(rng, list(eligible), held)))
        return codes


def _drawn_code(rng: Stream, values: list[int], k: int) -> int:
    """The counts code of ``draw_some(rng, list(values), k)``: the same draws (a Fisher-Yates
    shuffle from the front for ``min(k, n - 1)`` places), made in ``values`` itself and then
    undone in reverse. Where each place drew from is kept in one machine int, five bits a
    place (``values`` holds at most 28 tiles; a draw of his six takes six places), not in a
    list of boxed ints."""
    n: i64 = len(values)
    stop: i64 = n - 1
    if k < stop:
        stop = k
    if stop > _MAX_PLACES:
        raise ValueError(f"{stop} places of a draw: at most {_MAX_PLACES}")
    taken: i64 = k if k < n else n
    undo: i64 = 0
    i: i64 = 0
    while i < stop:
        j = i + rng.below(n - i)
        undo = undo * _PLACE + j  # the last place's lowest: undone first
        drawn: i64 = values[j]
        values[j] = values[i]
        values[i] = drawn
        i += 1
    code: i64 = 0
    i = 0
    while i < taken:
        value: i64 = values[i]
        # 16 ** value as a square of machine ints: mypyc 2.4.1 shifts ``1 << n`` of an i64
        # ``n`` as a C int, right only below 32 (``counts_of``'s note); 2 * value is 24 at most.
        half: i64 = 1 << (2 * value)
        code += half * half
        i += 1
    i = stop - 1
    while i >= 0:
        j = undo & (_PLACE - 1)
        undo >>= 5
        drawn = values[j]
        values[j] = values[i]
        values[i] = drawn
        i -= 1
    return code


_PLACE: Final[i64] = 32
"""``_drawn_code``'s radix of a place (five bits: more than the 28 tiles of the set)."""
_MAX_PLACES: Final[i64] = 12
"""The most places ``_drawn_code`` keeps in its 63 bits."""


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
    not the exact joint one; a tile drawn as laid away is dealt to nobody else. The tiles are
    indices of ``view.unseen`` and sets of them masks; what ``expected`` lays away of some
    values is remembered by their counts code (``laid_away``).
    """

    def __init__(self) -> None:
        self.memos: dict[RuleOptions, Memo[int, int]] = {}
        """``laid_away``'s memo of each set of rules met (``MAX_RULES`` at most)."""

    def laid_away(self, rules: RuleOptions) -> Memo[int, int]:
        """By some values' counts code times two plus whether the crib is his side's, the
        counts code of the values ``expected`` lays away of them under ``rules``."""
        memo = self.memos.get(rules)
        if memo is None:
            if len(self.memos) >= MAX_RULES:
                self.memos.clear()
            memo = self.memos[rules] = Memo(_LaidAway(rules).of, 1 << 14)
        return memo

    def deals(self, view: SeatView, rng: Stream, n: int) -> list[Deal]:
        rules = view.rules
        assert rules is not None, "the others' lay-aways are inferred under known rules"
        table = _Table(view, self.laid_away(rules))
        return [table.deal(rng) for _ in range(n)]


MAX_RULES: Final = 8
"""Sets of rules ``AgainstExpected`` remembers lay-aways for at once."""


class _LaidAway:
    """``expected``'s lay-away under some rules, from a counts code (``AgainstExpected``)."""

    def __init__(self, rules: RuleOptions) -> None:
        self.rules = rules

    def of(self, key: int) -> int:
        values = tuple(values_of(key >> 1))
        positions = best_discard(values, bool(key & 1), self.rules)
        return counts_of([values[p] for p in positions])


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


def _indices(mask: int) -> list[int]:
    """The indices a mask holds, lowest first."""
    indices: list[int] = []
    while mask:
        low = mask & -mask
        indices.append(low.bit_length() - 1)
        mask ^= low
    return indices


def _mask(indices: list[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


class _Table:
    """What every deal of ``AgainstExpected`` from one view shares: the seats in dealing
    order, each one's tiles laid, holding, go bound and crib, and the unseen tiles above
    each go bound as a mask."""

    def __init__(self, view: SeatView, laid_away: Memo[int, int]) -> None:
        self.view = view
        self.laid_away = laid_away
        self.order = dealing_order(view)
        unseen = view.unseen
        self.codes = [1 << (COUNT_BITS * value) for value in unseen]
        """Each unseen tile's value as a counts code."""
        self.everyone = (1 << len(unseen)) - 1
        self.away_count = DEALS[view.players].laid_away
        crib_side = view.sides[view.dealer]
        self.laid = [counts_of([tile.value for tile in tiles_in[view.played[seat]]])
                     for seat in self.order]  # fmt: skip
        self.crib = [int(view.sides[seat] == crib_side) for seat in self.order]
        self.above = [self.above_mask(view.above[seat]) for seat in self.order]
        self.held = [view.held[seat] for seat in self.order]

    def above_mask(self, floor: int) -> int:
        """The unseen tiles of a value above ``floor``."""
        mask = 0
        for i, value in enumerate(self.view.unseen):
            if value > floor:
                mask |= 1 << i
        return mask

    def deal(self, rng: Stream) -> Deal:
        """One deal."""
        view = self.view
        unseen, codes, order = view.unseen, self.codes, self.order
        hands: Deal = [[] for _ in view.sides]
        hands[view.seat] = list(view.hand)
        free = self.everyone
        for place, seat in enumerate(order):
            count, above = self.held[place], self.above[place]
            eligible = _indices(free & above)
            key_of = self.laid[place]
            chosen: list[int] | None = None
            for _ in range(MAX_TRIES):
                holding = draw_some(rng, list(eligible), count)
                taking = _mask(holding)
                away = draw_some(rng, _indices(free & ~taking), self.away_count)
                away_code = 0
                for i in away:
                    taking |= 1 << i
                    away_code += codes[i]
                drawn = key_of + away_code
                for i in holding:
                    drawn += codes[i]
                if self.laid_away[(drawn << 1) + self.crib[place]] != away_code:
                    continue
                left = free & ~taking
                free_above = [(left & above).bit_count() for above in self.above[place + 1 :]]
                if _fits(free_above, self.held[place + 1 :]):
                    chosen = holding + away
                    break
            if chosen is None:
                chosen = draw_some(rng, eligible, count)
            free &= ~_mask(chosen)
            hands[seat] = sorted(unseen[i] for i in chosen[:count])
        return hands
