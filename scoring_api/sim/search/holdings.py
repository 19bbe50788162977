"""The other's tiles as a two-player seat may imagine them: drawn from what he has not seen,
weighted by what the other's lay-away and goes make likely (docs/search.md).

A holding is the values of the other's tiles not yet laid. The other drew six of the tiles
the seat did not draw (the starter aside), kept four by a lay-away model (the expert's: what
a strong player keeps), and has laid some of them since; every go he said put a floor under
what he still holds. ``draw_holding`` deals him six tiles that contain those he laid, lays
away as the model does, and keeps the deal only if the model keeps every tile he laid and
the rest clears his floor: the truth is always such a deal, so the holdings come out as
likely as the model makes them. When ``TRIES`` deals in a row miss (the other may lay away
otherwise than the model), the holding is drawn uniformly from the values that clear the
floor, as the review's play-outs draw them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from scoring_api.rules.tiles import ALL_MASK, tiles_in

from ..layaway import DISCARDS, DrawnValues, Positions
from ..strategies import Seat

TRIES = 30
"""Deals of the other's six tiles tried for one holding before it is drawn uniformly."""
_TWO = DISCARDS[2]

LayAway = Callable[[DrawnValues, bool], Positions]
"""A lay-away model: the positions laid away from six sorted values, by whether the crib is
his own."""


@dataclass(frozen=True, slots=True)
class OtherView:
    """What a two-player seat knows of the other's tiles, as values."""

    laid: tuple[int, ...]
    """The values he has laid this deal."""
    pool: tuple[int, ...]
    """The values of the tiles he may have drawn and not laid: every tile but the seat's six,
    the starter and those he laid (his lay-away is among them)."""
    unseen: tuple[int, ...]
    """The values of the tiles the seat has not seen: what the other holds is among them."""
    held: int
    """How many tiles he still holds."""
    floor: int
    """Every tile he holds is of a higher value (``Seat.above``)."""
    own_crib: bool
    """The crib is his: he deals."""


def other_view(seat: Seat, other: int) -> OtherView:
    """The other's side of the seat's knowledge (two players: the tiles laid that are not the
    seat's own are his)."""
    his_laid = seat.seen & ~seat.drawn & ~seat.starter
    not_his = seat.drawn | seat.starter | his_laid
    return OtherView(
        laid=tuple(tile.value for tile in tiles_in[his_laid]),
        pool=tuple(tile.value for tile in tiles_in[ALL_MASK & ~not_his]),
        unseen=tuple(tile.value for tile in tiles_in[ALL_MASK & ~seat.seen]),
        held=seat.opponent_tiles,
        floor=seat.above[other],
        own_crib=seat.dealer == other,
    )


def _draw(rng: Random, items: list[int], k: int) -> list[int]:
    """``k`` of ``items`` uniformly, by a partial Fisher-Yates shuffle in place
    (``rng.random()`` only, whose sequence Python guarantees)."""
    for i in range(k):
        j = i + int(rng.random() * (len(items) - i))
        items[i], items[j] = items[j], items[i]
    return items[:k]


def _kept_rest(view: OtherView, drawn: DrawnValues, lay_away: LayAway) -> list[int] | None:
    """What he would hold now after drawing ``drawn`` (sorted): the model's four kept values
    less those he laid, or None if the model lays away one he laid or keeps one below his
    floor."""
    kept = [drawn[k] for k in _TWO.kept[lay_away(drawn, view.own_crib)]]
    for value in view.laid:
        if value not in kept:
            return None
        kept.remove(value)
    if kept and kept[0] <= view.floor:
        return None
    return kept


def draw_holding(view: OtherView, rng: Random, lay_away: LayAway) -> list[int]:
    """One holding of the other, lowest value first (see the module's docstring)."""
    fresh = _TWO.drawn - len(view.laid)
    for _ in range(TRIES):
        drawn = tuple(sorted((*view.laid, *_draw(rng, list(view.pool), fresh))))
        kept = _kept_rest(view, drawn, lay_away)
        if kept is not None:
            return kept
    eligible = [value for value in view.unseen if value > view.floor]
    return sorted(_draw(rng, eligible, min(view.held, len(eligible))))
