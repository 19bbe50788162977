"""A deadline for reading a request body, so a client that trickles its body (a byte now and
then) cannot hold a worker thread for long.

gunicorn's socket reads block without a total time limit. One watcher thread per worker
process shuts the read side of a socket whose body is still being read past the deadline;
the blocked read then ends and the request is answered 408. The deadline comes from app
config ``BODY_SECONDS``, else ``SCORING_API_BODY_SECONDS`` (default 10; 0 = none).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator

from flask import current_app

BODY_SECONDS_SETTING = ("BODY_SECONDS", "SCORING_API_BODY_SECONDS", 10.0)
TICK_SECONDS = 0.25


def body_seconds() -> float:
    key, env, default = BODY_SECONDS_SETTING
    configured = current_app.config.get(key)
    return float(configured if configured is not None else os.environ.get(env, default))


class Deadlines:
    """Sockets being read, each with its deadline; a daemon thread enforces them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[float, socket.socket]] = {}
        self._late: set[int] = set()
        self._tokens = itertools.count()
        self._pid = 0

    @contextlib.contextmanager
    def watch(self, sock: socket.socket, seconds: float) -> Iterator[Callable[[], bool]]:
        """Within the block, reads of ``sock`` end after ``seconds``; yields "is it late?"."""
        token = next(self._tokens)
        with self._lock:
            if self._pid != os.getpid():  # first use in this (forked) worker
                self._pid = os.getpid()
                threading.Thread(target=self._enforce, name="body-deadlines", daemon=True).start()
            self._watched[token] = (time.monotonic() + seconds, sock)
        try:
            yield lambda: token in self._late
        finally:
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
