# Helpers for the .tc cases, sourced by run-tests.sh.  A case runs with
# "set -e" in the tracing directory: any failing command fails it.
UNSUPPORTED=3

# Fail the case with a message.
fail() {
	echo "fail: $*"
	exit 1
}

exit_unsupported() {
	echo "unsupported: $*"
	exit $UNSUPPORTED
}

# Put tracing back to its boot state between cases.
reset_tracing() {
	T=/sys/kernel/tracing
	echo nop > $T/current_tracer
	echo 1 > $T/tracing_on
	echo 0 > $T/events/enable
	echo 0 > $T/options/stacktrace 2>/dev/null || true
	echo > $T/set_event_pid 2>/dev/null || true
	echo > $T/wakeup_latency_pids 2>/dev/null || true
	echo 0 > $T/tracing_thresh 2>/dev/null || true
	echo 0 > $T/tracing_max_latency 2>/dev/null || true
	for o in $T/options/*; do
		case "${o##*/}" in
		switch-wakeups|switch-latency|irq-*|module-*) echo 1 > "$o" ;;
		esac
	done
	for i in $T/instances/*; do
		[ -d "$i" ] && rmdir "$i"
	done
	echo > $T/trace
	type unload_samples > /dev/null 2>&1 && unload_samples
	return 0
}

# Writing VALUE to FILE must fail and leave FILE's content unchanged.
expect_write_fails() { # file value
	before=$(cat "$1")
	if echo "$2" > "$1" 2>/dev/null; then
		fail "writing '$2' to $1 succeeded"
	fi
	after=$(cat "$1")
	[ "$before" = "$after" ] || fail "$1 changed from '$before' to '$after'"
}

# Number of lines of the trace (or FILE) matching an extended regexp.
count_lines() { # regexp [file]
	grep -cE "$1" "${2:-trace}" || true
}

# Run "pingpong ROUNDS" pinned to CPU 0, so that its two processes switch
# to each other directly; sets PARENT and CHILD to their pids.
run_pingpong() { # rounds
	taskset 1 pingpong "$1" > /tmp/pingpong.out || fail "pingpong failed"
	PARENT=$(sed -n 's/^parent=\([0-9]*\) .*/\1/p' /tmp/pingpong.out)
	CHILD=$(sed -n 's/.* child=\([0-9]*\)$/\1/p' /tmp/pingpong.out)
	[ -n "$PARENT" ] && [ -n "$CHILD" ] || fail "no pids from pingpong"
}

# --- irq tracer ---
IRQ_DELAY=/sys/kernel/debug/irq_delay

# Load the irq_delay test module once.
load_irq_delay() {
	[ -e $IRQ_DELAY ] || insmod /tests/modules/irq_delay.ko ||
		fail "cannot load irq_delay.ko"
}

# Run a handler of known duration: irq_delay tasklet|timer USEC.
irq_delay() {
	echo "$1 $2" > $IRQ_DELAY || fail "irq_delay $1 $2 failed"
}

# The trace_stat/irq rows (no header): kind vector count min avg max
# total max-cpu max-at name...
irq_rows() {
	grep -v '^#' trace_stat/irq
}

# The row of KIND whose name starts with NAME.
irq_row() { # kind name
	irq_rows | awk -v k="$1" -v n="$2" '$1 == k && index($10, n) == 1'
}

# Field N of the row of KIND NAME, as an integer (microseconds truncated).
irq_field() { # kind name n
	irq_row "$1" "$2" | awk -v f="$3" '{ split($f, a, "."); print a[1]; exit }'
}

# --- module tracer and tracepoint samples ---
MODS=/tests/modules
PROBE1=/sys/kernel/debug/tracepoint_probe_sample/counts
PROBE2=/sys/kernel/debug/tracepoint_probe_sample2/counts

unload_samples() {
	for m in tracepoint_probe_sample tracepoint_probe_sample2 tracepoint_sample; do
		grep -q "^$m " /proc/modules && rmmod $m
	done
	return 0
}

# count NAME FILE: the value of NAME in a "name value" file.
count_of() { # name file
	awk -v n="$1" '$1 == n { print $2 }' "$2"
}

# The trace_stat/module row of NAME (the last one): name loaded freed gets puts
module_row() { # name
	grep -v '^#' trace_stat/module | awk -v n="$1" '$1 == n' | tail -n 1
}

# --- hugetlb ---
HP=/sys/kernel/mm/hugepages/hugepages-2048kB
HTLBFS=/dev/hugepages

# Mount hugetlbfs and empty the 2 MB pool.
hugetlb_setup() {
	[ -d $HP ] || exit_unsupported "no 2048kB huge pages"
	mkdir -p $HTLBFS
	grep -q " $HTLBFS hugetlbfs" /proc/mounts || mount -t hugetlbfs none $HTLBFS
	echo 0 > $HP/nr_overcommit_hugepages
	echo 0 > $HP/nr_hugepages
}

# Column totals of the 2048 kB rows of trace_stat/hugetlb, and the pool's
# sysfs files, as shell variables with a prefix: PREFIX_grabbed ... and
# PREFIX_sys_nr PREFIX_sys_free PREFIX_sys_resv PREFIX_sys_surplus.
hugetlb_snap() { # prefix
	eval "$(awk -v p="$1" '$1 == 2048 { for (i = 3; i <= 10; i++) s[i] += $i }
		END { split("grabbed released allocated freed surplus reserved unreserved failures", n, " ");
		      for (i = 3; i <= 10; i++) printf "%s_%s=%d\n", p, n[i - 2], s[i] }' trace_stat/hugetlb)"
	eval "$1_sys_nr=$(cat $HP/nr_hugepages) $1_sys_free=$(cat $HP/free_hugepages)"
	eval "$1_sys_resv=$(cat $HP/resv_hugepages) $1_sys_surplus=$(cat $HP/surplus_hugepages)"
}

# Expect the change of each listed counter between two snapshots:
# hugetlb_expect A B name=delta ...; the counters not listed must not move.
hugetlb_expect() { # from to name=delta...
	from=$1 to=$2
	shift 2
	for c in grabbed released allocated freed surplus reserved unreserved failures; do
		want=0
		for kv in "$@"; do
			[ "${kv%%=*}" = "$c" ] && want=${kv#*=}
		done
		got=$(( $(eval echo \$${to}_$c) - $(eval echo \$${from}_$c) ))
		[ "$got" -eq "$want" ] || fail "$to: $c changed by $got, want $want"
	done
}

# sysfs change between two snapshots: hugetlb_dsys A B nr|free|resv|surplus
hugetlb_dsys() {
	echo $(( $(eval echo \$${2}_sys_$3) - $(eval echo \$${1}_sys_$3) ))
}

# --- wakeup latency histograms ---
# Samples and max (ns) of a class from the trace_stat/wakeup_latency
# header, or from a copy of that file.
hist_samples() { # class [file]
	sed -n "s/^# $1: \([0-9]*\) samples, max \([0-9]*\) ns$/\1/p" ${2:-trace_stat/wakeup_latency}
}
hist_max() { # class [file]
	sed -n "s/^# $1: \([0-9]*\) samples, max \([0-9]*\) ns$/\2/p" ${2:-trace_stat/wakeup_latency}
}
