"""The core's two error types: one for malformed input, one for illegal plays."""

from __future__ import annotations

from typing import Literal, get_args

ReasonCode = Literal[
    "out_of_turn",
    "count_over_31",
    "tile_repeated",
    "starter_played",
    "too_many_tiles",
    "tile_not_in_hand",
    "go_with_playable_tile",
    "go_proved_wrong",
]
"""Why a play is illegal: a stable code a client may branch on (the spec lists them)."""

REASON_CODES: tuple[ReasonCode, ...] = get_args(ReasonCode)

HintCode = Literal[
    "say_go",
    "wait_for_close",
    "lead_next_count",
    "wait_for_turn",
    "lay_a_tile",
    "choose_another_tile",
    "choose_another_seat",
    "undo_go",
]
"""What a refused player may do instead, beside the ``ReasonCode`` of why (the spec lists
them): ``say_go`` (the tile does not fit: if none does, say go first), ``wait_for_close`` (the
tile can only lead the next count, and this one is still open), ``lead_next_count`` (the tile
leads the next count, laid by another seat: the verdict names him), ``wait_for_turn``,
``lay_a_tile`` (a go refused: a tile still fits), ``choose_another_tile`` and
``choose_another_seat`` (the seat has laid all his tiles), ``undo_go`` (the tile proves one
of his earlier goes wrong: take the record back to that go, ``go_index``)."""

HINT_CODES: tuple[HintCode, ...] = get_args(HintCode)

HINTS: dict[ReasonCode, HintCode] = {
    "out_of_turn": "wait_for_turn",
    "count_over_31": "say_go",
    "tile_repeated": "choose_another_tile",
    "starter_played": "choose_another_tile",
    "too_many_tiles": "choose_another_seat",
    "tile_not_in_hand": "choose_another_tile",
    "go_with_playable_tile": "lay_a_tile",
    "go_proved_wrong": "undo_go",
}
"""The hint of each reason where the referee does not say a more precise one."""


class MalformedInputError(ValueError):
    """Input that does not describe tiles, hands or options at all.

    ``pointer`` is a JSON pointer to the offending field, relative to the request body,
    so the HTTP layer can name it without knowing the core's internals.
    """

    def __init__(
        self, detail: str, pointer: str = "", facts: dict[str, object] | None = None
    ) -> None:
        super().__init__(f"{pointer or '/'}: {detail}")
        self.detail = detail
        """A sentence saying what is wrong and what is expected."""
        self.pointer = pointer
        """JSON pointer of the bad field (``""``: the whole body)."""
        self.facts: dict[str, object] = {} if facts is None else facts
        """What a client needs to say it in its own words, where the core has it: a stable
        ``code`` and the seats or scores the sentence names (seats from 0)."""

    @property
    def errors(self) -> list[tuple[str, str]]:
        """All (pointer, detail) pairs; the core reports the first problem it meets."""
        return [(self.pointer, self.detail)]

    def under(self, prefix: str) -> MalformedInputError:
        """The same error, its field placed under ``prefix`` (a deal of a game's record)."""
        return MalformedInputError(self.detail, prefix + self.pointer, self.facts)


class IllegalPlayError(ValueError):
    """A well-formed play record that breaks the rules of the play."""

    def __init__(
        self,
        code: ReasonCode,
        message: str,
        index: int | None = None,
        hint: HintCode | None = None,
        go_index: int | None = None,
        go_count: int | None = None,
        deal: int | None = None,
    ) -> None:
        super().__init__(message if index is None else f"entry {index}: {message}")
        self.code: ReasonCode = code
        """Why, as a stable reason code."""
        self.message = message
        """Why, as a sentence a player understands."""
        self.hint: HintCode = HINTS[code] if hint is None else hint
        """What the player may do instead, as a stable hint code."""
        self.index = index
        """The first bad entry of the record, once the record reader knows it (the referee
        of the play does not)."""
        self.go_index = go_index
        """For ``go_proved_wrong``, once the record reader knows it: the entry at which the
        go it proves wrong was said, or the first entry that implied it (the record taken
        back to before that entry holds no such go)."""
        self.go_count = go_count
        """For ``go_proved_wrong``: the count that go was said at."""
        self.deal = deal
        """In a game's record, the deal (0 first) whose record holds the entry."""

    def at(self, index: int) -> IllegalPlayError:
        """The same error, placed at entry ``index`` of a record."""
        return IllegalPlayError(
            self.code, self.message, index, self.hint, self.go_index, self.go_count, self.deal
        )

    def in_deal(self, deal: int) -> IllegalPlayError:
        """The same error, placed in deal ``deal`` of a game's record."""
        return IllegalPlayError(
            self.code, self.message, self.index, self.hint, self.go_index, self.go_count, deal
        )
