"""What a run's shards become: its JSON answer, its per-game lines, or its shard lines.

Every answer of ``POST /v1/simulations`` and of ``scoring-api simulate`` is written here
from the run's shards (``runner``), wherever and in whatever sizes they were played: a
shard's sums merge exactly and its lines are its games in index order, so the same request
gives the same bytes inline, on one worker or on many. ``answer`` is the one place the
run's JSON answer is made.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from scoring_api.sim.runs import SimulationRequest, Totals, summarize
from scoring_api.sim.streams import STREAM_VERSION

from .runner import Shards
from .shards import GameRow, Shard
from .stops import GameRange, RunStopped, StopKind, StopReason, missing_ranges


def answer(sim: SimulationRequest, totals: Totals) -> dict[str, Any]:
    """The run's JSON answer: the request's head, the summary, the sums behind it."""
    return {
        "seed": sim.seed,
        "stream": STREAM_VERSION,
        "first_game": sim.first_game,
        "first_dealer": sim.first_dealer,
        "rules": sim.rules.as_dict(),
        **summarize(totals, sim.lineup, sim.rules),
        "totals": totals.as_dict(),
    }


def json_answer(
    sim: SimulationRequest, shards: Shards, transcripts: bool = False
) -> dict[str, Any]:
    """The JSON answer, with each game's line under ``transcripts`` if asked.

    Raises ``RunStopped`` when the run could not be played to its end.
    """
    totals = Totals.empty(sim.rules)
    rows: list[GameRow] = []
    with contextlib.closing(shards):
        for shard in shards:
            totals.merge(shard.totals)
            rows.extend(shard.rows or ())
    document = answer(sim, totals)
    return {**document, "transcripts": rows} if transcripts else document


def in_order(shards_done: Iterator[Shard], first_game: int) -> Iterator[Shard]:
    """The shards in game order (those finished early wait, at most a window of them)."""
    waiting: dict[int, Shard] = {}
    at = first_game
    for shard in shards_done:
        waiting[shard.first_game] = shard
        while at in waiting:
            ready = waiting.pop(at)
            at = ready.end
            yield ready


def _line(document: dict[str, Any]) -> bytes:
    return orjson.dumps(document) + b"\n"


def shard_line(shard: Shard) -> bytes:
    """A shard's range and sums: ``"lines": "shards"``'s line, and the CLI's ``--shards``."""
    return _line(
        {
            "type": "shard",
            "first_game": shard.first_game,
            "games": shard.games,
            "totals": shard.totals.as_dict(),
        }
    )


def _game_lines(shard: Shard) -> bytes:
    return b"".join(_line({"type": "game", **row}) for row in shard.rows or ())


def error_line(reason: StopReason, missing: list[GameRange]) -> bytes:
    """The last line of a stream that could not finish: what happened, what to ask again."""
    return _line(
        {
            "type": "error",
            "status": 503,
            "detail": f"{reason.detail} Resume with the missing ranges (first_game, games).",
            "next_game": missing[0][0],
            "missing": [{"first_game": first, "games": games} for first, games in missing],
        }
    )


@dataclass
class Written:
    """How far a stream of a run got, kept up to date as it is written (for its log line)."""

    games: int = 0
    """Games sent: their lines, or their shard's line (the next one was asked for)."""
    stopped: StopKind | None = None
    """Why the run stopped before its last game, if it did."""

    def log_fields(self) -> dict[str, Any]:
        """The stream's fields of the request's log line: ``games_played``, and ``stopped``
        for a run that stopped early; ``completed`` false when the client went away, which
        ends the stream without a last line (the body itself only sees its end)."""
        fields: dict[str, Any] = {"games_played": self.games}
        if self.stopped is not None:
            fields["stopped"] = self.stopped.value
        if self.stopped is StopKind.GONE:
            fields["completed"] = False
        return fields


def _stream(
    sim: SimulationRequest,
    shards: Shards,
    write: Callable[[Shard], bytes],
    ordered: bool,
    written: Written,
) -> Iterator[bytes]:
    """Each shard written as it comes (or in game order), then the summary line; or, when
    the run stops, an error line naming every game not yet written (none if the client is
    gone). Closing the stream closes the run (what is queued on the cluster is cancelled)."""
    totals = Totals.empty(sim.rules)
    first, end = sim.first_game, sim.first_game + sim.games
    sent: list[GameRange] = []
    try:
        with contextlib.closing(shards):
            for shard in in_order(shards, first) if ordered else shards:
                totals.merge(shard.totals)
                yield write(shard)
                sent.append((shard.first_game, shard.games))
                written.games += shard.games
    except RunStopped as stopped:
        written.stopped = stopped.reason.kind
        if stopped.reason.kind is not StopKind.GONE:
            yield error_line(stopped.reason, missing_ranges(first, end, sent))
        return
    yield _line({"type": "summary", **answer(sim, totals)})


def game_lines(
    sim: SimulationRequest, shards: Shards, written: Written | None = None
) -> Iterator[bytes]:
    """One line per game in index order, then the summary (or an error line)."""
    return _stream(sim, shards, _game_lines, True, written or Written())


def shard_lines(
    sim: SimulationRequest, shards: Shards, written: Written | None = None
) -> Iterator[bytes]:
    """One line per shard as it finishes, then the summary (or an error line)."""
    return _stream(sim, shards, shard_line, False, written or Written())
