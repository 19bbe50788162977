"""What each tile a seat could lay was worth: play-outs over the holdings he could not see.

The measure is the expert's (``builders.expert``): the points of the rest of the play, that
tile's own included, for his side minus the others', the mean over ``samples`` deals of the
others' tiles drawn uniformly from what he knew (``playouts.holdings.UNIFORM``; the same deals
for every tile, so the differences are not blurred by the draw). With two players under the
``expert`` model the play-outs lay by the expert's play table, greedily where it is silent,
exactly as the table builder values a state (``playouts.two_player.play_values``); otherwise
every seat lays greedily (``playouts.any_players``).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring_api.rules.seats import leader, next_seat

from ..expert.tables import EXPERT_PLAYERS
from ..playouts.any_players import play_out_seats
from ..playouts.holdings import UNIFORM, Deal
from ..playouts.knowledge import SeatView
from ..playouts.nets import net, seat_nets
from ..playouts.two_player import PlayTable, play_nets, play_out

DIGITS = 4
"""Places a mean is rounded to: far below the play-outs' own error, and short to read."""


def tile_values(view: SeatView, samples: int, table: PlayTable | None) -> dict[int, float]:
    """The mean worth of each value he may lay (every tile of a value is worth the same),
    ``table``: the expert's play table, for two players (None: greedy play-outs)."""
    return worth_of(playout_nets(view, playout_deals(view, samples), table), samples)


def playout_nets(
    view: SeatView, deals: Sequence[list[list[int]]], table: PlayTable | None
) -> dict[int, list[int]]:
    """Each value's net deal by deal over ``deals`` (``playout_deals``), as ``tile_values``
    adds them up: the review of a deal reads its worths and its reasons off the same ones,
    played out once."""
    if table is not None and uses_table(view, table):
        other = next_seat(view.seat, view.players)
        key = (view.hand, view.count_values, view.held[other], view.passed[other])
        return play_nets(key, [hands[other] for hands in deals], table)
    return seat_nets(view, deals)


def worth_of(nets: dict[int, list[int]], samples: int) -> dict[int, float]:
    """``tile_values`` from each value's nets over ``samples`` deals (``playout_nets``)."""
    return {value: round(sum(found) / samples, DIGITS) for value, found in nets.items()}


def go_value(view: SeatView, samples: int, table: PlayTable | None) -> float:
    """The mean worth of the rest of the play to a seat on turn with no tile that fits (he
    says go: the computer's move), on the measure and the deals of ``tile_values``."""
    last = view.last
    assert last is not None, "a seat can always lay on an empty count"
    total = 0
    for hands in playout_deals(view, samples):
        points, passed = [0] * view.players, list(view.passed)
        if table is not None and view.players == EXPERT_PLAYERS:
            play_out(hands, view.seat, view.count_values, passed, last, points, table)
        else:
            play_out_seats(hands, view.seat, view.count_values, passed, last, points)
        total += net(points, view.sides, view.seat)
    return round(total / samples, DIGITS)


def opening_value(view: SeatView, samples: int) -> float:
    """The worth of the whole play to the seat of an ``opening_view`` before its first tile:
    the others hold four of the values he has not seen each, every seat lays greedily. For a
    lay-away model that leaves the play out (``expected``)."""
    players, sides, seat = view.players, view.sides, view.seat
    total = 0
    for hands in playout_deals(view, samples):
        points = [0] * players
        play_out_seats(hands, leader(view.dealer, players), (), [False] * players, None, points)
        total += net(points, sides, seat)
    return round(total / samples, DIGITS)


def playout_deals(view: SeatView, samples: int) -> list[Deal]:
    """The deals ``tile_values`` and ``go_value`` play out for ``view``: the reasons of a
    decision (``reasons``) read their figures off the same ones."""
    return UNIFORM.deals(view, view.stream(), samples)


def uses_table(view: SeatView, table: PlayTable | None) -> bool:
    """Whether ``tile_values`` plays ``view`` out by the play table (two players, expert)."""
    return table is not None and view.players == EXPERT_PLAYERS
