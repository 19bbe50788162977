"""How a seat of a play-out lays a value: the greedy and the careful choice, and the one step
of laying it that both play-outs (``two_player``, ``any_players``) take.

A hand is a list of values, lowest first: which tile of a value is laid never changes what the
play scores (docs/rules.md section 3). The count's values are one int (``CountCode``, four bits
a value, the last lowest), so a value's points are worked out on machine ints
(``points_of_code``), with no tuple made per tile.
"""

from __future__ import annotations

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import CountCode, points_of_code, with_value


def lay_value(
    hand: list[int], value: int, code: CountCode, count: int, points: list[int], seat: int
) -> CountCode:
    """``seat`` lays ``value`` from ``hand`` on the count (its values ``code``, its total
    ``count`` before the value): his points are added to ``points``; the count's code after
    it is returned (its total is ``count + value``)."""
    for i in range(len(hand)):  # hand.remove(value), compared as machine ints
        if hand[i] == value:
            del hand[i]
            break
    code = with_value(code, value)
    points[seat] = points[seat] + points_of_code(code, count + value)
    return code


def hand_code(hand: list[int]) -> CountCode:
    """``values_code(hand)`` for a hand's list, read in place (``values_code`` takes any
    iterable, which the compiled engine walks generically: a play-out asks on every tile)."""
    code = 0
    for i in range(len(hand)):
        code = with_value(code, hand[i])
    return code


def greedy_of_code(hand: list[int], code: CountCode, room: int) -> int:
    """The value the greedy play-out lays on the count ``code``: the most points now, the
    higher value on a tie; -1 if no value in ``hand`` fits in ``room``."""
    best, best_points = -1, -1
    count = MAX_COUNT - room
    for value in hand:
        if value <= room:
            points = points_of_code(with_value(code, value), count + value)
            if points > best_points or (points == best_points and value > best):
                best, best_points = value, points
    return best


def careful_of_code(hand: list[int], code: CountCode, room: int, replies: list[int]) -> int:
    """The value the careful play-out lays on the count ``code``: the most points now less
    the most that a value of ``replies`` (the next seat's hand; empty if nobody else may lay)
    scores on it, the higher value on a tie; -1 if no value in ``hand`` fits in ``room``. A
    greedy seat gives away fifteens and pairs that a seat minding the reply would not."""
    best, best_net = -1, 0
    count = MAX_COUNT - room
    for value in hand:
        if value <= room:
            after, then = with_value(code, value), count + value
            most = 0
            if value < room:  # nobody replies to 31
                for reply in replies:
                    if reply <= room - value:
                        points = points_of_code(with_value(after, reply), then + reply)
                        if points > most:
                            most = points
            net = points_of_code(after, then) - most
            if best < 0 or net > best_net or (net == best_net and value > best):
                best, best_net = value, net
    return best
