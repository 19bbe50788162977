#!/usr/bin/env bash
# Load, saturation and overload of the real service on 127.0.0.1, with wrk (apt-get install -y
# wrk) and bench/load.lua (every connection rotates over all endpoints: hands/score,
# score-batch of 100 hands, pegging/score, plays/validate, discards/advise, a 2-game
# simulation, rules, tiles). gunicorn runs with gunicorn.conf.py (WEB_CONCURRENCY workers,
# one per core by default).
#   1. sweep:    SWEEP_SECONDS (5s) at 1, 2, 4 ... 64 connections, SWEEP_ROUNDS (3) times
#                over, best run of each count (a burst of other load on a shared machine
#                does not decide); the saturation point is the fewest connections that reach
#                90% of the best throughput (past it, more connections only queue);
#   2. steady:   DURATION (60s) at the saturation point: throughput, p50/p99 latency, non-2xx
#                answers, socket errors (target: zero of both);
#   3. overload: OVERLOAD_SECONDS (30s) at twice the saturation point, and at least twice the
#                requests the workers can serve at once (workers x threads): slower, but every
#                request answered (wrk timeout 30 s);
#   4. recovery: right after the overload, single requests (bench/load_probe.py) until five in
#                a row answer within twice the idle latency measured before the load.
# QUICK=1 (the CI step): no sweep, CONNECTIONS (8) connections, 5 s runs.
# Exits 1 if a valid request got a non-2xx answer or a socket error, or there was no recovery.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk missing: apt-get install -y wrk" >&2; exit 1; }

quick=${QUICK:-0}
duration=${DURATION:-60s}
sweep_seconds=${SWEEP_SECONDS:-5s}
sweep_rounds=${SWEEP_ROUNDS:-3}
overload_seconds=${OVERLOAD_SECONDS:-30s}
if [ "$quick" = 1 ]; then duration=5s overload_seconds=5s; fi
port=${PORT:-18850}
workers=${WEB_CONCURRENCY:-$(nproc)}
threads=${GUNICORN_THREADS:-4}
url="http://127.0.0.1:$port"
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The workers' capacity is measured, not the limits: no caps of simulations nor expensive
# answers, no thread of a worker kept from them, no rate limits.
BIND="127.0.0.1:$port" WEB_CONCURRENCY=$workers GUNICORN_THREADS=$threads \
  SCORING_API_MAX_SIMULATIONS=0 SCORING_API_MAX_ANSWERS=0 SCORING_API_CHEAP_THREADS=0 \
  SCORING_API_SIMULATION_RATE=off SCORING_API_ADVICE_RATE=off \
  SCORING_API_BATCH_RATE=off .venv/bin/gunicorn -c gunicorn.conf.py 'scoring_api.app:create_app()' >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 150); do
  curl -sf -o /dev/null "$url/readyz" && break
  sleep 0.2
done
curl -sf -o /dev/null "$url/readyz" || { tail -50 "$work/server.log" >&2; exit 1; }

failed=0
run() {  # run NAME CONNECTIONS DURATION -> the RESULT json on stdout, wrk's report on stderr
  local out
  out=$(wrk -t1 -c"$2" -d"$3" --timeout 30s --latency -s bench/load.lua "$url")
  echo "--- $1: $2 connections, $3" >&2
  grep -v '^RESULT' <<<"$out" >&2
  grep '^RESULT' <<<"$out" | cut -d' ' -f2-
}
field() { .venv/bin/python -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
errors() {  # errors JSON -> non-2xx + socket errors
  .venv/bin/python -c 'import json,sys; r=json.loads(sys.argv[1]); print(r["non_2xx"]+r["connect_errors"]+r["read_errors"]+r["write_errors"]+r["timeouts"])' "$1"
}

baseline=$(.venv/bin/python bench/load_probe.py baseline "$url" 50 | cut -d' ' -f2-)
echo "idle single requests: $baseline" >&2
warm=$(run warm-up 4 3s)

if [ "$quick" = 1 ]; then
  saturation=${CONNECTIONS:-8}
  sweep="(skipped: QUICK=1)"
else
  runs=""
  for _ in $(seq "$sweep_rounds"); do
    for c in 1 2 4 8 16 32 64; do
      result=$(run sweep "$c" "$sweep_seconds")
      runs+="$c:$(field "$result" rps) "
      if [ "$(errors "$result")" != 0 ]; then echo "errors in the sweep at $c connections" >&2; failed=1; fi
    done
  done
  read -r saturation sweep < <(.venv/bin/python -c '
import sys
best = {}
for point in sys.argv[1].split():
    c, rps = point.split(":")
    best[int(c)] = max(best.get(int(c), 0.0), float(rps))
top = max(best.values())
print(min(c for c, r in best.items() if r >= 0.9 * top), " ".join(f"{c}:{r:.0f}" for c, r in sorted(best.items())))' "$runs")
fi

steady=$(run steady "$saturation" "$duration")
[ "$(errors "$steady")" = 0 ] || { echo "steady run: non-2xx answers or socket errors" >&2; failed=1; }

overload_connections=$((2 * saturation))
[ "$overload_connections" -ge $((2 * workers * threads)) ] || overload_connections=$((2 * workers * threads))
overload=$(run overload "$overload_connections" "$overload_seconds")
recovery=$(.venv/bin/python bench/load_probe.py recovery "$url" "$(field "$baseline" p50_ms)" | cut -d' ' -f2-) || failed=1
[ "$(errors "$overload")" = 0 ] || { echo "overload run: non-2xx answers or socket errors" >&2; failed=1; }
if grep -q '"status": *5[0-9][0-9]' "$work/server.log" || grep -q Traceback "$work/server.log"; then
  echo "the server logged a 5xx or a traceback:" >&2
  grep -n -B2 -A30 -E '"status": *5[0-9][0-9]|Traceback' "$work/server.log" | head -80 >&2
  failed=1
fi

cat <<REPORT

$(nproc) cores, $workers workers x $threads threads (gunicorn.conf.py), wrk -t1, all 8 kinds of request in turn
idle single requests: $baseline
sweep, best of $sweep_rounds (connections:requests/s): $sweep
saturation point: $saturation connections
steady   ($saturation connections, $duration): $steady
overload ($overload_connections connections, $overload_seconds): $overload
recovery right after the overload: $recovery
REPORT
exit "$failed"
