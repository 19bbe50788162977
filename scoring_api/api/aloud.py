"""The count said aloud: a show's items in the words players use at the table, in English
and Russian ("Fifteen two, fifteen four, and a pair is six."), the running total after each.

Fifteens first, one by one; then the pairs of each value together (three of a value are a
pair royal, four a double pair royal: docs/rules.md section 4); then each run. A show of
nothing is said as such.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
_PAIRS_EN: Final = {2: "pair", 6: "pair royal", 12: "double pair royal"}
_PAIRS_RU: Final = {2: "пара", 6: "триплет", 12: "двойной триплет"}
_RUN_EN: Final = {3: "three", 4: "four", 5: "five"}
_RUN_RU: Final = {3: "трёх", 4: "четырёх", 5: "пяти"}
NOTHING: Final = {"en": "Nothing at all: a “nineteen” hand.", "ru": "Ничего: ноль очков."}


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


def _english(kind: str, size: int, total: int, first: bool) -> str:
    if kind == "fifteen":
        return f"fifteen {_EN[total]}"
    if kind == "pair":
        return f"{'a' if first else 'another'} {_PAIRS_EN[size]} is {_EN[total]}"
    return f"{'a' if first else 'another'} run of {_RUN_EN[size]} is {_EN[total]}"


def _russian(kind: str, size: int, total: int, first: bool) -> str:
    if kind == "fifteen":
        return f"пятнадцать — {_RU[total]}"
    if kind == "pair":
        return f"{'' if first else 'ещё '}{_PAIRS_RU[size]} — {_RU[total]}"
    return f"{'прогон' if first else 'ещё прогон'} из {_RUN_RU[size]} — {_RU[total]}"


def _sentence(parts: list[str], join: Callable[[list[str]], str]) -> str:
    text = join(parts)
    return f"{text[0].upper()}{text[1:]}."


def _english_list(parts: list[str]) -> str:
    if len(parts) < 3:
        return " and ".join(parts)
    return f"{', '.join(parts[:-1])}, and {parts[-1]}"


def _russian_list(parts: list[str]) -> str:
    if len(parts) < 2:
        return parts[0]
    return f"{', '.join(parts[:-1])} и {parts[-1]}"


def aloud(items: Sequence[ShowItem]) -> dict[str, str]:
    """The show said aloud, ``{"en": ..., "ru": ...}``: what a player says as he counts."""
    phrases = _phrases(items)
    if not phrases:
        return dict(NOTHING)
    return {
        "en": _sentence([_english(*phrase) for phrase in phrases], _english_list),
        "ru": _sentence([_russian(*phrase) for phrase in phrases], _russian_list),
    }
