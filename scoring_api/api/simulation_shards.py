"""A request's run as shards (``scoring_api.sim_cluster``): where they are played, and when
the run stops.

Small runs and runs with transcripts are played inline, bigger ones on the cluster the
settings name (inline when there is none); shard lines ask for the cluster. Between
shards, and between games, the run asks whether to stop: the time budget ran out, or the
client went away (a stream's disconnect is also seen at its next write, which closes the
stream and so the run; a JSON request's only by peeking at its socket, gunicorn gives no
callback). On the cluster the shards stop by the run's deadline themselves.
"""

from __future__ import annotations

import contextlib
import select
import socket
import time
from typing import Any

from flask import request
from werkzeug.exceptions import ServiceUnavailable

from scoring_api.settings import current_settings
from scoring_api.sim.runs import SimulationRequest
from scoring_api.sim_cluster.client import ClusterRestarting, embedded_cluster
from scoring_api.sim_cluster.runner import Holds, Shards, play
from scoring_api.sim_cluster.shards import GAME_LINES, GameLines
from scoring_api.sim_cluster.stops import Stop, StopKind, StopReason

from . import metrics

GONE = StopReason(StopKind.GONE, "The client went away.")


def budget_ran_out(seconds: float) -> str:
    """The time budget's sentence, ahead of what was played and what to do."""
    return f"The run's time budget of {seconds:g} s ran out"


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
    """Stop when the client is gone or past ``budget`` seconds from now (0: no budget)."""
    started = time.monotonic()
    out_of_time = StopReason(StopKind.TIME_BUDGET, f"{budget_ran_out(budget)}.")

    def stop() -> StopReason | None:
        if client_gone(environ):
            return GONE
        if 0 < budget < time.monotonic() - started:
            return out_of_time
        return None

    return stop


def _counted(shards: Shards) -> Shards:
    with contextlib.closing(shards):
        for shard in shards:
            metrics.GAMES_SIMULATED.inc(shard.games)
            yield shard


def shards_of(
    sim: SimulationRequest,
    budget: float,
    lines: GameLines | None,
    slot: Holds | None = None,
    small_inline: bool = True,
) -> Shards:
    """The request's run in shards, played from the first one asked for, each counted; its
    games stop at ``budget`` seconds from now (0: none), and ``slot`` (the request's
    admission) is held while games it stopped still end on the cluster.

    Runs of at most ``SCORING_API_INLINE_GAMES`` are played inline unless ``small_inline``
    is false (shard lines ask for the cluster whatever the size).
    """
    settings = current_settings()
    inline = small_inline and sim.games <= settings.inline_games
    scheduler = "off" if inline else settings.scheduler
    if scheduler == "embedded" and lines in (None, GAME_LINES):  # for the cluster
        try:
            embedded_cluster()
        except ClusterRestarting as restarting:  # a 503 now, before any status is sent
            raise ServiceUnavailable(str(restarting), retry_after=restarting.retry_after) from None
    stop = stopper(budget, request.environ)
    deadline = time.time() + budget if budget > 0 else 0.0
    played = play(sim, scheduler, settings.shard_seconds, stop, lines, deadline, slot)
    return _counted(played)
