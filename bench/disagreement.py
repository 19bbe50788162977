"""The disagreement study (issue 56 item 3): where the two strongest players choose
differently, which choice was right, by roll-outs, and what each loses a decision.

Run from the repository root, with the research extra installed:
    .venv/bin/python bench/disagreement.py [--positions N] [--margin M] [--players A B] ...

Positions: games of A against B (two players to 61, seats alternating, game ``g`` drawn from
the stream ``seeded(seed).child(POSITIONS).child(g)``, ``seed`` the ``--seed``), played
through the research game's ``StepGame``. At each choice of the play (values that differ),
both are asked what they would lay, from the same ``Seat`` (what the seat on turn knows: its
tiles, the table, the scores and the starter) and with the same numbers (a fresh
``seeded(seed).child(ASKED)``); where they lay different values, the position is kept, and
the game goes on with the seat's own player's choice. The lay-away is not studied: both
strongest players lay away as the expert does.

Roll-outs: from the seat's knowledge only. Each roll-out draws the hidden tiles anew, uniformly
among all that fit what the seat saw (``research.resample``, OpenSpiel's
``resample_from_infostate``), lays the choice, plays the rest of the deal with both seats
laying as ``expert`` does, and values the end by the seat's exact chance to win from there
(``winprob.chances``, the project's tables: 1 or 0 if the game ended in the deal). Both choices
are rolled out over the same draws (common numbers), in rounds of ``--batch``, until each
choice's mean chance is known to ``--margin`` at 95% (or ``--most`` roll-outs). Roll-out
``r`` at position ``p`` is the stream ``seeded(seed).child(ROLLOUTS).child(p).child(r)``: its
child ``HIDDEN`` draws the hidden tiles, its child ``PLAY`` the rest of the deal (afresh for
each choice). A player's loss at a position is the better choice's mean chance less its own
choice's; the table shows each player's mean loss a decision over the positions, in points
of the chance to win.

Each position's roll-outs are one line of ``--results`` as soon as they are done, so a run
that stopped resumes where it stopped (and ``--report-only`` gives the figures of the first
positions the file holds in a row: not of those that finished first, which would favour the
positions whose roll-outs were quick): a later run with the same study (players, seed, margin,
batch, most) rolls out only the positions the file lacks. A line counts only while both
players play as they did in it (the ladder's ``plays_of``) and the engine's stream dealt it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import checkout  # noqa: F401

from scoring_api.research.ladder.games import plays_of
from scoring_api.research.ladder.players import TWO
from scoring_api.research.resample import resampled_history
from scoring_api.research.views import drawn_by
from scoring_api.rules.options import DEFAULT_RULES
from scoring_api.rules.stream import Stream, seeded
from scoring_api.rules.tiles import ALL_TILES, tiles_in
from scoring_api.sim.intervals import Z95
from scoring_api.sim.registry import strategy_for
from scoring_api.sim.seat import Seat, seat_at_turn
from scoring_api.sim.stepwise import AWAY, CHANCE, LAY_AWAY, OVER, StepGame, history_of
from scoring_api.sim.strategies import Strategy
from scoring_api.sim.streams import STREAM_VERSION
from scoring_api.sim.winprob.chances import chances

RULES = DEFAULT_RULES
SEED = 56_000
POSITIONS = 0
"""The seed's child whose child ``g`` plays game ``g`` of the positions."""
ROLLOUTS = 1
"""The seed's child whose child ``p`` rolls position ``p`` out."""
ASKED = 2
"""The seed's child both players are asked what they would lay with."""
HIDDEN = 0
"""A roll-out's child that draws the hidden tiles."""
PLAY = 1
"""A roll-out's child that plays the rest of the deal."""


def full_seat(game: StepGame, seat: int) -> Seat:
    """What ``seat``, on turn in the play, knows, the scores and the starter included (as the
    simulator hands them to a strategy)."""
    log = game.log
    own = drawn_by(log, seat, game.drawn, game.players) | 1 << log.starter
    starter = ALL_TILES[log.starter]
    return seat_at_turn(game.referee, seat, own, log.dealer, RULES, log.scores, starter)


def lay_away(game: StepGame, strategy: Strategy, rng: Stream) -> None:
    """The seat on turn lays away as ``strategy`` does, tile by tile."""
    seat, log = game.current(), game.log
    tiles = tiles_in[drawn_by(log, seat, game.drawn, game.players)]
    own_crib = game.side_of[seat] == game.side_of[log.dealer]
    positions = strategy.discard(tuple(t.value for t in tiles), own_crib, RULES, rng)
    for index in sorted(tiles[p].index for p in positions):
        if not log.away[seat] >> index & 1:
            game.apply(LAY_AWAY + index)


def step(game: StepGame, strategy: Strategy, rng: Stream) -> None:
    """One move of the seat on turn by ``strategy`` (a chance event from ``rng``)."""
    current = game.current()
    if current == CHANCE:
        outcomes = game.chance_outcomes()
        game.apply(outcomes[rng.below(len(outcomes))])
    elif game.phase == AWAY:
        lay_away(game, strategy, rng)
    else:
        legal = game.legal()
        game.apply(
            legal[0] if len(legal) == 1 else strategy.lay(full_seat(game, current), rng).index
        )


def positions(
    players: tuple[str, str], seed: int, wanted: int
) -> list[tuple[list[int], int, int, int, int]]:
    """Positions where the two choose different values: (the game's actions so far, its first
    dealer, the seat, A's tile, B's tile)."""
    a, b = (strategy_for(name) for name in players)
    found: list[tuple[list[int], int, int, int, int]] = []
    games = seeded(seed).child(POSITIONS)
    g = 0
    while len(found) < wanted:
        rng = games.child(g)
        lineup = (a, b) if g % 2 == 0 else (b, a)
        game = StepGame(RULES, g % 2)
        history: list[int] = []
        while game.phase != OVER and len(found) < wanted:
            current = game.current()
            if current >= 0 and game.phase != AWAY and len(set(_values(game))) > 1:
                seat = full_seat(game, current)
                mine = a.lay(seat, seeded(seed).child(ASKED)).index
                other = b.lay(full_seat(game, current), seeded(seed).child(ASKED)).index
                if ALL_TILES[mine].value != ALL_TILES[other].value:
                    found.append((list(history), g % 2, current, mine, other))
            before = len(history)
            _record(game, lineup[current] if current >= 0 else a, rng, history)
            assert len(history) > before
        g += 1
    return found


def _values(game: StepGame) -> list[int]:
    return [ALL_TILES[action].value for action in game.legal() if action < len(ALL_TILES)]


def _record(game: StepGame, strategy: Strategy, rng: Stream, history: list[int]) -> None:
    """``step``, the actions it applied appended to ``history``."""
    copy_before = game.copy()
    step(game, strategy, rng)
    history.extend(_new_actions(copy_before, game))


def _new_actions(before: StepGame, after: StepGame) -> list[int]:
    old = history_of(before.first_dealer, before.deals, before.players)
    new = history_of(after.first_dealer, after.deals, after.players)
    return new[len(old) :]


def _replayed(actions: list[int], first_dealer: int) -> StepGame:
    game = StepGame(RULES, first_dealer)
    for action in actions:
        game.apply(action)
    return game


def _rolled(game: StepGame, side: int, expert: Strategy, rng: Stream) -> float:
    """Play the rest of the deal as the expert would; the side's chance to win at its end."""
    deals = len(game.deals)
    while game.phase != OVER and len(game.deals) == deals:
        step(game, expert, rng)
    if game.phase == OVER:
        return float(game.winner == side)
    return chances(RULES, game.scores, game.log.dealer)[side]


def roll_out(
    task: tuple[list[int], int, int, tuple[int, int], float, int, int, int, int],
) -> tuple[float, float, int]:
    """The two choices' mean chances to win for the seat, and the roll-outs each took."""
    actions, first_dealer, seat, choices, margin, batch, most, seed, position = task
    game = _replayed(actions, first_dealer)
    side = game.side_of[seat]
    expert = strategy_for("expert")
    rollouts = seeded(seed).child(ROLLOUTS).child(position)
    values: list[list[float]] = [[], []]
    while True:
        for _ in range(batch):
            rollout = rollouts.child(len(values[0]))
            hidden = rollout.child(HIDDEN).random
            drawn = _replayed(resampled_history(game, seat, hidden), first_dealer)
            for k, choice in enumerate(choices):
                start = drawn.copy()
                start.apply(choice)
                values[k].append(_rolled(start, side, expert, rollout.child(PLAY)))
        n = len(values[0])
        halves = [Z95 * statistics.stdev(v) / math.sqrt(n) for v in values]
        if max(halves) <= margin or n >= most:
            return statistics.fmean(values[0]), statistics.fmean(values[1]), n


def study_of(args: argparse.Namespace) -> dict[str, Any]:
    """What decides a position's roll-outs, besides its index: a results line counts for a
    run only if it has the same."""
    return {
        "players": args.players,
        "plays": [plays_of(TWO, name) for name in args.players],
        "seed": args.seed,
        "margin": args.margin,
        "batch": args.batch,
        "most": args.most,
        "stream": STREAM_VERSION,
    }


def done_before(path: Path, study: dict[str, Any]) -> dict[int, tuple[float, float, int]]:
    """By position, the roll-outs the results file holds of this study (a line cut short by
    a kill is left out)."""
    found: dict[int, tuple[float, float, int]] = {}
    if not path.exists():
        return found
    for text in path.read_text().splitlines():
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if all(line.get(key) == value for key, value in study.items()):
            found[line["position"]] = (line["means"][0], line["means"][1], line["rollouts"])
    return found


def roll_out_missing(
    args: argparse.Namespace,
    study: dict[str, Any],
    found: list[tuple[list[int], int, int, int, int]],
    done: dict[int, tuple[float, float, int]],
) -> None:
    """Roll out the positions ``done`` lacks, each added to it and written to the results
    file as it finishes."""
    tasks = [
        (actions, first, seat, (mine, other), args.margin, args.batch, args.most, args.seed, n)
        for n, (actions, first, seat, mine, other) in enumerate(found)
        if n not in done
    ]
    args.results.parent.mkdir(parents=True, exist_ok=True)
    with (
        ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool,
        args.results.open("a") as out,
    ):
        futures = {pool.submit(roll_out, task): task[-1] for task in tasks}
        for future in as_completed(futures):
            first_mean, second_mean, rolled = done[futures[future]] = future.result()
            line = {**study, "position": futures[future], "means": [first_mean, second_mean],
                    "rollouts": rolled}  # fmt: skip
            out.write(json.dumps(line) + "\n")
            out.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", nargs=2, default=["search", "endgame"])
    parser.add_argument("--positions", type=int, default=2_000)
    parser.add_argument("--margin", type=float, default=0.005, help="95%% half-width, a choice")
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--most", type=int, default=100_000, help="roll-outs a choice at most")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--results", type=Path, default=Path("build/disagreement.ndjson"),
                        help="each position's roll-outs, one line each (resumed from)")  # fmt: skip
    parser.add_argument("--report-only", action="store_true",
                        help="the figures of what the file holds, nothing rolled out")  # fmt: skip
    args = parser.parse_args()
    a, b = args.players
    print(f"# bench/disagreement.py --players {a} {b} --positions {args.positions} --margin "
          f"{args.margin} --seed {args.seed} (load {os.getloadavg()[0]:.1f})")  # fmt: skip
    started = time.monotonic()
    study = study_of(args)
    done = done_before(args.results, study)
    held_before = sum(n < args.positions for n in done)
    print(f"{held_before} positions already rolled out in {args.results}", flush=True)
    if not args.report_only:
        found = positions((a, b), args.seed, args.positions)
        print(f"{len(found)} positions where {a} and {b} lay different values "
              f"({time.monotonic() - started:.0f} s)", flush=True)  # fmt: skip
        roll_out_missing(args, study, found, done)
    held = next((n for n in range(args.positions) if n not in done), args.positions)
    if held < args.positions:  # a position whose roll-outs took long is not left out
        print(f"the figures are of the first {held} positions, each rolled out")
    if held == 0:
        return 0
    results = [done[n] for n in range(held)]
    losses: list[list[float]] = [[], []]
    for first_mean, second_mean in ((r[0], r[1]) for r in results):
        best = max(first_mean, second_mean)
        losses[0].append(best - first_mean)
        losses[1].append(best - second_mean)
    rollouts = [r[2] for r in results]
    right = sum(r[0] > r[1] for r in results)
    print(f"roll-outs a choice: median {statistics.median(rollouts):,.0f}, most {max(rollouts):,}"
          f" ({time.monotonic() - started:.0f} s in all)")  # fmt: skip
    for name, loss in zip((a, b), losses, strict=True):
        mean = statistics.fmean(loss)
        half = Z95 * statistics.stdev(loss) / math.sqrt(len(loss)) if len(loss) > 1 else 0.0
        print(f"{name:>9}: mean loss a decision {100 * mean:.3f} points of the chance to win "
              f"(95% [{100 * (mean - half):.3f}, {100 * (mean + half):.3f}])")  # fmt: skip
    print(f"{a}'s choice rolled out better in {right} of {len(results)} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
