"""What a game of a run costs before any is played, and the sizes of its shards in seconds.

A run's first shards are sized from this guess (an eighth of the target, in case it is
optimistic), the next from what the finished ones measured (``Sizer``). A shard may
be a single game: with four players and ``search`` at its largest budget one game costs
seconds, so sizes counted in games made shards of minutes.

Each strategy says what a game costs one of its seats (``Strategy.seconds_per_game``: a
fixed cost between a fresh worker's first games and warm ones, so that the first shards on
a fresh worker are not seconds long; ``search``'s grows with the table and its budget).
"""

from __future__ import annotations

from scoring_api.sim.runs import SimulationRequest

MAX_SHARD = 2_000_000


def seconds_per_game(sim: SimulationRequest) -> float:
    """The run's guessed cost of one game: its seats' costs added."""
    players = sim.rules.players
    return sum(strategy.seconds_per_game(players) for strategy in sim.lineup)


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
