"""Large bodies one at a time per worker, and their memory handed back afterwards.

A body near the 2 MiB limit becomes 30-50 MB of Python objects while it is parsed and
checked (200,000 small dicts, say). Four threads doing that at once, each in its own malloc
arena, took a worker to 0.6 GB, kept after the clients stopped: the error paths leave
reference cycles that the collector, tuned to run rarely (gunicorn.conf.py), kept for long.
So a worker handles one large body at a time (small requests are not held up), and after
each it collects cycles and asks glibc to return free memory to the system
(``malloc_trim``): about 10 ms, next to the 50-100 ms such a body costs anyway.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import threading
from collections.abc import Callable

from flask import Response, after_this_request

LARGE_BODY_BYTES = 256 * 1024
_gate = threading.BoundedSemaphore(1)


def _malloc_trim() -> Callable[[], None]:
    with contextlib.suppress(OSError, AttributeError, TypeError):
        trim = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim

        def call() -> None:
            trim(0)

        return call
    return lambda: None  # not glibc


_trim = _malloc_trim()


def hold_for(raw: bytes) -> None:
    """Within a request: wait for this worker's large-body turn, until the view is done."""
    if len(raw) <= LARGE_BODY_BYTES:
        return
    _gate.acquire()

    @after_this_request
    def _done(response: Response) -> Response:
        try:
            # Error paths leave cycles (exceptions, their tracebacks, the frames holding the
            # parsed body); gunicorn.conf.py makes the collector run rarely, so run it now.
            gc.collect()
            _trim()
        finally:
            _gate.release()
        return response
