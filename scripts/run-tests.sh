#!/bin/bash
# Host side of "make test": boot the guest, run debugfs-tests/ in it,
# then check its console for kernel reports and tracer selftest results.
# The last line is "N passed, N failed, N skipped"; the status is
# non-zero on any failure.
# Usage: run-tests.sh [area/name-glob...]   (TEST_TIMEOUT, default 1500 s)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
log=$top/build/test-console.log
start=$(date +%s)

# 4G, so that a 1 GB huge page can be had at run time for the hugetlb
# demote case (the guest memory is allocated lazily).
"$top/qemu-run.sh" --timeout "${TEST_TIMEOUT:-1500}" --log "$log" --mem 4G \
	-- /tests/run-tests.sh "$@"
guest_rc=$?
console=$(tr -d '\r' < "$log")

pass=$(grep -c '^PASS: ' <<<"$console")
fail=$(grep -c '^FAIL: ' <<<"$console")
skip=$(grep -c '^UNSUPPORTED: ' <<<"$console")

result() { # PASS|FAIL name description
	echo "$1: $2: $3"
	if [ "$1" = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}

# Each tracer's startup selftest (CONFIG_FTRACE_STARTUP_TEST).
tested=$(grep -o 'Testing tracer [a-z_]*: .*' <<<"$console" || true)
for t in $(sed 's/Testing tracer \([a-z_]*\):.*/\1/' <<<"$tested" | sort -u); do
	line=$(grep "Testing tracer $t: " <<<"$tested" | tail -n 1)
	if grep -q 'PASSED' <<<"$line"; then
		result PASS "boot/selftest-$t" "startup selftest of the $t tracer"
	else
		result FAIL "boot/selftest-$t" "$line"
	fi
done
grep -q 'Testing tracer sched_switch: PASSED' <<<"$console" ||
	result FAIL boot/selftest-sched_switch-ran "the sched_switch selftest did not run"

# Kernel reports anywhere on the console.
reports=$(grep -nE 'WARNING:|BUG:|DEBUG_LOCKS_WARN_ON|lockdep is turned off|possible (recursive|circular)|Kernel panic|Oops:|general protection fault|Call Trace:' <<<"$console" || true)
if [ -n "$reports" ]; then
	result FAIL boot/console "kernel reports on the console:"
	sed 's/^/    | /' <<<"$reports" | head -n 20
else
	result PASS boot/console "no WARNING, BUG, lockdep or oops report on the console"
fi

if [ "$guest_rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
	result FAIL guest/run "the guest run ended with status $guest_rc"
fi
echo "console log: $log; $(( $(date +%s) - start )) s from boot to result"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
