"""The expert's tables and their vocabulary: built offline (``builders.expert``), shipped in
the package, loaded once.

The foot of the expert's package: the model and the strategy import it, and it imports nothing
of theirs (the play's vocabulary, ``PlayKey``, is the play-outs', ``playouts.two_player``).
``tables.json.gz`` beside this module is ``ExpertTables.as_json()`` as the builders write it
(``builders.files``): the same seed builds the same bytes.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal

from scoring_api.rules.constants import PLAYERS

from ..layaway import DISCARDS, DrawnValues, KeptValues, Positions
from ..playouts.two_player import PlayKey, PlayTable, Values

EXPERT_PLAYERS: Final = PLAYERS
"""The players the expert is for: every table here is of the rule book's two-player deals."""
EXPERT_DISCARDS: Final = DISCARDS[EXPERT_PLAYERS]
"""The lay-away choices of those deals: two of six."""
FORMAT = "domino-cribbage-expert-tables/1"
# The package's folder as the import system has it: a compiled module's ``__file__`` names
# the compiled file, which need not lie beside the tables.
_FOLDER: Final = Path(str(resources.files("scoring_api.sim.expert")))
TABLES_PATH = _FOLDER / "tables.json.gz"

Role = Literal["non_dealer", "dealer"]
"""A seat in a two-player deal, as the game names it."""
ROLE_KEYS: dict[Role, str] = {"non_dealer": "pone", "dealer": "dealer"}
"""Each role as the file's keys spell it (``FORMAT`` fixed them, "pone" being cribbage's
word for the non-dealer)."""
_ROLE_OF_KEY: Final[dict[str, Role]] = {key: role for role, key in ROLE_KEYS.items()}

Pair = tuple[int, int]
"""Two values laid away, lowest first."""
Pattern = Mapping[Pair, float]
"""How likely a player is to lay away each pair of values, over every hand he may draw."""


def role(dealer: bool) -> Role:
    """The role of a two-player seat in a deal; the dealer's crib is his own."""
    return "dealer" if dealer else "non_dealer"


def join_values(values: Sequence[int]) -> str:
    """Values as text, comma-separated: ``(1, 2, 3)`` is ``"1,2,3"``."""
    return ",".join(map(str, values))


def split_values(text: str) -> Values:
    """The values ``join_values`` wrote."""
    return tuple(map(int, text.split(","))) if text else ()


def _pair(text: str) -> Pair:
    first, second = split_values(text)
    return first, second


def format_key(key: PlayKey) -> str:
    """An information state as one line of text, as a message names it."""
    mine, values, held, passed = key
    return f"{join_values(mine)}|{join_values(values)}|{held}|{int(passed)}"


@dataclass(frozen=True, slots=True)
class ExpertTables:
    """Everything the expert looks up instead of working it out during a game."""

    format: str
    """``FORMAT``: what a reader of the file expects."""
    build: Mapping[str, int]
    """How the tables were built: seed, games, samples, peg_deals (``build.main``)."""
    patterns: Mapping[Role, Pattern]
    """Each role's lay-away pattern: how often each pair of values goes into the crib."""
    pegging: Mapping[Role, Mapping[KeptValues, float]]
    """The play's mean points minus the other's, by role and four kept values."""
    discards: Mapping[Role, Mapping[DrawnValues, int]]
    """The expert's lay-away by role and six drawn values: an index in
    ``EXPERT_DISCARDS.options`` (``discard`` turns it into positions)."""
    play: PlayTable
    """The value to lay in each information state met in self-play with a choice of values."""

    def discard(self, values: DrawnValues, dealer: bool) -> Positions:
        """The positions the expert lays away from six sorted values."""
        return EXPERT_DISCARDS.options[self.discards[role(dealer)][values]]

    def as_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "build": dict(self.build),
            "patterns": {
                ROLE_KEYS[r]: {join_values(pair): round(p, 9) for pair, p in pattern.items()}
                for r, pattern in self.patterns.items()
            },
            "pegging": {
                ROLE_KEYS[r]: {join_values(kept): value for kept, value in values.items()}
                for r, values in self.pegging.items()
            },
            "discards": {
                ROLE_KEYS[r]: {join_values(values): index for values, index in by_hand.items()}
                for r, by_hand in self.discards.items()
            },
            "play": play_json(self.play)["play"],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExpertTables:
        """The tables from ``as_json()`` (``read_tables`` checks the format first)."""
        return cls(
            data["format"],
            data["build"],
            {
                _ROLE_OF_KEY[r]: {_pair(k): p for k, p in v.items()}
                for r, v in data["patterns"].items()
            },
            {
                _ROLE_OF_KEY[r]: {split_values(k): p for k, p in v.items()}
                for r, v in data["pegging"].items()
            },
            {
                _ROLE_OF_KEY[r]: {split_values(k): i for k, i in v.items()}
                for r, v in data["discards"].items()
            },
            _play(data["play"]),
        )


def play_json(play: PlayTable) -> dict[str, object]:
    """A play table as JSON: a row per state, [mine, values, held, passed, value], in the
    states' order (not the table's insertion order: the same table, the same bytes)."""
    rows = [
        [list(mine), list(values), held, int(passed), value]
        for (mine, values, held, passed), value in sorted(play.items())
    ]
    return {"format": FORMAT, "play": rows}


def _play(rows: Sequence[Sequence[Any]]) -> dict[PlayKey, int]:
    return {
        (tuple(mine), tuple(values), held, passed == 1): value
        for mine, values, held, passed, value in rows
    }


def _read_json_gz(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rb") as data:
        found: dict[str, Any] = json.load(data)
    if found.get("format") != FORMAT:
        raise ValueError(f"{path}: format {found.get('format')!r}, expected {FORMAT}")
    return found


def read_tables(path: Path) -> ExpertTables:
    return ExpertTables.from_json(_read_json_gz(path))


def read_play(path: Path) -> dict[PlayKey, int]:
    """A play table written with ``play_json`` (the builder's rollout file)."""
    return _play(_read_json_gz(path)["play"])


@cache
def shipped_tables() -> ExpertTables:
    """The package's tables, read once per process."""
    return read_tables(TABLES_PATH)
