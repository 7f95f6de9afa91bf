#!/bin/sh
# "make run": enable each plugin tracer over a short workload and show
# what it recorded.  Runs inside the guest (qemu-run.sh --script).
T=/sys/kernel/tracing
cd $T || exit 1
echo "available tracers: $(cat available_tracers)"

show() { # tracer title
	echo
	echo "=== $1: $2"
	grep -v '^#' trace | head -n 25
	echo "... $(grep -vc '^#' trace) lines in all"
}

echo sched_switch > current_tracer
taskset 1 pingpong 5 > /dev/null
hackbench -p -g 2 -l 20 > /dev/null
echo 0 > tracing_on
show sched_switch "pipe ping-pong pinned to CPU 0, then hackbench -p -g 2 -l 20"
echo 1 > tracing_on

echo wakeup_rt > current_tracer
echo 0 > tracing_max_latency
chrt -f 5 sleep 0.1
echo "=== wakeup_rt: chrt -f 5 sleep 0.1: max latency $(cat tracing_max_latency) us"
grep -v '^#' trace | head -n 10

echo nop > current_tracer
echo
echo "=== trace-cmd record -p sched_switch hackbench -p -g 1 -l 10"
cd /tmp
trace-cmd record -q -p sched_switch -o /tmp/demo.dat hackbench -p -g 1 -l 10 > /dev/null
trace-cmd report -i /tmp/demo.dat 2>/dev/null | head -n 15
