"""An answer's body that says when it is written: sent to its last byte, or closed before
that; how long its client may take to read it; and what a stream's endpoint knows of how it
ended, for the request's log line.

gunicorn writes a body from its request thread and closes it afterwards (the WSGI
iterable's ``close``), whether the client took every byte or not: only then is the work of
a request over, for the slot it holds and its log line. A whole answer (JSON) is handed to
gunicorn in pieces, so that a client that stops reading is cut off after
``SCORING_API_SEND_SECONDS`` without progress (``limit_sending``), not after that time for
the whole answer.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Response

_ENDING_KEY = "scoring_api.stream_ending"
PIECE = 64 * 1024
"""The bytes of a whole answer gunicorn writes at a time."""
SEND_BUFFER = 256 * 1024
"""The kernel's send buffer for an answer whose reader is limited: 2.5 MB/s at a 100 ms
round trip (the kernel's default grows to megabytes, which a client that never reads
would hold, and which would take a stream minutes of games to fill)."""

OnEnd = Callable[[bool, int], None]
"""Called once when a body ends: whether its last byte was sent, and how many were."""


def report_ending(environ: dict[str, Any], ending: Callable[[], dict[str, Any]]) -> None:
    """``ending()``'s fields go into the stream's log line when it ends (``"completed":
    False`` among them overrides the body's: a stream may end early without being closed)."""
    environ[_ENDING_KEY] = ending


def ending_of(environ: dict[str, Any]) -> dict[str, Any]:
    """The fields the endpoint reported for its stream's log line (none if it did not)."""
    ending: Callable[[], dict[str, Any]] | None = environ.get(_ENDING_KEY)
    return ending() if ending is not None else {}


class Watched:
    """Iterates a response body and calls each ``on_end(completed, bytes_sent)`` exactly once.

    ``completed`` is true when the last chunk was sent, false when the body was closed first
    (the client went away or stopped reading, the server stopped). Closing closes the body
    it wraps, so a generator's ``finally`` and a file's close still run, whether it was
    started or not. ``whole``: the body is a whole answer, handed over in pieces, not a
    stream.
    """

    def __init__(self, chunks: Iterable[Any], on_end: OnEnd, whole: bool = False) -> None:
        self._chunks = chunks
        self._iterator = iter(chunks)
        self._on_end: list[OnEnd] = [on_end]
        self.whole = whole
        self.sent = 0

    def also(self, on_end: OnEnd) -> None:
        """One more ``on_end``, called after the others."""
        self._on_end.append(on_end)

    def __iter__(self) -> Watched:
        return self

    def __next__(self) -> Any:
        try:
            chunk = next(self._iterator)
        except StopIteration:
            self._end(True)
            raise
        self.sent += len(chunk)
        return chunk

    def close(self) -> None:
        try:
            close = getattr(self._chunks, "close", None)
            if close is not None:
                close()
        finally:
            self._end(False)

    def _end(self, completed: bool) -> None:
        on_end, self._on_end = self._on_end, []
        for call in on_end:
            call(completed, self.sent)


def _pieces(data: bytes) -> Iterator[bytes]:
    for start in range(0, len(data), PIECE):
        yield data[start : start + PIECE]


def when_written(response: Response, environ: dict[str, Any], on_end: OnEnd) -> Response:
    """Call ``on_end`` once ``response`` is written or cut off: a stream when it ends or is
    closed, a whole answer once gunicorn has written its last piece (or given up). Without
    a socket to write to (Flask's test client), a whole answer is written once made."""
    body = response.response
    if isinstance(body, Watched):
        body.also(on_end)
    elif response.is_streamed:
        response.response = Watched(body, on_end)
    elif isinstance(environ.get("gunicorn.socket"), socket.socket):
        response.response = Watched(_pieces(response.get_data()), on_end, whole=True)
    else:
        on_end(True, response.content_length or 0)
    return response


def limit_sending(environ: dict[str, Any], seconds: float) -> None:
    """Under gunicorn: a client that takes none of this answer's bytes for ``seconds`` (0:
    no limit) is cut off (the blocked write fails, the body is closed), with a send buffer
    of ``SEND_BUFFER``."""
    sock = environ.get("gunicorn.socket")
    if isinstance(sock, socket.socket) and seconds > 0:
        sock.settimeout(seconds)
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
