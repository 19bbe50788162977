"""A game's review as answered (``POST /v1/games/review``): each deal's review as
``/v1/deals/review`` answers it, each decision with its loss in the chance to win, and each
player's figures (docs/review.md, a whole game).

A review has a time budget (``SCORING_API_REVIEW_SECONDS``). Before it starts, it says
whether it can finish within it (``Pace``: its deals at what a deal's review costs here,
with the cores shared by the expensive answers running): a review that cannot is a 503 at
once, not after spending its budget, with ``Retry-After`` when it would fit on a quieter
server. One that runs out anyway (the server got busier) answers the deals it reviewed.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Sequence
from typing import Any

from flask import Response, request
from werkzeug.exceptions import ServiceUnavailable

from scoring_api.cpus import available_cpus, cgroup_quota
from scoring_api.rules.errors import MalformedInputError
from scoring_api.rules.game import GameScore
from scoring_api.rules.options import RuleOptions
from scoring_api.rules.tiles import Tile
from scoring_api.settings import current_settings
from scoring_api.sim.advisor import Model
from scoring_api.sim.review.game import (
    CHANCE_THRESHOLDS,
    NOT_DRAWN,
    NOT_SHOWN,
    GameDecision,
    GameToReview,
    PlayerReview,
    ReviewedDeal,
    ReviewStopped,
    review_game,
    reviewable,
)
from scoring_api.sim.streams import STREAM_VERSION
from scoring_api.sim.winprob.chances import PLAYOUTS, method
from scoring_api.sim.winprob.montecarlo import margin

from . import admission
from .problems import problem
from .review import decision_answer
from .review import review_answer as deal_review_answer
from .simulation_shards import client_gone

SECONDS_PER_PLAYOUT = {2: 2e-5, 3: 1.0e-4, 4: 1.9e-4}
"""A deal's review per play-out, by the number of players, on one core of the reference
machine (compiled engine; partners as four players): the first guess, before this process
has measured its own."""


class Pace:
    """What a game's review costs on this process's machine: the guess above, times how the
    reviews done here ran against it (measured per unshared core, moved gently)."""

    def __init__(self) -> None:
        self.factor = 1.0
        self._lock = threading.Lock()

    @staticmethod
    def guess(players: int, playouts: int, deals: int) -> float:
        return deals * playouts * SECONDS_PER_PLAYOUT[players]

    def seconds(self, players: int, playouts: int, deals: int) -> float:
        """A review's seconds on one core of its own."""
        return self.guess(players, playouts, deals) * self.factor

    def measure(self, players: int, playouts: int, deals: int, seconds: float) -> None:
        guessed = self.guess(players, playouts, deals)
        if deals <= 0 or guessed <= 0 or seconds <= 0:
            return
        with self._lock:
            self.factor = 0.7 * self.factor + 0.3 * (seconds / guessed)


PACE = Pace()


def chances_method(rules: RuleOptions) -> dict[str, Any]:
    """How the chances were worked out: exactly, or by play-outs with their margin."""
    if method(rules) == "exact":
        return {"method": "exact", "playouts": None, "margin": 0.0}
    return {"method": "simulated", "playouts": PLAYOUTS, "margin": round(margin(PLAYOUTS), 4)}


# Why a deal was left out, as a code a page words in its own language.
NOT_REVIEWED_CODES = {NOT_SHOWN: "hands_not_shown", NOT_DRAWN: "drawn_not_given"}


def _chance(decision: GameDecision) -> dict[str, Any]:
    return {
        "win_probability": decision.chance,
        "win_probability_loss": decision.loss,
        "label": decision.label,
    }


def _deal(reviewed: ReviewedDeal, game: GameScore) -> dict[str, Any]:
    refereed = game.deals[reviewed.deal]
    if reviewed.review is None or refereed.deal is None:
        reason = reviewed.reason or NOT_SHOWN
        return {
            "deal": reviewed.deal,
            "reviewed": False,
            "code": NOT_REVIEWED_CODES[reason],
            "reason": reason,
        }
    rules = refereed.deal.rules
    return {
        "deal": reviewed.deal,
        "reviewed": True,
        "before": list(refereed.before),
        "review": {"rules": rules.as_dict(), **deal_review_answer(refereed.deal, reviewed.review)},
        "chances": [_chance(decision) for decision in reviewed.decisions],
    }


def _key(decision: GameDecision) -> dict[str, Any]:
    inner = decision.decision
    return {
        "deal": decision.deal,
        "decision": decision.index,
        "seat": inner.seat,
        "kind": decision_answer(inner)["kind"],
        "label": decision.label,
        "loss": inner.loss,
        "win_probability": decision.chance,
        "win_probability_loss": decision.loss,
        "explanation": inner.explanation,
    }


def _player(player: PlayerReview, name: str) -> dict[str, Any]:
    return {
        "seat": player.seat,
        "side": player.side,
        "name": name,
        "loss": player.loss,
        "win_probability_loss": player.chance_loss,
        "choices": player.choices,
        "accuracy": player.accuracy,
        "luck": {"points": player.luck, "win_probability": player.chance_luck},
        "key_decisions": [_key(decision) for decision in player.key],
    }


def _fits(to_review: GameToReview, budget: float) -> float:
    """The review's expected seconds, when it can finish within ``budget`` (0: none);
    otherwise a 503 saying so, before any deal is reviewed."""
    deals = reviewable(to_review)
    alone = PACE.seconds(to_review.rules.players, to_review.playouts, deals)
    cores = available_cpus(quota=cgroup_quota())
    running = max(1, admission.running(admission.ANSWERS, current_settings()))
    expected = alone * max(1.0, running / cores)
    if budget <= 0 or expected <= budget:
        return expected
    if alone > budget:
        raise ServiceUnavailable(
            f"This review of {deals} deals at {to_review.playouts} play-outs would take about "
            f"{alone:.0f} s here, past its time budget of {budget:g} s: ask for fewer "
            "play-outs, or review the game's deals one by one (/v1/deals/review)."
        )
    retry = max(1, math.ceil(admission.ANSWERS.expected_seconds()))
    raise ServiceUnavailable(
        f"With {running} expensive answers running on {cores} cores, this review of {deals} "
        f"deals would take about {expected:.0f} s, past its time budget of {budget:g} s: "
        f"retry in {retry} s, when fewer are running.",
        retry_after=retry,
    )


def review_answer(body: dict[str, Any], game: GameScore, model: Model) -> dict[str, Any] | Response:
    """Review a loaded, refereed game record within its time budget
    (``SCORING_API_REVIEW_SECONDS``): refused at once when it cannot finish within it (a
    503); past it, checked before each deal, a 503 with the deals reviewed by then; once the
    client has gone, it stops."""
    rules: RuleOptions = body["rules"]
    if model == "expert" and rules.players != 2:
        raise MalformedInputError("expert reviews two-player games only", "/model")
    drawn: list[Sequence[Sequence[Tile]] | None] = [deal.get("drawn") for deal in body["deals"]]
    budget = current_settings().review_seconds
    started = time.monotonic()
    gone = "The client went away"

    def reason() -> str | None:
        if client_gone(request.environ):
            return gone
        if 0 < budget < time.monotonic() - started:
            return f"The review's time budget of {budget:g} s ran out"
        return None

    to_review = GameToReview(rules, game, drawn, model, body["playouts"], reason)
    expected = _fits(to_review, budget)
    alone = PACE.seconds(rules.players, to_review.playouts, reviewable(to_review))
    try:
        reviewed = review_game(to_review)
    except ReviewStopped as stopped:
        _measured(to_review, stopped.done, started, expected, alone)
        if stopped.reason == gone:
            raise ServiceUnavailable(f"{stopped.reason} before deal {stopped.deal}.") from None
        return problem(
            503,
            f"{stopped.reason} before deal {stopped.deal}: the deals before it are reviewed "
            "(`deals`); review the rest one by one (/v1/deals/review), or ask for fewer "
            "play-outs.",
            deals=[_deal(deal, game) for deal in stopped.done],
            next_deal=stopped.deal,
        )
    _measured(to_review, reviewed.deals, started, expected, alone)
    return {
        "rules": rules.as_dict(),
        "model": reviewed.model,
        "playouts": reviewed.playouts,
        "stream": STREAM_VERSION,
        "thresholds": dict(CHANCE_THRESHOLDS),
        "chances": chances_method(rules),
        "win_probability": {"start": list(reviewed.start), "end": list(reviewed.end)},
        "deals": [_deal(deal, game) for deal in reviewed.deals],
        "players": [
            _player(player, body["seats"][player.seat]["name"]) for player in reviewed.players
        ],
    }


def _measured(
    to_review: GameToReview,
    deals: Sequence[ReviewedDeal],
    started: float,
    expected: float,
    alone: float,
) -> None:
    """What the review took, per unshared core (as shared as it was expected to be)."""
    done = sum(deal.review is not None for deal in deals)
    share = expected / alone if alone > 0 else 1.0
    took = (time.monotonic() - started) / share
    PACE.measure(to_review.rules.players, to_review.playouts, done, took)
