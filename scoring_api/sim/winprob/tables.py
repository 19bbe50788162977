"""The win probability's tables: built offline (``builders.winprob``), shipped in the
package, read once.

``tables.json.gz`` beside this module is ``WinTables.as_json()`` as the builders write it
(``builders.files``): the same seed builds the same bytes. Per mode (``MODES``): the cribs of
the library's deals by the starter's value; with two sides the counts of what deals score
after each cut (``race.RestCounts``) and the chance to win from every pair of scores for each
target (``race.win_table``, six decimals); with three and four sides the library's deals
themselves, which the play-outs deal (``montecarlo``).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from scoring_api.rules.options import RuleOptions

from .paths import BEFORE, MAX_TILES, SHOW, STARTER, DealPath, phase_of, points_of, side_of, token
from .race import RestCounts, WinTable

FORMAT: Final = "domino-cribbage-winprob-tables/1"
MODES: Final = ("two", "three", "four", "partners")
"""The tables' modes: two, three or four players alone, or two partnerships."""
TARGETS: Final = (61, 121)
DIGITS: Final = 6
"""Decimals of a chance in the file."""
_FOLDER: Final = Path(str(resources.files("scoring_api.sim.winprob")))
TABLES_PATH: Final = _FOLDER / "tables.json.gz"
_ALPHABET: Final = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_DIGIT: Final = {char: value for value, char in enumerate(_ALPHABET)}


def mode_of(rules: RuleOptions) -> str:
    """The mode of a table's rules."""
    if rules.partners:
        return "partners"
    return MODES[rules.players - 2]


def mode_rules(mode: str) -> RuleOptions:
    """The rules a mode's library is played under: the rule book's show rules (a target no
    deal reaches alone: the deals are played whole anyway)."""
    if mode == "partners":
        return RuleOptions(players=4, partners=True, target=121)
    return RuleOptions(players=MODES.index(mode) + 2, target=121)


def rest_key(cut: int) -> str:
    """A cut's counts' key: its number, ``before`` for the whole deal."""
    return BEFORE_KEY if cut == BEFORE else str(cut)


BEFORE_KEY: Final = "before"


@dataclass(frozen=True, slots=True)
class ModeTables:
    """One mode's tables."""

    deals: int
    """The library's deals they were made of."""
    cribs: tuple[tuple[int, ...], ...]
    """By the starter's value (0 to 12), how many cribs scored 0, 1, ... 24 points."""
    rests: Mapping[str, RestCounts]
    """Two sides: what the deals score after each cut (``rest_key``)."""
    wins: Mapping[int, WinTable]
    """Two sides: by target, the chance the side that deals next wins (``race``)."""
    paths: tuple[DealPath, ...]
    """Three and four sides: the library's deals, for the play-outs."""

    def as_json(self) -> dict[str, object]:
        return {
            "deals": self.deals,
            "cribs": [list(counts) for counts in self.cribs],
            "rests": {key: _counts_json(counts) for key, counts in self.rests.items()},
            "wins": {
                str(target): [[round(p, DIGITS) for p in row] for row in table]
                for target, table in self.wins.items()
            },
            "paths": [encode_path(path) for path in self.paths],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ModeTables:
        return cls(
            data["deals"],
            tuple(tuple(counts) for counts in data["cribs"]),
            {key: _counts(value) for key, value in data["rests"].items()},
            {int(target): table for target, table in data["wins"].items()},
            tuple(decode_path(text) for text in data["paths"]),
        )


@dataclass(frozen=True, slots=True)
class WinTables:
    """Every mode's tables."""

    format: str
    """``FORMAT``."""
    build: Mapping[str, int]
    """How they were built: the seed and the deals of each mode (``builders.winprob``)."""
    modes: Mapping[str, ModeTables]
    """By mode (``MODES``)."""

    def as_json(self) -> dict[str, object]:
        return {
            "format": self.format,
            "build": dict(self.build),
            "modes": {mode: tables.as_json() for mode, tables in self.modes.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WinTables:
        if data.get("format") != FORMAT:
            raise ValueError(f"format {data.get('format')!r}, expected {FORMAT}")
        modes = {mode: ModeTables.from_json(value) for mode, value in data["modes"].items()}
        return cls(data["format"], data["build"], modes)


def _counts_json(counts: RestCounts) -> dict[str, object]:
    def rows(counted: Mapping[tuple[int, int], int]) -> list[list[int]]:
        return [[a, b, n] for (a, b), n in sorted(counted.items())]

    return {
        "deals": counts.deals,
        "totals": rows(counts.totals),
        "first": [rows(counts.first[0]), rows(counts.first[1])],
    }


def _counts(data: Mapping[str, Any]) -> RestCounts:
    def counted(rows: Sequence[Sequence[int]]) -> dict[tuple[int, int], int]:
        return {(a, b): n for a, b, n in rows}

    first = data["first"]
    return RestCounts(
        data["deals"], counted(data["totals"]), (counted(first[0]), counted(first[1]))
    )


def encode_path(path: DealPath) -> str:
    """A deal as text in digits of 64: its starter's value, its crib's points, then each
    event in two (``_event_code``)."""
    codes = [_event_code(event) for event in path.events]
    return (
        _ALPHABET[path.starter]
        + _ALPHABET[path.crib]
        + "".join(_ALPHABET[code >> 6] + _ALPHABET[code & 63] for code in codes)
    )


def decode_path(text: str) -> DealPath:
    events = tuple(
        _event_of(_DIGIT[text[i]] << 6 | _DIGIT[text[i + 1]]) for i in range(2, len(text), 2)
    )
    return DealPath(_DIGIT[text[0]], _DIGIT[text[1]], events)


_OWN: Final = 4
_GO: Final = _OWN + MAX_TILES * 16
_SHOWN: Final = _GO + MAX_TILES


def _event_code(event: int) -> int:
    """An event in 12 bits: its side, then where it falls with its points (a tile's own
    points are at most 14, a go point 1, a show's at most 24)."""
    phase, points = phase_of(event), points_of(event)
    if phase == STARTER:
        body = points
    elif phase <= MAX_TILES:
        body = _OWN + (phase - 1) * 16 + points
    elif phase < SHOW:
        assert points == 1, "a go point is one point"
        body = _GO + phase - MAX_TILES - 1
    else:
        body = _SHOWN + points
    return side_of(event) << 10 | body


def _event_of(code: int) -> int:
    side, body = code >> 10, code & 1023
    if body < _OWN:
        return token(STARTER, side, body)
    if body < _GO:
        return token(1 + (body - _OWN) // 16, side, (body - _OWN) % 16)
    if body < _SHOWN:
        return token(MAX_TILES + 1 + body - _GO, side, 1)
    return token(SHOW, side, body - _SHOWN)


def read_tables(path: Path) -> WinTables:
    with gzip.open(path, "rb") as data:
        return WinTables.from_json(json.load(data))


@cache
def shipped_tables() -> WinTables:
    """The package's tables, read once per process."""
    return read_tables(TABLES_PATH)
