"""A deadline for reading a request body, so a client that trickles its body (a byte now and
then) cannot hold a worker thread for long.

gunicorn's socket reads block without a total time limit. One watcher thread per worker
process shuts the read side of a socket whose body is still being read past the deadline;
the blocked read then ends and the request is answered 408. The deadline is the setting
``SCORING_API_BODY_SECONDS`` (``scoring_api.settings``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
import time
from collections.abc import Callable

TICK_SECONDS = 0.25


class Deadlines:
    """Sockets being read, each with its deadline; a daemon thread enforces them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[float, socket.socket]] = {}
        self._late: set[int] = set()
        self._tokens = itertools.count()
        self._pid = 0

    def watch(self, sock: socket.socket, seconds: float) -> _Watch:
        """Within the block, reads of ``sock`` end after ``seconds``; yields "is it late?"."""
        return _Watch(self, sock, seconds)

    def _start(self, sock: socket.socket, seconds: float) -> int:
        token = next(self._tokens)
        with self._lock:
            if self._pid != os.getpid():  # first use in this (forked) worker
                self._pid = os.getpid()
                threading.Thread(target=self._enforce, name="body-deadlines", daemon=True).start()
            self._watched[token] = (time.monotonic() + seconds, sock)
        return token

    def _stop(self, token: int) -> None:
        with self._lock:
            self._watched.pop(token, None)
            self._late.discard(token)

    def _enforce(self) -> None:
        while True:
            time.sleep(TICK_SECONDS)
            now = time.monotonic()
            with self._lock:
                for token, (deadline, sock) in list(self._watched.items()):
                    if deadline <= now:
                        del self._watched[token]
                        self._late.add(token)
                        with contextlib.suppress(OSError):
                            sock.shutdown(socket.SHUT_RD)


DEADLINES = Deadlines()


class _Watch:
    """One body's read under its deadline: a plain context manager (a generator's costs
    more, on every request)."""

    __slots__ = ("_deadlines", "_seconds", "_sock", "_token")

    def __init__(self, deadlines: Deadlines, sock: socket.socket, seconds: float) -> None:
        self._deadlines, self._sock, self._seconds, self._token = deadlines, sock, seconds, -1

    def __enter__(self) -> Callable[[], bool]:
        self._token = self._deadlines._start(self._sock, self._seconds)
        return self._is_late

    def _is_late(self) -> bool:
        return self._token in self._deadlines._late

    def __exit__(self, *_: object) -> None:
        self._deadlines._stop(self._token)
