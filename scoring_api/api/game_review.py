"""A game's review as answered (``POST /v1/games/review``): each deal's review as
``/v1/deals/review`` answers it, each decision with its loss in the chance to win, and each
player's figures (docs/review.md, a whole game)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from flask import request
from werkzeug.exceptions import ServiceUnavailable

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
)
from scoring_api.sim.winprob.chances import PLAYOUTS, method
from scoring_api.sim.winprob.montecarlo import margin

from .review import decision_answer
from .review import review_answer as deal_review_answer
from .simulation_shards import client_gone


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


def review_answer(body: dict[str, Any], game: GameScore, model: Model) -> dict[str, Any]:
    """Review a loaded, refereed game record within its time budget
    (``SCORING_API_REVIEW_SECONDS``, checked before each deal; past it, or once the client
    has gone, a 503 problem)."""
    rules: RuleOptions = body["rules"]
    if model == "expert" and rules.players != 2:
        raise MalformedInputError("expert reviews two-player games only", "/model")
    drawn: list[Sequence[Sequence[Tile]] | None] = [deal.get("drawn") for deal in body["deals"]]
    budget = current_settings().review_seconds
    started = time.monotonic()

    def reason() -> str | None:
        if client_gone(request.environ):
            return "The client went away"
        if 0 < budget < time.monotonic() - started:
            return f"The review's time budget of {budget:g} s ran out"
        return None

    try:
        reviewed = review_game(GameToReview(rules, game, drawn, model, body["playouts"], reason))
    except ReviewStopped as stopped:
        raise ServiceUnavailable(
            f"{stopped.reason} before deal {stopped.deal}: ask for fewer play-outs, or review "
            "the game's deals one by one (/v1/deals/review)."
        ) from None
    return {
        "rules": rules.as_dict(),
        "model": reviewed.model,
        "playouts": reviewed.playouts,
        "thresholds": dict(CHANCE_THRESHOLDS),
        "chances": chances_method(rules),
        "win_probability": {"start": list(reviewed.start), "end": list(reviewed.end)},
        "deals": [_deal(deal, game) for deal in reviewed.deals],
        "players": [
            _player(player, body["seats"][player.seat]["name"]) for player in reviewed.players
        ],
    }
