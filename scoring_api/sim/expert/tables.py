"""The expert's tables: built offline (``build``), shipped in the package, loaded once.

``tables.json.gz`` beside this module is ``ExpertTables.as_json()`` as sorted, compact JSON,
gzipped without a timestamp: the same seed builds the same bytes.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from scoring_api.rules.options import RuleOptions
from scoring_api.rules.seats import next_seat

from ..strategies import Seat
from . import model
from .playout import PLAYERS

FORMAT = "domino-cribbage-expert-tables/1"
TABLES_PATH = Path(__file__).with_name("tables.json.gz")
ROLLOUT_PATH = Path(__file__).with_name("rollout.json.gz")
"""The play table the last round of the build laid by in its play-outs: only the builder and
the tests read it (to rebuild entries of the play table), never a game."""
Values = tuple[int, ...]
PlayKey = tuple[Values, Values, int, bool]
"""An information state of the play: his values not yet laid (lowest first), the current
count's values in order, how many tiles the other holds, and whether he has said go."""
Role = str
"""A seat in a two-player deal: "dealer" or "pone" (the non-dealer)."""


def kept_key(values: Sequence[int]) -> str:
    return ",".join(map(str, values))


def _values(text: str) -> Values:
    return tuple(map(int, text.split(","))) if text else ()


def _pair(text: str) -> model.Pair:
    first, second = _values(text)
    return first, second


def format_key(key: PlayKey) -> str:
    mine, values, held, passed = key
    return f"{kept_key(mine)}|{kept_key(values)}|{held}|{int(passed)}"


@dataclass(frozen=True, slots=True)
class ExpertTables:
    """Everything the expert looks up instead of working it out during a game."""

    format: str
    """``FORMAT``: what a reader of the file expects."""
    build: Mapping[str, int]
    """How the tables were built: seed, games, samples, peg_deals (``build.main``)."""
    patterns: Mapping[Role, Mapping[model.Pair, float]]
    """Each seat's lay-away pattern: how often each pair of values goes into the crib."""
    pegging: Mapping[Role, Mapping[Values, float]]
    """The play's mean points minus the other's, by seat and four kept values."""
    discards: Mapping[Role, Mapping[Values, int]]
    """The expert's lay-away by seat and six drawn values: an index in ``model.TWO.options``."""
    play: Mapping[PlayKey, int]
    """The value to lay in each information state met in self-play with a choice of values."""

    def ranked(self, values: Values, own_crib: bool, rules: RuleOptions) -> list[model.Option]:
        """Every lay-away of six sorted values under the model, best net first."""
        mine = model.role(own_crib)
        other = model.role(not own_crib)
        return model.options(values, own_crib, rules, self.patterns[other], self.pegging[mine])

    @staticmethod
    def play_key(seat: Seat) -> PlayKey | None:
        """The information state of a two-player turn, or None without a choice of values."""
        playable = seat.playable
        if playable[0].value == playable[-1].value:
            return None
        other = next_seat(seat.seat, PLAYERS)
        mine = tuple(tile.value for tile in seat.remaining())
        return mine, seat.count_values, seat.opponent_tiles, seat.passed[other]

    def as_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "build": dict(self.build),
            "patterns": {
                role: {kept_key(pair): round(p, 9) for pair, p in pattern.items()}
                for role, pattern in self.patterns.items()
            },
            "pegging": {
                role: {kept_key(kept): value for kept, value in values.items()}
                for role, values in self.pegging.items()
            },
            "discards": {
                role: {kept_key(values): index for values, index in by_hand.items()}
                for role, by_hand in self.discards.items()
            },
            "play": play_json(self.play)["play"],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExpertTables:
        """The tables from ``as_json()`` (``read_tables`` checks the format first)."""
        return cls(
            data["format"],
            data["build"],
            {r: {_pair(k): p for k, p in v.items()} for r, v in data["patterns"].items()},
            {r: {_values(k): p for k, p in v.items()} for r, v in data["pegging"].items()},
            {r: {_values(k): i for k, i in v.items()} for r, v in data["discards"].items()},
            _play(data["play"]),
        )


def play_json(play: Mapping[PlayKey, int]) -> dict[str, object]:
    """A play table as JSON: a row per state, [mine, values, held, passed, value]."""
    rows = [
        [list(mine), list(values), held, int(passed), value]
        for (mine, values, held, passed), value in play.items()
    ]
    return {"format": FORMAT, "play": rows}


def _play(rows: Sequence[Sequence[Any]]) -> dict[PlayKey, int]:
    return {
        (tuple(mine), tuple(values), held, passed == 1): value
        for mine, values, held, passed, value in rows
    }


def write_json_gz(path: Path, data: Mapping[str, object]) -> None:
    """Sorted, compact JSON, gzipped without a timestamp or name: the same data, the same
    bytes."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    with open(path, "wb") as out, gzip.GzipFile("", "wb", 9, out, mtime=0) as gz:
        gz.write(text)


def _read_json_gz(path: Path) -> dict[str, Any]:
    with gzip.open(path, "rb") as data:
        found: dict[str, Any] = json.load(data)
    if found.get("format") != FORMAT:
        raise ValueError(f"{path}: format {found.get('format')!r}, expected {FORMAT}")
    return found


def read_tables(path: Path) -> ExpertTables:
    return ExpertTables.from_json(_read_json_gz(path))


def read_play(path: Path) -> dict[PlayKey, int]:
    """A play table written with ``play_json`` (the rollout file)."""
    return _play(_read_json_gz(path)["play"])


@cache
def shipped_tables() -> ExpertTables:
    """The package's tables, read once per process."""
    return read_tables(TABLES_PATH)
