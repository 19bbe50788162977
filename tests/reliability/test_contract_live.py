"""schemathesis against the real service: every operation, a fixed seed, over 1,000 requests.

``st run`` (schemathesis' CLI, configured by the top-level schemathesis.toml: seed, the 422s
JSON Schema cannot rule out) drives gunicorn started with gunicorn.conf.py and two workers.
Every check runs (no 5xx, status codes, content types, headers and bodies in the spec,
schema-valid bodies accepted, schema-invalid ones rejected). The server's own request log
is counted too: it must show at least 1,000 requests and no 5xx.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import yaml
from live_server import ROOT, Server

SEED = 20261130
# The spec's operations (the CORS preflights and the HTML pages are described in its
# introduction, not as operations), counted from it so that a new endpoint is fuzzed too:
# schemathesis 4.32 selects one fewer than the spec lists (15 of 16 before the computer's
# move and whole games, 19 of 20 since). Its examples and coverage phases add cases of their
# own on top of this many fuzzed ones per operation.
OPERATIONS = (
    sum(
        method in {"get", "put", "post", "delete", "patch"}
        for path in yaml.safe_load((ROOT / "openapi.yaml").read_text())["paths"].values()
        for method in path
    )
    - 1
)
EXAMPLES_PER_OPERATION = 80
MIN_CASES = 1_000


def test_schemathesis_against_gunicorn(live: Server, tmp_path: Path) -> None:
    report = tmp_path / "schemathesis.json"
    logged_before = len(live.log.read_bytes().splitlines())
    command = [
        str(Path(sys.executable).with_name("st")),
        "run",
        f"{live.url}/openapi.json",
        "--seed",
        str(SEED),
        "--max-examples",
        str(EXAMPLES_PER_OPERATION),
        "--checks",
        "all",
        "--workers",
        "2",
        "--request-timeout",
        "30",
        "--report",
        "json",
        "--report-json-path",
        str(report),
    ]
    run = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    output = run.stdout[-6000:] + run.stderr[-2000:]
    assert run.returncode == 0, output
    result = json.loads(report.read_text())
    assert result["seed"] == SEED
    assert result["operations"]["tested"] == result["operations"]["total"] == OPERATIONS, output
    assert result["operations"]["errored"] == 0, output
    assert result["test_cases"]["generated"] >= MIN_CASES, result["test_cases"]
    assert result["test_cases"]["with_failures"] == 0, result["failures"]
    assert result["failures"] == [], output
    assert result["errors"] == [], output

    # The server's side: one JSON log line per request, none of them a 5xx.
    lines = live.log.read_bytes().splitlines()[logged_before:]
    statuses = [
        json.loads(line)["status"]
        for line in lines
        if line.startswith(b"{") and b'"logger":"scoring_api.request"' in line
    ]
    by_status = {status: statuses.count(status) for status in sorted(set(statuses))}
    print(
        f"\nschemathesis: {result['test_cases']['generated']} cases over "
        f"{result['operations']['tested']} operations; the server logged {len(statuses)} "
        f"requests, by status {by_status}"
    )
    assert len(statuses) >= MIN_CASES, len(statuses)
    assert [s for s in statuses if s >= 500] == []
    assert "Traceback" not in live.tail(200_000)
