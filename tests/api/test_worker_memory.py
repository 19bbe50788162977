"""A worker's memory does not grow with the sets of rules its clients name: a worker lives for
many requests, and what it keeps it gives nothing back.

The tables that depend on how a show scores (the crib sums, 4.7 MB each, and the show items)
are keyed by the show's rules (``rules.show.show_rules``), not the whole ``RuleOptions``: the
96 sets of rules a client may name would make 96 copies. A fresh process asks advice and
scores a batch under every one of them; its resident size may grow by a few tables, not by one
a set of rules.
"""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import itertools, logging, random
from pathlib import Path
from scoring_api.app import create_app

def rss_mb():
    status = Path("/proc/self/status").read_text()
    return int(next(l for l in status.splitlines() if l.startswith("VmRSS")).split()[1]) // 1024

app = create_app({"TESTING": True, "SCORING_API_MAX_ANSWERS": 0, "SCORING_API_ADVICE_RATE": "off",
                  "SCORING_API_BATCH_RATE": "off"})
logging.disable(logging.CRITICAL)
client = app.test_client()
rng = random.Random(2)
tiles = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
def ask(rules):
    drawn = rng.sample(tiles, 6 if rules["players"] == 2 else 5)
    body = {"tiles": drawn, "dealer": False, "rules": rules, "model": "expected"}
    assert client.post("/v1/discards/advise", json=body).status_code == 200
    hands = [{"hand": (s := rng.sample(tiles, 5))[:4], "starter": s[4]} for _ in range(50)]
    batch = {"hands": hands, "rules": rules}
    assert client.post("/v1/hands/score-batch", json=batch).status_code == 200
tables = [(2, False), (3, False), (4, False), (4, True)]
variants = [
    {"target": t, "starter_double_points": s, "double_blank_in_fifteens": d,
     "players": p, "partners": q, "muggins": m}
    for t, s, d, (p, q), m in itertools.product(
        [61, 121], [0, 1, 2], [True, False], tables, [False, True]
    )
]
for rules in variants[:2]:
    ask(rules)
    ask({**rules, "double_blank_in_fifteens": not rules["double_blank_in_fifteens"]})
before = rss_mb()
for rules in variants:
    ask(rules)
print(len(variants), rss_mb() - before)
"""


def test_every_set_of_rules_leaves_the_memory_as_it_was() -> None:
    run = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, check=True, timeout=600
    )
    variants, grown = map(int, run.stdout.split())
    assert variants == 96
    assert grown < 30, f"grew {grown} MB over {variants} sets of rules"
