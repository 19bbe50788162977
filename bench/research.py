"""The research game against what exists, in one run (docs/research.md, bench/README.md).

Run from the repository root, with the research extra installed (``pip install -e
'.[research]'``):
    .venv/bin/python bench/research.py speed [--games N] [--rounds R]
    .venv/bin/python bench/research.py ismcts [--pairs P] [--budgets B ...] [--against S ...]
    .venv/bin/python bench/research.py pettingzoo [--games N] [--rounds R]
    .venv/bin/python bench/research.py solve [--max-pips P] [--tiles T] [--checks I ...]

``speed``: random games through the pyspiel Python API, the same loop for every game
(``chance_outcomes``/``legal_actions``/``apply_action``, each choice uniform from the bench's
own ``random.Random(seed)``, handed to no engine code: the engine's ``Stream`` is compiled
only with the compiled engine, and a pure one would add its own cost to the pure engine's
figures): ``python_domino_cribbage`` to 121 (two players; compiled and pure engine),
OpenSpiel's C++ ``cribbage`` (to 121) and its Python ``python_block_dominoes``. Each round
plays ``--games`` games of each in a fresh process, the games interleaved round by round;
the table shows the median round: games a second and microseconds an action of CPU
(``time.process_time``, one core). Targets (issue 45): no slower an action than
``python_block_dominoes``; at least half the C++ cribbage's games a second.

``pettingzoo``: random games through the batched environment (``research.batched``, 256
games at once, each row's action drawn by numpy for the whole batch, its games counted as
they end, at least ``--games``), and through the PettingZoo environment, ``domino_cribbage_v0`` as
``env()`` hands it out (with PettingZoo's wrappers), two players to 121, the loop of
PettingZoo's own examples (``agent_iter``, ``last()``, a uniform legal action from the mask,
``step``), and the same games' seeds through the pyspiel API (the ``speed`` loop), each round
a fresh process per loop, interleaved: microseconds of CPU an agent step (a ``step`` of an
agent on turn, ``last()`` included) and a whole game through each. Target (issue 55): at most
20 us a step.

``solve``: the small member (``python_domino_cribbage_play``, ``research.small_game``) solved
by OpenSpiel's C++ CFR+ (``pyspiel.CFRPlusSolver``) on its tree written once as an EFG game
(``small_game.efg_text``, read by ``pyspiel.load_efg_game``: the same tree, every node walked
in C++; on double-two the same NashConv as CFR+ on the Python game, a test), NashConv of the
average policy by its exact best response (``pyspiel.nash_conv``) after each number of
iterations in ``--checks``, stopping once below 0.001; then each project strategy that sits
at that table as a tabular policy (``small_game.strategy_policy``, carried to the EFG game by
``small_game.efg_policy``), its NashConv by the same exact best response and its
exploitability (half of it, two players). CPU seconds, the tree's walk included.

``ismcts``: OpenSpiel's Python ISMCTS (random roll-outs, UCT c = 2, the game's own
``resample_from_infostate``) at each budget (simulations a decision) against the project's
strategies, two players to 61, over ``--pairs`` paired games: each seed played twice, the
first dealer alternating (ISMCTS deals first, then the other), the same chance draws. Win
rates with Wilson 95% intervals; CPU per game (both seats). Timing only: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = {
    "domino cribbage, compiled": ("python_domino_cribbage(target=121)", "compiled"),
    "domino cribbage, pure": ("python_domino_cribbage(target=121)", "pure"),
    "OpenSpiel cribbage (C++)": ("cribbage", "compiled"),
    "OpenSpiel python_block_dominoes": ("python_block_dominoes", "compiled"),
}


def random_games(name: str, games: int, seed: int) -> dict[str, float]:
    """``games`` random games of a pyspiel game through the Python API: CPU and actions."""
    import pyspiel
    from open_spiel.python.games import block_dominoes  # noqa: F401 (registers it)

    import scoring_api.research.openspiel_game  # noqa: F401 (registers it)

    game = pyspiel.load_game(name)
    rng = Random(seed)
    actions = 0
    started = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                point, total = rng.random(), 0.0
                for action, probability in state.chance_outcomes():  # noqa: B007 (the one drawn)
                    total += probability
                    if point < total:
                        break
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            actions += 1
    return {"cpu": time.process_time() - started, "actions": actions, "games": games}


def pettingzoo_games(games: int, seed: int) -> dict[str, float]:
    """``games`` random games through the PettingZoo environment: CPU and agent steps."""
    import numpy as np

    from scoring_api.research.pettingzoo_env import env as domino_cribbage

    table = domino_cribbage(players=2, target=121)
    rng = Random(seed)
    steps = 0
    started = time.process_time()
    for game in range(games):
        table.reset(seed=seed * games + game)
        for _ in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return {"cpu": time.process_time() - started, "steps": steps, "games": games}


def batched_games(games: int, seed: int, envs: int = 256) -> dict[str, float]:
    """At least ``games`` random games through the batched environment (``envs`` at once):
    CPU and agent steps, the choice of each action (numpy, for the whole batch) included."""
    import numpy as np

    from scoring_api.research.batched import BatchedEnv

    batch = BatchedEnv(envs, target=121)
    rng = np.random.default_rng(seed)
    steps = finished = 0
    started = time.process_time()
    batch.reset(seed=seed)
    while finished < games:
        mask = batch.legal_action_mask
        batch.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
        steps += envs
        finished += int(batch.terminated.sum())
    return {"cpu": time.process_time() - started, "steps": steps, "games": finished}


def pettingzoo(games: int, rounds: int) -> None:
    loops = {
        "batched env (256 games at once)": ["batch"],
        "PettingZoo env (domino_cribbage_v0)": ["pz"],
        "pyspiel API (python_domino_cribbage)": ["loop", "python_domino_cribbage(target=121)"],
    }
    results: dict[str, list[dict[str, float]]] = {label: [] for label in loops}
    for round_number in range(rounds):
        for label, args in loops.items():
            command = [sys.executable, __file__, *args, str(games), str(round_number)]
            out = subprocess.run(command, check=True, capture_output=True, text=True)
            results[label].append(json.loads(out.stdout))
    print(f"{games} random games each, two players to 121, {rounds} rounds interleaved")
    print("(median round, CPU)\n")
    print(f"{'loop':38} {'games/s':>8} {'ms/game':>8} {'us/step':>8} {'steps/game':>11}")
    per_game = {}
    for label, runs in results.items():
        key = "steps" if "steps" in runs[0] else "actions"
        rate = statistics.median(r["games"] / r["cpu"] for r in runs)
        per_step = statistics.median(r["cpu"] / r[key] * 1e6 for r in runs)
        steps = statistics.median(r[key] / r["games"] for r in runs)
        per_game[label] = 1000 / rate
        print(f"{label:38} {rate:8,.0f} {1000 / rate:8.2f} {per_step:8.2f} {steps:11.1f}")
    batched, pz, spiel = per_game.values()
    print("\n(steps: agent steps for the two environments; every action, chance included,")
    print("for pyspiel)")
    print(f"a game through PettingZoo: {pz / spiel:.2f} times one through pyspiel")
    print(f"a game through the batched env: {batched / spiel:.2f} times one through pyspiel")


def solve(max_pips: int, tiles: int, checks: list[int]) -> None:
    import pyspiel

    from scoring_api.research import small_game
    from scoring_api.sim.registry import STRATEGIES

    name = f"{small_game.SHORT_NAME}(max_pips={max_pips},tiles={tiles})"
    game = pyspiel.load_game(name)
    started = time.process_time()
    efg = pyspiel.load_efg_game(small_game.efg_text(game))
    print(f"{name}: its tree as an EFG game (small_game.efg_text), ", end="")
    print(f"{time.process_time() - started:.1f} s CPU")
    print("CFR+ (OpenSpiel's C++), NashConv by exact best response (C++)\n")
    print(f"{'iterations':>10} {'NashConv':>12} {'CPU s':>8}")
    solver, done = pyspiel.CFRPlusSolver(efg), 0
    for check in checks:
        while done < check:
            solver.evaluate_and_update_policy()
            done += 1
        nash_conv = pyspiel.nash_conv(efg, solver.average_policy())
        print(f"{done:10} {nash_conv:12.6f} {time.process_time() - started:8.1f}", flush=True)
        if nash_conv < 0.001:
            break
    print(f"\n{'strategy':10} {'NashConv':>9} {'exploitability':>15}")
    for strategy in STRATEGIES:
        try:
            tabular = small_game.strategy_policy(game, strategy.name)
        except (ValueError, AssertionError, KeyError, IndexError) as error:
            print(f"{strategy.name:10} does not sit at this table: {error!r}")
            continue
        nash_conv = pyspiel.nash_conv(efg, small_game.efg_policy(efg, tabular))
        print(f"{strategy.name:10} {nash_conv:9.4f} {nash_conv / 2:15.4f}", flush=True)


def speed(games: int, rounds: int) -> None:
    results: dict[str, list[dict[str, float]]] = {label: [] for label in GAMES}
    for round_number in range(rounds):
        for label, (name, engine) in GAMES.items():
            env = {**os.environ, "SCORING_API_ENGINE": engine}
            command = [sys.executable, __file__, "loop", name, str(games), str(round_number)]
            out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
            results[label].append(json.loads(out.stdout))
    print(f"{games} random games each, {rounds} rounds interleaved (median round, CPU)\n")
    print(f"{'game':34} {'games/s':>9} {'us/action':>10} {'actions/game':>13}")
    rates = {}
    for label, runs in results.items():
        rate = statistics.median(r["games"] / r["cpu"] for r in runs)
        per_action = statistics.median(r["cpu"] / r["actions"] * 1e6 for r in runs)
        actions = statistics.median(r["actions"] / r["games"] for r in runs)
        rates[label] = (rate, per_action)
        print(f"{label:34} {rate:9,.0f} {per_action:10.2f} {actions:13.1f}")
    ours, cpp = rates["domino cribbage, compiled"], rates["OpenSpiel cribbage (C++)"]
    python = rates["OpenSpiel python_block_dominoes"]
    print(f"\nus/action v python_block_dominoes: {ours[1]:.2f} v {python[1]:.2f}")
    print(f"games/s v C++ cribbage: {ours[0] / cpp[0]:.2f} of it (target at least 0.5)")


def ismcts(pairs: int, budgets: list[int], against: list[str]) -> None:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    from scoring_api.research import bots
    from scoring_api.sim.intervals import wilson_interval

    print(f"ISMCTS v the project's strategies: two players to 61, {pairs} pairs of games")
    print("(each seed dealt first by each side), UCT c = 2, random roll-outs\n")
    header = f"{'budget':>6} {'against':10} {'games':>6} {'ISMCTS wins':>12} {'95% interval':>16}"
    print(header + f" {'CPU s/game':>11}")
    for budget in budgets:
        for name in against:
            wins = games = 0
            started = time.process_time()
            for pair in range(pairs):
                for first_dealer in (0, 1):
                    game = pyspiel.load_game(f"python_domino_cribbage(first_dealer={first_dealer})")
                    lineup = [
                        bots.ismcts_bot(game, budget, seed=pair),
                        bots.strategy_bot(name, pair),
                    ]
                    chance = np.random.RandomState(pair)
                    returns = evaluate_bots(game.new_initial_state(), lineup, chance)
                    wins += returns[0] > 0
                    games += 1
            cpu = (time.process_time() - started) / games
            low, high = wilson_interval(wins, games)
            interval = f"[{low:.3f}, {high:.3f}]"
            print(f"{budget:6} {name:10} {games:6} {wins / games:12.3f} {interval:>16} {cpu:11.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    timed = commands.add_parser("speed")
    timed.add_argument("--games", type=int, default=200)
    timed.add_argument("--rounds", type=int, default=5)
    search = commands.add_parser("ismcts")
    search.add_argument("--pairs", type=int, default=20)
    search.add_argument("--budgets", type=int, nargs="+", default=[25, 100])
    search.add_argument("--against", nargs="+", default=["expected", "expert", "search"])
    zoo = commands.add_parser("pettingzoo")
    zoo.add_argument("--games", type=int, default=100)
    zoo.add_argument("--rounds", type=int, default=5)
    small = commands.add_parser("solve")
    small.add_argument("--max-pips", type=int, default=3)
    small.add_argument("--tiles", type=int, default=2)
    small.add_argument("--checks", type=int, nargs="+", default=[10, 50, 100, 200, 400])
    loop = commands.add_parser("loop")  # one round of one game, in its own process
    loop.add_argument("name")
    loop.add_argument("games", type=int)
    loop.add_argument("seed", type=int)
    pz_loop = commands.add_parser("pz")  # one round of the PettingZoo env, in its own process
    pz_loop.add_argument("games", type=int)
    pz_loop.add_argument("seed", type=int)
    batch_loop = commands.add_parser("batch")  # one round of the batched env
    batch_loop.add_argument("games", type=int)
    batch_loop.add_argument("seed", type=int)
    args = parser.parse_args()
    if args.command == "speed":
        speed(args.games, args.rounds)
    elif args.command == "ismcts":
        ismcts(args.pairs, args.budgets, args.against)
    elif args.command == "pettingzoo":
        pettingzoo(args.games, args.rounds)
    elif args.command == "solve":
        solve(args.max_pips, args.tiles, args.checks)
    elif args.command == "pz":
        print(json.dumps(pettingzoo_games(args.games, args.seed)))
    elif args.command == "batch":
        print(json.dumps(batched_games(args.games, args.seed)))
    else:
        print(json.dumps(random_games(args.name, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
