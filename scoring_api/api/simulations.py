"""Whole games between strategies: a summary with the sums behind it, or a stream of games.

Every run is played as shards (``simulation_shards``) and written by one of the run's
writers (``scoring_api.sim_cluster.writers``): the JSON answer, per-game lines or shard
lines. Game ``i`` of a run depends only on the seed, ``i`` and the request (see
``scoring_api.sim.runs``), so the same request gives the same bytes from any worker, inline
or on the cluster.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from flask import Blueprint, Response, request, stream_with_context

from scoring_api.rules.options import RuleOptions
from scoring_api.settings import current_settings
from scoring_api.sim.outcome import DealRecord, GameResult
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import MAX_SEED, SimulationRequest, game_line
from scoring_api.sim_cluster import writers
from scoring_api.sim_cluster.client import ClusterUnavailable
from scoring_api.sim_cluster.shards import GAME_LINES, GameLines, GameRow
from scoring_api.sim_cluster.stops import RunStopped, StopKind

from . import admission, render
from .body import load_body
from .problems import InvalidInput, problem
from .simulation_schemas import SimulationSchema
from .simulation_shards import budget_ran_out, shards_of
from .streams import report_ending

bp = Blueprint("simulations", __name__, url_prefix="/v1")

NDJSON = "application/x-ndjson"
MAX_TRANSCRIPT_GAMES = 100
RETRY_AFTER = ClusterUnavailable.retry_after

_schema = SimulationSchema()


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


def _transcript_line(index: int, game: GameResult, rules: RuleOptions) -> GameRow:
    """A game's line with its transcript, deal by deal."""
    line = game_line(index, game, rules)
    line["transcript"] = [_deal(record) for record in game.transcript or ()]
    return line


TRANSCRIPT_LINES = GameLines(_transcript_line, transcripts=True)


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


def _stream(write: Callable[[writers.Written], Iterator[bytes]]) -> Response:
    """The run's lines as they are written; its log line says how far it got.

    A proxy in front passes them on as they come (``X-Accel-Buffering: no``, nginx's
    header): it buffers whole answers, so that a client that reads slowly holds nginx, not
    a request thread, but a stream must not wait for its end. Under gunicorn a client that
    takes none of its lines for ``SCORING_API_SEND_SECONDS`` is cut off, and its slot is
    free (``admission``).
    """
    written = writers.Written()
    report_ending(request.environ, written.log_fields)
    response = Response(stream_with_context(write(written)), mimetype=NDJSON)
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _admit(ndjson: bool) -> admission.Slot:
    """A simulation slot, labelled with the time by which this run is sure to end: its
    budget, plus for a stream the longest it may then wait on its client (0: no bound)."""
    settings = current_settings()
    if not ndjson:
        return admission.admit(admission.SIMULATIONS, settings.json_seconds)
    if settings.stream_seconds > 0 and settings.send_seconds > 0:
        seconds = settings.stream_seconds + settings.send_seconds
        return admission.admit(admission.SIMULATIONS, seconds)
    return admission.admit(admission.SIMULATIONS, 0)


CLIENT_CLOSED_REQUEST = 499
"""The status logged for a JSON run whose client went away before its answer (nginx's 499)."""


def _unfinished(sim: SimulationRequest, stopped: RunStopped, budget: float) -> Response:
    """The JSON answer's 503 when the run stopped before its last game."""
    played, kind = stopped.played, stopped.reason.kind
    if kind is StopKind.TIME_BUDGET:
        return problem(
            503,
            f"{budget_ran_out(budget)} after {played} of {sim.games} games: ask for fewer "
            "games per request (shards by first_game), or stream them.",
            games_played=played,
        )
    if kind is StopKind.UNREACHABLE:
        return problem(503, stopped.reason.detail, headers=[("Retry-After", str(RETRY_AFTER))])
    if kind is StopKind.OTHER_CODE:
        return problem(503, stopped.reason.detail)
    if kind is StopKind.GONE:  # nobody reads it: not a failure of the service (no 5xx)
        return Response(status=CLIENT_CLOSED_REQUEST)
    return problem(
        503,
        f"{stopped.reason.detail} {played} of {sim.games} games were played; the missing "
        "ranges (first_game, games) can be asked for again.",
        missing=[{"first_game": first, "games": games} for first, games in stopped.missing],
    )


@bp.post("/simulations")
def simulate() -> dict[str, Any] | Response:
    body = load_body(_schema)
    ndjson = request.accept_mimetypes.best_match(("application/json", NDJSON)) == NDJSON
    shard_lines = ndjson and body["lines"] == "shards"
    transcripts: bool = body["transcripts"]
    _check_limits(body["games"], transcripts, shard_lines)
    slot = _admit(ndjson)  # until the answer is sent and its games end, or a 503
    settings = current_settings()
    sim = SimulationRequest(
        lineup=lineup_of(
            [player["strategy"] for player in body["players"]],
            [player.get("budget") for player in body["players"]],
        ),
        rules=body["rules"],
        seed=body["seed"] if "seed" in body else secrets.randbelow(MAX_SEED + 1),
        games=body["games"],
        first_game=body["first_game"],
        first_dealer=body["first_dealer"],
    )
    if shard_lines:  # for big runs: the cluster's whatever the size
        shards = shards_of(sim, settings.stream_seconds, None, slot, small_inline=False)
        return _stream(partial(writers.shard_lines, sim, shards))
    lines = TRANSCRIPT_LINES if transcripts else GAME_LINES  # transcripts: always inline
    if ndjson:
        shards = shards_of(sim, settings.stream_seconds, lines, slot)
        return _stream(partial(writers.game_lines, sim, shards))
    shards = shards_of(sim, settings.json_seconds, lines if transcripts else None, slot)
    try:
        return writers.json_answer(sim, shards, transcripts)
    except RunStopped as stopped:
        return _unfinished(sim, stopped, settings.json_seconds)
