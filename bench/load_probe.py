"""Single-request latency probe for bench/load.sh (standard library only).

  load_probe.py baseline URL [N]      N sequential requests to an idle server: p50/p99/max
  load_probe.py recovery URL P50_MS   right after an overload: sequential requests until 5
                                      in a row answer within max(2 x P50_MS, P50_MS + 5 ms)
                                      (at most 30 s); when that happened, and the latencies

Every request is a fresh connection (as a new client's would be) POSTing the 24-point hand
of docs/rules.md section 6 to /v1/hands/score and checking the answer (200, total 24). Prints
one "PROBE {json}" line; exits 1 if an answer is wrong or missing, or the server does not
recover within 30 s.
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import time
from urllib.parse import urlsplit

BODY = json.dumps({"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}).encode()
IN_A_ROW = 5
GIVE_UP_SECONDS = 30.0


def one(host: str, port: int) -> float:
    started = time.perf_counter()
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        conn.request("POST", "/v1/hands/score", BODY, {"Content-Type": "application/json"})
        response = conn.getresponse()
        answer = response.read()
    finally:
        conn.close()
    took = (time.perf_counter() - started) * 1000
    if response.status != 200 or json.loads(answer)["total"] != 24:
        raise SystemExit(f"wrong answer: {response.status} {answer[:200]!r}")
    return took


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def main() -> None:
    mode, url = sys.argv[1], urlsplit(sys.argv[2])
    host, port = url.hostname or "127.0.0.1", url.port or 80
    if mode == "baseline":
        count = int(sys.argv[3]) if len(sys.argv) > 3 else 50
        latencies = [one(host, port) for _ in range(count)]
        result = {
            "requests": count,
            "p50_ms": round(statistics.median(latencies), 2),
            "p99_ms": round(percentile(latencies, 99), 2),
            "max_ms": round(max(latencies), 2),
        }
        print("PROBE " + json.dumps(result))
        return
    p50 = float(sys.argv[3])
    bound = max(2 * p50, p50 + 5)
    started = time.perf_counter()
    trace: list[tuple[float, float]] = []
    streak = 0
    while streak < IN_A_ROW:
        at = time.perf_counter() - started
        if at > GIVE_UP_SECONDS:
            print("PROBE " + json.dumps({"recovered": False, "trace": trace[:50]}))
            raise SystemExit(f"not recovered within {GIVE_UP_SECONDS} s")
        took = one(host, port)
        trace.append((round(at * 1000, 1), round(took, 2)))
        streak = streak + 1 if took <= bound else 0
    recovered_at = trace[-IN_A_ROW][0]
    result = {
        "recovered": True,
        "bound_ms": round(bound, 2),
        "first_ms": trace[0][1],
        "recovered_after_ms": recovered_at,
        "requests": len(trace),
        "then_p50_ms": round(statistics.median(t for _, t in trace[-IN_A_ROW:]), 2),
    }
    print("PROBE " + json.dumps(result))


if __name__ == "__main__":
    main()
