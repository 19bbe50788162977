#!/usr/bin/env bash
# The whole suite (./scripts/test), RUNS times in a row (3 by default) while BUSY busy loops
# (2 by default: both cores of the reference machine) hold the CPU, as on a shared machine.
# Prints each run's wall time and result; exits non-zero if any run was red. Extra
# arguments go to ./scripts/test; run N's output is artifacts/busy_suite.N.log. The loops
# are stopped on the way out, however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
busy=${BUSY:-2}

./scripts/setup dev >/dev/null
mkdir -p artifacts
loops=()
stop_loops() {
  for pid in "${loops[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap stop_loops EXIT
for _ in $(seq "$busy"); do
  sh -c 'while :; do :; done' &
  loops+=("$!")
done

failed=0
results=()
for run in $(seq "$runs"); do
  started=$(date +%s)
  status=0
  ./scripts/test "$@" >"artifacts/busy_suite.$run.log" 2>&1 || status=$?
  seconds=$(($(date +%s) - started))
  grep -E '^=+ .*(passed|failed|error).* in [0-9.]+s' "artifacts/busy_suite.$run.log" || true
  results+=("run $run: $( [ "$status" -eq 0 ] && echo green || echo "red ($status)"), ${seconds} s, load $(cut -d' ' -f1-3 /proc/loadavg)")
  echo "${results[-1]}"
  [ "$status" -eq 0 ] || failed=1
done
printf '%s\n' "== $busy busy loops, ./scripts/test $*" "${results[@]}"
exit "$failed"
