#!/bin/sh
# Guest side of "make test": run each debugfs-tests/<area>/<name>.tc in
# the style of ftracetest and print one result line per case:
#   PASS|FAIL|UNSUPPORTED: area/name: description [guest seconds]
# Usage: run-tests.sh [area/name-glob...]
TRACING=/sys/kernel/tracing
TESTS=/tests
. $TESTS/functions.sh

pass=0 fail=0 skip=0

# "# requires: file pattern:file ..." -- a file must exist in the tracing
# directory; pattern:file must match a whole word in that file.
check_requires() {
	for req in $(sed -n 's/^# requires://p' "$1"); do
		case "$req" in
		*:*)
			grep -qw -- "${req%%:*}" "$TRACING/${req#*:}" 2>/dev/null ||
				{ echo "$req"; return 1; } ;;
		*)
			[ -e "$TRACING/$req" ] || { echo "$req"; return 1; } ;;
		esac
	done
	return 0
}

# A case still running after case_timeout= guest seconds (set by the
# host from its own limit) is a hang: show where its tasks wait, then
# kill them and fail it, so that the guest goes on to the next case.
# One sleep per case, so a case sees no periodic wakeups of ours. Under
# -icount a guest whose tasks all wait is idle, and its clock jumps to
# the next timer: the sleep ends at once in host time. A CPU that spins
# with interrupts off stops this too; the host's qemu-run.sh then dumps
# the vCPU's registers before it kills the guest.
CASE_TIMEOUT=$(sed -n 's/.*case_timeout=\([0-9]*\).*/\1/p' /proc/cmdline)
CASE_TIMEOUT=${CASE_TIMEOUT:-600}

# The pids of the tasks under $1, $1 last.
descendants() {
	for s in /proc/[0-9]*/stat; do
		read -r p c st pp rest < "$s" && echo "$p $pp"
	done 2>/dev/null | awk -v root="$1" '
		{ parent[$1] = $2 }
		END {
			n = 0; list[n++] = root; keep[root] = 1
			for (changed = 1; changed; ) {
				changed = 0
				for (p in parent)
					if (!(p in keep) && (parent[p] in keep)) {
						keep[p] = 1; list[n++] = p; changed = 1
					}
			}
			for (i = n - 1; i >= 0; i--) print list[i]
		}'
}

case_watchdog() { # case-pid name log
	s=
	trap 'kill $s 2>/dev/null; exit 0' TERM
	sleep "$CASE_TIMEOUT" &
	s=$!
	wait $s
	kill -0 "$1" 2>/dev/null || exit 0
	{
		echo "watchdog: $2 still running after $CASE_TIMEOUT guest s; its tasks:"
		for p in $(descendants "$1"); do
			[ -r /proc/$p/stat ] || continue
			echo "  pid $p: $(tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null)"
			grep -E '^(State|voluntary|nonvoluntary)' /proc/$p/status 2>/dev/null | sed 's/^/    /'
			echo "    wchan: $(cat /proc/$p/wchan 2>/dev/null)"
			sed 's/^/    /' /proc/$p/stack 2>/dev/null
		done
		echo "  tasks in D state:"
		grep -l '^State:.*D (disk sleep)' /proc/[0-9]*/status 2>/dev/null | while read -r f; do
			d=${f%/status}
			echo "  ${d#/proc/} $(cat $d/comm)"
			sed 's/^/    /' $d/stack 2>/dev/null
		done
		echo "  current_tracer $(cat $TRACING/current_tracer), tracing_on $(cat $TRACING/tracing_on); last lines of the trace:"
		grep -v '^#' $TRACING/trace 2>/dev/null | tail -n 20 | sed 's/^/    /'
		echo "  dmesg:"
		dmesg | tail -n 20 | sed 's/^/    /'
	} >> "$3" 2>&1
	for p in $(descendants "$1"); do
		kill -9 "$p" 2>/dev/null
	done
}

if [ $# -gt 0 ]; then
	cases=$(for g in "$@"; do ls $TESTS/$g.tc 2>/dev/null; done)
else
	cases=$(ls $TESTS/*/*.tc)
fi

for tc in $cases; do
	name=${tc#$TESTS/}
	name=${name%.tc}
	desc=$(sed -n 's/^# description: *//p' "$tc")
	t0=$(cut -d. -f1 /proc/uptime)
	if missing=$(check_requires "$tc"); then
		reset_tracing
		log=/tmp/$(echo "$name" | tr / _).log
		(cd $TRACING && set -e && . "$tc") > "$log" 2>&1 &
		cpid=$!
		case_watchdog "$cpid" "$name" "$log" &
		wpid=$!
		wait "$cpid"
		rc=$?
		kill "$wpid" 2>/dev/null
		wait "$wpid"
	else
		echo "requires $missing" > /tmp/unsupported.log
		log=/tmp/unsupported.log
		rc=$UNSUPPORTED
	fi
	# Guest time: under -icount, instructions rather than the host's speed
	desc="$desc [$(($(cut -d. -f1 /proc/uptime) - t0)) s]"
	[ $rc -ne 137 ] || ! grep -q '^watchdog: ' "$log" || rc=124
	case $rc in
	0) echo "PASS: $name: $desc"; pass=$((pass + 1))
		# TEST_VERBOSE=1 on the host: what each passing case measured
		grep -qw tests_verbose=1 /proc/cmdline && sed 's/^/    | /' "$log" | tail -n 40 ;;
	"$UNSUPPORTED") echo "UNSUPPORTED: $name: $desc ($(tail -n 1 "$log"))"; skip=$((skip + 1)) ;;
	*)
		echo "FAIL: $name: $desc (status $rc)"
		# a hang's report is longer than a failure's message
		n=40
		[ $rc -ne 124 ] || n=400
		sed 's/^/    | /' "$log" | tail -n $n
		fail=$((fail + 1)) ;;
	esac
done
reset_tracing
echo "guest: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
