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
THREE_CRIB = ["5-6", "0-1", "3-6", "0-6"]
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


# docs/rules.md section 3, a go the deal proves wrong: the three examples and their three- and
# four-player twins. (name, players, dealer, record as (seat, tile or None for a go), the
# index refused, the go it proves wrong, the refusal's message). Seat 0 leads.
WRONG_GOES: list[tuple[str, int, int, list[tuple[int, str | None]], int, int, str]] = [
    # N said go at 23 and 0-2 would have made 25
    (
        "2p: a tile after his listed go",
        2, 1, [(0, "6-6"), (1, "5-6"), (0, None), (0, "0-2")], 3, 2,
        "player 0 said go at 23, but 0-2 would have made 25",
    ),
    (
        "3p: a tile after his listed go",
        3, 2, [(0, "6-6"), (1, "4-6"), (2, "0-1"), (0, None), (0, "0-2")], 4, 3,
        "player 0 said go at 23, but 0-2 would have made 25",
    ),
    (
        "4p: a tile after his listed go",
        4, 3, [(0, "6-6"), (1, "4-6"), (2, "0-1"), (3, "0-0"), (0, None), (0, "0-2")], 5, 4,
        "player 0 said go at 23, but 0-2 would have made 25",
    ),
    # N's second tile in a row means D said go at 20; D's 3-3 would have made 26
    (
        "2p: a tile after his go implied by the order",
        2, 1,
        [(0, "2-4"), (1, "2-2"), (0, "5-5"), (0, "1-1"), (1, "3-3"), (0, "2-5"), (1, "3-6"),
         (1, "0-4")],
        4, 3,
        "player 1 said go at 20 (left out of the record: implied at entry 3), but 3-3 would "
        "have made 26",
    ),
    # C lays after A, so B said go at 21; the count closes at 23, A leads 6-6, B's 3-3 (27)
    (
        "3p: a tile after his go implied by the order",
        3, 2,
        [(0, "2-4"), (1, "2-2"), (2, "5-5"), (0, "0-1"), (2, "1-1"), (0, "6-6"), (1, "3-3")],
        6, 4,
        "player 1 said go at 21 (left out of the record: implied at entry 4), but 3-3 would "
        "have made 27",
    ),
    # S lays after N, so E said go at 21; his 3-3 in the same count would have made 27
    (
        "4p: a tile after his go implied by the order",
        4, 3,
        [(0, "2-4"), (1, "2-2"), (2, "5-5"), (3, "0-1"), (0, "0-0"), (2, "1-1"), (1, "3-3")],
        6, 5,
        "player 1 said go at 21 (left out of the record: implied at entry 5), but 3-3 would "
        "have made 27",
    ),
    # the count closes at 25 (the next tile does not fit) while the layer of 1-4 holds it
    (
        "2p: a tile held when his count closed at 25",
        2, 1, [(0, "6-6"), (1, "5-6"), (0, "0-2"), (1, "4-5"), (0, "1-4")], 4, 3,
        "player 0 said go at 25 (left out of the record: implied at entry 3), but 1-4 would "
        "have made 30",
    ),
    (
        "3p: a tile held when his count closed at 25",
        3, 2, [(0, "6-6"), (1, "5-6"), (2, "0-2"), (0, "4-5"), (1, "1-4")], 4, 3,
        "player 1 said go at 25 (left out of the record: implied at entry 3), but 1-4 would "
        "have made 30",
    ),
    (
        "4p: a tile held when his count closed at 25",
        4, 3, [(0, "6-6"), (1, "5-6"), (2, "0-2"), (3, "4-5"), (0, "1-4")], 4, 3,
        "player 0 said go at 25 (left out of the record: implied at entry 3), but 1-4 would "
        "have made 30",
    ),
]  # fmt: skip


def entries(laid: list[tuple[int, str | None]]) -> list[dict[str, Any]]:
    """A record as a request writes it: tiles, and goes (None)."""
    return [{"player": s, "go": True} if t is None else {"player": s, "tile": t} for s, t in laid]
