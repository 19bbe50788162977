"""The ladder's results read back: each table's pairings summed, the fit, and what is written
from it (the Markdown table, the SVG picture, the shipped JSON that ``GET /v1/strategies``
reads)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from scoring_api.sim.streams import OLD_STREAM, STREAM_VERSION

from .fit import Deals, Fit, NoFitError, fit
from .games import plays_of
from .players import LADDER_TWO, player

TARGET_POINTS = 20.0
"""The issue's aim: neighbours this far apart have intervals that do not overlap."""


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's ladder: the players in rating order, best first."""

    table: str
    fitted: Fit
    order: tuple[int, ...]
    """Indices into ``fitted.ratings``, best first."""
    cpu: dict[str, tuple[float, int, int]]
    """Each player's CPU seconds, moves and games where they were timed."""
    pairings: dict[tuple[str, str], Deals]

    def rows(self) -> list[dict[str, Any]]:
        """Each player, best first: its rating, interval, games and CPU."""
        rows = []
        for place, i in enumerate(self.order):
            r = self.fitted.ratings[i]
            seconds, moves, games = self.cpu.get(r.player, (0.0, 0, 0))
            row: dict[str, Any] = {
                "player": r.player,
                "rating": round(r.rating, 1),
                "low": round(r.low, 1),
                "high": round(r.high, 1),
                "games": r.games,
                "cpu_ms_per_move": round(1000 * seconds / moves, 3) if moves else None,
                "cpu_s_per_game": round(seconds / games, 5) if games else None,
            }
            if place + 1 < len(self.order):
                diff, low, high = self.fitted.difference(i, self.order[place + 1])
                row["over_next"] = [round(diff, 1), round(low, 1), round(high, 1)]
            rows.append(row)
        return rows

    def games_for_target(self) -> list[tuple[str, str, float]]:
        """For each pair of neighbours, by how many times its players' games would have to
        grow for their two intervals to stop overlapping at ``TARGET_POINTS`` apart (the
        interval's half-width falls as one over the square root of the games)."""
        found = []
        ratings = self.fitted.ratings
        for upper, lower in zip(self.order, self.order[1:], strict=False):
            halves = sum((r.high - r.low) / 2 for r in (ratings[upper], ratings[lower]))
            factor = (halves / TARGET_POINTS) ** 2
            found.append((ratings[upper].player, ratings[lower].player, factor))
        return found


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The results file's lines of games dealt by today's stream (none if it does not exist;
    a line cut short by a kill at the end is left out, and so is a line of games dealt by
    another stream, a line without ``stream`` by the first: its seed plays other games)."""
    if not path.exists():
        return []
    lines = []
    for text in path.read_text().splitlines():
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if line.get("stream", OLD_STREAM) == STREAM_VERSION:
            lines.append(line)
    return lines


def fresh_lines(lines: Iterable[dict[str, Any]]) -> tuple[list[dict[str, Any]], Counter[str]]:
    """The lines whose two players still play as they did in them (``games.plays_of``), and
    by label how many lines were set aside because it plays otherwise now (or the line, from
    before the ladder kept how each played, does not say): those deals are played again."""
    fresh, changed = [], Counter[str]()
    for line in lines:
        played = line.get("plays", {})
        others = [p for p in (line["a"], line["b"]) if played.get(p) != _plays_today(line, p)]
        changed.update(others)
        if not others:
            fresh.append(line)
    return fresh, changed


def _plays_today(line: dict[str, Any], label: str) -> str | None:
    try:
        return plays_of(line["table"], label)
    except ValueError:  # no longer a player's label
        return None


def table_result(table: str, seed: int, lines: Iterable[dict[str, Any]]) -> TableResult:
    """The table's fit from every line of it at that seed (``NoFitError`` if none can be made)."""
    pairings: dict[tuple[str, str], Deals] = {}
    cpu: dict[str, tuple[float, int, int]] = {}
    seen = set()
    for line in lines:
        key = (line["table"], line["a"], line["b"], line["seed"], line["first"], line["deals"])
        if line["table"] != table or line["seed"] != seed or key in seen:
            continue
        seen.add(key)
        pair = (line["a"], line["b"])
        pairings[pair] = pairings.get(pair, Deals(0, 0, 0)) + Deals(
            line["both"], line["split"], line["neither"]
        )
        researched = any(player(p).is_ismcts for p in pair)
        for label, (seconds, moves) in line["cpu"].items():
            if researched and not player(label).is_ismcts:
                continue  # a strategy is timed in the simulator's games, not through the bot
            s, m, g = cpu.get(label, (0.0, 0, 0))
            cpu[label] = (s + seconds, m + moves, g + 2 * line["deals"])
    if not pairings:
        raise NoFitError(f"no results for the {table} table at seed {seed}")
    players = sorted({p for pair in pairings for p in pair}, key=_ladder_order)
    round_robin = [p for p in players if not player(p).is_ismcts]  # ISMCTS meets a few only
    fitted = fit(players, pairings, round_robin)
    order = tuple(sorted(range(len(players)), key=lambda i: -fitted.ratings[i].rating))
    return TableResult(table, fitted, order, cpu, pairings)


def _ladder_order(label: str) -> tuple[int, str, int]:
    """The issue's order of the strategies, then by budget (the fit's player 0 is first)."""
    found = player(label)
    names = [player(p).name for p in LADDER_TWO]
    return (names.index(found.name) if found.name in names else len(names), found.name,
            found.budget or 0)  # fmt: skip


def _interval(low: float, high: float) -> str:
    return f"[{low:.0f}, {high:.0f}]"


def markdown(result: TableResult) -> str:
    """The table in Markdown, best first."""
    lines = [
        "| player | rating | 95% interval | ahead of the next (95%) | games | CPU a move"
        " | CPU a game |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in result.rows():
        over = row.get("over_next")
        ahead = f"{over[0]:+.0f} {_interval(over[1], over[2])}" if over else ""
        move = "" if row["cpu_ms_per_move"] is None else _seconds(row["cpu_ms_per_move"] / 1000)
        game = "" if row["cpu_s_per_game"] is None else _seconds(row["cpu_s_per_game"])
        lines.append(
            f"| `{row['player']}` | {row['rating']:.0f} | {_interval(row['low'], row['high'])}"
            f" | {ahead} | {row['games']:,} | {move} | {game} |"
        )
    return "\n".join(lines)


def _seconds(value: float) -> str:
    return f"{value * 1000:.3g} ms" if value < 1 else f"{value:.3g} s"


def pairings_markdown(result: TableResult) -> str:
    """Each pairing's games and the first player's win rate."""
    lines = ["| pairing | deals | games | first's win rate |", "| --- | ---: | ---: | ---: |"]
    for (a, b), d in sorted(result.pairings.items()):
        rate = d.wins / (2 * d.deals)
        lines.append(f"| `{a}` v `{b}` | {d.deals:,} | {2 * d.deals:,} | {rate:.3f} |")
    return "\n".join(lines)


def svg(result: TableResult, title: str) -> str:
    """The ratings as a picture: one row a player, best at the top, its 95% interval a bar
    and its rating a dot, written as SVG directly (no plotting library is a dependency)."""
    rows = result.rows()
    low = float(min(r["low"] for r in rows))
    high = float(max(r["high"] for r in rows))
    span = max(high - low, 1.0)
    left, width, top, step = 150, 500, 40, 26
    height = top + step * len(rows) + 40

    def x(value: float) -> float:
        return round(left + (value - low) / span * width, 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 190}" '
        f'height="{height}" font-family="sans-serif" font-size="13">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text x="10" y="22" font-size="15">{escape(title)}</text>',
    ]
    for tick in _ticks(low, high):
        parts.append(
            f'<line x1="{x(tick)}" y1="{top - 8}" x2="{x(tick)}" y2="{height - 30}" '
            'stroke="#ddd"/>'
            f'<text x="{x(tick)}" y="{height - 14}" text-anchor="middle" fill="#555">'
            f"{tick:.0f}</text>"
        )
    for n, row in enumerate(rows):
        y = top + step * n + 8
        cpu = "" if row["cpu_ms_per_move"] is None else _seconds(row["cpu_ms_per_move"] / 1000)
        cpu += " a move" if cpu else ""
        parts.append(
            f'<text x="{left - 10}" y="{y + 4}" text-anchor="end">{escape(row["player"])}</text>'
            f'<line x1="{x(row["low"])}" y1="{y}" x2="{x(row["high"])}" y2="{y}" '
            'stroke="#36c" stroke-width="3"/>'
            f'<circle cx="{x(row["rating"])}" cy="{y}" r="4.5" fill="#036"/>'
            f'<text x="{left + width + 12}" y="{y + 4}" fill="#333">{row["rating"]:.0f}</text>'
            f'<text x="{left + width + 56}" y="{y + 4}" fill="#777">{escape(cpu)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _ticks(low: float, high: float) -> list[float]:
    """Round rating values across the range, about six."""
    raw = (high - low) / 6
    step = next(s for s in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if s >= raw)
    first = float(-(-low // step) * step)
    return [first + step * k for k in range(int((high - first) // step) + 1)]


def shipped(results: Sequence[TableResult], date: str, command: str, seed: int) -> dict[str, Any]:
    """What ``GET /v1/strategies`` serves: each table's ratings, and how they were made."""
    return {
        "date": date,
        "command": command,
        "seed": seed,
        "tables": {r.table: r.rows() for r in results},
    }
