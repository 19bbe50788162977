"""What each tile a seat could lay was worth: play-outs over the holdings he could not see.

The measure is the expert's (``expert.build``): the points of the rest of the play, that
tile's own included, for his side minus the others', the mean over ``samples`` deals of the
others' tiles drawn from what he knew (``views.draw_holdings``; the same deals for every tile,
so the differences are not blurred by the draw). With two players under the ``expert`` model
the play-outs lay by the expert's play table, greedily where it is silent, exactly as the
table builder values a state (``expert.playout.play_values``); otherwise every seat lays
greedily (``seatplay``).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from scoring_api.rules.seats import leader, next_seat

from ..expert.playout import play_values
from ..expert.tables import EXPERT_PLAYERS, PlayTable
from .seatplay import play_out_seats
from .views import NO_GO, PlayView, draw_holdings

DIGITS = 4
"""Places a mean is rounded to: far below the play-outs' own error, and short to read."""


def net(points: Sequence[int], sides: Sequence[int], seat: int) -> int:
    """Points by seat as ``seat`` counts them: his side's minus every other side's."""
    mine = sides[seat]
    return sum(p if side == mine else -p for p, side in zip(points, sides, strict=True))


def tile_values(view: PlayView, samples: int, table: PlayTable | None) -> dict[int, float]:
    """The mean worth of each value he may lay (every tile of a value is worth the same),
    ``table``: the expert's play table, for two players (None: greedy play-outs)."""
    rng = Random(view.seed)
    deals = [draw_holdings(view, rng) for _ in range(samples)]
    seat = view.seat
    if table is not None and view.players == EXPERT_PLAYERS:
        other = next_seat(seat, EXPERT_PLAYERS)
        key = (view.hand, view.values, view.held[other], view.passed[other])
        totals = play_values(key, [hands[other] for hands in deals], table)
    else:
        totals = {value: sum(found) for value, found in seat_nets(view, deals).items()}
    return {value: round(total / samples, DIGITS) for value, total in totals.items()}


def seat_nets(
    view: PlayView, deals: Sequence[Sequence[Sequence[int]]], careful: bool = False
) -> dict[int, list[int]]:
    """Each value he may lay, played out against each deal of every seat's hand (his own
    included): his side's net points deal by deal, every other tile laid greedily or, with
    ``careful``, minding the next seat's reply (``seatplay.careful_value``)."""
    nets: dict[int, list[int]] = {}
    for value in sorted({tile.value for tile in view.playable}):
        found = []
        for hands in deals:
            points = [0] * view.players
            play_out_seats(
                [list(hand) for hand in hands],
                view.seat,
                view.values,
                list(view.passed),
                view.last,
                points,
                first=value,
                careful=careful,
            )
            found.append(net(points, view.sides, view.seat))
        nets[value] = found
    return nets


def opening_value(
    kept: Sequence[int],
    seat: int,
    dealer: int,
    sides: tuple[int, ...],
    unseen: tuple[int, ...],
    samples: int,
    seed: str,
) -> float:
    """The worth of the whole play to ``seat`` before its first tile, holding ``kept``
    values: the others hold four of the ``unseen`` values each, every seat lays greedily.
    For a lay-away model that leaves the play out (``expected``)."""
    players = len(sides)
    view = PlayView(
        seat=seat,
        sides=sides,
        hand=tuple(sorted(kept)),
        playable=(),
        values=(),
        passed=(False,) * players,
        last=None,
        held=(len(kept),) * players,
        above=(NO_GO,) * players,
        unseen=unseen,
        seed=seed,
    )
    rng = Random(seed)
    total = 0
    for _ in range(samples):
        points = [0] * players
        hands = draw_holdings(view, rng)
        play_out_seats(hands, leader(dealer, players), (), [False] * players, None, points)
        total += net(points, sides, seat)
    return round(total / samples, DIGITS)
