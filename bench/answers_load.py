"""One client's expensive answers against another client's hand scores (issue 40, item 3).

Run from the repository root:
    .venv/bin/python bench/answers_load.py [--seconds S] [--attackers N]

gunicorn as ``./scripts/serve`` runs it (gunicorn.conf.py, two workers x four threads, rate
limits at their defaults) on 127.0.0.1, twice: with expensive answers admitted (the
default: ``SCORING_API_MAX_ANSWERS`` 4, ``SCORING_API_CLIENT_ANSWERS`` 2) and without
(``SCORING_API_MAX_ANSWERS=0``). Each time, for ``--seconds``: ``--attackers`` threads from
127.0.0.1 each send the most expensive review (four players, ``playouts: 3000``, a deal of a
simulated game), again as soon as the last is answered, whatever it was (200, 503, 429);
meanwhile one client from 127.0.0.2 scores a hand (``POST /v1/hands/score``, a new
connection each), one after the other. Printed: the attackers' answers by status, and the
other client's hand-score latency (median, 95th percentile, worst) against the target of
100 ms at the 95th percentile. Timing only: nothing here asserts (tests/reliability/
test_answers_admission.py checks the admission itself, not latencies).
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import checkout  # noqa: F401  (this checkout first on sys.path)
from live_server import VALID_HAND, Server, serve
from reliability.helpers import four_player_review

ATTACKER, OTHER = "127.0.0.1", "127.0.0.2"
TARGET_P95_MS = 100
DEFAULT_LIMITS = {  # live_server lifts them for tests: here they are the service's
    "SCORING_API_SIMULATION_RATE": "60/minute",
    "SCORING_API_ADVICE_RATE": "1200/minute",
    "SCORING_API_REVIEW_RATE": "120/minute",
    "SCORING_API_BATCH_RATE": "600/minute",
    "SCORING_API_MAX_SIMULATIONS": "2",
}
MODES = {
    "admitted (4 at once, 2 a client)": {"SCORING_API_MAX_ANSWERS": "4"},
    "not admitted (no cap)": {"SCORING_API_MAX_ANSWERS": "0", "SCORING_API_CHEAP_THREADS": "0"},
}


def attack(
    server: Server, review: dict[str, Any], until: float, seen: collections.Counter[int]
) -> None:
    while time.monotonic() < until:
        seen[server.post_json("/v1/deals/review", review, 120, ATTACKER).status] += 1


def measure(
    server: Server, seconds: float, attackers: int
) -> tuple[collections.Counter[int], list[float]]:
    review = four_player_review(server)
    seen: collections.Counter[int] = collections.Counter()
    until = time.monotonic() + seconds
    threads = [
        threading.Thread(target=attack, args=(server, review, until, seen), daemon=True)
        for _ in range(attackers)
    ]
    for thread in threads:
        thread.start()
    time.sleep(1.0)  # the attack under way
    latencies = []
    while time.monotonic() < until:
        started = time.perf_counter()
        status = server.post_json("/v1/hands/score", VALID_HAND, 120, OTHER).status
        latencies.append((time.perf_counter() - started) * 1000)
        assert status == 200, status
        time.sleep(0.02)
    for thread in threads:
        thread.join(180)
    return seen, latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--attackers", type=int, default=20)
    args = parser.parse_args()
    print(f"{args.attackers} clients' worth of reviews from {ATTACKER} for {args.seconds:g} s; "
          f"hand scores from {OTHER}; load average {os.getloadavg()[0]:.1f} at start")  # fmt: skip
    for mode, env in MODES.items():
        with (
            tempfile.TemporaryDirectory() as logs,
            serve(Path(logs) / "server.log", workers=2, env={**DEFAULT_LIMITS, **env}) as server,
        ):
            seen, latencies = measure(server, args.seconds, args.attackers)
        p95 = statistics.quantiles(latencies, n=20)[-1]
        verdict = "ok" if p95 <= TARGET_P95_MS else "MISSED"
        print(f"{mode}: reviews {dict(sorted(seen.items()))}; hand scores {len(latencies)}: "
              f"median {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms, "
              f"worst {max(latencies):.0f} ms (target p95 <= {TARGET_P95_MS} ms: {verdict})",
              flush=True)  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
