"""The Bradley-Terry (Elo) fit of a ladder's paired games, with 95% intervals.

Player ``i`` beats ``j`` with probability ``1 / (1 + exp(s_j - s_i))``. The strengths are the
maximum-likelihood ones (Newton's method on the log-likelihood, player 0's strength held at 0
while fitting), shown on Elo's scale (``ELO`` points per unit of strength: 400 points are odds
of 10 to 1) and centred so that the mean of the players it is centred on (all, or those named:
the ladder names those that meet every other, so that a player of few games does not widen
everyone's interval) is ``MEAN``.

The intervals count the deal as the unit of chance: a paired deal is played twice, seats
swapped, and its two games are not independent (the tiles that win one lose the other). So
the covariance is the sandwich ``H^-1 M H^-1`` of the information ``H`` and of ``M``, the sum
over deals of each deal's score outer product (its two games' wins less their expected
wins), which is narrower than the games-as-independent one where the deal's luck cancels. A
few dozen lines of plain Python: the ladder has a dozen players, and no library the project
already depends on fits paired (clustered) games.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring_api.sim.intervals import Z95

ELO = 400 / math.log(10)
"""Elo points per unit of Bradley-Terry strength."""
MEAN = 1500.0
"""The mean rating of a ladder's players."""


@dataclass(frozen=True, slots=True)
class Deals:
    """What a pairing's paired deals gave its first player, deal by deal."""

    both: int
    """Deals he won twice (in both seatings)."""
    split: int
    """Deals each side won once."""
    neither: int
    """Deals he lost twice."""

    @property
    def deals(self) -> int:
        return self.both + self.split + self.neither

    @property
    def wins(self) -> int:
        """His games won."""
        return 2 * self.both + self.split

    def __add__(self, other: Deals) -> Deals:
        return Deals(self.both + other.both, self.split + other.split, self.neither + other.neither)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's place on the ladder."""

    player: str
    """Its label (``search@300``, ``ismcts@100``)."""
    rating: float
    """Elo points, the mean of the players the fit is centred on at ``MEAN``."""
    low: float
    """The 95% interval's low end."""
    high: float
    """Its high end."""
    games: int
    """Games it played in the fit."""


class NoFitError(ValueError):
    """The maximum-likelihood ratings do not exist (a player, or a group, won or lost all its
    games against the rest, or some players never met the others, even through third ones)."""


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gauss-Jordan elimination with partial pivoting."""
    n = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise NoFitError("the ladder's games do not connect every player")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[r][n] / rows[r][r] for r in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [float(r == c) for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


def _matmul(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    return [[sum(x * y for x, y in zip(row, col, strict=True)) for col in zip(*b, strict=True)]
            for row in a]  # fmt: skip


def _check_connected(players: Sequence[str], results: Mapping[tuple[str, str], Deals]) -> None:
    """Every player reaches every other by a chain of wins (and so back by one of losses):
    otherwise some strength would run off to infinity."""
    beat: dict[str, set[str]] = {p: set() for p in players}
    for (a, b), deals in results.items():
        if deals.wins:
            beat[a].add(b)
        if deals.wins < 2 * deals.deals:
            beat[b].add(a)
    for start in players:
        seen, todo = {start}, [start]
        while todo:
            for other in beat[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        if len(seen) < len(players):
            missing = sorted(set(players) - seen)
            raise NoFitError(
                f"{start} has beaten no chain of players reaching {', '.join(missing)}"
            )


@dataclass(frozen=True, slots=True)
class Fit:
    """The fitted ladder: each player's rating, and the covariance behind the intervals."""

    ratings: tuple[Rating, ...]
    """In the players' order."""
    covariance: tuple[tuple[float, ...], ...]
    """Of the strengths, in Elo points squared (sandwich, deals as the unit)."""

    def difference(self, a: int, b: int) -> tuple[float, float, float]:
        """Player ``a``'s rating less player ``b``'s (indices), with its 95% interval."""
        c = self.covariance
        centre = self.ratings[a].rating - self.ratings[b].rating
        half = Z95 * math.sqrt(max(c[a][a] + c[b][b] - 2 * c[a][b], 0.0))
        return centre, centre - half, centre + half


def fit(
    players: Sequence[str],
    results: Mapping[tuple[str, str], Deals],
    centred_on: Sequence[str] = (),
) -> Fit:
    """The ratings of ``players`` (in their order) from each pairing's deals, the first of
    each key the player the ``Deals`` count for (``NoFitError`` where none exist), the mean
    of ``centred_on`` (none named: of every player) at ``MEAN``."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    _check_connected(players, results)
    pairs = [(index[a], index[b], d) for (a, b), d in results.items() if d.deals]
    strength = [0.0] * n
    for _ in range(100):
        gradient = [0.0] * n
        info = [[0.0] * n for _ in range(n)]
        for i, j, d in pairs:
            p = 1 / (1 + math.exp(strength[j] - strength[i]))
            games = 2 * d.deals
            gradient[i] += d.wins - games * p
            gradient[j] -= d.wins - games * p
            _add_outer(info, i, j, games * p * (1 - p))
        # player 0 held at 0: the system of the others
        step = _solve([row[1:] for row in info[1:]], gradient[1:])
        strength = [0.0, *(s + x for s, x in zip(strength[1:], step, strict=True))]
        if max(map(abs, step), default=0.0) < 1e-10:
            break
    else:
        raise NoFitError("Newton's method did not settle in 100 steps")
    meat = [[0.0] * n for _ in range(n)]
    for i, j, d in pairs:
        p = 1 / (1 + math.exp(strength[j] - strength[i]))
        # each deal's score: its two games' wins less 2p, squared, by outcome
        square = d.both * (2 - 2 * p) ** 2 + d.split * (1 - 2 * p) ** 2 + d.neither * (2 * p) ** 2
        _add_outer(meat, i, j, square)
    bread = _inverse([row[1:] for row in info[1:]])
    reduced = _matmul(_matmul(bread, [row[1:] for row in meat[1:]]), bread)
    held = [[0.0] * n] + [[0.0, *row] for row in reduced]
    # centred on the weighted mean w.s: C = (I - 1 w^T) held (I - w 1^T)
    anchors = [index[p] for p in centred_on] or list(range(n))
    w = [1 / len(anchors) if i in anchors else 0.0 for i in range(n)]
    row_means = [sum(x * y for x, y in zip(row, w, strict=True)) for row in held]
    grand = sum(x * y for x, y in zip(row_means, w, strict=True))
    covariance = tuple(
        tuple(ELO**2 * (held[i][j] - row_means[i] - row_means[j] + grand) for j in range(n))
        for i in range(n)
    )
    mean = sum(x * y for x, y in zip(strength, w, strict=True))
    played = [0] * n
    for i, j, d in pairs:
        played[i] += 2 * d.deals
        played[j] += 2 * d.deals
    ratings = []
    for i, player in enumerate(players):
        centre = MEAN + ELO * (strength[i] - mean)
        half = Z95 * math.sqrt(max(covariance[i][i], 0.0))
        ratings.append(Rating(player, centre, centre - half, centre + half, played[i]))
    return Fit(tuple(ratings), covariance)


def _add_outer(matrix: list[list[float]], i: int, j: int, weight: float) -> None:
    """``matrix += weight (e_i - e_j)(e_i - e_j)^T``."""
    matrix[i][i] += weight
    matrix[j][j] += weight
    matrix[i][j] -= weight
    matrix[j][i] -= weight
