"""Luck apart from skill: each chance event of a deal valued from what a seat knew before and
after it (docs/review.md, luck), in points and in the chance to win.

The events, each valued by the seat it falls to, on his own knowledge (the review's honest
rule):

- ``deal``: the tiles he drew: what they were worth with the best lay-away (the deal review's
  ``expected``) less what a seat in his place draws on average (``BASELINES``, measured by
  bench/review_luck.py);
- ``starter``: the starter, for each seat's kept hand: its show with the starter less its
  mean show over every starter he had not seen; and for the dealer, the starter double less
  its chance times its points;
- ``crib``: for the dealer, the crib as shown (with three players its blind tile) less its
  mean over every way the others' tiles in it (and the blind tile) could fall among the
  tiles he had not seen, the starter known.

Each is zero on average over what the seat did not know (the baselines up to their
measurement), so taking them out leaves the choices. A side's luck is its seats' events less
the other sides' (shared among them); in the chance to win, each event is valued at the
moment before the deal: the side's chance with that many points more, less its chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Final

from scoring_api.rules.deal import Deal, DealScore
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.show import show_totals
from scoring_api.rules.tiles import ALL_TILES, Tile

from ..winprob.chances import BETWEEN, chance_with_fewer, chances
from .deal import DealReview, LayAwayDecision
from .inputs import laid_away

DIGITS: Final = 4
LUCK_KINDS: Final = ("deal", "starter", "crib")
"""The chance events valued, in the order answered."""

BASELINES: Final[dict[tuple[int, bool, str], tuple[float, ...]]] = {
    (2, False, "expert"): (16.13, 3.36),
    (2, False, "expected"): (17.51, 3.04),
    (3, False, "expected"): (11.46, -2.26, -0.44),
    (4, False, "expected"): (8.15, -6.91, -4.74, -3.59),
    (4, True, "expected"): (15.37, 1.27, 15.26, 1.19),
}
"""The mean ``expected`` of a seat's drawn tiles, by players, partners, model and his place
after the dealer (0: the dealer): ``bench/review_luck.py --baselines --draws 400`` (each
within about 0.3 points, 95%)."""


@dataclass(frozen=True, slots=True)
class LuckEvent:
    """A chance event of a deal, valued for the seat it fell to."""

    seat: int
    """The seat."""
    kind: str
    """``deal``, ``starter`` or ``crib``."""
    points: float
    """What it gave his side beyond what he could expect, in points."""
    chance: float
    """The same in his side's chance to win, valued before the deal (``chance_of_points``)."""


def _hand_starter(
    hand: Sequence[Tile], drawn: Sequence[Tile], starter: Tile, rules: RuleOptions
) -> float:
    """His kept hand's show with the starter, less its mean over the starters he had not seen."""
    unseen = [tile for tile in ALL_TILES if tile not in drawn]
    shows = show_totals([(*hand, tile) for tile in unseen], rules)
    mean = sum(shows) / len(shows)
    return shows[unseen.index(starter)] - mean


def _heels(drawn: Sequence[Tile], starter: Tile, rules: RuleOptions) -> float:
    """The starter double less its chance (over the starters the dealer had not seen) times
    its points."""
    points = rules.starter_double_points
    unseen = [tile for tile in ALL_TILES if tile not in drawn]
    chance = sum(tile.is_double for tile in unseen) / len(unseen)
    return (points if starter.is_double else 0) - chance * points


def _crib(deal: Deal, crib: Sequence[Tile], drawn: Sequence[Tile], own: Sequence[Tile]) -> float:
    """The crib as shown less its mean for the dealer: his own tiles in it and the starter
    known, the rest any of the tiles he had not seen."""
    rules = deal.rules
    others = len(crib) - len(own)
    unseen = [tile for tile in ALL_TILES if tile not in drawn and tile != deal.starter]
    cribs = [(*own, *rest, deal.starter) for rest in combinations(unseen, others)]
    shows = show_totals(cribs, rules)
    mean = sum(shows) / len(shows)
    shown = show_totals([(*crib, deal.starter)], rules)[0]
    return shown - mean


def deal_luck(deal: Deal, score: DealScore, review: DealReview) -> tuple[LuckEvent, ...]:
    """The chance events of a reviewed deal (every seat reviewed), valued for each seat."""
    rules = deal.rules
    players = rules.players
    baselines = BASELINES.get((players, rules.partners, review.model))
    hands = deal.hands or ()
    events: list[LuckEvent] = []
    lay_aways = {d.seat: d for d in review.decisions if isinstance(d, LayAwayDecision)}
    crib = tuple(deal.crib or ()) or tuple(
        tile
        for seat, decision in sorted(lay_aways.items())
        for tile in laid_away(decision.advice.drawn, hands[seat])
    )
    for summary in review.seats:
        seat = summary.seat
        decision = lay_aways[seat]
        place = (seat - deal.dealer) % players
        if baselines is not None:
            dealt = summary.expected - baselines[place]
            events.append(LuckEvent(seat, "deal", round(dealt, DIGITS), 0.0))
        drawn = decision.advice.drawn
        starter = _hand_starter(hands[seat], drawn, deal.starter, rules)
        if seat == deal.dealer:
            starter += _heels(drawn, deal.starter, rules)
        events.append(LuckEvent(seat, "starter", round(starter, DIGITS), 0.0))
        if seat == deal.dealer and score.winner is None:
            own = laid_away(drawn, hands[seat])
            crib_luck = _crib(deal, crib, drawn, own)
            events.append(LuckEvent(seat, "crib", round(crib_luck, DIGITS), 0.0))
    return tuple(
        replace(event, chance=round(chance_of_points(
            rules, deal.scores, deal.dealer, rules.side_of(event.seat), event.points
        ), DIGITS))
        for event in events
    )  # fmt: skip


def side_figures(events: Sequence[LuckEvent], rules: RuleOptions, side: int) -> tuple[float, float]:
    """A side's luck in points and in the chance to win: its seats' events less the other
    sides' (each shared among the sides it did not fall to)."""
    sides = rules.sides
    points = chance = 0.0
    for event in events:
        share = 1.0 if rules.side_of(event.seat) == side else -1.0 / (sides - 1)
        points += share * event.points
        chance += share * event.chance
    return round(points, DIGITS), round(chance, DIGITS)


def chance_of_points(
    rules: RuleOptions, scores: Sequence[int], dealer: int, side: int, points: float
) -> float:
    """What ``points`` more (fewer, below nought) are worth to ``side``'s chance to win before
    a deal at ``scores``."""
    now = chances(rules, scores, dealer, BETWEEN)[side]
    if points <= 0:
        return chance_with_fewer(rules, scores, dealer, BETWEEN, side, -points) - now
    # More: the other sides fewer, as far as they go (a side's chance is its lead's).
    whole = int(points)
    part = points - whole
    above = _with_more(rules, scores, dealer, side, whole)
    if part == 0.0:
        return above - now
    below = _with_more(rules, scores, dealer, side, whole + 1)
    return above + (below - above) * part - now


def _with_more(
    rules: RuleOptions, scores: Sequence[int], dealer: int, side: int, points: int
) -> float:
    more = list(scores)
    more[side] = min(more[side] + points, rules.target - 1)
    return chances(rules, more, dealer, BETWEEN)[side]
