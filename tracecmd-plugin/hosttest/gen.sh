#!/bin/bash
# Extract the entry definitions and the kernel's print functions from the tree.
set -euo pipefail
K=/work/main/build/linux
P=/work/main/trace-plugins
G=/tmp/tepx/gen
sed -n '/^#define FTRACE_CTX_FIELDS/,/^ \* Stack-trace entry:/p' $K/kernel/trace/trace_entries.h | sed '$d' | sed '$d' > $G/entries_snippet.h
sed -n '/^enum trace_type {/,/^};/p' $K/kernel/trace/trace.h > $G/trace_type.h
# func FILE NAME: a top-level definition from its first line to the closing "}" or "};"
func() { awk -v n="$2" '
	!on && $0 ~ "^(static |enum )" && ($0 ~ "[ *]" n "\\(" || $0 ~ "[ *]" n "\\[" || $0 ~ "^enum " n " ") { on = 1 }
	on { print }
	on && /^}/ { on = 0; print "" }' "$1"; }
{
	func $K/include/linux/sched.h task_index_to_char | sed 's/BUILD_BUG_ON.*//'
	func $K/kernel/trace/trace_output.c trace_ctxwake_print
	func $K/kernel/trace/trace_output.c trace_ctx_print
	func $K/kernel/trace/trace_output.c trace_wake_print
	func $P/trace_sched_switch_tracer.c wakeup_lat_print
	func $P/trace_sched_switch_tracer.c ctx_lat_print
	func $P/trace_irq_tracer.c irq_kind
	func $P/trace_irq_tracer.c irq_kind_name
	func $P/trace_irq_tracer.c irq_print_time
	func $P/trace_irq_tracer.c irq_print_start
	for f in hardirq_dur_print softirq_dur_print tasklet_dur_print irq_max_print; do
		func $P/trace_irq_tracer.c $f
	done
	for f in module_load_print module_free_print module_refcnt_print module_request_print; do
		func $P/trace_module_tracer.c $f
	done
	func $P/trace_hugetlb_tracer.c htlb_page_what
	for f in htlb_page_print htlb_resv_print htlb_demote_print; do
		func $P/trace_hugetlb_tracer.c $f
	done
} > $G/kprint.c
grep -c '^static enum print_line_t' $G/kprint.c
