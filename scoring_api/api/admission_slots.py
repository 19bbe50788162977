"""Slots on one machine, and what both slot stores share: a holder's record and a refusal.

A pool of work (simulations, expensive answers: ``admission.py``) runs at most ``cap`` at
once and at most ``share`` of them for one client. Each running piece holds a slot labelled
with its ``Holder``: its client, and the time by which its slot is sure (or, for work
without a time budget, expected) to be free. A refusal says why and carries those times of
the slots that matter, so that ``Retry-After`` tells the truth. The rule is ``refuse``;
the shared store (``admission_shared.py``) applies the same rule in its Lua script.

``LocalSlots``: one small file per slot in a directory the gunicorn master makes before it
forks (beside the Prometheus files), and an exclusive ``flock`` on a slot's file while
work holds it. The kernel counts for us across processes and threads (each holder opens
its own file description), and it releases the lock of a worker that dies, even by
SIGKILL: a shared-memory counter would leak the slots of a killed worker, and a per-worker
semaphore of cap/workers would refuse work while another worker sits idle. A holder writes
its record into its slot's file; a look at the slots is made under a lock of the directory,
so no one sees a slot taken but not yet labelled. A try costs a few system calls per slot.
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import os
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

UNKNOWN_RETRY_SECONDS = 2
"""Retry-After when no slot that matters says when it will be free."""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a slot, and until when: a slot's record in either store."""

    client: str
    """The client's address."""
    until: float
    """When (epoch seconds) the slot is sure, or expected, to be free; 0: unknown."""

    def text(self) -> str:
        """The record as both stores keep it: ``client\\nuntil``."""
        return f"{self.client}\n{self.until:.3f}"

    @classmethod
    def parse(cls, text: str) -> Holder:
        """A record read back (a damaged one: nobody's, time unknown)."""
        client, _, until = text.partition("\n")
        try:
            return cls(client, float(until or 0))
        except ValueError:
            return cls(client, 0.0)


class Why(Enum):
    """Why no slot was given."""

    FULL = "full"
    """Every slot of the pool is taken."""
    SHARE = "share"
    """The client holds its share of them."""
    RECOUNTING = "recounting"
    """The shared store lost its slots (a restart) and the holders are telling it again."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """No slot: why, and when each slot that matters (the client's, or all) will be free."""

    why: Why
    """Why not."""
    untils: tuple[float, ...]
    """When each slot that matters is sure or expected to be free (0: unknown)."""

    def retry_after(self) -> int:
        """Whole seconds until the first of them; unknown: ``UNKNOWN_RETRY_SECONDS``."""
        if not self.untils or min(self.untils) <= 0:
            return UNKNOWN_RETRY_SECONDS
        return max(1, math.ceil(min(self.untils) - time.time()))


def refuse(held: list[Holder], client: str, cap: int, share: int) -> Refusal | None:
    """The rule: a refusal when ``held`` fill the cap, or the client's share of it."""
    if len(held) >= cap:
        return Refusal(Why.FULL, tuple(holder.until for holder in held))
    own = tuple(holder.until for holder in held if holder.client == client)
    if share > 0 and len(own) >= share:
        return Refusal(Why.SHARE, own)
    return None


class LocalSlots:
    """A pool's slots on this machine: ``cap`` files under ``directory``, held by flock."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)

    def take(self, cap: int, holder: Holder, share: int) -> int | Refusal:
        """A file descriptor holding one of ``cap`` slots for ``holder``, or why not."""
        guard = os.open(self.directory / "lock", os.O_CREAT | os.O_RDWR, 0o600)
        try:
            fcntl.flock(guard, fcntl.LOCK_EX)
            free: int | None = None
            held: list[Holder] = []
            for slot in range(cap):
                fd = os.open(self.directory / f"slot-{slot}", os.O_CREAT | os.O_RDWR, 0o600)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    held.append(_read(fd))
                    os.close(fd)
                    continue
                if free is None:
                    free = fd
                else:
                    release(fd)
            refusal = refuse(held, holder.client, cap, share)
            if refusal is not None:
                if free is not None:
                    release(free)
                return refusal
            assert free is not None
            label(free, holder)
            return free
        finally:
            os.close(guard)  # and with it the directory's lock

    def held(self, cap: int) -> int:
        """How many of the ``cap`` slots are held now."""
        count = 0
        for slot in range(cap):
            try:
                fd = os.open(self.directory / f"slot-{slot}", os.O_RDWR)
            except FileNotFoundError:  # never taken yet
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                count += 1
            finally:
                os.close(fd)  # (and its lock, when it was free)
        return count


def _read(fd: int) -> Holder:
    with contextlib.suppress(OSError, UnicodeDecodeError):
        return Holder.parse(os.pread(fd, 512, 0).decode())
    return Holder("", 0.0)


def label(fd: int, holder: Holder) -> None:
    """Write (or rewrite) a held slot's record."""
    with contextlib.suppress(OSError):
        os.ftruncate(fd, 0)
        os.pwrite(fd, holder.text().encode(), 0)


def release(fd: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
