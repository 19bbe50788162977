"""The chance each side has to win, from any position between deals or inside one.

A position is the scores, who deals the deal on hand, and how far that deal has gone
(``Moment``), as everyone at the table knows it: nothing of it yet (between deals), the
starter turned, a tile of the play laid (its own points, then its go point if its count
closes there), or the show, where every hand is known (the tiles each laid in the play) and
the crib is still to come. Inside the play the deal's rest is the library's deals from the
same cut: the tiles laid so far and the starter are not looked at. At the show the hands
still to count score what they hold, in the order of the show, and the crib is the library's
cribs with a starter of that value.

Two sides are worked out exactly (``race``, from the shipped tables); three and four sides by
``PLAYOUTS`` play-outs (``montecarlo``, its 95% margin ``margin(PLAYOUTS)``). Only the rule
book's show rules have tables (a double starter scores 1, 0-0 counts again in fifteens):
``coverage.uncovered`` says whether a table's rules do; muggins and the target change nothing
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from scoring_api.rules.memo import Memo
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import next_seat
from scoring_api.rules.stream import Stream, seeded

from .montecarlo import SHOW_STAGE, Library, Start, play_outs
from .paths import BEFORE
from .race import Race
from .tables import MODES, ModeTables, mode_of, rest_key, shipped_tables

PLAYOUTS: Final = 2000
"""Play-outs per position with three or four sides."""
DIGITS: Final = 4
"""Decimals of an answer."""


@dataclass(frozen=True, slots=True)
class Moment:
    """How far the deal on hand has gone, as everyone at the table knows it."""

    cut: int = BEFORE
    """``BEFORE`` (nothing of it yet), a cut of the play (``paths``), or ``SHOW_STAGE``."""
    starter: int = 0
    """The starter's value (from the starter on; the crib's points depend on it)."""
    known: tuple[tuple[int, int], ...] = ()
    """At the show: the events still to come whose points are known (the hands, and the last
    tile's point if it is still to be scored), as (side counted from the dealer's, points)."""
    crib: bool = True
    """At the show: the crib is still to come (else the deal is over, and the position is
    the next deal's, not begun)."""

    # Written out, not generated, as ShowItem's (rules/show.py): built many times a request.
    def __init__(
        self,
        cut: int = BEFORE,
        starter: int = 0,
        known: tuple[tuple[int, int], ...] = (),
        crib: bool = True,
    ) -> None:
        object.__setattr__(self, "cut", cut)
        object.__setattr__(self, "starter", starter)
        object.__setattr__(self, "known", known)
        object.__setattr__(self, "crib", crib)


BETWEEN: Final = Moment()
"""Between deals: the deal on hand not begun."""


def method(rules: RuleOptions) -> str:
    """``exact`` (two sides) or ``simulated`` (three and four)."""
    return "exact" if rules.sides == 2 else "simulated"


@cache
def _mode(mode: str) -> ModeTables:
    return shipped_tables().modes[mode]


@cache
def _race(mode: str, key: str) -> Race:
    return Race(_mode(mode).rests[key])


@cache
def _library(mode: str, sides: int) -> Library:
    tables = _mode(mode)
    return Library(tables.paths, sides, tables.cribs)


def _two_sides(rules: RuleOptions, scores: Sequence[int], dealer_side: int, at: Moment) -> float:
    """The chance the dealer's side wins."""
    mode, target = mode_of(rules), rules.target
    table = _mode(mode).wins[target]
    mine, other = scores[dealer_side], scores[1 - dealer_side]
    if at.cut == BEFORE:
        return table[mine][other]
    if at.cut != SHOW_STAGE:
        return _race(mode, rest_key(at.cut)).dealer_wins(target, mine, other, table)
    made = [mine, other]
    for side, points in at.known:
        made[side] += points
        if made[side] >= target:
            return 1.0 if side == 0 else 0.0
    mine, other = made
    cribs = _mode(mode).cribs[at.starter]
    chance = 0.0
    for points, n in enumerate(cribs):
        wins = 1.0 if mine + points >= target else 1.0 - table[other][mine + points]
        chance += n * wins
    return chance / sum(cribs)


_Key = tuple[RuleOptions, tuple[int, ...], int, int, int, tuple[tuple[int, int], ...], bool]
"""The rules as the tables see them, the scores, the dealer and the moment's fields: a
``Moment`` itself would hash and compare by its dataclass methods, which the compiled engine
runs interpreted."""


def _compute(key: _Key) -> tuple[float, ...]:
    rules, scores, dealer, cut, starter, known, crib = key
    at = Moment(cut, starter, known, crib)
    dealer_side = rules.side_of(dealer)
    if rules.sides == 2:
        mine = _two_sides(rules, scores, dealer_side, at)
        chances = [0.0, 0.0]
        chances[dealer_side], chances[1 - dealer_side] = mine, 1.0 - mine
        return tuple(round(p, DIGITS) for p in chances)
    # Not the scores: the same draws from every score at one moment, so that two scores'
    # chances differ by what the scores change, not by the draw (``chance_with_fewer``).
    start = Start(at.cut, at.starter, at.known)
    library = _library(mode_of(rules), rules.sides)
    stream = moment_stream(rules, dealer, at)
    shares = play_outs(library, rules.target, scores, dealer, start, PLAYOUTS, stream)
    return tuple(round(p, DIGITS) for p in shares)


PLAYOUT_SEED: Final = 0
"""The root of every position's play-outs (``moment_stream``)."""


def moment_stream(rules: RuleOptions, dealer: int, at: Moment) -> Stream:
    """The stream of a position's play-outs, named by ints alone (never by the scores): the
    root's child by the mode's index in ``MODES``, then by the target, the dealer, the cut
    (from ``SHOW_STAGE``, the lowest, as 0), the starter's value and whether the crib is to
    come, then one child for each event known, ``side * 256 + points``."""
    stream = seeded(PLAYOUT_SEED).child(MODES.index(mode_of(rules))).child(rules.target)
    stream = stream.child(dealer).child(at.cut - SHOW_STAGE).child(at.starter)
    stream = stream.child(int(at.crib))
    for side, points in at.known:
        stream = stream.child(side * 256 + points)
    return stream


_MEMO: Final = Memo(_compute, 20_000)


def chances(
    rules: RuleOptions, scores: Sequence[int], dealer: int, at: Moment = BETWEEN
) -> tuple[float, ...]:
    """Each side's chance to win, every side below the target, ``dealer`` dealing the deal on
    hand, as far as it has gone (``at``). The tables must cover the rules
    (``coverage.uncovered``)."""
    if at.cut == SHOW_STAGE and not at.crib:  # the deal over: the next one not begun
        dealer, at = next_seat(dealer, rules.players), BETWEEN
    key = (_rules_key(rules), tuple(scores), dealer, at.cut, at.starter, at.known, at.crib)
    return _MEMO[key]


def expected_crib(rules: RuleOptions, starter: int) -> float:
    """The crib's mean points with a starter of value ``starter``, as the chances count on it
    until it is shown (the library's cribs): what a crib's event is set against. The tables
    must cover the rules (``coverage.uncovered``)."""
    cribs = _mode(mode_of(rules)).cribs[starter]
    return round(sum(points * n for points, n in enumerate(cribs)) / sum(cribs), 2)


_TABLE_RULES: Final[dict[tuple[int, int, bool], RuleOptions]] = {}
"""One ``RuleOptions`` for each set of rules the tables tell apart (at most twelve): the memo's
keys then hold the same object and compare by identity, not by the dataclass's ``__eq__``."""


def _rules_key(rules: RuleOptions) -> RuleOptions:
    """The rules as the tables see them: muggins plays no part."""
    seen = (rules.target, rules.players, rules.partners)
    found = _TABLE_RULES.get(seen)
    if found is None:
        found = _TABLE_RULES[seen] = RuleOptions(
            rules.target, players=rules.players, partners=rules.partners
        )
    return found


def chance_with_fewer(
    rules: RuleOptions, scores: Sequence[int], dealer: int, at: Moment, side: int, points: float
) -> float:
    """``side``'s chance had it ``points`` fewer (a fraction of a point between two whole
    scores, in proportion); what would take it below nought goes to every other side
    instead (none past the target)."""
    whole = int(points)
    part = points - whole
    above = chances(rules, _fewer(rules, scores, side, whole), dealer, at)[side]
    if part == 0.0:
        return above
    below = chances(rules, _fewer(rules, scores, side, whole + 1), dealer, at)[side]
    return above + (below - above) * part


def _fewer(rules: RuleOptions, scores: Sequence[int], side: int, points: int) -> list[int]:
    fewer = list(scores)
    taken = min(points, fewer[side])
    fewer[side] -= taken
    for other in range(rules.sides):
        if other != side:
            fewer[other] = min(fewer[other] + points - taken, rules.target - 1)
    return fewer
