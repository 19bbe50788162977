"""What a game of a run costs before any is played, and the sizes of its shards in seconds.

A run's first shards are sized from this guess (an eighth of the target, in case it is
optimistic), the next from what the finished ones measured (``Sizer``). A shard may
be a single game: with four players and ``search`` at its largest budget one game costs
seconds, so sizes counted in games (a floor of 50, as before) made shards of minutes.

Per seat, in CPU seconds a game on the compiled engine (the sources interpreted are about
three times slower), measured here with ``bench/shard_costs.py``. Strategies but
``search``: a fixed cost between a fresh worker's first games (the tables built or read:
1 to 9 ms a game) and warm ones (0.01 to 0.06 ms a seat), so that the first shards on a
fresh worker are not seconds long. ``search``: its cost grows with the table (each
play-out plays every seat) and with its budget (the most holdings drawn per choice; it
stops early once one value is clearly best, so a little less than in proportion: as
``budget ** 0.8``), measured warm.
"""

from __future__ import annotations

from scoring_api.sim.runs import SimulationRequest
from scoring_api.sim.search import DEFAULT_BUDGET, DEFAULT_BUDGET_MORE_PLAYERS

SEAT_SECONDS = {
    "random": 0.05e-3,
    "greedy": 0.125e-3,
    "expected": 0.25e-3,
    "expert": 0.25e-3,
    "endgame": 12e-3,
}
"""One seat's cost a game, strategies other than ``search`` (between cold and warm);
``endgame``: its play-outs near the end (bench/play_for_the_game.py: 20,000 games against
expert in about 4 minutes of CPU)."""
UNKNOWN_SEAT_SECONDS = 1e-3
"""A strategy not listed (one added since): assume a millisecond, measure the rest."""
SEARCH_SECONDS = {2: 0.15e-3, 3: 1.0e-3, 4: 1.4e-3}
"""A ``search`` seat's cost a game per ``budget ** 0.8``, by the number of players."""
SEARCH_EXPONENT = 0.8
MAX_SHARD = 2_000_000


def seat_seconds(strategy: str, players: int, budget: int | None) -> float:
    """One seat's cost of a game, in CPU seconds."""
    if strategy != "search":
        return SEAT_SECONDS.get(strategy, UNKNOWN_SEAT_SECONDS)
    if budget is None:
        budget = DEFAULT_BUDGET if players == 2 else DEFAULT_BUDGET_MORE_PLAYERS
    return float(SEARCH_SECONDS[players] * budget**SEARCH_EXPONENT)


def seconds_per_game(sim: SimulationRequest) -> float:
    """The run's guessed cost of one game: its seats' costs added."""
    players, budgets = sim.rules.players, sim.budgets
    return sum(
        seat_seconds(name, players, budgets[seat] if seat < len(budgets) else None)
        for seat, name in enumerate(sim.lineup)
    )


class Sizer:
    """Shard sizes aiming at ``seconds`` each, from the speed measured so far."""

    def __init__(self, sim: SimulationRequest, seconds: float, workers: int) -> None:
        self.seconds_per_game = seconds_per_game(sim)
        self.target = max(seconds, 0.05)
        self.workers = max(workers, 1)
        self.measured = False

    def measure(self, games: int, seconds: float) -> None:
        if games <= 0 or seconds <= 0:
            return
        observed = seconds / games
        # The first measure replaces the guess; later ones move it gently (noise, warm-up).
        if self.measured:
            self.seconds_per_game = 0.7 * self.seconds_per_game + 0.3 * observed
        else:
            self.seconds_per_game = observed
            self.measured = True

    def next(self, remaining: int) -> int:
        size = int(self.target / self.seconds_per_game)
        if not self.measured:
            size //= 8  # the guess may be optimistic: learn from short first shards
        size = max(1, min(size, MAX_SHARD))
        # Near the end, shorter shards (down to a quarter) so that the workers finish together.
        if remaining <= 2 * self.workers * size:
            size = max(size // 4, 1, -(-remaining // (2 * self.workers)))
        # No small remainder left over for one more shard.
        if remaining < size + max(size // 4, 1):
            size = remaining
        return max(1, min(remaining, size))
