"""Reference data a client needs to build requests: the rule options, the deal's shape for
each number of players, the 28 tiles, and the strategies a simulation may name with their
ratings on the ladder."""

from __future__ import annotations

import json
from pathlib import Path
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

LADDER = Path(__file__).with_name("strength.json")
"""The ladder's shipped ratings (``python -m scoring_api.research.ladder`` writes them;
docs/strength.md)."""


def _ratings(ladder: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The strategy's places on the ladder: each table it was rated at, each budget."""
    found = []
    for table, rows in ladder["tables"].items():
        for row in rows:
            label, _, budget = row["player"].partition("@")
            if label == name:
                found.append(
                    {
                        "table": table,
                        "budget": int(budget) if budget else None,
                        **{k: row[k] for k in ("rating", "low", "high", "games")},
                        "cpu_ms_per_move": row["cpu_ms_per_move"],
                    }
                )
    return found


def _strategies(ladder: dict[str, Any]) -> dict[str, Any]:
    return {
        "strategies": [
            {
                "name": strategy.name,
                "description": strategy.description,
                # the numbers of players it can sit with (a client offers it only there)
                "players": list(strategy.players),
                "ratings": _ratings(ladder, strategy.name),
            }
            for strategy in STRATEGIES
        ],
        "ladder": {k: ladder[k] for k in ("date", "command", "seed")},
    }


_STRATEGIES = _strategies(json.loads(LADDER.read_text()))


@bp.get("/rules")
def rules() -> dict[str, Any]:
    return _RULES


@bp.get("/tiles")
def tiles() -> dict[str, Any]:
    return _TILES


@bp.get("/strategies")
def strategies() -> dict[str, Any]:
    return _STRATEGIES
