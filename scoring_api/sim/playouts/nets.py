"""The play-outs' measure of a choice: the rest of the play's points, his side's minus the
others' (``net``), each value he may lay played out against each deal drawn (``seat_nets``;
with two players and a play table, ``two_player.play_nets``)."""

from __future__ import annotations

from collections.abc import Sequence

from .any_players import play_out_seats
from .knowledge import SeatView


def net(points: Sequence[int], sides: Sequence[int], seat: int) -> int:
    """Points by seat as ``seat`` counts them: his side's minus every other side's."""
    mine = sides[seat]
    return sum(p if side == mine else -p for p, side in zip(points, sides, strict=True))


def seat_nets(
    view: SeatView, deals: Sequence[list[list[int]]], careful: bool = False
) -> dict[int, list[int]]:
    """Each value he may lay, played out against each deal of every seat's hand (his own
    included): his side's net points deal by deal, every other tile laid greedily or, with
    ``careful``, minding the next seat's reply (``any_players.play_out_seats``)."""
    nets: dict[int, list[int]] = {}
    for value in sorted({tile.value for tile in view.playable}):
        found = []
        for hands in deals:
            points = [0] * view.players
            play_out_seats(
                [list(hand) for hand in hands],
                view.seat,
                view.count_values,
                list(view.passed),
                view.last,
                points,
                first=value,
                careful=careful,
            )
            found.append(net(points, view.sides, view.seat))
        nets[value] = found
    return nets
