#!/bin/sh
# "make run": enable each plugin tracer over a short workload and show
# what it recorded.  Runs inside the guest (qemu-run.sh --script).
T=/sys/kernel/tracing
HP=/sys/kernel/mm/hugepages/hugepages-2048kB
cd $T || exit 1
# hugetlb_helper_start and hugetlb_helper_go, as the tests use them
. /tests/functions.sh
echo "available tracers: $(cat available_tracers)"

# The data of a plot that "make run" draws on the host from the console
# (scripts/run-plots.py): TITLE, then FILE, between two marker lines.
plot_data() { # name title file
	echo "=== plot $1: $2"
	cat "$3"
	echo "=== plot end"
}

show() { # title
	echo
	echo "=== $(cat current_tracer): $1"
	grep -v '^#' trace | head -n 20
	echo "... $(grep -vc '^#' trace) lines in all"
}

echo sched_switch > current_tracer
taskset 1 pingpong 5 > /dev/null
hackbench -p -g 2 -l 20 > /dev/null
echo 0 > tracing_on
show "pipe ping-pong pinned to CPU 0, then hackbench -p -g 2 -l 20"
echo 1 > tracing_on
echo nop > current_tracer

echo 1 > wakeup_latency_reset
echo wakeup_rt > current_tracer
echo 0 > tracing_max_latency
chrt -f 5 sleep 0.1
echo "=== wakeup_rt: chrt -f 5 sleep 0.1: max latency $(cat tracing_max_latency) us"
grep -v '^#' trace | head -n 10
echo sched_switch > current_tracer
sh -c "echo \$\$ > wakeup_latency_pids; exec cyclictest -p 80 -i 1000 -l 200 -q"
echo nop > current_tracer
echo > wakeup_latency_pids
echo "=== wakeup latency histograms of cyclictest -p 80 -i 1000 -l 200"
cat trace_stat/wakeup_latency

# For the plot: every task's latency, per class, under load.
echo 1 > wakeup_latency_reset
echo sched_switch > current_tracer
hackbench -p -g 2 -l 50 > /dev/null &
dlsleep 300 > /dev/null &
cyclictest -p 80 -i 1000 -l 300 -q
wait
echo nop > current_tracer
plot_data wakeup-latency "hackbench, cyclictest -p 80 and a SCHED_DEADLINE task" trace_stat/wakeup_latency

insmod /tests/modules/irq_delay.ko
echo irq > current_tracer
echo "tasklet 2000" > /sys/kernel/debug/irq_delay
echo "timer 5000" > /sys/kernel/debug/irq_delay
hackbench -p -g 2 -l 20 > /dev/null
echo 0 > tracing_on
show "a 2 ms tasklet, a 5 ms timer (irq_delay.ko), then hackbench; kept at the worst handler"
echo "--- trace_stat/irq; tracing_max_latency $(cat tracing_max_latency) us"
cat trace_stat/irq
plot_data irq "a 2 ms tasklet, a 5 ms timer and hackbench -p -g 2 -l 20" trace_stat/irq
echo 1 > tracing_on

echo module > current_tracer
rmmod irq_delay
insmod /tests/modules/tracepoint-sample.ko
insmod /tests/modules/tracepoint-probe-sample.ko
cat /proc/tracepoint-sample > /dev/null
cat /sys/kernel/debug/tracepoint_probe_sample/counts
rmmod tracepoint_probe_sample
rmmod tracepoint_sample
show "the tracepoint samples loaded, used and unloaded"
cat trace_stat/module

mkdir -p /dev/hugepages
mount -t hugetlbfs none /dev/hugepages
echo hugetlb > current_tracer
echo 4 > $HP/nr_hugepages
echo go | hugetlb-helper /dev/hugepages/demo 2 > /dev/null
echo 0 > $HP/nr_hugepages
show "4 huge pages, 2 of them mapped and touched, then none"
cat trace_stat/hugetlb

# For the plot: the pool grows, pages are mapped, the pool shrinks
# below what is mapped (the rest becomes surplus), the mapping goes.
echo > trace
echo 8 > $HP/nr_hugepages
hugetlb_helper_start /dev/hugepages/plot 6
echo 2 > $HP/nr_hugepages
echo 12 > $HP/nr_hugepages
hugetlb_helper_go
echo 4 > $HP/nr_hugepages
echo 0 > $HP/nr_hugepages
echo 0 > tracing_on
plot_data hugetlb "8 pages, 6 mapped, the pool set to 2 then 12, unmapped, 4, then 0; sysfs at the end: nr $(cat $HP/nr_hugepages) free $(cat $HP/free_hugepages) surplus $(cat $HP/surplus_hugepages)" trace
echo 1 > tracing_on

echo nop > current_tracer
echo
echo "=== trace-cmd record -p sched_switch hackbench -p -g 1 -l 10"
cd /tmp
trace-cmd record -q -p sched_switch -o /tmp/demo.dat hackbench -p -g 1 -l 10 > /dev/null
trace-cmd report -i /tmp/demo.dat 2>/dev/null | head -n 15
