"""The lay-away vocabulary: what a player drew, which tiles he may lay away, and a ranked
option, as every model, strategy and the game name them.

It sits under everything else in the simulator that speaks of a lay-away (the ``expected``
model, the expert's package, the strategies, the game and the advisor's façade) and imports
only the rules core. Everything is by position in the drawn values sorted lowest first: a
strategy answers positions, and equal values make equal figures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from scoring_api.rules.constants import DEALS, SHOWN, TILE_COUNT

DrawnValues = tuple[int, ...]
"""The values of the tiles a player drew (six or five), lowest first."""
KeptValues = tuple[int, ...]
"""The values of the four tiles he keeps, lowest first."""
Positions = tuple[int, ...]
"""Positions in the drawn values: the ones laid away (or kept)."""


@dataclass(frozen=True, slots=True)
class Discards:
    """Every way to lay tiles away from a number of drawn tiles, by position."""

    drawn: int
    """Tiles drawn: six or five."""
    laid_away: int
    """Tiles laid away: two or one."""
    options: tuple[Positions, ...]
    """Each choice of positions laid away, in increasing order (15 of six, 5 of five)."""
    kept: dict[Positions, Positions]
    """The four positions each choice keeps."""
    laid_masks: tuple[int, ...]
    """Each choice as a mask of positions (bit ``i``: position ``i``), in the order of
    ``options``."""
    unseen: int
    """Tiles the player has not seen."""
    unknown: int
    """Tiles of the crib and starter he does not know: the crib's others and the starter."""


def _discards(drawn: int, laid_away: int) -> Discards:
    options = tuple(combinations(range(drawn), laid_away))
    kept = {o: tuple(k for k in range(drawn) if k not in o) for o in options}
    masks = tuple(sum(1 << k for k in o) for o in options)
    return Discards(drawn, laid_away, options, kept, masks, TILE_COUNT - drawn, SHOWN - laid_away)


DISCARDS: Final[dict[int, Discards]] = {
    players: _discards(deal.drawn, deal.laid_away) for players, deal in DEALS.items()
}
"""``DISCARDS[players]``: the lay-away choices of a deal for that many players."""
DISCARDS_BY_DRAWN: Final[dict[int, Discards]] = {
    discards.drawn: discards for discards in DISCARDS.values()
}
"""``DISCARDS_BY_DRAWN[len(values)]``: the same, found from the drawn values alone."""


@dataclass(frozen=True, slots=True)
class RankedOption:
    """One lay-away as a model values it: what both models rank and the advice answers."""

    laid_away: Positions
    """The positions laid away, in the drawn values sorted lowest first."""
    expected_hand: float
    """The kept hand's mean show over the unseen starters (exact, in both models)."""
    expected_crib: float
    """The crib's mean show over the unseen starters and the others' lay-aways: exact with
    their lay-aways random (``expected``), or over the other's real lay-away pattern
    (``expert``)."""
    expected_pegging: float | None
    """The play's expected points minus the other's for the kept values (``expert``); None
    where the model does not count the play (``expected``)."""
    expected_net: float
    """The hand plus the crib when it is the player's side's, minus it when it is another
    side's, plus the pegging where counted: what the ranking is by."""
    min_hand: int
    """The kept hand's worst show over the unseen starters."""
    max_hand: int
    """Its best."""


def ranked(options: Iterable[RankedOption]) -> list[RankedOption]:
    """The options best net first; equal nets keep the order given (by position), so a
    ranking never depends on anything but the figures."""
    return sorted(options, key=lambda option: -option.expected_net)
