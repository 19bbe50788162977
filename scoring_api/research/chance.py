"""The research package's random numbers: the engine's counter-based streams
(``rules.stream``, Philox4x32-10), each named by an integer seed and a path of small ints
(``Stream.child``), never by hashed text, so a number drawn here is the same in any process,
build (compiled or pure) and Python version.

The paths, from ``seeded(seed)``:

- ``CHANCE, game``: the chance events of game number ``game`` of a seed (the PettingZoo
  environment's ``reset(seed)`` is game 0, or ``options={"game": g}``; the batched
  environment's ``g``-th game started is game ``g``): each event's outcome is
  ``outcomes[stream.below(len(outcomes))]``, in the game's order of events;
- ``STRATEGY, index``: a strategy bot's choices (``index``: the strategy's place in the
  registry);
- ``RESAMPLER, 0``: the numbers an ISMCTS bot hands ``resample_from_infostate``.
"""

from __future__ import annotations

import secrets
from typing import Final

from scoring_api.rules.stream import Stream, seeded
from scoring_api.sim.tensors import play_chance as play_chance  # compiled with the engine

CHANCE: Final = 0
STRATEGY: Final = 1
RESAMPLER: Final = 2


def stream_of(seed: int | None, purpose: int, index: int = 0) -> Stream:
    """The stream of ``purpose`` and ``index`` under ``seed`` (any seed, if None)."""
    if seed is None:
        seed = secrets.randbits(64)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"a seed is an integer, not {seed!r}")
    return seeded(seed).child(purpose).child(index)
