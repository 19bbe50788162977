"""The rule book's worked plays (docs/rules.md sections 6 and 8.5), as request bodies write
them: shared by the HTTP tests and the recorded answers."""

from __future__ import annotations

from typing import Any

# docs/rules.md section 6, the whole play: N (player 0) leads, D (player 1) deals.
WHOLE_PLAY = [
    {"player": 0, "tile": "3-4"},
    {"player": 1, "tile": "2-6"},
    {"player": 0, "tile": "4-4"},
    {"player": 1, "tile": "1-6"},
    {"player": 0, "go": True},
    {"player": 0, "tile": "0-6"},
    {"player": 1, "tile": "3-3"},
    {"player": 0, "tile": "2-2"},
    {"player": 1, "tile": "4-5"},
]
WHOLE_HANDS = [["3-4", "4-4", "0-6", "2-2"], ["2-6", "1-6", "4-5", "3-3"]]


# docs/rules.md section 8.5: three players, C (seat 2) deals, A (seat 0) leads.
THREE_HANDS = [
    ["3-4", "0-4", "1-3", "2-2"],
    ["2-6", "0-5", "4-6", "2-5"],
    ["3-5", "1-5", "1-4", "4-4"],
]
THREE_LAID = [
    (0, "3-4"), (1, "2-6"), (2, "3-5"), (0, "0-4"), (0, "1-3"), (1, "0-5"),
    (2, "1-5"), (0, "2-2"), (1, "4-6"), (2, "1-4"), (1, "2-5"), (2, "4-4"),
]  # fmt: skip
# Four players, partners N-S (0, 2) against E-W (1, 3); W (3) deals, N leads.
FOUR_HANDS = [
    ["6-6", "4-5", "1-4", "0-1"],
    ["1-2", "5-5", "1-6", "3-4"],
    ["0-3", "0-5", "2-6", "4-4"],
    ["0-4", "2-3", "3-6", "2-5"],
]
FOUR_LAID = [
    (0, "6-6"), (1, "1-2"), (2, "0-3"), (3, "0-4"), (0, "4-5"), (1, "5-5"), (2, "0-5"),
    (3, "2-3"), (0, "1-4"), (0, "0-1"), (1, "1-6"), (2, "2-6"), (3, "3-6"), (1, "3-4"),
    (2, "4-4"), (3, "2-5"),
]  # fmt: skip


def record(laid: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [{"player": seat, "tile": tile} for seat, tile in laid]
