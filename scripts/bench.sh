#!/bin/bash
# "make bench": boot the guest, run scripts/guest/bench.sh, print its
# markdown table and keep it in build/bench/.  QUICK=1: one repetition
# of small workloads.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$top/build/bench"
script=$(mktemp)
trap 'rm -f "$script"' EXIT
if [ "${QUICK:-0}" = 1 ]; then
	echo "export BENCH_REPS=1 BENCH_PINGPONG=200 BENCH_BURST=2000" > "$script"
else
	echo "export BENCH_REPS=${BENCH_REPS:-5} BENCH_PINGPONG=${BENCH_PINGPONG:-2000} BENCH_BURST=${BENCH_BURST:-20000}" > "$script"
fi
cat "$top/scripts/guest/bench.sh" >> "$script"
log=$top/build/bench/console.log
"$top/qemu-run.sh" --timeout 1800 --log "$log" --script "$script" > /dev/null
tr -d '\r' < "$log" | sed -n '/^BENCH-RESULTS-BEGIN$/,/^BENCH-RESULTS-END$/p' | sed '1d;$d' |
	tee "$top/build/bench/results.md"
