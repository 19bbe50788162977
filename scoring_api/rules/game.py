"""A whole game refereed from its record: each deal in turn from the scores the one before
left, every event, and the side that reached the target at the exact event (docs/rules.md
sections 5 and 8.4).

A game's record is its deals in order, the deal passing left each time; the last may be in
play, counted through its hands, or not begun (its dealer only), so a game can be refereed
and carried on at any point. Each deal is refereed by ``score_deal``; a deal that does not add
up is refused naming the deal and its field (``/deals/2/plays/5``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final, TypeVar

from .deal import Claims, Deal, DealScore, score_deal
from .errors import IllegalPlayError, MalformedInputError
from .options import RuleOptions
from .records import Play
from .seats import next_seat
from .tiles import Tile

NO_CLAIMS: Final = Claims()
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal of a game as its record keeps it (the scores come from the deals before)."""

    dealer: int
    """The dealer's seat."""
    starter: Tile | None
    """The starter; None for a deal not begun (the last of a game being played)."""
    hands: Sequence[Sequence[Tile]] | None = None
    """Each seat's four kept tiles once the play is over (as ``Deal``)."""
    crib: Sequence[Tile] | None = None
    """The crib once counted (as ``Deal``)."""
    plays: Sequence[Play] = ()
    """The record of the play, so far for a deal in play."""
    claims: Claims = NO_CLAIMS
    """What the players claimed at the show."""
    scores: Sequence[int] | None = None
    """The scores before it, if the record says them: checked against those carried."""


@dataclass(frozen=True, slots=True)
class GameWinner:
    """The side that reached the target, and where."""

    side: int
    """The winning side."""
    deal: int
    """The deal it was reached in (0 first)."""
    event: int
    """The event of that deal that reached it."""


@dataclass(frozen=True, slots=True)
class RefereedDeal:
    """A deal of the game as refereed."""

    deal: Deal | None
    """The deal with the scores carried to it; None for a deal not begun."""
    score: DealScore | None
    """Its events and scores; None for a deal not begun."""
    dealer: int
    """The dealer's seat."""
    before: tuple[int, ...]
    """Each side's score before it."""


@dataclass(frozen=True, slots=True)
class GameScore:
    """A game refereed so far."""

    deals: tuple[RefereedDeal, ...]
    """Each deal in order."""
    scores: tuple[int, ...]
    """Each side's score now (at the winning event once won)."""
    winner: GameWinner | None
    """Who won, once a side has reached the target."""
    lurched: tuple[int, ...]
    """The losing sides below half the target, once won."""
    next_dealer: int | None
    """Who deals the next deal when the last is over and nobody has won; else None."""


def _begun(recorded: RecordedDeal, index: int, last: bool) -> Tile | None:
    """The deal's starter; a deal without one must be the last and hold nothing else."""
    if recorded.starter is not None:
        return recorded.starter
    if not last:
        raise MalformedInputError(
            "only the last deal may be not begun: give its starter",
            f"/deals/{index}/starter",
            {"code": "starter_missing"},
        )
    if recorded.plays or recorded.hands is not None or recorded.crib is not None:
        raise MalformedInputError(
            "a deal with plays, hands or a crib has a starter",
            f"/deals/{index}/starter",
            {"code": "starter_missing"},
        )
    return None


def in_deal(index: int, check: Callable[[], T]) -> T:
    """``check()``, its refusal placed in the game's record: the field below
    ``/deals/{index}``, the illegal entry in that deal."""
    try:
        return check()
    except MalformedInputError as malformed:
        raise malformed.under(f"/deals/{index}") from None
    except IllegalPlayError as illegal:  # its own name: mypyc types a name by its first except
        raise illegal.in_deal(index) from None


def _check_order(deals: Sequence[RecordedDeal], rules: RuleOptions) -> None:
    if not deals:
        raise MalformedInputError("a game has at least one deal", "/deals")
    for index, recorded in enumerate(deals):
        if not 0 <= recorded.dealer < rules.players:
            raise MalformedInputError(
                f"dealer must be a seat from 0 to {rules.players - 1}",
                f"/deals/{index}/dealer",
                {"code": "dealer_not_a_seat", "dealer": recorded.dealer},
            )
        expected = next_seat(deals[index - 1].dealer, rules.players) if index else None
        if expected is not None and recorded.dealer != expected:
            raise MalformedInputError(
                f"the deal passes to the left: this deal's dealer is seat {expected}",
                f"/deals/{index}/dealer",
                {
                    "code": "dealer_out_of_turn",
                    "dealer": recorded.dealer,
                    "expected_dealer": expected,
                },
            )


def score_game(rules: RuleOptions, deals: Sequence[RecordedDeal]) -> GameScore:
    """Referee a game's record, deal by deal from nought, to its end or as far as it goes.

    Raises ``MalformedInputError`` naming the deal and its field for a record that does not
    add up (a dealer out of turn, scores other than those carried, a deal not finished before
    the next one, a deal after the game was won) and ``IllegalPlayError`` with the deal for an
    illegal play (``error.deal``)."""
    _check_order(deals, rules)
    scores = tuple([0] * rules.sides)
    refereed: list[RefereedDeal] = []
    winner: GameWinner | None = None
    lurched: tuple[int, ...] = ()
    for index, recorded in enumerate(deals):
        if winner is not None:
            raise MalformedInputError(
                f"the game was won in deal {winner.deal} (event {winner.event}): no deal "
                "comes after it",
                f"/deals/{index}",
                {"code": "deal_after_the_win", "won_in": winner.deal},
            )
        if recorded.scores is not None and tuple(recorded.scores) != scores:
            raise MalformedInputError(
                f"the deals before it leave the scores at {list(scores)}",
                f"/deals/{index}/scores",
                {"code": "scores_not_carried", "expected_scores": list(scores)},
            )
        last = index == len(deals) - 1
        starter = _begun(recorded, index, last)
        if starter is None:
            refereed.append(RefereedDeal(None, None, recorded.dealer, scores))
            break
        deal = Deal(rules, recorded.dealer, scores, starter, recorded.hands, recorded.crib,
                    recorded.plays, recorded.claims)  # fmt: skip
        score = in_deal(index, partial(score_deal, deal))
        refereed.append(RefereedDeal(deal, score, recorded.dealer, scores))
        if score.winner is not None:
            winner = GameWinner(score.winner.side, index, score.winner.event)
            lurched = score.lurched
        elif not last and (recorded.hands is None or recorded.crib is None):
            missing = "/hands" if recorded.hands is None else "/crib"
            raise MalformedInputError(
                "a deal before the last is counted whole (nobody won in it): give its "
                f"{missing[1:]}",
                f"/deals/{index}{missing}",
                {"code": "deal_not_whole"},
            )
        scores = score.scores
    over = refereed[-1].score is not None and deals[-1].crib is not None
    next_dealer = next_seat(deals[-1].dealer, rules.players) if over and not winner else None
    return GameScore(tuple(refereed), scores, winner, lurched, next_dealer)
