"""Big simulation runs over HTTP: played in shards (inline or on the Dask cluster).

- ``game_stream``: the per-game NDJSON stream of a big run, in index order.
- ``shard_stream``: the NDJSON answer of ``"lines": "shards"``: one line per finished shard
  (its game range and totals) as it finishes, then the summary; or an error line naming the
  game ranges still missing, each resumable as a request of its own.
- ``json_answer``: the JSON summary of a run bigger than ``SCORING_API_INLINE_GAMES``; a
  503 problem when part of the run could not be played.

Both stop when the client goes away: a stream's disconnect is seen at its next write (the
generator is then closed), a JSON request's by peeking at its socket between shards
(gunicorn gives no callback), and the shards still queued are cancelled.
"""

from __future__ import annotations

import contextlib
import select
import socket
import time
from collections.abc import Iterator
from typing import Any

from flask import Response, request

from scoring_api.settings import current_settings
from scoring_api.sim.runs import SimulationRequest, Totals, summarize
from scoring_api.sim_cluster.runner import (
    ClusterUnavailable,
    OtherCode,
    RunFailed,
    Shard,
    Stop,
    in_order,
    play,
)

from . import jsonio, metrics
from .problems import problem

GONE = "The client went away."


def summary(head: dict[str, Any], totals: Totals, sim: SimulationRequest) -> dict[str, Any]:
    """A run's JSON answer: the request's head, the summary, the sums behind it."""
    return {**head, **summarize(totals, sim.strategies, sim.rules), "totals": totals.as_dict()}


def client_gone(environ: dict[str, Any]) -> bool:
    """Whether the request's connection was closed by the client (gunicorn only).

    Readable with nothing to read is end of file: the client closed its side (a client that
    only half-closes after its request would be taken for gone, which HTTP clients do not
    do). A pipelined request waiting to be read is not a disconnect.
    """
    sock = environ.get("gunicorn.socket")
    if not isinstance(sock, socket.socket):
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except (OSError, ValueError):
        return True


def stopper(budget: float, environ: dict[str, Any]) -> Stop:
    started = time.monotonic()

    def stop() -> str | None:
        if client_gone(environ):
            return GONE
        if 0 < budget < time.monotonic() - started:
            return f"The run's time budget of {budget:g} s ran out."
        return None

    return stop


def _ranges(missing: list[tuple[int, int]]) -> list[dict[str, int]]:
    return [{"first_game": first, "games": games} for first, games in missing]


@contextlib.contextmanager
def _closing(shards: Iterator[Shard]) -> Iterator[None]:
    """Close a run's shards however the block ends (a disconnect cancels what is queued)."""
    try:
        yield
    finally:
        close = getattr(shards, "close", None)
        if close is not None:
            close()


def _line(document: dict[str, Any]) -> bytes:
    return jsonio.dumps(document) + b"\n"


def _shard_line(shard: Shard) -> bytes:
    return _line(
        {
            "type": "shard",
            "first_game": shard.first_game,
            "games": shard.games,
            "totals": shard.totals.as_dict(),
        }
    )


def _error_line(detail: str, missing: list[tuple[int, int]]) -> bytes:
    return _line(
        {
            "type": "error",
            "status": 503,
            "detail": f"{detail} Resume with the missing ranges (first_game, games).",
            "next_game": missing[0][0],
            "missing": _ranges(missing),
        }
    )


def shard_stream(sim: SimulationRequest, head: dict[str, Any], budget: float) -> Iterator[bytes]:
    """One line per finished shard, then the summary (or an error line naming what is missing).

    Every check that can refuse the request happens before the first byte; the scheduler
    being unreachable is the error line (the status is already sent).
    """
    settings = current_settings()
    environ = request.environ
    totals = Totals.empty(sim.rules)
    try:
        shards = play(sim, settings.scheduler, settings.shard_seconds, stopper(budget, environ))
        with _closing(shards):
            for shard in shards:
                totals.merge(shard.totals)
                metrics.GAMES_SIMULATED.inc(shard.games)
                yield _shard_line(shard)
    except RunFailed as failed:
        if failed.detail != GONE:
            yield _error_line(failed.detail, failed.missing)
        return
    except ClusterUnavailable as unavailable:
        yield _error_line(str(unavailable), [(sim.first_game, sim.games)])
        return
    yield _line({"type": "summary", **summary(head, totals, sim)})


def game_stream(sim: SimulationRequest, head: dict[str, Any], budget: float) -> Iterator[bytes]:
    """One line per game in index order, then the summary: the inline stream's bytes.

    The games are played in shards like any big run; a shard finished early waits for those
    before it. On a failure the error line names every game not yet streamed as missing.
    """
    settings = current_settings()
    environ = request.environ
    totals = Totals.empty(sim.rules)
    at, end = sim.first_game, sim.first_game + sim.games
    try:
        shards = play(
            sim, settings.scheduler, settings.shard_seconds, stopper(budget, environ), rows=True
        )
        with _closing(shards):
            for shard in in_order(shards, sim.first_game):
                totals.merge(shard.totals)
                metrics.GAMES_SIMULATED.inc(shard.games)
                yield b"".join(_line({"type": "game", **row}) for row in shard.rows or ())
                at = shard.first_game + shard.games
    except RunFailed as failed:
        if failed.detail != GONE:
            yield _error_line(failed.detail, [(at, end - at)])
        return
    except ClusterUnavailable as unavailable:
        yield _error_line(str(unavailable), [(at, end - at)])
        return
    yield _line({"type": "summary", **summary(head, totals, sim)})


def json_answer(
    sim: SimulationRequest, head: dict[str, Any], budget: float
) -> dict[str, Any] | Response:
    settings = current_settings()
    totals = Totals.empty(sim.rules)
    try:
        shards = play(
            sim, settings.scheduler, settings.shard_seconds, stopper(budget, request.environ)
        )
        with _closing(shards):
            for shard in shards:
                totals.merge(shard.totals)
                metrics.GAMES_SIMULATED.inc(shard.games)
    except OtherCode as other:
        return problem(503, other.detail)
    except RunFailed as failed:
        played = totals.games
        if failed.detail.startswith("The run's time budget"):
            return problem(
                503,
                f"The run's time budget of {budget:g} s ran out after {played} of {sim.games} "
                "games: ask for fewer games per request (shards by first_game), or stream them.",
                games_played=played,
            )
        return problem(
            503,
            f"{failed.detail} {played} of {sim.games} games were played; the missing ranges "
            "(first_game, games) can be asked for again.",
            missing=_ranges(failed.missing),
        )
    except ClusterUnavailable as unavailable:
        return problem(503, str(unavailable))
    return summary(head, totals, sim)
