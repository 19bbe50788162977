"""A streamed body that says when it ends: sent to its last chunk, or closed before that;
and what its endpoint knows of how it ended, for the request's log line."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

_ENDING_KEY = "scoring_api.stream_ending"


def report_ending(environ: dict[str, Any], ending: Callable[[], dict[str, Any]]) -> None:
    """``ending()``'s fields go into the stream's log line when it ends (``"completed":
    False`` among them overrides the body's: a stream may end early without being closed)."""
    environ[_ENDING_KEY] = ending


def ending_of(environ: dict[str, Any]) -> dict[str, Any]:
    """The fields the endpoint reported for its stream's log line (none if it did not)."""
    ending: Callable[[], dict[str, Any]] | None = environ.get(_ENDING_KEY)
    return ending() if ending is not None else {}


class Watched:
    """Iterates a response body and calls ``on_end(completed, bytes_sent)`` exactly once.

    ``completed`` is true when the last chunk was sent, false when the body was closed first
    (the client went away, the server stopped). Closing closes the body it wraps, so a
    generator's ``finally`` and a file's close still run, whether it was started or not.
    """

    def __init__(self, chunks: Iterable[Any], on_end: Callable[[bool, int], None]) -> None:
        self._chunks = chunks
        self._iterator = iter(chunks)
        self._on_end: Callable[[bool, int], None] | None = on_end
        self.sent = 0

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
        on_end, self._on_end = self._on_end, None
        if on_end is not None:
            on_end(completed, self.sent)
