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
  BIND="127.0.0.1:$port" .venv/bin/gunicorn -c gunicorn.conf.py "$@" >"$work/$port.log" 2>&1 &
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

rate() {  # rate URL BODY_FILE CONNECTIONS -> requests/s (any non-2xx answer fails the run)
  local out
  out=$(wrk -t1 -c"$3" -d"$duration" -s "$(post_script "$2")" "$1")
  echo "$out" >&2
  if grep -q "Non-2xx" <<<"$out"; then echo "non-2xx answers from $1" >&2; exit 1; fi
  awk '/^Requests\/sec:/ {print $2}' <<<"$out"
}

printf '%s' '{"hand": ["3-3", "1-5", "2-4", "0-3"], "starter": "0-6"}' >"$work/hand.json"
.venv/bin/python - "$work/batch.json" <<'PY'
import json, random, sys
from scoring_api.rules import ALL_TILES
rng = random.Random(1)
hands = []
for _ in range(10_000):
    five = [str(tile) for tile in rng.sample(ALL_TILES, 5)]
    hands.append({"hand": five[:4], "starter": five[4]})
with open(sys.argv[1], "w") as out:
    json.dump({"hands": hands}, out)
PY

serve "$echo_port" --pythonpath bench echo_app:app
serve "$api_port" 'scoring_api.app:create_app()'

echo_runs=() score_runs=()
for _ in $(seq "$rounds"); do
  echo_runs+=("$(rate "http://127.0.0.1:$echo_port/echo" "$work/hand.json" "$connections")")
  score_runs+=("$(rate "http://127.0.0.1:$api_port/v1/hands/score" "$work/hand.json" "$connections")")
done
batch_rps=$(rate "http://127.0.0.1:$api_port/v1/hands/score-batch" "$work/batch.json" 4)

.venv/bin/python - "$batch_rps" "${echo_runs[*]}" "${score_runs[*]}" <<'PY'
import os, sys
batch = float(sys.argv[1])
echo_runs, score_runs = ([float(x) for x in arg.split()] for arg in sys.argv[2:])
echo, score = max(echo_runs), max(score_runs)
print(f"{os.cpu_count()} cores, gunicorn.conf.py defaults; runs: echo {echo_runs}, score {score_runs}")
print(f"echo  POST /echo                 {echo:10.0f} requests/s")
print(f"score POST /v1/hands/score       {score:10.0f} requests/s = {score / echo:.0%} of echo (target >= 85%)")
print(f"batch POST /v1/hands/score-batch {batch:10.1f} requests/s = {batch * 10_000:,.0f} hands/s (target >= 200,000)")
PY
