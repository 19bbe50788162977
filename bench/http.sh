#!/usr/bin/env bash
# HTTP throughput on 127.0.0.1 with wrk (apt-get install -y wrk), DURATION (10s) per run:
#   echo : POST /echo of a trivial Flask JSON echo app (bench/echo_app.py), the baseline;
#   score: POST /v1/hands/score with the same body, target >= 85% of the echo's requests/s;
#   batch: POST /v1/hands/score-batch, 10,000 hands per body, target >= 200,000 hands/s.
# Both apps run under the same gunicorn.conf.py. Echo and score runs alternate for ROUNDS
# rounds and the best run of each counts, so a burst of other load on the machine does not
# decide the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { echo "wrk missing: apt-get install -y wrk" >&2; exit 1; }

duration=${DURATION:-10s}
rounds=${ROUNDS:-2}
connections=${CONNECTIONS:-16}
echo_port=${PORT:-18800}
api_port=$((echo_port + 1))
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

serve() {  # serve PORT APP [gunicorn args...]: start gunicorn and wait until it answers
  local port=$1; shift
  BIND="127.0.0.1:$port" SCORING_API_MAX_SIMULATIONS=0 SCORING_API_SIMULATION_RATE=off \
    SCORING_API_ADVICE_RATE=off SCORING_API_BATCH_RATE=off .venv/bin/gunicorn -c gunicorn.conf.py "$@" >"$work/$port.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
    sleep 0.1
  done
  cat "$work/$port.log" >&2; exit 1
}

post_script() {  # post_script BODY_FILE -> a wrk Lua script that POSTs that body
  cat >"$work/$(basename "$1").lua" <<LUA
local f = assert(io.open("$1", "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
LUA
  echo "$work/$(basename "$1").lua"
}

server_cpu() {  # server_cpu MASTER_PID -> clock ticks used by master and workers, dead or alive
  local total pid
  total=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$1/stat")
  for pid in $(pgrep -P "$1"); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}

rate() {  # rate URL BODY_FILE CONNECTIONS MASTER_PID -> "requests/s server-CPU-us/request"
  local out before after requests
  before=$(server_cpu "$4")
  out=$(wrk -t1 -c"$3" -d"$duration" -s "$(post_script "$2")" "$1")
  after=$(server_cpu "$4")
  echo "$out" >&2
  if grep -q "Non-2xx" <<<"$out"; then echo "non-2xx answers from $1" >&2; exit 1; fi
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v n="$requests" \
    '/^Requests\/sec:/ {printf "%s %.0f\n", $2, ticks / hz * 1e6 / n}' <<<"$out"
}

printf '%s' '{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}' >"$work/hand.json"
.venv/bin/python - "$work/batch.json" <<'PY'
import json, sys
from scoring_api.rules import ALL_TILES
from scoring_api.rules.stream import seeded
hands = []
for i in range(10_000):  # hand i: the first five tiles the stream seeded(1).child(i) shuffles
    tiles = list(ALL_TILES)
    seeded(1).child(i).shuffle(tiles, 5)
    five = [str(tile) for tile in tiles[:5]]
    hands.append({"hand": five[:4], "starter": five[4]})
with open(sys.argv[1], "w") as out:
    json.dump({"hands": hands}, out)
PY

serve "$echo_port" --pythonpath bench echo_app:app
echo_master=${pids[-1]}
serve "$api_port" 'scoring_api.app:create_app()'
api_master=${pids[-1]}

echo_runs=() score_runs=()
for _ in $(seq "$rounds"); do
  echo_runs+=("$(rate "http://127.0.0.1:$echo_port/echo" "$work/hand.json" "$connections" "$echo_master")")
  score_runs+=("$(rate "http://127.0.0.1:$api_port/v1/hands/score" "$work/hand.json" "$connections" "$api_master")")
done
batch=$(rate "http://127.0.0.1:$api_port/v1/hands/score-batch" "$work/batch.json" 4 "$api_master")

# Throughput depends on whatever else runs on the machine; server CPU per request much less so.
.venv/bin/python - "$batch" "${echo_runs[@]}" -- "${score_runs[@]}" <<'PY'
import os, sys
args = sys.argv[1:]
split = args.index("--")
batch_rps, batch_cpu = map(float, args[0].split())
echo_runs = [tuple(map(float, run.split())) for run in args[1:split]]
score_runs = [tuple(map(float, run.split())) for run in args[split + 1:]]
echo, score = max(r for r, _ in echo_runs), max(r for r, _ in score_runs)
echo_cpu, score_cpu = min(c for _, c in echo_runs), min(c for _, c in score_runs)
print(f"{os.cpu_count()} cores, gunicorn.conf.py defaults")
print(f"runs (requests/s, server CPU us/request): echo {echo_runs}, score {score_runs}")
print(f"echo  POST /echo                 {echo:10.0f} requests/s  {echo_cpu:6.0f} us CPU/request")
print(f"score POST /v1/hands/score       {score:10.0f} requests/s  {score_cpu:6.0f} us CPU/request")
print(f"      throughput {score / echo:.0%} of echo, CPU capacity {echo_cpu / score_cpu:.0%} of echo (target >= 85%)")
print(f"batch POST /v1/hands/score-batch {batch_rps:10.1f} requests/s = {batch_rps * 10_000:,.0f} hands/s (target >= 200,000);"
      f" {batch_cpu / 10_000:.1f} us CPU/hand")
PY
