"""The play-outs' measure of a choice: the rest of the play's points, his side's minus the
others' (``net``), each value he may lay played out against each deal drawn (``seat_nets``;
with two players and a play table, ``two_player.play_nets``)."""

from __future__ import annotations

from collections.abc import Sequence

from .any_players import play_out_seats
from .knowledge import SeatView


def net(points: list[int], sides: tuple[int, ...], seat: int) -> int:
    """Points by seat as ``seat`` counts them: his side's minus every other side's. A loop
    over the list and tuple it is typed with, which the compiled engine indexes in place (a
    generator over ``zip`` was a generic call per seat, on every play-out)."""
    if len(points) != len(sides):
        raise ValueError(f"{len(points)} seats' points for {len(sides)} seats")
    mine = sides[seat]
    total = 0
    for other in range(len(points)):
        total += points[other] if sides[other] == mine else -points[other]
    return total


def seat_nets(
    view: SeatView, deals: Sequence[list[list[int]]], careful: bool = False
) -> dict[int, list[int]]:
    """Each value he may lay, played out against each deal of every seat's hand (his own
    included): his side's net points deal by deal, every other tile laid greedily or, with
    ``careful``, minding the next seat's reply (``any_players.play_out_seats``)."""
    nets: dict[int, list[int]] = {}
    players, seat, sides = view.players, view.seat, view.sides
    count_values, passed, last = view.count_values, view.passed, view.last
    for value in sorted({tile.value for tile in view.playable}):
        found = []
        for hands in deals:
            points = [0] * players
            play_out_seats(
                [list(hand) for hand in hands],
                seat,
                count_values,
                list(passed),
                last,
                points,
                first=value,
                careful=careful,
            )
            found.append(net(points, sides, seat))
        nets[value] = found
    return nets
