# Helpers for the .tc cases, sourced by run-tests.sh.  A case runs with
# "set -e" in the tracing directory: any failing command fails it.
UNSUPPORTED=3

# Fail the case with a message.
fail() {
	echo "fail: $*"
	# a failing case leaves no background load to the next one
	[ -z "$LOAD1" ] || stop_load
	exit 1
}

exit_unsupported() {
	echo "unsupported: $*"
	exit $UNSUPPORTED
}

# The trace clock the kernel chose at boot ("global" under TCG, whose
# TSC is unstable): put back between cases.
BOOT_CLOCK=${BOOT_CLOCK:-$(sed 's/.*\[\(.*\)\].*/\1/' /sys/kernel/tracing/trace_clock)}

# The buffer size per CPU at boot: "7 (expanded: 1408)" before a tracer
# is first used, "1408" after.
BOOT_BUFFER_KB=${BOOT_BUFFER_KB:-$(sed 's/.*expanded: \([0-9]*\).*/\1/; s/ .*//' /sys/kernel/tracing/buffer_size_kb)}

# Put tracing back to its boot state between cases.
reset_tracing() {
	T=/sys/kernel/tracing
	echo "$BOOT_BUFFER_KB" > $T/buffer_size_kb
	grep -q "\[$BOOT_CLOCK\]" $T/trace_clock || echo "$BOOT_CLOCK" > $T/trace_clock
	echo nop > $T/current_tracer
	# before tracing_on: a threshold left set could stop it again
	echo 0 > $T/wakeup_latency_stop_tracing_us 2>/dev/null || true
	echo 0 > $T/irq_stop_tracing_us 2>/dev/null || true
	echo 1 > $T/tracing_on
	echo 0 > $T/events/enable
	# dynamic probes a failed case left (debugfs-tests/probes/)
	echo > $T/kprobe_events 2>/dev/null || true
	echo > $T/uprobe_events 2>/dev/null || true
	echo > $T/error_log 2>/dev/null || true
	echo 0 > $T/options/stacktrace 2>/dev/null || true
	echo > $T/set_event_pid 2>/dev/null || true
	echo > $T/wakeup_latency_pids 2>/dev/null || true
	echo > $T/wakeup_latency_cgroups 2>/dev/null || true
	echo 0 > $T/tracing_thresh 2>/dev/null || true
	echo 0 > $T/tracing_max_latency 2>/dev/null || true
	for o in $T/options/*; do
		case "${o##*/}" in
		switch-wakeups|switch-latency|irq-*|module-*) echo 1 > "$o" ;;
		switch-one-entry) echo 0 > "$o" ;;
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

# The timestamp (seconds.micros) of the first trace line on stdin.
line_ts() {
	awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { sub(/:$/, "", $i); print $i; exit } }'
}

# Fail if any CPU's buffer overwrote entries: a count taken from the
# trace would then be short.
no_overrun() {
	! cat per_cpu/cpu*/stats | grep -q '^overrun: [1-9]' || fail "the buffer overran"
}

# Fail if trace-cmd report left an entry undecoded in FILE.
tracecmd_decoded() { # file
	! grep -qiE 'unknown|\[FAILED' "$1" || fail "undecoded entries: $(grep -iE 'unknown|FAILED' "$1" | head -n 3)"
}

# The ftrace entries that tracecmd-plugin/ prints as the trace file does,
# by the names trace-cmd report and KernelShark give them.
PLUGIN_EVENTS="context_switch context_switch_lat wakeup wakeup_lat hardirq_duration
softirq_duration tasklet_duration irq_max module_load module_free module_get module_put
module_request htlb_grab htlb_buddy htlb_alloc htlb_free htlb_release htlb_reserve
htlb_unreserve htlb_demote"

# Load FILE.dat as KernelShark does (kshark-dump, through libkshark) into
# OUT, one line per entry with its Info column: it must load, decode
# every entry and show no lost events.
kshark_load() { # file.dat out
	kshark-dump "$1" > "$2" 2> "$2.err" ||
		fail "KernelShark's libkshark did not load $1: $(cat "$2.err")"
	cat "$2.err"
	tracecmd_decoded "$2"
	! grep -q ': missed_events:' "$2" || fail "KernelShark shows lost events in $1"
}

# KernelShark opens the recording FILE.dat: kshark-dump loads it through
# libkshark (kshark_open and kshark_load_entries, as KernelShark 2.2
# does) and prints each entry with its Info column. It must hold every
# entry that trace-cmd report prints, with the same time stamp and event
# in the same order on each CPU, with no lost events, and at least MIN
# of them. The entries that our libtraceevent plugin prints must have
# the same text; the others are printed by trace-cmd's own handlers
# (function: without its "<-- parent"), which libkshark does not use.
kshark_check() { # file.dat min
	trace-cmd report -i "$1" > /tmp/ksc.rep 2>&1 || fail "trace-cmd report -i $1 failed"
	kshark_load "$1" /tmp/ksc.ks
	awk -v min="$2" -v name="$1" -v plugin_events="$PLUGIN_EVENTS" '
	BEGIN { n = split(plugin_events, l); for (i = 1; i <= n; i++) ours[l[i] ":"] = 1 }
	# CPU and "TS: EVENT: TEXT" (spaces squeezed) of an entry line
	function parse(line,   rest) {
		if (!match(line, / \[[0-9]+\] /)) return 0
		CPU = substr(line, RSTART + 2, RLENGTH - 4)
		rest = substr(line, RSTART + RLENGTH)
		if (!match(rest, /[0-9]+\.[0-9]+: /)) return 0
		E = substr(rest, RSTART)
		gsub(/ +/, " ", E)
		sub(/ $/, "", E)
		# TS: EVENT only, for an entry that the plugin does not print
		split(E, w, " ")
		if (!(w[2] in ours))
			E = w[1] " " w[2]
		return 1
	}
	FILENAME == ARGV[1] { if (parse($0)) { r[CPU, ++rn[CPU]] = E; cpus[CPU] = 1; nr++ } next }
	{ if (parse($0)) { k[CPU, ++kn[CPU]] = E; cpus[CPU] = 1; nk++ } }
	END {
		for (c in cpus) {
			if (rn[c] + 0 != kn[c] + 0) {
				printf "%s: CPU %s: %d entries in trace-cmd report, %d in KernelShark\n", name, c, rn[c], kn[c]
				bad++
			}
			m = rn[c] < kn[c] ? rn[c] : kn[c]
			for (j = 1; j <= m; j++) {
				if (r[c, j] == k[c, j]) { same++; continue }
				if (++bad <= 3)
					printf "%s: CPU %s entry %d:\n  report:      %s\n  KernelShark: %s\n", name, c, j, r[c, j], k[c, j]
			}
		}
		printf "%s: KernelShark loaded %d entries, trace-cmd report printed %d, %d the same\n", name, nk, nr, same
		if (same < min) { printf "%s: want at least %d\n", name, min; bad++ }
		exit (bad > 0)
	}' /tmp/ksc.rep /tmp/ksc.ks || fail "KernelShark and trace-cmd report differ on $1 (see above)"
}

# Number of lines of the trace (or FILE) matching an extended regexp.
count_lines() { # regexp [file]
	grep -cE "$1" "${2:-trace}" || true
}

# Run "pingpong ROUNDS" pinned to CPU 0, so that its two processes switch
# to each other directly; sets PARENT and CHILD to their pids.
run_pingpong() { # rounds
	taskset 1 pingpong "$1" > /tmp/pingpong.out || fail "pingpong failed"
	pingpong_pids /tmp/pingpong.out
}

# PARENT and CHILD from what pingpong printed in FILE.
pingpong_pids() { # file
	PARENT=$(sed -n 's/^parent=\([0-9]*\) .*/\1/p' "$1")
	CHILD=$(sed -n 's/.* child=\([0-9]*\)$/\1/p' "$1")
	[ -n "$PARENT" ] && [ -n "$CHILD" ] || fail "no pids from pingpong: $(cat "$1")"
}

# ENTRIES: the entries in the buffer of a saved trace FILE; fails if
# the buffer overflowed (fewer entries kept than written).
buffer_entries() { # file
	sed -n 's/^# entries-in-buffer\/entries-written: \([0-9]*\)\/\([0-9]*\) .*/\1 \2/p' "$1" > /tmp/ew
	read -r ENTRIES written < /tmp/ew
	[ "$ENTRIES" = "$written" ] || fail "$ENTRIES of $written entries kept in $1: the buffer overflowed"
}

# --- irq tracer ---
IRQ_DELAY=/sys/kernel/debug/irq_delay

# Load the irq_delay test module once.
load_irq_delay() {
	[ -e $IRQ_DELAY ] || insmod /tests/modules/irq_delay.ko ||
		fail "cannot load irq_delay.ko"
}

# Make irq_delay busy-wait on the clock of the trace buffer.
irq_delay_clock() {
	case "$(cat /sys/kernel/tracing/trace_clock)" in
	*"[local]"*) echo N ;;
	*) echo Y ;;
	esac > /sys/module/irq_delay/parameters/global_clock
}

# Run a handler of known duration: irq_delay tasklet|timer USEC.
irq_delay() {
	irq_delay_clock
	echo "$1 $2" > $IRQ_DELAY || fail "irq_delay $1 $2 failed"
}

# The trace_stat/irq rows (no header), times in us:
#   1 kind 2 vector 3 count 4 min 5 avg 6 max 7 total 8 self-min
#   9 self-avg 10 self-max 11 self-total 12 max-cpu 13 max-at 14 name...
irq_rows() {
	grep -v '^#' trace_stat/irq
}

# The row of KIND whose name starts with NAME.
irq_row() { # kind name
	irq_rows | awk -v k="$1" -v n="$2" '$1 == k && index($14, n) == 1'
}

# Run FUNC up to N times, calling RESET between tries, until it returns
# 0: for upper bounds that a host which stops the vCPU for milliseconds
# can break in one try, where a broken feature breaks every try. FUNC
# reports what failed and returns 1 (it runs without "set -e").
attempts() { # n func reset
	try=1
	while ! "$2"; do
		echo "attempt $try of $1 failed"
		[ "$try" -lt "$1" ] || return 1
		try=$((try + 1))
		"$3"
	done
	echo "attempt $try of $1 passed"
}

# Between attempts of an irq case: tracing on, table and buffer empty.
irq_retry_reset() {
	echo 1 > tracing_on
	echo 1 > irq_stat_reset
	echo > trace
}

# Fields of /sys/kernel/debug/irq_delay_last: irq N tasklet NS hard NS.
irq_delay_last() { # irq|tasklet|hard
	awk -v w="$1" '{ for (i = 1; i < NF; i++) if ($i == w) print $(i + 1) }' \
		/sys/kernel/debug/irq_delay_last
}

# "us.nnn" (as the irq tracer prints) to integer ns.
us_to_ns() {
	echo "$1" | awk '{ split($1, a, "."); sub(/^0+/, "", a[2]); printf "%d\n", a[1] * 1000 + a[2] }'
}

# Every entry of the irq tracer in FILE (default trace) must end where
# the entry's own timestamp is: 0 <= ts - (start + duration) <= MAX_US,
# for all but 1 in 100 (which may be later). Prints the counts; fails
# otherwise.
irq_check_clock() { # max_us [file]
	awk -v lim="$1" '
	# busybox awk reads "000100" as octal: drop the leading zeros
	function dec(s) { sub(/^0+/, "", s); return s + 0 }
	/ (hardirq|softirq|tasklet) .* duration [0-9.]+ us/ {
		ts = ""; dur = ""; st = ""
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^[0-9]+\.[0-9]+:$/ && ts == "") ts = substr($i, 1, length($i) - 1)
			if ($i == "duration") dur = $(i + 1)
			if ($i == "start") st = $(i + 1)
		}
		if (ts == "" || dur == "" || st == "") next
		split(ts, t, "."); split(st, s, "."); split(dur, u, ".")
		# microseconds, exact to the nanosecond of the duration
		d = (dec(t[1]) - dec(s[1])) * 1000000 + (dec(t[2]) - dec(s[2])) - (dec(u[1]) + dec(u[2]) / 1000)
		n++
		if (d < -1) { before++; print "before its end: " $0 }
		if (d > lim) { off++; if (off <= 5) print "off by " d " us: " $0 }
		if (d > 1000) big++
		if (d > worst) worst = d
	}
	# Never before start + duration; 1 in 100 may be late, by any
	# amount, for a vCPU that the host stopped between the clock read and
	# the entry (13.6 ms was seen on a busy host). Another clock puts
	# every entry off, early or late.
	END { printf "%d entries, %d before their end, %d later than %d us (%d by more than 1 ms), worst %.3f us\n", n, before, off, lim, big, worst
		exit (before > 0 || off * 100 > n || n == 0) }
	' "${2:-trace}"
}

# Field N of the row of KIND NAME, as an integer (microseconds truncated).
irq_field() { # kind name n
	irq_row "$1" "$2" | awk -v f="$3" '{ split($f, a, "."); print a[1]; exit }'
}

# The irq number of ttyS0, and its count summed over the CPUs, from
# /proc/interrupts.
serial_irq() {
	awk -F: '/ttyS0/ { gsub(/ /, "", $1); print $1 }' /proc/interrupts
}
serial_count() {
	awk '/ttyS0/ { n = 0; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i; print n }' /proc/interrupts
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

# --- printk:printk_caller ---
PRINTK_BURST=/sys/kernel/debug/printk_burst

load_printk_burst() {
	[ -e $PRINTK_BURST ] || insmod $MODS/printk_burst.ko ||
		fail "cannot load printk_burst.ko"
}

# --- hugetlb ---
HP=/sys/kernel/mm/hugepages/hugepages-2048kB
HP1G=/sys/kernel/mm/hugepages/hugepages-1048576kB
HTLBFS=/dev/hugepages

# Mount hugetlbfs and empty the 2 MB pool.
hugetlb_setup() {
	[ -d $HP ] || exit_unsupported "no 2048kB huge pages"
	mkdir -p $HTLBFS
	grep -q " $HTLBFS hugetlbfs" /proc/mounts || mount -t hugetlbfs none $HTLBFS
	echo 0 > $HP/nr_overcommit_hugepages
	echo 0 > $HP/nr_hugepages
}

# Select the hugetlb tracer (its counters start at 0) and record the
# pool's sysfs counters, for hugetlb_balance at the end of the case.
hugetlb_begin() {
	echo hugetlb > current_tracer
	hugetlb_base
}

# The huge page sizes (kB), and the pool's nr_hugepages per size and node
# (node "all": the global file, when there are no node directories) and
# resv_hugepages per size, as "size node nr_hugepages" and "size resv
# resv_hugepages" lines.
hugetlb_sysfs() {
	for d in /sys/kernel/mm/hugepages/hugepages-*kB; do
		kb=${d##*hugepages-}
		kb=${kb%kB}
		nodes=$(ls -d /sys/devices/system/node/node[0-9]*/hugepages/hugepages-${kb}kB 2>/dev/null || true)
		if [ -n "$nodes" ]; then
			for n in $nodes; do
				node=${n#/sys/devices/system/node/node}
				echo "$kb ${node%%/*} $(cat $n/nr_hugepages)"
			done
		else
			echo "$kb all $(cat $d/nr_hugepages)"
		fi
		echo "$kb resv $(cat $d/resv_hugepages)"
	done
}

hugetlb_base() {
	hugetlb_sysfs > /tmp/htlb-base
}

# The pool's balance since hugetlb_begin (or hugetlb_base), from the
# tracer's table, or with "events" from the hugetlb events in the trace:
# for each size and node, grabbed - released must be the change of
# nr_hugepages, and for each size, reserved - unreserved the change of
# resv_hugepages. Prints one line per check; fails on a mismatch.
hugetlb_balance() { # [events]
	[ -s /tmp/htlb-base ] || fail "hugetlb_balance without hugetlb_begin"
	hugetlb_sysfs > /tmp/htlb-now
	if [ "${1:-}" = events ]; then
		# Keys: "S N" -> grabbed - released, "S resv" -> reserved - unreserved
		awk '
		function kv(name,   i, f) {
			for (i = 1; i <= NF; i++)
				if (index($i, name "=") == 1) {
					f = substr($i, length(name) + 2)
					sub(/kB$/, "", f)
					return f
				}
			return ""
		}
		/ hugetlb_page_grab: / && !/ failed$/ { d[kv("size") " " kv("node")]++ }
		/ hugetlb_page_release: / { d[kv("size") " " kv("node")]-- }
		/ hugetlb_page_demote: / && / err=0$/ {
			d[kv("size") " " kv("node")]--
			d[kv("to") " " kv("node")] += kv("pages")
		}
		/ hugetlb_pages_reserve: / { d[kv("size") " resv"] += kv("reserved") }
		/ hugetlb_pages_unreserve: / { d[kv("size") " resv"] -= kv("unreserved") }
		/ hugetlb_page_alloc: / && / resv=1 / { d[kv("size") " resv"]-- }
		/ hugetlb_page_free: / && / resv=1$/ { d[kv("size") " resv"]++ }
		END { for (k in d) print k, d[k] }' trace > /tmp/htlb-delta
	else
		awk '$1 ~ /^[0-9]+$/ {
			d[$1 " " $2] += $3 - $4
			d[$1 " resv"] += $8 - $9
		}
		END { for (k in d) print k, d[k] }' trace_stat/hugetlb > /tmp/htlb-delta
	fi
	awk -v mode="${1:-tracer}" '
	FILENAME == "/tmp/htlb-delta" { d[$1 " " $2] = $3; next }
	FILENAME == "/tmp/htlb-base" { base[$1 " " $2] = $3; next }
	{
		k = $1 " " $2
		want = $3 - base[k]
		if ($2 == "all") {
			got = 0
			for (j in d) {
				split(j, f, " ")
				if (f[1] == $1 && f[2] != "resv") got += d[j]
			}
		} else {
			got = d[k] + 0
		}
		what = $2 == "resv" ? "reserved - unreserved" : "grabbed - released"
		sys = $2 == "resv" ? "resv_hugepages" : "nr_hugepages"
		printf "balance (%s) %skB node %s: %s = %d, %s moved by %d\n", mode, $1, $2, what, got, sys, want
		if (got != want) bad = 1
	}
	END { exit bad }' /tmp/htlb-delta /tmp/htlb-base /tmp/htlb-now ||
		fail "the ${1:-tracer} counters do not balance with sysfs (see above)"
}

# Column totals of the rows of one size (2048 kB unless given) of
# trace_stat/hugetlb, and that size's sysfs files, as shell variables
# with a prefix: PREFIX_grabbed ... and PREFIX_sys_nr PREFIX_sys_free
# PREFIX_sys_resv PREFIX_sys_surplus.
hugetlb_snap() { # prefix [size_kb]
	kb=${2:-2048}
	eval "$(awk -v p="$1" -v kb="$kb" '$1 == kb { for (i = 3; i <= 10; i++) s[i] += $i }
		END { split("grabbed released allocated freed surplus reserved unreserved failures", n, " ");
		      for (i = 3; i <= 10; i++) printf "%s_%s=%d\n", p, n[i - 2], s[i] }' trace_stat/hugetlb)"
	d=/sys/kernel/mm/hugepages/hugepages-${kb}kB
	eval "$1_sys_nr=$(cat $d/nr_hugepages) $1_sys_free=$(cat $d/free_hugepages)"
	eval "$1_sys_resv=$(cat $d/resv_hugepages) $1_sys_surplus=$(cat $d/surplus_hugepages)"
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

# Start hugetlb-helper in the background with its stdin on a fifo, and
# wait until it has touched its pages; "hugetlb_helper_go" lets it unmap.
hugetlb_helper_start() { # args...
	rm -f /tmp/hfifo
	mkfifo /tmp/hfifo
	hugetlb-helper "$@" < /tmp/hfifo > /tmp/hout &
	exec 3> /tmp/hfifo
	n=0
	while ! grep -q touched /tmp/hout; do
		sleep 0.1
		n=$((n + 1))
		[ $n -lt 300 ] || fail "hugetlb-helper did not map: $(cat /tmp/hout)"
	done
}

hugetlb_helper_go() {
	echo go >&3
	exec 3>&-
	wait
	grep -q released /tmp/hout || fail "hugetlb-helper: $(cat /tmp/hout)"
}

# A 1 GB page in the pool, or the case is unsupported.
hugetlb_need_1g() {
	[ -d $HP1G ] || exit_unsupported "no 1048576kB huge pages (a CPU with pdpe1gb?)"
	[ -e $HP1G/demote ] || exit_unsupported "no demote file for 1048576kB pages"
	if [ "$(cat $HP1G/nr_hugepages)" -lt 1 ]; then
		echo 1 > $HP1G/nr_hugepages || true
		[ "$(cat $HP1G/nr_hugepages)" -ge 1 ] ||
			exit_unsupported "no 1 GB page could be had (boot with hugetlb_cma=2G and enough memory)"
	fi
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

# Checks every wakeup latency of the sched_switch tracer in FILE (a
# "wakeup latency" line, or the end of a switch line under
# switch-one-entry) against the "+" (wakeup) and "==>" (switch) lines of
# the same buffer:
# a latency must follow the switch-in of its task, on the same CPU; it
# must be the time from the last wakeup of the task while it was off the
# CPU to that switch-in, within TOL_US (the tracer takes it from the two
# entries' own time stamps, which the trace prints to the microsecond;
# 1 in 1000 may be off); and every such switch-in must have one. A
# latency of 0 with no wakeup before it is the local clocks of two CPUs putting the wakeup
# after the switch: counted as clamped. A task is judged once the trace has
# shown it switch in or out. Prints "N checked, S stale, M missing, O
# off by more than TOL_US, worst D us, U unknown"; fails on any fault.
# OFF_PM: how many per 1000 checked may be off (1 unless given).
switch_check_latencies() { # tol_us [file] [stale per 1000 checked] [off per 1000]
	awk -v tol="$1" -v stale_pm="${3:-0}" -v off_pm="${4:-1}" '
	function dec(s) { sub(/^0+/, "", s); return s + 0 }
	function cpu_of(line) {
		if (match(line, /\[[0-9]+\]/)) return substr(line, RSTART + 1, RLENGTH - 2) + 0
		return -1
	}
	# A line of cpu c that is not the latency line owed by its switch-in.
	function owed(c) {
		if ((c in pend) && pend[c] >= 0 && ex[c] >= 0) { missing++; if (missing <= 5) print "missing: " pendline[c] }
		delete pend[c]
	}
	# The latency LAT (us) of task Q on cpu C, printed on LINE: it must
	# be owed by the switch-in of Q just seen on C.
	function latency(c, q, lat, line,   l, d) {
		split(lat, l, "."); lat = dec(l[1]) + dec(l[2]) / 1000
		if (!(c in pend) || pend[c] != q) { stray++; if (stray <= 5) print "stray: " line; return }
		if (ex[c] == -2) unknown++
		# 0: the clocks of two CPUs put the wakeup after the switch
		else if (ex[c] == -1 && lat == 0) clamped++
		else if (ex[c] == -1) { stale++; if (stale <= 5) print "stale: " line " after " pendline[c] }
		# Woken or switched in while CPU 1 went down or came up: its
		# last switches there may be untraced, so the wakeup that the
		# trace shows last need not be the one the stamp kept.
		else if (in_hotplug(pendt[c] - ex[c], pendt[c])) hotplug++
		else {
			d = lat - ex[c]; if (d < 0) d = -d
			checked++
			if (d > tol) { off++; if (off <= 5) print "off by " d " us: " line " after " pendline[c] }
			if (d > 1000) big++
			if (d > worst) worst = d
		}
		delete pend[c]
	}
	# Whether [from, to] meets a CPU hotplug window of stress/hotplug:
	# from its "stress: offline" or "stress: online" marker to the
	# "stress: down done" or "stress: up done" marker after the write.
	function in_hotplug(from, to,   i) {
		for (i = nw; i >= 1; i--) {
			if (hw_end[i] >= 0 && hw_end[i] < from) return 0
			if (hw_start[i] <= to) return 1
		}
		return 0
	}
	/^#/ { next }
	{
		ts = ""; tsi = 0
		for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { ts = $i; tsi = i; break }
		if (ts == "") next
		c = cpu_of($0)
		split(substr(ts, 1, length(ts) - 1), tp, ".")
		t = dec(tp[1]) * 1000000 + dec(tp[2])
		rest = substr($0, index($0, ts) + length(ts))
		if (rest ~ /tracing_mark_write: stress: (offline|online) /) { nw++; hw_start[nw] = t; hw_end[nw] = -1; next }
		if (rest ~ /tracing_mark_write: stress: (down|up) done/) { if (nw) hw_end[nw] = t; next }
		gsub(/: +/, ":", rest)
		n = split(rest, f, " ")
		if (f[2] == "==>" || f[2] == "+") {
			split(f[1], a, ":"); split(f[4], b, ":")
			p = a[1] + 0; q = b[1] + 0
			if (f[2] == "+") {
				owed(c)
				if (q == 0) next
				if (!(q in known)) { unsure[q] = 1; next }
				if (!run[q]) { wk[q] = t; wline[q] = $0 }
				# Woken as it left its CPU (see the switch-out below)
				else { early[q] = t }
				next
			}
			owed(c)
			if (p) {
				run[p] = 0; known[p] = 1; delete wk[p]
				# A sleeper woken within 20 us of its switch-out on
				# another CPU: the two CPUs stamp their entries a few
				# microseconds apart, either can come out first.
				split(f[1], st, ":")
				if ((p in early) && st[3] != "R" && early[p] >= t - 20) { wk[p] = early[p]; reordered++ }
				delete early[p]
			}
			if (!q) next
			pend[c] = q; pendline[c] = $0; pendt[c] = t
			if ((q in unsure) || !(q in known)) ex[c] = -2
			else if (q in wk) ex[c] = t - wk[q]
			# Switched in again with no switch-out between: that was
			# not traced (tracepoints are off on a CPU going offline
			# as it leaves its stopper thread), and a wakeup seen
			# meanwhile was a real one.
			else if (run[q] && (q in early)) { ex[c] = t - early[q]; untraced++ }
			else if (run[q]) { ex[c] = -2; untraced++ }
			else ex[c] = -1
			delete wk[q]; delete unsure[q]; delete early[q]
			run[q] = 1; known[q] = 1
			# switch-one-entry: the latency is on the switch line
			if (f[n - 3] == "wakeup" && f[n - 2] == "latency")
				latency(c, q, f[n - 1], $0)
			next
		}
		if (rest ~ /wakeup latency/) {
			split(f[1], a, ":")
			latency(c, a[1] + 0, f[5], $0)
			next
		}
		owed(c)
	}
	END {
		printf "%d checked, %d stale, %d missing, %d stray, %d off by more than %d us (%d by more than 1 ms), worst %.3f us, %d unknown, %d clamped to 0, %d woken as they left, %d switch-outs not traced, %d in a hotplug window\n", checked, stale, missing, stray, off, tol, big, worst, unknown, clamped, reordered, untraced, hotplug
		# The latency is the distance between the time stamps of the
		# + and ==> entries, so it is exact on any host. 1 in 1000 may
		# be off, for an entry whose reservation another entry on its
		# CPU (an NMI) interrupted: the ring buffer then gives it the
		# time stamp of the entry before it. Another clock than the
		# buffer clock puts most lines off; a stale stamp is "stale".
		# The allowance for what cannot be ordered (stale_pm per 1000)
		# covers missing lines too: while the clock of one vCPU runs ahead,
		# the global clock stamps the entries of the other with the same
		# time, and the trace lists a wakeup on CPU 1 after the
		# switch-in on CPU 0 that it led to, or before one that it did
		# not (seen under CPU hotplug: 22 stale and 1 missing in 24300).
		exit ((stale + missing) * 1000 > stale_pm * checked || (stale_pm == 0 && missing > 0) ||
		      stray > 0 || off * 1000 > off_pm * checked || checked == 0)
	}' "${2:-trace}"
}

# --- stress (make stress) ---
# stress_n FULL QUICK: a stress case's loop count; QUICK under "make
# stress QUICK=1" (stress_quick=1 on the guest's kernel command line).
stress_n() { # full quick
	if grep -qw stress_quick=1 /proc/cmdline; then echo "$2"; else echo "$1"; fi
}

# stress_progress CASE DONE TOTAL: a line on the console every so
# often, so that a long run under a sanitizer shows how far it got
# (the console is kept even when the case watchdog stops the case).
stress_progress() { # case done total
	echo "<5>stress: $1 $2 of $3 at $(cut -d' ' -f1 /proc/uptime) s" > /dev/kmsg 2> /dev/null || true
}

# Background load until stop_load: hackbench and cyclictest, in loops.
start_load() {
	rm -f /tmp/stop-load
	( while [ ! -e /tmp/stop-load ]; do hackbench -p -g 2 -l 20 > /dev/null 2>&1 || true; done ) &
	LOAD1=$!
	( while [ ! -e /tmp/stop-load ]; do cyclictest -p 50 -i 500 -l 200 -q > /dev/null 2>&1 || true; done ) &
	LOAD2=$!
}
stop_load() {
	touch /tmp/stop-load
	wait $LOAD1 $LOAD2 2>/dev/null || true
	LOAD1= LOAD2=
	rm -f /tmp/stop-load
}

# FILE read N times by one cat, back to back: a loop of reads that
# race writers costs reads, not a fork and an awk per read.
cat_n() { # file n
	_f=$1 _n=$2
	set --
	while [ "$_n" -gt 0 ]; do set -- "$@" "$_f"; _n=$((_n - 1)); done
	cat "$@"
}

# Reads FILE LOOPS times in batches of at most 50 (cat_n), checking every
# row with CHECK (irq_rows_consistent or hist_rows_consistent). Waits
# first, up to 10 s, for a read with a row, so that the loop races writers
# that run. Prints "ROWS rows, NONEMPTY reads with a row". Fails, having
# created STOP, on a failed read, a bad row, or fewer than a tenth of the
# reads with a row (resets race the reads, but the file must not stay
# empty).
stat_read_loop() { # file loops check stop
	_try=0
	while [ -z "$(grep -v '^#' "$1")" ]; do
		_try=$((_try + 1))
		[ $_try -le 100 ] || { touch "$4"; fail "no row in $1 after 10 s of load"; }
		sleep 0.1
	done
	_done=0 _rows=0 _nz=0
	while [ $_done -lt "$2" ]; do
		_k=$(($2 - _done)); [ $_k -le 50 ] || _k=50
		cat_n "$1" $_k > /tmp/stat-loop 2>/dev/null || { touch "$4"; fail "a read of $1 failed after $_done reads"; }
		_r=$($3 /tmp/stat-loop) || { touch "$4"; fail "reads $_done to $((_done + _k)): $_r"; }
		_rows=$((_rows + ${_r##*
}))
		# a read starts with the header line that the batch starts with
		_nz=$((_nz + $(awk 'NR == 1 { k = $1 " " $2 }
			$1 " " $2 == k { n += c; c = 0; next }
			!/^#/ { c = 1 }
			END { print n + c }' /tmp/stat-loop)))
		_done=$((_done + _k))
	done
	rm -f /tmp/stat-loop
	[ "$_nz" -ge $(($2 / 10)) ] || { touch "$4"; fail "only $_nz of $2 reads of $1 saw a row: it stayed empty"; }
	echo "$_rows rows, $_nz reads with a row"
}

# Checks every row of trace_stat/irq (or FILE): min <= avg <= max,
# avg x count = total, self within inclusive. Prints the number of rows.
irq_rows_consistent() { # [file]
	awk '
	/^#/ { next }
	function ns(v,  a) { split(v, a, "."); sub(/^0+/, "", a[2]); return a[1] * 1000 + a[2] }
	{
		c = $3; mn = ns($4); av = ns($5); mx = ns($6); tot = ns($7)
		smn = ns($8); sav = ns($9); smx = ns($10); stot = ns($11)
		if (c < 1 || mn > av || av > mx || c * av > tot || tot >= c * (av + 1) ||
		    smn > sav || sav > smx || c * sav > stot || stot >= c * (sav + 1) ||
		    smx > mx || smn > mn || stot > tot) { print "bad row: " $0; bad = 1 }
		n++
	}
	END { print n + 0; exit bad }' "${1:-trace_stat/irq}"
}

# Checks every line of trace_stat/irq_hist (or FILE, reads one after
# the other, each from its header): the bounds a power-of-2 bucket (the
# last one open), a count in each line, and per row (kind, vector, CPU)
# as many handlers in the inclusive column as in the self one, as a row
# and its histograms are read whole. Prints the number of lines.
irq_hist_consistent() { # [file]
	awk '
	function flush(  k) {
		for (k in t) if (t[k] != s[k]) { print "row " k ": " t[k] " inclusive, " s[k] " self"; bad = 1 }
		split("", t); split("", s)
	}
	/^# kind/ { flush(); next }
	/^#/ { next }
	{
		if ($6 + $7 < 1 || $6 < 0 || $7 < 0) { print "no count: " $0; bad = 1 }
		if (!($4 == 0 && $5 == 0 || $4 > 0 && $5 == 2 * $4 - 1 || $4 == 1073741824 && $5 > 1e19)) { print "bad bounds: " $0; bad = 1 }
		k = $1 " " $2 " " $3 " " $8
		t[k] += $6; s[k] += $7
		n++
	}
	END { flush(); print n + 0; exit bad }' "${1:-trace_stat/irq_hist}"
}

# Checks every row of trace_stat/wakeup_latency (or FILE): the total is
# the sum of the CPUs, the bounds a power-of-2 bucket. Prints the rows.
hist_rows_consistent() { # [file]
	awk '
	/^#/ { next }
	{
		s = 0
		for (i = 5; i <= NF; i++) s += $i
		if (s != $4) { print "total " $4 " is not the sum of the CPUs " s ": " $0; bad = 1 }
		if ($2 == 0 && $3 != 0 || $2 > 0 && $3 != 2 * $2 - 1) { print "bad bounds: " $0; bad = 1 }
		n++
	}
	END { print n + 0; exit bad }' "${1:-trace_stat/wakeup_latency}"
}
