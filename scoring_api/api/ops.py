"""Operations endpoints: liveness, readiness, metrics and the API contract itself."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from scoring_api.engine import ENGINE
from scoring_api.rules import DEFAULT_RULES, parse_tiles, score_show, show_total
from scoring_api.sim_cluster import embedded

from . import metrics
from .problems import problem
from .spec import spec_bytes, spec_dict, spec_json

bp = Blueprint("ops", __name__)

# docs/rules.md section 6, first worked example: if this does not score 24, do not take traffic.
_SELF_CHECK = (parse_tiles(["3-3", "1-5", "2-4", "0-3"]), parse_tiles(["0-6"])[0], 24)


@bp.get("/healthz")
def healthz() -> dict[str, Any]:
    return {"status": "ok"}


@bp.get("/readyz")
def readyz() -> dict[str, Any] | Response:
    hand, starter, expected = _SELF_CHECK
    checks = {
        "spec": spec_dict().get("openapi", "").startswith("3.1"),
        "scoring": score_show(hand, starter, DEFAULT_RULES).total == expected,
        "fast_totals": show_total((*hand, starter), DEFAULT_RULES) == expected,
    }
    if not all(checks.values()):
        failed = ", ".join(name for name, ok in checks.items() if not ok)
        return problem(503, f"Not ready: failed self-checks: {failed}.", checks=checks)
    cluster = embedded.status().state
    if cluster == "restarting":  # scoring answers; big simulations are 503s meanwhile
        return problem(
            503,
            "Not ready: the simulation cluster is restarting (its process exited); "
            "scoring answers, simulations over the inline size wait for it.",
            headers=[("Retry-After", str(embedded.RETRY_AFTER_SECONDS))],
            checks=checks,
            cluster=cluster,
        )
    return {"status": "ready", "checks": checks, "cluster": cluster, "engine": ENGINE.as_json()}


@bp.get("/metrics")
def prometheus() -> Response:
    return Response(metrics.exposition(), mimetype=None, content_type=metrics.CONTENT_TYPE)


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(spec_bytes(), mimetype="application/yaml")


@bp.get("/openapi.json")
def openapi_json() -> Response:
    return Response(spec_json(), mimetype="application/json")
