"""The library of deals the chance to win is made of: whole deals played by the engine between
the strongest player each mode has at its speed (``expert``; with three or four players it
plays as ``expected``), in shards of a seed.

Nothing the players choose depends on the score, so a game is a run of such deals, each
independent of the others given who deals: the library's deals stand for every deal of a game.
Shard ``s`` of a mode plays the deals of the stream ``seeded(seed).child(m).child(s)`` (``m``
the mode's place in ``MODES``; each deal from its own blocks, as a game's: ``streams``) from
seat ``s mod n`` dealing, so any shard can be played again alone and give the same deals.
"""

from __future__ import annotations

from typing import Final

from scoring_api.rules.stream import seeded

from ..expert.strategy import ExpertStrategy
from ..game import whole_deals
from ..winprob.paths import DealPath, path_of
from ..winprob.tables import MODES, mode_rules

SHARD_DEALS: Final = 500
"""Deals per shard."""


def shard_paths(mode: str, seed: int, shard: int, deals: int = SHARD_DEALS) -> list[DealPath]:
    """Shard ``shard`` of a mode's library."""
    rules = mode_rules(mode)
    players = [ExpertStrategy()] * rules.players
    stream = seeded(seed).child(MODES.index(mode)).child(shard)
    records = whole_deals(players, rules, stream, shard % rules.players, deals)
    return [path_of(record, rules) for record in records]
