"""CPU time of a game with a ``search`` seat, by budget; or its instructions a game.

Run from the repository root:
    .venv/bin/python bench/search_speed.py [--games N] [--budgets ...] [--mode M]
    .venv/bin/python bench/search_speed.py --instructions N [M] [--engines compiled pure]

With two players (``--mode two``, the default) plays ``--games`` games of search (at each
budget) v expert, first dealers alternating, and expert v expert on the same seeds; with
three or four players or partners, search in seat 0 and expected in the others, and expected
in every seat. Prints the CPU milliseconds per game of
this process (``time.process_time``: one core; steadier than the clock on a busy machine,
though a loaded machine still inflates it). The expert's tables are read before the timing.
The target of the two-player default budget: at most 50 ms a game (20 games per second per
core).

With ``--instructions N [M]`` it counts instead the CPU instructions a game of issue 44's two
pairings, search at the two-player default v expert (N games) and search at 200 in seat 0 of
four v expected (M games; N if not given), as ``bench/engine.py`` counts the engine's: the
request posted to the app's ``/v1/simulations`` (seed 1) in a fresh process under callgrind,
N games and 2N, the difference per game (the same figure however busy the machine is;
start-up, the expert's tables and the first request's set-up cancel out; the JSON answer's
time budget is lifted, ``SCORING_API_JSON_SECONDS=0``, as callgrind runs about 50 times
slower).
Timing and counting only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import os
import time

import checkout  # noqa: F401
from engine import instructions_per_game

from scoring_api.rules import DEFAULT_RULES, RuleOptions
from scoring_api.sim.expert.tables import shipped_tables
from scoring_api.sim.registry import lineup_of
from scoring_api.sim.runs import SimulationRequest, run
from scoring_api.sim.search import DEFAULT_BUDGET

SEED = 4711
MODES = {
    "two": (DEFAULT_RULES, "expert"),
    "three": (RuleOptions(players=3), "expected"),
    "four": (RuleOptions(players=4), "expected"),
    "partners": (RuleOptions(players=4, partners=True), "expected"),
}
"""Each mode's rules and the strategy of the seats beside search."""
COUNTED = {
    f"two players, search at {DEFAULT_BUDGET} v expert": {
        "players": [{"strategy": "search"}, {"strategy": "expert"}]
    },
    "four players, search at 200 v expected": {
        "players": [{"strategy": "search", "budget": 200}, *[{"strategy": "expected"}] * 3],
        "rules": {"players": 4},
    },
}
"""The pairings ``--instructions`` counts: each one's ``/v1/simulations`` body."""


def cpu_ms_per_game(
    lineup: tuple[str, ...], rules: RuleOptions, budget: int | None, games: int
) -> float:
    budgets = [budget if name == "search" else None for name in lineup]
    request = SimulationRequest(lineup_of(lineup, budgets), rules, SEED, games)
    started = time.process_time()
    run(request)
    return (time.process_time() - started) * 1000 / games


def count_instructions(games: list[int], engines: list[str]) -> None:
    os.environ["SCORING_API_JSON_SECONDS"] = "0"
    print(f"# bench/search_speed.py --instructions {' '.join(map(str, games))}")
    print(f"| pairing | games | {' | '.join(engines)} |")
    print(f"| --- | ---: |{' ---: |' * len(engines)}")
    for k, (name, body) in enumerate(COUNTED.items()):
        n = games[min(k, len(games) - 1)]
        counts = [instructions_per_game(build, body, n) for build in engines]
        print(f"| {name} | {n} + {n} | {' | '.join(f'{c:,.0f}' for c in counts)} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budgets", type=int, nargs="+", default=[48, 200, DEFAULT_BUDGET, 1000])
    parser.add_argument("--mode", choices=MODES, default="two")
    parser.add_argument(
        "--instructions", type=int, nargs="+", metavar="N", help="count N and 2N games"
    )
    parser.add_argument("--engines", nargs="+", default=["compiled"], choices=["compiled", "pure"])
    args = parser.parse_args()
    if args.instructions:
        count_instructions(args.instructions, args.engines)
        return 0
    rules, others = MODES[args.mode]
    shipped_tables()
    print(
        f"# bench/search_speed.py --games {args.games} --mode {args.mode}, seed {SEED}, "
        f"load {os.getloadavg()}"
    )
    base = cpu_ms_per_game((others,) * rules.players, rules, None, args.games)
    print(f"{others} in every seat: {base:.2f} ms of CPU a game")
    lineup = ("search", *(others,) * (rules.players - 1))
    for budget in args.budgets:
        ms = cpu_ms_per_game(lineup, rules, budget, args.games)
        print(f"search at {budget:>4} v {others}: {ms:.1f} ms of CPU a game ({1000 / ms:.0f}/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
