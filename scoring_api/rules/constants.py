"""The numbers of the game, each named once (docs/rules.md sections 1-4).

Every other module takes its sizes and counts from here, so a rule that changes a number
(three and four players deal five tiles each, say) changes one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MAX_PIPS: Final = 6
"""Pips on one end of a tile: a double-six set."""

MAX_VALUE: Final = 2 * MAX_PIPS
"""The highest tile value (pip total), 6-6's 12."""

TILE_COUNT: Final = (MAX_PIPS + 1) * (MAX_PIPS + 2) // 2
"""Tiles in the set: 28."""

HAND_SIZE: Final = 4
"""Tiles a player holds after laying away, and tiles in the crib."""

PLAYERS: Final = 2
"""Players at the table unless the rules say otherwise (docs/rules.md section 2)."""

MAX_PLAYERS: Final = 4
"""The most players at one table (docs/rules.md section 8)."""


@dataclass(frozen=True, slots=True)
class DealShape:
    """What a deal is made of for a number of players (docs/rules.md section 8.1)."""

    drawn: int
    """Tiles each player draws."""
    laid_away: int
    """Tiles each lays away into the crib."""
    blind: int
    """Tiles the dealer draws unseen, face down, into the crib."""


DEALS: Final[dict[int, DealShape]] = {
    PLAYERS: DealShape(6, 2, 0),
    3: DealShape(5, 1, 1),
    MAX_PLAYERS: DealShape(5, 1, 0),
}
"""``DEALS[players]`` for two, three and four players: every hand then holds ``HAND_SIZE``
tiles, and so does the crib."""

SHOWN: Final = HAND_SIZE + 1
"""Tiles counted in a show: a hand or the crib with the starter."""

FIFTEEN: Final = 15
"""The sum that scores 2, in the play and in the show."""

MAX_COUNT: Final = 31
"""The count of the play may reach this and never pass it."""

MAX_SHOW: Final = 24
"""The most a hand or crib with its starter can score (docs/rules.md section 4)."""
