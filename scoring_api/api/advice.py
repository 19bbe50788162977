"""The discard advisor: every way to lay tiles away (two of six, or one of five with three or
four players), best expected net first under the model asked for."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scoring_api.rules.deal import check_scores
from scoring_api.sim.advisor import Advice, Model, advise_discards, default_model, strategy_choice
from scoring_api.sim.layaway import RankedOption
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.streams import STREAM_VERSION

from . import admission, render
from .body import load_body
from .schemas import AdviceSchema

bp = Blueprint("advice", __name__, url_prefix="/v1/discards")

_schema = AdviceSchema()


@bp.post("/advise")
def advise() -> dict[str, Any]:
    body = load_body(_schema)
    admission.admit(admission.ANSWERS)  # an expensive answer: a slot, or a 503
    own_crib = body["dealer"] or body["partner_deals"]
    rules = body["rules"]
    model: Model = body["model"] or default_model(rules.players)
    advice = advise_discards(body["tiles"], own_crib, rules, model)
    answer = {
        "dealer": body["dealer"],
        **({"partner_deals": True} if body["partner_deals"] else {}),
        "model": model,
        "rules": rules.as_dict(),
        "stream": STREAM_VERSION,
        "options": [option_answer(advice, option) for option in advice.options],
    }
    scores = body.get("scores", [])
    if scores:
        check_scores(rules, scores)
    name = body["strategy"]
    if name is not None:
        strategy = strategy_for(name, body.get("budget"))
        choice = strategy_choice(advice, own_crib, rules, strategy, tuple(scores))
        answer |= {"strategy": name, "choice": option_answer(advice, choice)}
    return answer


def option_answer(advice: Advice, option: RankedOption) -> dict[str, Any]:
    """One way to lay tiles away, as the advice (and a review of a lay-away) shows it."""
    return {
        "discard": render.tiles(advice.laid_away(option)),
        "keep": render.tiles(advice.kept(option)),
        "expected_net": option.expected_net,
        "expected_hand": option.expected_hand,
        "expected_crib": option.expected_crib,
        "expected_pegging": option.expected_pegging,
        "min_hand": option.min_hand,
        "max_hand": option.max_hand,
    }
