# Copyright 2026 The domino-cribbage scoring API authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

# Lint as python3
"""Domino cribbage, implemented in Python (``python_domino_cribbage``).

Cribbage played with a double-six domino set: each tile scores its pip total (0..12) for
fifteens, pairs, runs and the count to 31. Two, three or four players, or partnerships; to
61 or 121. Rules: https://github.com/ (the scoring API's docs/rules.md).

The game, its observers, its ``resample_from_infostate`` and a small member solved exactly
(``python_domino_cribbage_play``) are the scoring API's rules core, one package on PyPI
(``pip install 'scoring-api[research]'``): this module registers both games with pyspiel
when imported, like OpenSpiel's other Python games, so that the rules live in one place (the
same code referees the service's games, checked against an independent implementation).

Parameters of ``python_domino_cribbage``: ``players`` (2, 3, 4), ``partners`` (4 players),
``target`` (61, 121; 0: the rule book's), ``starter_double_points``,
``double_blank_in_fifteens``, ``muggins``, ``first_dealer`` (-1: a chance event) and
``utility`` (``win`` or ``margin``). Actions: 0..27 lay that tile, 28 go, 29..56 lay tile
``a - 29`` away into the crib. Chance: the first dealer, each tile drawn, the starter.
"""

from scoring_api.research.openspiel_game import DominoCribbageGame  # registers the game
from scoring_api.research.openspiel_game import DominoCribbageState
from scoring_api.research.small_game import SmallPlayGame  # registers the small member

__all__ = ["DominoCribbageGame", "DominoCribbageState", "SmallPlayGame"]
