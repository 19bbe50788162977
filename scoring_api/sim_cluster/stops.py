"""How a run of shards ends before its last game: a typed reason, and what is missing.

``RunStopped`` carries the reason (``StopKind`` and a sentence), the game ranges not played
(each may be asked for again) and how many were; every writer of an answer and the command
line read it. ``Stop`` is what a run asks between shards (and games) whether to stop now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from scoring_api.sim.runs import SimulationRequest

GameRange = tuple[int, int]
"""Games ``first_game`` .. ``first_game + games - 1`` of a run, as (first_game, games)."""


class StopKind(Enum):
    """Why a run ends before its last game."""

    GONE = "gone"
    """The client went away: there is nobody to tell."""
    TIME_BUDGET = "time budget"
    """The request's time budget ran out."""
    FAILED = "failed"
    """A shard failed for good, or the cluster's scheduler was lost."""
    OTHER_CODE = "other code"
    """A worker runs other code than this server: its games could differ."""
    UNREACHABLE = "unreachable"
    """The cluster's scheduler cannot be reached: nothing was played."""
    STOPPING = "stopping"
    """This server is stopping (its worker exits): the cluster is fine, ask another."""


@dataclass(frozen=True, slots=True)
class StopReason:
    """A run's reason to stop now: its kind, and a sentence for people."""

    kind: StopKind
    """What happened."""
    detail: str
    """What happened, in words (the answer's detail, ahead of what to do about it)."""


OUT_OF_TIME = StopReason(StopKind.TIME_BUDGET, "The run's time budget ran out.")
"""Its shards stopped at the run's deadline before the server's own look said so."""
SERVER_STOPPING = StopReason(
    StopKind.STOPPING,
    "This server is stopping (its worker exits); the simulation cluster is fine: ask again, "
    "here once it is back or on another server.",
)


@dataclass
class RunStopped(Exception):  # noqa: N818 - the run's end, not a fault of the code
    """The run ended before its last game."""

    reason: StopReason
    """Why."""
    missing: list[GameRange]
    """The game ranges not played, in order: each one may be asked for again."""
    played: int
    """Games played (and yielded) before it stopped."""

    def __str__(self) -> str:
        return self.reason.detail


Stop = Callable[[], StopReason | None]
"""Asked between shards (inline, between games too): a reason to stop now, or None."""


def missing_ranges(first: int, end: int, done: list[GameRange]) -> list[GameRange]:
    """The (first_game, games) ranges of ``[first, end)`` not covered by ``done``."""
    gaps = []
    at = first
    for start, games in sorted(done):
        if start > at:
            gaps.append((at, start - at))
        at = max(at, start + games)
    if at < end:
        gaps.append((at, end - at))
    return gaps


def unreachable(sim: SimulationRequest, detail: str) -> RunStopped:
    """The run stopped before its first game: the cluster could not be asked."""
    return RunStopped(
        StopReason(StopKind.UNREACHABLE, detail), [(sim.first_game, sim.games)], played=0
    )
