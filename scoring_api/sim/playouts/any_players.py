"""The play on values for any number of seats (docs/rules.md section 8.2), every seat laying
greedily (the review's play-outs) or carefully (the search's with three and four players).

A hand is a list of values (``laying``). Turns go clockwise to the next seat that holds
tiles and has not said go in the count; a seat on turn with nothing that fits says go; the
count closes when nobody can lay (the last layer scores 1, the last tile of all too, none
after 31) and the next count is led by the first seat after the last layer that still holds
a tile. ``tests/sim/test_playouts.py`` plays random deals here and through the referee and
checks that every point agrees.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import values_code
from scoring_api.rules.seats import turn_orders

from .laying import careful_of_code, greedy_of_code, lay_value


def _next_active(
    order: Sequence[int], hands: Sequence[list[int]], passed: Sequence[bool]
) -> int | None:
    """The first seat of ``order`` that holds a tile and has not said go."""
    for seat in order:
        if hands[seat] and not passed[seat]:
            return seat
    return None


def play_out_seats(
    hands: list[list[int]],
    turn: int | None,
    count_values: tuple[int, ...],
    passed: list[bool],
    last: int | None,
    points: list[int],
    first: int | None = None,
    careful: bool = False,
) -> None:
    """Play the rest of a play from the state given, adding to ``points`` by seat.

    ``hands``: each seat's values not yet laid (emptied as they are laid); ``turn``: the seat
    to act (None: nobody holds a tile); ``count_values``: the current count's values in order;
    ``passed``: who has said go in it; ``last``: who laid its last tile (None before its
    first); ``first``: the value the seat on turn lays now (it must fit). Every other tile is
    the greedy one (``laying.greedy_of_code``), or with ``careful`` the careful one
    (``laying.careful_of_code``, minding the next seat's reply).
    """
    orders = turn_orders(len(hands))
    code, count = values_code(count_values), sum(count_values)
    while turn is not None:
        hand = hands[turn]
        if first is not None:
            value, first = first, None
        elif careful:
            replier = _next_active(orders[turn], hands, passed)
            replies = hands[replier] if replier is not None and replier != turn else []
            value = careful_of_code(hand, code, MAX_COUNT - count, replies)
        else:
            value = greedy_of_code(hand, code, MAX_COUNT - count)
        if value < 0:
            passed[turn] = True
        else:
            code = lay_value(hand, value, code, count, points, turn)
            count += value
            last = turn
        if count == MAX_COUNT:  # 31 scored its 2 with the tile: a new count at once
            after: int | None = None
        else:
            after = _next_active(orders[turn], hands, passed)
            if after is None:  # nobody can lay: the go point closes the count
                assert last is not None
                points[last] = points[last] + 1
        if after is None:
            assert last is not None
            code, count, passed = 0, 0, [False] * len(hands)
            after = _next_active(orders[last], hands, passed)
        turn = after
