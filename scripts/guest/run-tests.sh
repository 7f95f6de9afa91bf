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
		(cd $TRACING && set -e && . "$tc") > "$log" 2>&1
		rc=$?
	else
		echo "requires $missing" > /tmp/unsupported.log
		log=/tmp/unsupported.log
		rc=$UNSUPPORTED
	fi
	# Guest time: under -icount, instructions rather than the host's speed
	desc="$desc [$(($(cut -d. -f1 /proc/uptime) - t0)) s]"
	case $rc in
	0) echo "PASS: $name: $desc"; pass=$((pass + 1))
		# TEST_VERBOSE=1 on the host: what each passing case measured
		grep -qw tests_verbose=1 /proc/cmdline && sed 's/^/    | /' "$log" | tail -n 40 ;;
	"$UNSUPPORTED") echo "UNSUPPORTED: $name: $desc ($(tail -n 1 "$log"))"; skip=$((skip + 1)) ;;
	*)
		echo "FAIL: $name: $desc (status $rc)"
		sed 's/^/    | /' "$log" | tail -n 40
		fail=$((fail + 1)) ;;
	esac
done
reset_tracing
echo "guest: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
