"""The core's two error types: one for malformed input, one for illegal plays."""

from __future__ import annotations

REASON_CODES: tuple[str, ...] = (
    "out_of_turn",
    "count_over_31",
    "tile_repeated",
    "starter_played",
    "too_many_tiles",
    "played_after_go",
    "tile_not_in_hand",
    "go_with_playable_tile",
)


class MalformedInputError(ValueError):
    """Input that does not describe tiles, hands or options at all.

    ``pointer`` is a JSON pointer to the offending field, relative to the request body,
    so the HTTP layer can name it without knowing the core's internals.
    """

    def __init__(self, detail: str, pointer: str = "") -> None:
        super().__init__(f"{pointer or '/'}: {detail}")
        self.detail = detail
        self.pointer = pointer

    @property
    def errors(self) -> list[tuple[str, str]]:
        """All (pointer, detail) pairs; the core reports the first problem it meets."""
        return [(self.pointer, self.detail)]


class IllegalPlayError(ValueError):
    """A well-formed play record that breaks the rules of the play.

    ``code`` is one of ``REASON_CODES``; ``index`` is the first bad entry of the record, once
    the record reader knows it (the referee of the play does not).
    """

    def __init__(self, code: str, message: str, index: int | None = None) -> None:
        assert code in REASON_CODES, code
        super().__init__(message if index is None else f"entry {index}: {message}")
        self.code = code
        self.message = message
        self.index = index

    def at(self, index: int) -> IllegalPlayError:
        return IllegalPlayError(self.code, self.message, index)
