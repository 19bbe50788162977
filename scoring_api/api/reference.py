"""Reference data a client needs to build requests: the rule options, the deal's shape for
each number of players, the 28 tiles, and the strategies a simulation may name."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from scoring_api.rules import ALL_TILES, RULE_OPTIONS
from scoring_api.rules.constants import DEALS
from scoring_api.sim.registry import STRATEGIES

bp = Blueprint("reference", __name__, url_prefix="/v1")

_RULES = {
    "options": [
        {
            "name": option.name,
            "default": option.default,
            "allowed": list(option.allowed),
            "description": option.description,
        }
        for option in RULE_OPTIONS
    ],
    "defaults": {option.name: option.default for option in RULE_OPTIONS},
    # what each player draws, lays away, and the dealer draws blind (docs/rules.md 8.1)
    "deals": [
        {"players": n, "drawn": s.drawn, "laid_away": s.laid_away, "blind": s.blind}
        for n, s in sorted(DEALS.items())
    ],
}
_TILES = {
    "tiles": [
        {
            "tile": str(tile),
            "low": tile.low,
            "high": tile.high,
            "value": tile.value,
            "double": tile.is_double,
        }
        for tile in ALL_TILES
    ]
}

_STRATEGIES = {
    "strategies": [
        {
            "name": strategy.name,
            "description": strategy.description,
            # the numbers of players it can sit with (a client offers it only there)
            "players": list(strategy.players),
        }
        for strategy in STRATEGIES
    ]
}


@bp.get("/rules")
def rules() -> dict[str, Any]:
    return _RULES


@bp.get("/tiles")
def tiles() -> dict[str, Any]:
    return _TILES


@bp.get("/strategies")
def strategies() -> dict[str, Any]:
    return _STRATEGIES
