#!/bin/sh
# "make bench", guest side. Prints "RESULT key value" lines; scripts/bench.sh
# (host) turns them into build/bench/results.{md,csv}.
#
#   BENCH_PART=off  every tracer off: hackbench, the pipe ping-pong, a
#                   hugetlb pool workload, insmod and rmmod, printk()
#                   calls (printk:printk_caller off); then the
#                   mainline wakeup_rt tracer on, under an RT ping-pong.
#                   Every kernel, in an icount guest.
#   BENCH_PART=on   each plugin tracer against nop and its mainline events,
#                   per entry; where an event's cost goes (tracing off,
#                   filters, a second probe); table read time against
#                   its size; the raw ring buffer write;
#                   the tracepoint benchmark; sched_switch in 1, 2 and 4
#                   instances.
#                   Patched kernel, icount guest.
#   BENCH_PART=smp  entries written per unit of work, and events lost
#                   under trace-cmd record. Patched kernel, 2-vCPU TCG.
#
# In an icount guest (-icount shift=0) a nanosecond of guest time is one
# executed instruction, so times are instruction counts: the host's load
# does not enter them.
#
# Sizes: BENCH_INNER (3 runs of each workload per boot), BENCH_REPS (5
# alternations of nop, tracer and events in the "on" part),
# BENCH_PINGPONG (2000 rounds), BENCH_HACKBENCH (20 loops), BENCH_BURST
# (20000 tasklets), BENCH_CYCLES (20 pool or module load cycles),
# BENCH_PRINTK (2000 printk() calls).
T=/sys/kernel/tracing
INNER=${BENCH_INNER:-3}
REPS=${BENCH_REPS:-5}
ROUNDS=${BENCH_PINGPONG:-2000}
LOOPS=${BENCH_HACKBENCH:-20}
BURST=${BENCH_BURST:-20000}
CYCLES=${BENCH_CYCLES:-20}
PRINTKS=${BENCH_PRINTK:-2000}
HP=/sys/kernel/mm/hugepages/hugepages-2048kB
cd $T || exit 1
mkdir -p /dev/hugepages
grep -qs ' /dev/hugepages ' /proc/mounts || mount -t hugetlbfs none /dev/hugepages || exit 1
# The same address space layout in every run and every kernel.
echo 0 > /proc/sys/kernel/randomize_va_space

# rmmod right after insmod can fail with EAGAIN on one CPU, until the
# loader's deferred work has run: retry (the retries are counted in the
# time, the same in every kernel).
unload() {
	i=0
	until rmmod "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 10000 ] || { rmmod "$1"; return 1; }
	done
}

# Each workload prints its time in ns for one unit of work.
per_round() { # pingpong's "rounds=N ns=T" -> T / N
	sed -n 's/^rounds=\([0-9]*\) ns=\([0-9]*\)$/\2 \1/p' | awk '{ printf "%.0f\n", $1 / $2 }'
}
w_pingpong() { # per round; both tasks on CPU $PIN if set
	${PIN:+taskset $PIN} pingpong "$ROUNDS" | per_round
}
w_rtpingpong() { # per round, both tasks SCHED_FIFO 50
	chrt -f 50 pingpong "$ROUNDS" | per_round
}
ctxt() { awk '$1 == "ctxt" { print $2 }' /proc/stat; }
w_hackbench() { # per loop: hackbench's own "Time:" has a resolution of 1 ms
	c0=$(ctxt)
	t0=$(nstime)
	hackbench -p -g 4 -l "$LOOPS" > /dev/null || return 1
	t1=$(nstime)
	c1=$(ctxt)
	# Per context switch too (read by the off loop), in case the
	# loop-to-loop spread were the schedule's: it is not a steadier
	# figure, since the switches per loop vary 8-fold (README).
	echo $(( (t1 - t0) / (c1 - c0) )) > /tmp/hackbench-switch
	echo $(( (t1 - t0) / LOOPS ))
}
w_tasklet() {
	echo "burst $BURST" > /sys/kernel/debug/irq_delay
	awk '{ printf "%.0f\n", $2 / $1 }' /sys/kernel/debug/irq_delay
}
w_hugetlb() { # per cycle: grow the pool by 8 pages, fault 4 in, shrink it
	t0=$(nstime)
	i=0
	while [ $i -lt "$CYCLES" ]; do
		echo 8 > $HP/nr_hugepages
		hugetlb-helper /dev/hugepages/bench 4 < /dev/null > /dev/null || return 1
		echo 0 > $HP/nr_hugepages
		i=$((i + 1))
	done
	echo $(( ($(nstime) - t0) / CYCLES ))
}
w_module() { # per insmod and rmmod of irq_delay
	[ ! -e /sys/module/irq_delay ] || unload irq_delay || return 1
	t0=$(nstime)
	n=0
	while [ $n -lt "$CYCLES" ]; do
		insmod /tests/modules/irq_delay.ko || return 1
		unload irq_delay || return 1
		n=$((n + 1))
	done
	echo $(( ($(nstime) - t0) / CYCLES ))
}

w_printk() { # per printk() call of printk_burst.ko (its own local_clock() figure)
	echo "$PRINTKS 1" > /sys/kernel/debug/printk_burst || return 1
	awk '{ printf "%.0f\n", $4 / $2 }' /sys/kernel/debug/printk_burst
}

# Entries in the top-level buffer plus those overwritten: the overrun
# counts from the buffer's creation, so take it before and after.
written() {
	cat "${1:-.}"/per_cpu/cpu*/stats | awk '/^entries:/ || /^overrun:/ { n += $2 } END { print n + 0 }'
}

setup() { # mode events
	echo nop > current_tracer
	echo 1 > options/irq-snapshot 2>/dev/null
	echo 0 > events/enable
	[ ! -e options/switch-one-entry ] || echo 0 > options/switch-one-entry
	[ ! -e wakeup_latency_cgroups ] || echo > wakeup_latency_cgroups
	case $1 in
	nop) ;;
	events) for e in $2; do echo 1 > events/$e/enable; done ;;
	# sched_switch with one entry per switch-in
	sched_switch1)
		echo 1 > options/switch-one-entry
		echo sched_switch > current_tracer ;;
	# sched_switch with a cgroup listed for the wakeup histograms, the
	# workload in it (the "on" loop moves it there): each switch-in
	# matched against it
	sched_switchcg)
		echo sched_switch > current_tracer
		echo /bench > wakeup_latency_cgroups ;;
	*)
		echo "$1" > current_tracer
		# a snapshot swap would hide the entries written before it
		[ "$1" != irq ] || echo 0 > options/irq-snapshot ;;
	esac
	echo > trace
}

# ------------------------------------------------------------------ off
if [ "${BENCH_PART:-off}" = off ]; then
	echo 0 > events/enable
	echo nop > current_tracer
	# printk() with no console to write to (console level 1): the cost
	# of the call and of the record, the same on every kernel.
	echo "1 4 1 7" > /proc/sys/kernel/printk
	insmod /tests/modules/printk_burst.ko || exit 1
	# Warm-up: the first run pays for page cache and slab growth.
	w_pingpong > /dev/null
	w_hackbench > /dev/null
	r=0
	while [ $r -lt "$INNER" ]; do
		for w in hackbench pingpong hugetlb module printk; do
			echo "RESULT off.$w $(w_$w)"
			[ $w != hackbench ] ||
				echo "RESULT off.hackbench_switch $(cat /tmp/hackbench-switch)"
		done
		r=$((r + 1))
	done
	# The mainline wakeup_rt tracer on: it traces the wakeups of RT
	# tasks. The ping-pong under it and under nop, alternating.
	r=0
	while [ $r -lt "$INNER" ]; do
		echo wakeup_rt > current_tracer
		echo "RESULT rt.wakeup_rt $(w_rtpingpong)"
		# With every task's wakeup latency measured too (patched
		# only): what the option costs.
		if [ -e options/wakeup-latency ]; then
			echo 1 > options/wakeup-latency
			echo "RESULT rt.wakeup_rt_lat $(w_rtpingpong)"
			echo 0 > options/wakeup-latency
		fi
		echo nop > current_tracer
		echo "RESULT rt.nop $(w_rtpingpong)"
		r=$((r + 1))
	done
	exit 0
fi

# ------------------------------------------------------------------ smp
if [ "$BENCH_PART" = smp ]; then
	# Entries per unit of work: the same in every guest, whatever its
	# CPUs. The ping-pong's tasks on one CPU, as in the icount guest:
	# spread over two, each round also switches to and from idle.
	PIN=1
	for spec in "sched_switch pingpong" "irq tasklet"; do
		set -- $spec
		[ -e /sys/kernel/debug/irq_delay ] || insmod /tests/modules/irq_delay.ko
		setup "$1"
		w0=$(written)
		w_$2 > /dev/null
		case $2 in pingpong) units=$ROUNDS ;; *) units=$BURST ;; esac
		echo "RESULT entries.$1 $(( ($(written) - w0) * 1000 / units ))"
	done
	PIN=
	setup nop
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
	exit 0
fi

# ------------------------------------------------------------------- on
[ -e /sys/kernel/debug/irq_delay ] || insmod /tests/modules/irq_delay.ko || exit 1
# A cgroup v2 for the sched_switchcg mode, where the series lists cgroups.
CGB=
if [ -e wakeup_latency_cgroups ]; then
	grep -q ' /sys/fs/cgroup cgroup2 ' /proc/mounts || mount -t cgroup2 none /sys/fs/cgroup
	mkdir -p /sys/fs/cgroup/bench && CGB=/sys/fs/cgroup/bench
fi

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
		modes="nop $tracer events"
		# the pristine kernel has no such option
		[ "$tracer" != sched_switch ] || [ ! -e options/switch-one-entry ] ||
			modes="$modes sched_switch1"
		[ "$tracer" != sched_switch ] || [ -z "$CGB" ] ||
			modes="$modes sched_switchcg"
		for mode in $modes; do
			setup "$mode" "$events"
			w0=$(written)
			# this shell, and so the workload, in /bench for that mode only
			[ "$mode" != sched_switchcg ] || echo $$ > $CGB/cgroup.procs
			t=$(w_$work)
			[ "$mode" != sched_switchcg ] || echo $$ > $CGB/../cgroup.procs
			echo "RESULT on.$tracer.$mode.ns $t"
			echo "RESULT on.$tracer.$mode.written $(( $(written) - w0 ))"
		done
		r=$((r + 1))
	done
	setup nop
	[ -e /sys/kernel/debug/irq_delay ] || insmod /tests/modules/irq_delay.ko
done

# Where an event's cost goes: the tasklet burst under the irq:* events,
# each mode against nop in the same repetition. Every mode hits the same
# tracepoints the same number of times (the entries that "events"
# writes), so a mode's cost over nop, divided by those hits, is its cost
# per hit:
#   evoff    events on, tracing_on 0: the tracepoint's call and the walk
#            of its probe list, the event's probe, tracing_gen_ctx() and
#            a reserve that the disabled buffer refuses;
#   evfalse  a filter that no entry passes (common_pid < 0): the entry is
#            filled in the per-CPU buffered-event page, checked, dropped;
#   events   no filter: reserve, fill and commit in the ring buffer;
#   evtrue   a filter that every entry passes (common_pid >= 0): the
#            buffered-event page, the check, the copy into the buffer;
#   ev2      "events", and the same events on in an instance whose
#            tracing_on is 0: a second probe on each tracepoint;
#   irqoff   the irq tracer with tracing_on 0: its probes' early exit;
#   irq      the irq tracer.
brk_setup() { # mode
	case $1 in
	nop) setup nop ;;
	irq|irqoff) setup irq ;;
	*) setup events irq ;;
	esac
	echo 0 > events/irq/filter
	case $1 in
	evfalse) echo 'common_pid < 0' > events/irq/filter ;;
	evtrue) echo 'common_pid >= 0' > events/irq/filter ;;
	ev2)
		mkdir instances/brk
		echo 0 > instances/brk/tracing_on
		echo 1 > instances/brk/events/irq/enable ;;
	esac
	case $1 in evoff|irqoff) echo 0 > tracing_on ;; esac
}
brk_clear() {
	echo 1 > tracing_on
	if [ -d instances/brk ]; then
		echo 0 > instances/brk/events/irq/enable
		rmdir instances/brk
	fi
}
[ -e /sys/kernel/debug/irq_delay ] || insmod /tests/modules/irq_delay.ko || exit 1
r=0
while [ $r -lt "$REPS" ]; do
	for mode in nop evoff evfalse events evtrue ev2 irqoff irq; do
		brk_setup $mode
		w0=$(written)
		t=$(w_tasklet)
		echo "RESULT brk.$mode.ns $t"
		echo "RESULT brk.$mode.written $(( $(written) - w0 ))"
		brk_clear
	done
	r=$((r + 1))
done
setup nop
echo 0 > events/irq/filter

# Table read time against the table's size: trace_stat/irq_hist, whose
# lines are the buckets that have a count, and trace_stat/irq beside it.
# Each step runs one tasklet of 2^k us (k = 0..14), which gives the
# tasklet row and the TASKLET softirq row a bucket more, then times 20
# reads of each file by one cat, less the same cat of 20 /dev/null (its
# fork, exec and opens).
setup irq
echo 1 > irq_stat_reset
# The argument lists, built once, outside the timed reads.
null="" irq="" irq_hist=""
i=0
while [ $i -lt 20 ]; do
	null="$null /dev/null" irq="$irq trace_stat/irq" irq_hist="$irq_hist trace_stat/irq_hist"
	i=$((i + 1))
done
k=0 us=1
while [ $k -le 14 ]; do
	echo "tasklet $us" > /sys/kernel/debug/irq_delay
	t0=$(nstime)
	# shellcheck disable=SC2086
	cat $null
	base=$(( $(nstime) - t0 ))
	for f in irq irq_hist; do
		eval "files=\$$f"
		t0=$(nstime)
		# shellcheck disable=SC2086
		cat $files > /dev/null
		t1=$(nstime)
		echo "RESULT tblread.$f.$k.lines $(grep -vc '^#' trace_stat/$f)"
		echo "RESULT tblread.$f.$k.ns $(( (t1 - t0 - base) / 20 ))"
	done
	us=$((us * 2))
	k=$((k + 1))
done
setup nop

# sched_switch in 1, 2 and 4 buffers (the top level and instances), each
# against nop in the same repetition.
for n in 1 2 4; do
	r=0
	while [ $r -lt "$REPS" ]; do
		setup nop
		echo "RESULT inst.$n.nop.ns $(w_pingpong)"
		setup sched_switch
		i=1
		while [ $i -lt $n ]; do
			mkdir instances/b$i
			echo sched_switch > instances/b$i/current_tracer
			i=$((i + 1))
		done
		w0=$(written)
		echo "RESULT inst.$n.on.ns $(w_pingpong)"
		echo "RESULT inst.$n.on.written $(( ($(written) - w0) * n ))"
		i=1
		while [ $i -lt $n ]; do
			echo nop > instances/b$i/current_tracer
			rmdir instances/b$i
			i=$((i + 1))
		done
		r=$((r + 1))
	done
done
setup nop

# The raw ring buffer: the kernel's benchmark, writer only, ns per entry.
insmod /tests/modules/ring_buffer_benchmark.ko disable_reader=1
i=0
while ! grep -q 'ns per entry' trace && [ $i -lt 120 ]; do
	sleep 1
	i=$((i + 1))
done
unload ring_buffer_benchmark
grep -q 'ns per entry' trace || { echo "bench: no result from ring_buffer_benchmark:"; tail -n 5 trace; }
echo "RESULT ringbuffer.ns $(sed -n 's/.* \([0-9]*\) ns per entry$/\1/p' trace | head -n 1)"
echo > trace

# The in-tree tracepoint benchmark (CONFIG_TRACEPOINT_BENCHMARK): a
# kthread that times trace_benchmark_event() and writes the running
# average into the event; the last one written is the figure.
if [ -d events/benchmark/benchmark_event ]; then
	echo 1 > events/benchmark/benchmark_event/enable
	sleep 3
	echo 0 > events/benchmark/benchmark_event/enable
	echo "RESULT tpbench.ns $(sed -n 's/.* avg=\([0-9]*\) .*/\1/p' trace | tail -n 1)"
	echo > trace
fi
