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

from collections.abc import Sequence
from typing import Final

from scoring_api.rules.constants import MAX_COUNT
from scoring_api.rules.play_scoring import points_for_last
from scoring_api.rules.seats import next_seat

from .tables import EXPERT_PLAYERS, PlayKey, PlayTable

ME, OTHER = 0, 1
"""The seats of a play-out that values a choice: the player deciding, the other."""
_OTHER: Final = tuple(next_seat(seat, EXPERT_PLAYERS) for seat in range(EXPERT_PLAYERS))
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


def table_value(
    play: PlayTable,
    hand: list[int],
    values: tuple[int, ...],
    room: int,
    other: list[int],
    passed: bool,
) -> int:
    """The value the play table lays (greedy where it is silent); -1 if none fits."""
    fitting = [value for value in hand if value <= room]
    if not fitting:
        return -1
    if fitting[0] != fitting[-1]:
        chosen = play.get((tuple(hand), values, len(other), passed))
        if chosen is not None:
            return chosen
    return greedy_value(fitting, values, room)


def play_out(
    hands: list[list[int]],
    turn: int | None,
    values: tuple[int, ...],
    passed: list[bool],
    last: int,
    points: list[int],
    play: PlayTable | None = None,
) -> None:
    """Play the rest of a play from the state given, adding to ``points`` by seat: both lay
    greedily, or by ``play`` where it has the state.

    ``hands``: each seat's values not yet laid, lowest first (emptied as they are laid);
    ``turn``: who is to act (None: nobody has a tile); ``values``: the current count's
    values in order; ``passed``: who has said go in it; ``last``: who laid its last tile.
    """
    count = sum(values)
    while turn is not None:
        hand = hands[turn]
        other = _OTHER[turn]
        if play is None:
            value = greedy_value(hand, values, MAX_COUNT - count)
        else:
            room = MAX_COUNT - count
            value = table_value(play, hand, values, room, hands[other], passed[other])
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
        values, count, passed = (), 0, [False] * EXPERT_PLAYERS
        after = _OTHER[last]
        turn = after if hands[after] else (last if hands[last] else None)


def play_values(
    key: PlayKey, holdings: Sequence[list[int]], play: PlayTable | None
) -> dict[int, int]:
    """Each value the player may lay in the information state ``key`` (his values, the
    count's values, the other's number of tiles, whether the other has said go): the total
    over ``holdings`` of the other of the rest of the play's points, his minus the other's,
    that tile's own included; both lay greedily after it, or by ``play``. The builder lays
    the best (``build.best_play``); the review of a deal shows them all."""
    mine, values, _, passed = key
    count = sum(values)
    candidates = sorted({v for v in mine if count + v <= MAX_COUNT})
    totals = dict.fromkeys(candidates, 0)
    for his in holdings:
        for value in candidates:
            rest = list(mine)
            rest.remove(value)
            after = (*values, value)
            points = [points_for_last[after], 0]
            if count + value == MAX_COUNT:  # a new count, led by the other if he can
                turn = OTHER if his else (ME if rest else None)
                nobody_passed = [False] * EXPERT_PLAYERS
                play_out([rest, list(his)], turn, (), nobody_passed, ME, points, play)
            else:
                turn = OTHER if his and not passed else (ME if rest else None)
                if turn is None:
                    points[ME] += 1
                else:
                    play_out([rest, list(his)], turn, after, [False, passed], ME, points, play)
            totals[value] += points[ME] - points[OTHER]
    return totals
