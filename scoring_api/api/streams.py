"""A streamed body that says when it ends: sent to its last chunk, or closed before that."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


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
