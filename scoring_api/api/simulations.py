"""Whole games between strategies: a summary with the sums behind it, or a stream of games.

Game ``i`` of a run depends only on the seed, ``i`` and the request (see
``scoring_api.sim.runs``), so shards of a run (``first_game``) merge exactly and the
same request gives the same bytes from any worker.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, request, stream_with_context

from scoring_api.settings import current_settings
from scoring_api.sim.game import DealRecord, GameResult
from scoring_api.sim.registry import STRATEGIES
from scoring_api.sim.runs import (
    MAX_SEED,
    SimulationRequest,
    Totals,
    game_line,
    play_one,
)

from . import admission, jsonio, metrics, render, simulation_shards
from .body import load_body
from .problems import InvalidInput, problem
from .simulation_schemas import SimulationSchema
from .simulation_shards import summary as _summary

bp = Blueprint("simulations", __name__, url_prefix="/v1")

NDJSON = "application/x-ndjson"
MAX_TRANSCRIPT_GAMES = 100
FLUSH_SECONDS = 0.1

_schema = SimulationSchema()
_STRATEGIES = {
    "strategies": [
        {"name": strategy.name, "description": strategy.description}
        for strategy in STRATEGIES.values()
    ]
}


@bp.get("/strategies")
def strategies() -> dict[str, Any]:
    return _STRATEGIES


def _deal(record: DealRecord) -> dict[str, Any]:
    """One deal with every scoring event itemized, in the order the events happened."""
    return {
        "dealer": record.dealer,
        "hands": [render.tiles(six) for six in record.hands],
        "discards": [render.tiles(pair) for pair in record.discards],
        **({"blind": render.tiles(record.blind)} if record.blind else {}),
        "starter": render.tile(record.starter),
        "starter_points": record.starter_points,
        "plays": [render.scored_play(play) for play in record.plays],
        "shows": [
            {
                "whose": shown.whose,
                "player": shown.player,
                "total": shown.total,
                "items": render.items(shown.items),
            }
            for shown in record.shows
        ],
    }


def _game(index: int, game: GameResult) -> dict[str, Any]:
    line: dict[str, Any] = game_line(index, game)
    if game.transcript is not None:
        line["transcript"] = [_deal(record) for record in game.transcript]
    return line


def _ndjson(document: dict[str, Any]) -> bytes:
    return jsonio.dumps(document) + b"\n"


def _stream(
    sim: SimulationRequest, head: dict[str, Any], transcripts: bool, budget: float
) -> Iterator[bytes]:
    """One line per game, then the summary; past the time budget, an error line instead.

    Lines are sent in chunks at most FLUSH_SECONDS apart: one write per game would cost a
    system call per game, a noticeable share of a fast strategy's time.
    """
    totals = Totals.empty(sim.rules)
    started = last_flush = time.monotonic()
    end = sim.first_game + sim.games
    pending: list[bytes] = []
    for index in range(sim.first_game, end):
        game = play_one(sim, index, transcripts)
        totals.add(game)
        metrics.GAMES_SIMULATED.inc()
        pending.append(_ndjson({"type": "game", **_game(index, game)}))
        now = time.monotonic()
        if 0 < budget < now - started and index + 1 < end:
            pending.append(
                _ndjson(
                    {
                        "type": "error",
                        "status": 503,
                        "detail": f"The stream's time budget of {budget:g} s ran out; "
                        f"resume with first_game {index + 1}.",
                        "next_game": index + 1,
                    }
                )
            )
            yield b"".join(pending)
            return
        if now - last_flush >= FLUSH_SECONDS:
            yield b"".join(pending)
            pending.clear()
            last_flush = now
    pending.append(_ndjson({"type": "summary", **_summary(head, totals, sim)}))
    yield b"".join(pending)


def _check_limits(games: int, transcripts: bool, shard_lines: bool = False) -> None:
    cap = current_settings().max_stream_games if shard_lines else current_settings().max_games
    errors = []
    if transcripts and shard_lines:
        errors.append(("/lines", 'Transcripts come with per-game lines ("lines": "games").'))
    if games > cap:
        errors.append(
            (
                "/games",
                f"At most {cap} games per request: split a bigger run into shards "
                "with first_game and merge their totals.",
            )
        )
    if transcripts and games > MAX_TRANSCRIPT_GAMES:
        errors.append(("/transcripts", f"Transcripts are limited to {MAX_TRANSCRIPT_GAMES} games."))
    if errors:
        raise InvalidInput(errors)


@bp.post("/simulations")
def simulate() -> dict[str, Any] | Response:
    body = load_body(_schema)
    ndjson = request.accept_mimetypes.best_match(("application/json", NDJSON)) == NDJSON
    shard_lines = ndjson and body["lines"] == "shards"
    _check_limits(body["games"], body["transcripts"], shard_lines)
    admission.admit()  # a slot until the answer is sent, or a 503 (admission.py)
    seed = body["seed"] if "seed" in body else secrets.randbelow(MAX_SEED + 1)
    names = tuple(player["strategy"] for player in body["players"])
    sim = SimulationRequest(
        strategies=names,
        rules=body["rules"],
        seed=seed,
        games=body["games"],
        first_game=body["first_game"],
        first_dealer=body["first_dealer"],
    )
    head = {
        "seed": seed,
        "first_game": sim.first_game,
        "first_dealer": sim.first_dealer,
        "rules": sim.rules.as_dict(),
    }
    transcripts: bool = body["transcripts"]
    if shard_lines:  # one line per shard, played on the cluster (simulation_shards)
        stream = simulation_shards.shard_stream(sim, head, current_settings().stream_seconds)
        return Response(stream_with_context(stream), mimetype=NDJSON)
    if ndjson:
        budget = current_settings().stream_seconds
        if not transcripts and sim.games > current_settings().inline_games:
            stream = simulation_shards.game_stream(sim, head, budget)
            return Response(stream_with_context(stream), mimetype=NDJSON)
        return Response(
            stream_with_context(_stream(sim, head, transcripts, budget)), mimetype=NDJSON
        )
    budget = current_settings().json_seconds
    if not transcripts and sim.games > current_settings().inline_games:
        return simulation_shards.json_answer(sim, head, budget)
    totals = Totals.empty(sim.rules)
    games: list[dict[str, Any]] = []
    started = time.monotonic()
    end = sim.first_game + sim.games
    for index in range(sim.first_game, end):
        game = play_one(sim, index, transcripts)
        totals.add(game)
        metrics.GAMES_SIMULATED.inc()
        if transcripts:
            games.append(_game(index, game))
        if 0 < budget < time.monotonic() - started and index + 1 < end:
            played = index + 1 - sim.first_game
            return problem(
                503,
                f"The run's time budget of {budget:g} s ran out after {played} of {sim.games} "
                "games: ask for fewer games per request (shards by first_game), or stream them.",
                games_played=played,
            )
    if not transcripts:
        return _summary(head, totals, sim)
    return {**_summary(head, totals, sim), "transcripts": games}
