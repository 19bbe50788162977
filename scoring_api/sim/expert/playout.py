"""The two-player play on values alone, fast enough for the table builder's millions of
play-outs (docs/rules.md section 3).

Which tile of a value is laid never changes what the play scores, so a hand here is a list
of values. The rules are the referee's (``scoring_api.rules.referee``): a tile must fit the
count; a player who cannot lay says go; the last to lay in a count scores 1 for the go (or
the last tile of all), none after 31; the next count is led by the seat after the last
layer. ``tests/sim/test_expert.py`` plays random deals both here and through the referee and
checks that every point agrees.
"""

from __future__ import annotations

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import points_for_last
from scoring_api.rules.seats import next_seat

PLAYERS = 2
_OTHER = tuple(next_seat(seat, PLAYERS) for seat in range(PLAYERS))
"""The other seat of each, looked up: the play-out asks on every tile."""


def greedy_value(hand: list[int], values: tuple[int, ...], room: int) -> int:
    """The value the greedy play-out lays: the most points now, the higher value on a tie;
    -1 if no value in ``hand`` fits in ``room``."""
    best, best_points = -1, -1
    for value in hand:
        if value <= room:
            points = points_for_last[(*values, value)]
            if points > best_points or (points == best_points and value > best):
                best, best_points = value, points
    return best


def play_out(
    hands: list[list[int]],
    turn: int | None,
    values: tuple[int, ...],
    passed: list[bool],
    last: int,
    points: list[int],
) -> None:
    """Play the rest of a play greedily from the state given, adding to ``points`` by seat.

    ``hands``: each seat's values not yet laid (emptied as they are laid); ``turn``: who is
    to act (None: nobody has a tile); ``values``: the current count's values in order;
    ``passed``: who has said go in it; ``last``: who laid its last tile.
    """
    count = sum(values)
    while turn is not None:
        hand = hands[turn]
        value = greedy_value(hand, values, MAX_COUNT - count)
        other = _OTHER[turn]
        if value < 0:  # go
            passed[turn] = True
            if not passed[other] and hands[other]:
                turn = other
                continue
            points[last] += 1  # nobody can lay: the go point closes the count
        else:
            hand.remove(value)
            values = (*values, value)
            count += value
            points[turn] += points_for_last[values]
            last = turn
            if count != MAX_COUNT:
                if not passed[other] and hands[other]:
                    turn = other
                    continue
                if hand:  # he goes on alone
                    continue
                points[turn] += 1  # the last tile of the count (or of the play)
        # A new count, led by the seat after the last layer that still holds a tile.
        values, count, passed = (), 0, [False, False]
        after = _OTHER[last]
        turn = after if hands[after] else (last if hands[last] else None)
