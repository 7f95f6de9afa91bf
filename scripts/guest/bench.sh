#!/bin/sh
# "make bench", guest side. Prints "RESULT key value" lines.
#   BENCH_PART=off  the workloads with every tracer off (run on both kernels)
#   BENCH_PART=on   each tracer against nop, its mainline events and the raw
#                   ring buffer; lost events under trace-cmd (patched kernel)
# Sizes: BENCH_REPS (5), BENCH_PINGPONG (2000 rounds), BENCH_HACKBENCH (50
# loops), BENCH_BURST (20000 tasklets), BENCH_CYCLES (20 pool or module
# load cycles).
T=/sys/kernel/tracing
REPS=${BENCH_REPS:-5}
ROUNDS=${BENCH_PINGPONG:-2000}
LOOPS=${BENCH_HACKBENCH:-50}
BURST=${BENCH_BURST:-20000}
CYCLES=${BENCH_CYCLES:-20}
HP=/sys/kernel/mm/hugepages/hugepages-2048kB
cd $T || exit 1


# Each workload prints its time in ns for one unit of work.
w_pingpong() {
	taskset 1 pingpong "$ROUNDS" | sed -n 's/^rounds=\([0-9]*\) ns=\([0-9]*\)$/\2 \1/p' |
		awk '{ printf "%.0f\n", $1 / $2 }'
}
w_hackbench() { # ns per loop
	hackbench -p -g 4 -l "$LOOPS" | sed -n 's/^Time: *\([0-9.]*\)/\1/p' |
		awk -v l="$LOOPS" '{ printf "%.0f\n", $1 * 1e9 / l }'
}
w_tasklet() {
	echo "burst $BURST" > /sys/kernel/debug/irq_delay
	awk '{ printf "%.0f\n", $2 / $1 }' /sys/kernel/debug/irq_delay
}
w_hugetlb() { # ns per cycle of growing the pool by 8 pages and back
	t0=$(nstime)
	i=0
	while [ $i -lt "$CYCLES" ]; do
		echo 8 > $HP/nr_hugepages
		echo 0 > $HP/nr_hugepages
		i=$((i + 1))
	done
	echo $(( ($(nstime) - t0) / CYCLES ))
}
w_module() { # ns per insmod and rmmod of irq_delay
	t0=$(nstime)
	i=0
	while [ $i -lt "$CYCLES" ]; do
		insmod /tests/modules/irq_delay.ko
		rmmod irq_delay
		i=$((i + 1))
	done
	echo $(( ($(nstime) - t0) / CYCLES ))
}

# Entries in the top-level buffer plus those overwritten: the overrun
# counts from the buffer's creation, so take it before and after.
written() {
	cat per_cpu/cpu*/stats | awk '/^entries:/ || /^overrun:/ { n += $2 } END { print n + 0 }'
}

setup() { # mode events
	echo nop > current_tracer
	echo 1 > options/irq-snapshot 2>/dev/null
	echo 0 > events/enable
	case $1 in
	nop) ;;
	events) for e in $2; do echo 1 > events/$e/enable; done ;;
	*)
		echo "$1" > current_tracer
		# a snapshot swap would hide the entries written before it
		[ "$1" != irq ] || echo 0 > options/irq-snapshot ;;
	esac
	echo > trace
}

if [ "${BENCH_PART:-off}" = off ]; then
	echo "RESULT off.hackbench $(w_hackbench)"
	echo "RESULT off.pingpong $(w_pingpong)"
	exit 0
fi

[ -e /sys/kernel/debug/irq_delay ] || insmod /tests/modules/irq_delay.ko || exit 1
mkdir -p /dev/hugepages

# tracer workload mainline-events
set -- \
	"sched_switch pingpong sched/sched_switch sched/sched_wakeup sched/sched_wakeup_new" \
	"irq tasklet irq" \
	"hugetlb hugetlb hugetlb" \
	"module module module"
for spec in "$@"; do
	set -- $spec
	tracer=$1 work=$2
	shift 2
	events="$*"
	case $work in
	pingpong) units=$ROUNDS ;;
	tasklet) units=$BURST ;;
	*) units=$CYCLES ;;
	esac
	echo "RESULT on.$tracer.units $units"
	r=0
	while [ $r -lt "$REPS" ]; do
		for mode in nop "$tracer" events; do
			if [ "$work" = module ]; then rmmod irq_delay 2>/dev/null; fi
			setup "$mode" "$events"
			w0=$(written)
			t=$(w_$work)
			echo "RESULT on.$tracer.$mode.ns $t"
			echo "RESULT on.$tracer.$mode.written $(( $(written) - w0 ))"
		done
		r=$((r + 1))
	done
	setup nop
	[ -e /sys/kernel/debug/irq_delay ] || insmod /tests/modules/irq_delay.ko
done

# The raw ring buffer: the kernel's benchmark, writer only, ns per entry.
echo > trace
insmod /tests/modules/ring_buffer_benchmark.ko disable_reader=1
i=0
while ! grep -q 'ns per entry' trace && [ $i -lt 120 ]; do
	sleep 1
	i=$((i + 1))
done
rmmod ring_buffer_benchmark
grep -q 'ns per entry' trace || { echo "bench: no result from ring_buffer_benchmark:"; tail -n 5 trace; }
echo "RESULT ringbuffer.ns $(sed -n 's/.* \([0-9]*\) ns per entry$/\1/p' trace | head -n 1)"

# Lost events: trace-cmd record at the default buffer size (irq without
# irq-snapshot, whose swaps would take the stream from trace-cmd).
cd /tmp
for spec in "sched_switch hackbench -p -g 4 -l $LOOPS" \
	    "irq -O noirq-snapshot sh -c 'echo burst $BURST > /sys/kernel/debug/irq_delay'" \
	    "hugetlb sh -c 'for i in \$(seq $CYCLES); do echo 8 > $HP/nr_hugepages; echo 0 > $HP/nr_hugepages; done'" \
	    "module sh -c 'rmmod irq_delay; for i in \$(seq $CYCLES); do insmod /tests/modules/irq_delay.ko; rmmod irq_delay; done; insmod /tests/modules/irq_delay.ko'"; do
	tracer=${spec%% *}
	cmd=${spec#* }
	eval "trace-cmd record -p $tracer -o /tmp/lost.dat $cmd" > /tmp/lost.out 2>&1
	echo "RESULT lost.$tracer.recorded $(trace-cmd report -i /tmp/lost.dat 2>/dev/null | grep -c ': ')"
	echo "RESULT lost.$tracer.overrun $(awk '/^overrun:/ { n += $2 } END { print n + 0 }' /tmp/lost.out)"
	rm -f /tmp/lost.dat*
done
