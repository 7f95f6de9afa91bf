#!/bin/sh
# "make bench", guest side: the cost of each tracer against nop and
# against the equivalent mainline trace events, measured side by side in
# one boot, REPS alternating repetitions, median and min-max.
#   BENCH_REPS (5), BENCH_PINGPONG (2000 rounds), BENCH_BURST (20000 tasklets)
T=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ROUNDS=${BENCH_PINGPONG:-2000}
BURST=${BENCH_BURST:-20000}
cd $T || exit 1
insmod /tests/modules/irq_delay.ko || exit 1
out=/tmp/bench
mkdir -p $out

setup() { # mode
	echo nop > current_tracer
	echo 0 > events/enable
	case $1 in
	nop) ;;
	sched_switch|irq) echo "$1" > current_tracer ;;
	sched-events)
		for e in sched_switch sched_wakeup sched_wakeup_new; do
			echo 1 > events/sched/$e/enable
		done ;;
	irq-events) echo 1 > events/irq/enable ;;
	esac
	echo > trace
}

# One measurement, in ns per unit of work, on stdout.
measure() { # workload
	case $1 in
	pingpong)
		taskset 1 pingpong "$ROUNDS" | sed -n 's/^rounds=\([0-9]*\) ns=\([0-9]*\)$/\2 \1/p' |
			awk '{ printf "%.0f\n", $1 / $2 }' ;;
	tasklet)
		echo "burst $BURST" > /sys/kernel/debug/irq_delay
		awk '{ printf "%.0f\n", $2 / $1 }' /sys/kernel/debug/irq_delay ;;
	esac
}

run() { # workload modes...
	w=$1
	shift
	for m in "$@"; do : > $out/$w-$m; done
	r=0
	while [ $r -lt "$REPS" ]; do
		for m in "$@"; do
			setup "$m"
			measure "$w" >> $out/$w-$m
		done
		r=$((r + 1))
	done
	setup nop
}

# median min max of a file of numbers
stats() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%d %d %d\n", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

report() { # workload unit base tracer events
	set -- "$1" "$2" $(stats $out/$1-$3) $(stats $out/$1-$4) $(stats $out/$1-$5) "$4" "$5"
	w=$1 unit=$2
	echo "| $w | nop | $3 ($4-$5) | - | - |"
	echo "| $w | ${12} | $6 ($7-$8) | $(( $6 - $3 )) | |"
	echo "| $w | ${13} | $9 (${10}-${11}) | $(( $9 - $3 )) | |"
	awk -v t=$(( $6 - $3 )) -v e=$(( $9 - $3 )) -v a="${12}" -v b="${13}" 'BEGIN {
		if (e > 0) printf "| %s | cost ratio %s / %s | | %.2f | |\n", "'"$w"'", a, b, t / e
		else printf "| %s | cost ratio %s / %s | | n/a (events cost %d) | |\n", "'"$w"'", a, b, e }'
}

run pingpong nop sched_switch sched-events
run tasklet nop irq irq-events

echo "BENCH-RESULTS-BEGIN"
echo "Guest: $(uname -r), test config (lockdep, selftests), $(nproc) CPUs, TCG; $REPS alternating repetitions, median (min-max)."
echo "pingpong: ns per round of $ROUNDS (2 switches and 2 wakeups each); tasklet: ns per empty tasklet of $BURST (raise, softirq entry/exit, tasklet entry/exit)."
echo
echo "| workload | mode | ns per unit | over nop | |"
echo "|---|---|---|---|---|"
report pingpong round nop sched_switch sched-events
report tasklet tasklet nop irq irq-events
echo "BENCH-RESULTS-END"
