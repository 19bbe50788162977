"""The numbers of the game, each named once (docs/rules.md sections 1-4).

Every other module takes its sizes and counts from here, so a rule that changes a number
(three and four players deal five tiles each, say) changes one line.
"""

from __future__ import annotations

MAX_PIPS = 6
"""Pips on one end of a tile: a double-six set."""

MAX_VALUE = 2 * MAX_PIPS
"""The highest tile value (pip total), 6-6's 12."""

TILE_COUNT = (MAX_PIPS + 1) * (MAX_PIPS + 2) // 2
"""Tiles in the set: 28."""

HAND_SIZE = 4
"""Tiles a player holds after laying away, and tiles in the crib."""

DEALT = 6
"""Tiles each of two players draws (docs/rules.md section 2)."""

LAID_AWAY = DEALT - HAND_SIZE
"""Tiles each of two players lays away into the crib."""

PLAYERS = 2
"""Players at the table."""

FIFTEEN = 15
"""The sum that scores 2, in the play and in the show."""

MAX_COUNT = 31
"""The count of the play may reach this and never pass it."""

MAX_SHOW = 24
"""The most a hand or crib with its starter can score (docs/rules.md section 4)."""
