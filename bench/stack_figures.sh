#!/usr/bin/env bash
# The figures docs/operations.md gives for ./scripts/stack: each gunicorn worker's RSS
# (peak, sampled every 0.2 s, and after) under a realistic load (wrk with bench/load.lua:
# every endpoint in rotation, 16 connections, $SECONDS_LOAD s, rate limits off), then the
# time the idle stack takes to stop after SIGTERM.
#   bench/stack_figures.sh            # STACK_REPLICAS, WEB_CONCURRENCY, PORT as for the stack
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-18480}
load_seconds=${SECONDS_LOAD:-30}
export PORT=$port SCORING_API_MAX_ANSWERS=0 SCORING_API_CHEAP_THREADS=0 SCORING_API_SIMULATION_RATE=off \
  SCORING_API_ADVICE_RATE=off \
  SCORING_API_REVIEW_RATE=off SCORING_API_BATCH_RATE=off
log=$(mktemp)
setsid ./scripts/stack >"$log" 2>&1 &
stack=$!
for _ in $(seq 600); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
workers() {  # gunicorn processes whose parent is a gunicorn process
  for pid in $(pgrep -s "$stack" -f 'gunicorn -c'); do
    parent=$(ps -o ppid= -p "$pid" | tr -d ' ')
    ps -o args= -p "$parent" | grep -q 'gunicorn -c' && echo "$pid"
  done
}
rss_mb() { awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$1/status" 2>/dev/null || echo 0; }
declare -A peak
wrk -t2 -c16 -d"${load_seconds}s" -s bench/load.lua "http://127.0.0.1:$port" >/tmp/stack-figures-wrk.txt 2>&1 &
load=$!
while kill -0 "$load" 2>/dev/null; do
  for pid in $(workers); do
    now=$(rss_mb "$pid"); [ "$now" -gt "${peak[$pid]:-0}" ] && peak[$pid]=$now
  done
  sleep 0.2
done
grep -E 'Requests/sec|RESULT' /tmp/stack-figures-wrk.txt || true
for pid in "${!peak[@]}"; do echo "worker $pid: RSS peak ${peak[$pid]} MB, after $(rss_mb "$pid") MB"; done
sleep 5  # idle
started=$(date +%s.%N)
kill -TERM "$stack"
wait "$stack" || true
echo "idle stack stopped $(echo "$(date +%s.%N) - $started" | bc) s after SIGTERM"
rm -f "$log"
