"""The review of a whole game: each deal's review (``review_deal``), each decision's loss also
in the chance to win, and each player's figures (docs/review.md, a whole game).

A decision's loss in points is turned into a loss in the chance to win at the moment it was
taken: his side's chance then, less its chance with that many points fewer (``winprob``): a
point near the end weighs more than one at the start. Each player's accuracy is the mean, over
his decisions with a choice, of lichess's accuracy of a move from its loss in win percentage
(``accuracy``). Luck is kept apart: in points, what the deals gave him beyond what his tiles
promised (the deal review's luck, added up); in the chance to win, how his side's chance moved
over the game with the chance his side's own choices lost added back.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from scoring_api.rules.deal import Claims
from scoring_api.rules.game import GameScore
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.tiles import Tile

from ..advisor import Model
from ..winprob.chances import BETWEEN, chance_with_fewer, chances
from ..winprob.deals import before_entry, deal_chances
from .deal import DealReview, Decision, LayAwayDecision, review_deal
from .inputs import ReviewRequest
from .labels import Label, past
from .luck import LUCK_KINDS, LuckEvent, deal_luck, side_figures

CHANCE_THRESHOLDS: Final[tuple[tuple[Label, float], ...]] = (
    ("fine", 0.005),
    ("inaccuracy", 0.02),
    ("mistake", 0.05),
)
"""Each label with the loss in the chance to win it stays below (docs/review.md says why)."""
LEVELS: Final[tuple[tuple[str, float], ...]] = (
    ("expert", 3.04),
    ("expected", 7.61),
    ("greedy", 18.96),
)
"""The ladder's bands of a player's ``error_rate``, best first: each name with the rate its
band stays below; past the last, ``random``. Placed by where each strategy's games against
the expert fall, ten games pooled (bench/review_levels.py; docs/review.md has the figures,
and why ``search`` has no band of its own)."""
WORST_LEVEL: Final = "random"
KEY_DECISIONS: Final = 3
"""The decisions that mattered most, per player."""
DIGITS: Final = 4


def accuracy(loss: float) -> float:
    """lichess's accuracy of a move from its loss in win percentage (``loss`` a chance, 0 to
    1): 103.1668 e^(-0.04354 x 100 loss) - 3.1669, within 0 to 100."""
    value = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return round(min(100.0, max(0.0, value)), 1)


def error_rate(chance_loss: float, choices: int) -> float | None:
    """XG's kind of error rate: the mean loss in the chance to win over the decisions with a
    choice, in thousandths (None without any)."""
    return None if choices == 0 else round(1000.0 * chance_loss / choices, 2)


def level_of(rate: float | None, levels: Sequence[tuple[str, float]] = LEVELS) -> str | None:
    """The ladder's band an error rate falls in (None without a rate)."""
    if rate is None:
        return None
    for name, below in levels:
        if rate < below:
            return name
    return WORST_LEVEL


def chance_label(points_label: Label, points_loss: float, loss: float) -> Label:
    """A decision's label by its loss in the chance to win."""
    if points_label == "forced":
        return "forced"
    if points_loss <= 0:
        return "best"
    return past(CHANCE_THRESHOLDS, loss)


@dataclass(frozen=True, slots=True)
class GameDecision:
    """A decision of the game, reviewed."""

    deal: int
    """Its deal (0 first)."""
    index: int
    """Its place in the deal review's decisions."""
    decision: Decision
    """The deal review's."""
    side: int
    """The side of its seat."""
    chance: float
    """His side's chance to win when he took it."""
    loss: float
    """What it cost in that chance."""
    label: Label
    """That loss in a word (``CHANCE_THRESHOLDS``)."""


@dataclass(frozen=True, slots=True)
class ReviewedDeal:
    """A deal of the game: its review, or why there is none."""

    deal: int
    """The deal (0 first)."""
    review: DealReview | None
    """Its review; None when it could not be reviewed (``reason``)."""
    decisions: tuple[GameDecision, ...]
    """Its decisions in the order of the review, with their chances."""
    reason: str | None
    """Why it was not reviewed."""
    luck: tuple[LuckEvent, ...] = ()
    """Its chance events, each valued for the seat it fell to (``luck.deal_luck``)."""


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """A player's game in figures."""

    seat: int
    side: int
    loss: float
    """His decisions' losses in points, added up."""
    chance_loss: float
    """Their losses in the chance to win, added up."""
    choices: int
    """His decisions with a choice (not forced)."""
    accuracy: float | None
    """The mean of their accuracies (None without any)."""
    error_rate: float | None
    """``chance_loss`` over ``choices``, in thousandths (``error_rate``)."""
    level: str | None
    """The ladder's band of ``error_rate`` (``LEVELS``)."""
    luck: float
    """Points: what the deals reviewed gave him beyond what his tiles promised, his losses
    added back (each deal review's luck, added up)."""
    chance_luck: float
    """The chance to win: how his side's chance moved from the start to the end, its own
    losses added back (so its opponents' losses are his luck)."""
    key: tuple[GameDecision, ...]
    """His decisions that cost the most chance, at most ``KEY_DECISIONS``."""
    events: tuple[tuple[str, float], ...] = ()
    """His chance events in points, added up by kind (``luck.LUCK_KINDS``)."""
    side_luck: float = 0.0
    """His side's chance events less the other sides', in points (``luck.side_figures``)."""
    side_chance_luck: float = 0.0
    """The same in the chance to win."""
    adjusted: float = 0.0
    """The result with luck taken out: his side's chance at the end (1 or 0 once won) less
    ``side_chance_luck``."""


@dataclass(frozen=True, slots=True)
class GameReview:
    """A game reviewed."""

    model: Model
    playouts: int
    start: tuple[float, ...]
    """Each side's chance before the first deal."""
    end: tuple[float, ...]
    """Each side's chance after the record (1 for the winner once won)."""
    deals: tuple[ReviewedDeal, ...]
    players: tuple[PlayerReview, ...]


@dataclass(frozen=True, slots=True)
class GameToReview:
    """A refereed game, what each seat drew in each deal, and how to review it."""

    rules: RuleOptions
    """The game's rules (the review's chances need the rule book's show rules)."""
    game: GameScore
    """The game as ``score_game`` referees it."""
    drawn: Sequence[Sequence[Sequence[Tile]] | None]
    """Per deal, the tiles each seat drew (None where the record does not say)."""
    model: Model
    playouts: int
    stop: Callable[[], str | None] | None = None
    """Asked before each deal: a reason to stop (the time budget ran out, nobody waits for
    the answer any more), or None to go on."""


class ReviewStopped(Exception):  # noqa: N818 - names what happened, as StopIteration does
    """The review stopped before a deal: ``reason`` (the ``stop`` callback's), ``deal``, and
    the deals before it, reviewed (``done``: the work is not thrown away)."""

    def __init__(self, reason: str, deal: int, done: tuple[ReviewedDeal, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.deal = deal
        self.done = done


NOT_SHOWN = "the deal ended or stands in its play before the hands were shown"
NOT_DRAWN = "the record does not say the tiles each seat drew"


def _why_not(request: GameToReview, index: int) -> str | None:
    """Why deal ``index`` cannot be reviewed; None when it can."""
    deal = request.game.deals[index]
    if deal.deal is None or deal.score is None or deal.deal.hands is None:
        return NOT_SHOWN
    if request.drawn[index] is None:
        return NOT_DRAWN
    return None


def reviewable(request: GameToReview) -> int:
    """How many of the game's deals its review reviews (what it costs, before it starts)."""
    return sum(_why_not(request, index) is None for index in range(len(request.game.deals)))


def _reviewed(request: GameToReview, index: int) -> ReviewedDeal:
    refereed = request.game.deals[index]
    deal, score, drawn = refereed.deal, refereed.score, request.drawn[index]
    why_not = _why_not(request, index)
    if why_not is not None or deal is None or score is None or drawn is None:
        return ReviewedDeal(index, None, (), why_not or NOT_SHOWN)
    bare = replace(deal, claims=Claims())  # the tiles and the choices, not the count
    review = review_deal(ReviewRequest(bare, drawn, request.model, None, request.playouts))
    rules = deal.rules
    decisions = []
    for position, decision in enumerate(review.decisions):
        side = rules.side_of(decision.seat)
        if isinstance(decision, LayAwayDecision):
            scores, at = tuple(deal.scores), BETWEEN
        else:
            scores, at = before_entry(deal, score, decision.entry)
        chance = chances(rules, scores, deal.dealer, at)[side]
        loss = 0.0
        if decision.loss > 0:
            fewer = chance_with_fewer(rules, scores, deal.dealer, at, side, decision.loss)
            loss = round(max(chance - fewer, 0.0), DIGITS)
        label = chance_label(decision.label, decision.loss, loss)
        decisions.append(GameDecision(index, position, decision, side, chance, loss, label))
    return ReviewedDeal(index, review, tuple(decisions), None, deal_luck(deal, score, review))


def _end(request: GameToReview) -> tuple[float, ...]:
    game, rules = request.game, request.rules
    if game.winner is not None:
        return tuple(1.0 if side == game.winner.side else 0.0 for side in range(rules.sides))
    last = game.deals[-1]
    if last.deal is None or last.score is None:
        return chances(rules, last.before, last.dealer)
    return deal_chances(last.deal, last.score).now


def _player(
    request: GameToReview,
    seat: int,
    deals: Sequence[ReviewedDeal],
    start: Sequence[float],
    end: Sequence[float],
) -> PlayerReview:
    rules = request.rules
    side = rules.side_of(seat)
    decisions = [decision for deal in deals for decision in deal.decisions]
    mine = [d for d in decisions if d.decision.seat == seat]
    choices = [d for d in mine if d.decision.label != "forced"]
    mean = sum(accuracy(d.loss) for d in choices) / len(choices) if choices else None
    luck = sum(
        summary.luck
        for deal in deals
        if deal.review is not None
        for summary in deal.review.seats
        if summary.seat == seat and summary.luck is not None
    )
    side_losses = sum(d.loss for d in decisions if d.side == side)
    costly = sorted(
        (d for d in mine if d.loss > 0), key=lambda d: (-d.loss, -d.decision.loss, d.deal, d.index)
    )
    chance_loss = round(sum(d.loss for d in mine), DIGITS)
    events = [event for deal in deals for event in deal.luck]
    kinds = tuple(
        (
            kind,
            round(
                sum((e.points for e in events if e.seat == seat and e.kind == kind), 0.0), DIGITS
            ),
        )
        for kind in LUCK_KINDS
    )
    side_luck, side_chance = side_figures(events, rules, side)
    rate = error_rate(chance_loss, len(choices))
    return PlayerReview(
        seat,
        side,
        round(sum(d.decision.loss for d in mine), DIGITS),
        chance_loss,
        len(choices),
        None if mean is None else round(mean, 1),
        rate,
        level_of(rate),
        round(luck, DIGITS),
        round(end[side] - start[side] + side_losses, DIGITS),
        tuple(costly[:KEY_DECISIONS]),
        kinds,
        side_luck,
        side_chance,
        round(end[side] - side_chance, DIGITS),
    )


def review_game(request: GameToReview) -> GameReview:
    """Review every deal of the game that can be (``ReviewedDeal.reason`` says why not), and
    each player's figures. The shipped tables must cover the rules (``coverage.uncovered``).
    Raises ``ReviewStopped`` when ``request.stop`` says so before a deal."""
    rules, game = request.rules, request.game
    first = game.deals[0]
    start = chances(rules, first.before, first.dealer)
    end = _end(request)
    deals: list[ReviewedDeal] = []
    for index in range(len(game.deals)):
        reason = request.stop() if request.stop is not None else None
        if reason is not None:
            raise ReviewStopped(reason, index, tuple(deals))
        deals.append(_reviewed(request, index))
    players = tuple(_player(request, seat, deals, start, end) for seat in range(rules.players))
    return GameReview(request.model, request.playouts, start, end, tuple(deals), players)
