#!/bin/bash
# The 6.12 series carries its own copy of each file that the 6.1 series
# carries (trace-plugins/*.c, Documentation/trace/*.rst), since each
# series is written for its tree. This checks that the two copies differ
# only by the port's recorded API changes (kernel/6.12/port.diff: the
# changed lines, without line numbers), so that a change made to a
# tracer in trace-plugins/ is not forgotten in 6.12's copy, and that a
# new difference is seen and recorded on purpose.
#
#   port-check.sh           compare with kernel/6.12/port.diff (needs
#                           build/linux-6.12: make tree KVER=6.12)
#   port-check.sh --update  rewrite kernel/6.12/port.diff
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
k612=$top/build/linux-6.12
want=$top/kernel/6.12/port.diff

[ -d "$k612/.git" ] || { echo "port-check: no $k612 (make tree KVER=6.12)" >&2; exit 1; }

# Per carried file: its name, then the lines only in 6.1's copy (-) and
# only in 6.12's (+), in diff's order, without the hunks' line numbers.
current() {
	local from to
	"$top/scripts/carried.sh" list | while read -r from to; do
		echo "=== $from"
		if [ ! -e "$k612/$to" ]; then
			echo "(not in the 6.12 series)"
			continue
		fi
		diff -U0 "$top/$from" "$k612/$to" | sed -e '1,2d' -e '/^@@/d' || true
	done
}

if [ "${1:-}" = --update ]; then
	current > "$want"
	echo "port-check: $want rewritten ($(grep -c '^[-+]' "$want") changed lines)"
	exit 0
fi
if ! diff -u "$want" <(current) > /tmp/port-check.$$; then
	echo "port-check: 6.1's and 6.12's copies of the tracers differ otherwise than recorded:" >&2
	cat /tmp/port-check.$$ >&2
	echo "port-check: port the change to build/linux-6.12 (then make patches KVER=6.12)," >&2
	echo "or, for a new API difference, record it: scripts/port-check.sh --update" >&2
	rm -f /tmp/port-check.$$
	exit 1
fi
rm -f /tmp/port-check.$$
echo "port-check: the 6.12 copies differ from 6.1's by the recorded $(grep -c '^[-+]' "$want") lines"
