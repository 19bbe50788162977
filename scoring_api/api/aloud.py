"""The count said aloud: a show's items in the words players use at the table, in English
and Russian ("Fifteen two, fifteen four, and a pair is six."), the running total after each.

Fifteens first, one by one; then the pairs of each value together (three of a value are a
pair royal, four a double pair royal: docs/rules.md section 4); then each run. A show of
nothing is said as such.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from scoring_api.rules import ShowItem

_EN: Final = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four",
]  # fmt: skip
_RU: Final = [
    "ноль", "одно", "два", "три", "четыре", "пять", "шесть", "семь", "восемь", "девять",
    "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать", "пятнадцать",
    "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать", "двадцать", "двадцать одно",
    "двадцать два", "двадцать три", "двадцать четыре",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Language:
    """How one language says a count: its words, and templates with ``{name}`` (a pair's, or
    a run's length) and ``{total}`` (the running total)."""

    numbers: Sequence[str]
    """0 to 24 in words."""
    pairs: Mapping[int, str]
    """The pairs of one value by their points: a pair, a pair royal, a double pair royal."""
    lengths: Mapping[int, str]
    """A run's length (3 to 5) as said in "a run of ..."."""
    fifteen: str
    pair: tuple[str, str]
    """The first pair of the show, then the others."""
    run: tuple[str, str]
    """The first run, then the others."""
    two: str
    """Between two phrases."""
    last: str
    """Before the last of three or more."""
    nothing: str
    """A show of nothing."""


_LANGUAGES: Final = {
    "en": _Language(
        _EN, {2: "pair", 6: "pair royal", 12: "double pair royal"},
        {3: "three", 4: "four", 5: "five"}, "fifteen {total}",
        ("a {name} is {total}", "another {name} is {total}"),
        ("a run of {name} is {total}", "another run of {name} is {total}"),
        " and ", ", and ", "Nothing at all: a “nineteen” hand.",
    ),
    "ru": _Language(
        _RU, {2: "пара", 6: "триплет", 12: "двойной триплет"},
        {3: "трёх", 4: "четырёх", 5: "пяти"}, "пятнадцать — {total}",
        ("{name} — {total}", "ещё {name} — {total}"),
        ("прогон из {name} — {total}", "ещё прогон из {name} — {total}"),
        " и ", " и ", "Ничего: ноль очков.",
    ),
}  # fmt: skip


def _phrases(items: Sequence[ShowItem]) -> list[tuple[str, int, int, bool]]:
    """(kind, points or run length, running total, first of its kind) for each phrase."""
    said: list[tuple[str, int, int, bool]] = []
    total = 0
    for item in items:
        if item.kind == "fifteen":
            total += item.points
            said.append(("fifteen", item.points, total, True))
    by_value: dict[int, int] = {}
    for item in items:
        if item.kind == "pair":
            value = item.tiles[0].value
            by_value[value] = by_value.get(value, 0) + item.points
    for k, points in enumerate(by_value.values()):
        total += points
        said.append(("pair", points, total, k == 0))
    runs = [item for item in items if item.kind == "run"]
    for k, item in enumerate(runs):
        total += item.points
        said.append(("run", len(item.tiles), total, k == 0))
    return said


def _said(language: _Language, phrases: Sequence[tuple[str, int, int, bool]]) -> str:
    words = []
    for kind, size, total, first in phrases:
        number = language.numbers[total]
        if kind == "fifteen":
            words.append(language.fifteen.format(total=number))
        elif kind == "pair":
            template = language.pair[0 if first else 1]
            words.append(template.format(name=language.pairs[size], total=number))
        else:
            template = language.run[0 if first else 1]
            words.append(template.format(name=language.lengths[size], total=number))
    if len(words) < 3:
        text = language.two.join(words)
    else:
        text = f"{', '.join(words[:-1])}{language.last}{words[-1]}"
    return f"{text[0].upper()}{text[1:]}."


def aloud(items: Sequence[ShowItem]) -> dict[str, str]:
    """The show said aloud, ``{"en": ..., "ru": ...}``: what a player says as he counts."""
    return dict(_said_in_every_language(tuple(_phrases(items))))


@lru_cache(maxsize=4096)  # a few hundred phrasings recur: each is put into words once
def _said_in_every_language(
    phrases: tuple[tuple[str, int, int, bool], ...],
) -> tuple[tuple[str, str], ...]:
    return tuple(
        (lang, _said(language, phrases) if phrases else language.nothing)
        for lang, language in _LANGUAGES.items()
    )
