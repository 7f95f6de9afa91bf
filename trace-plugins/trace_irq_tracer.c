// SPDX-License-Identifier: GPL-2.0
/*
 * irq tracer: how long each hardirq handler, softirq vector and tasklet
 * runs, to find the interrupt handler that takes ages.
 *
 * Probes on irq_handler_entry/exit, softirq_raise/entry/exit and
 * tasklet_entry/exit time every completed handler on its own CPU. Each
 * one is added to a per-CPU, per-vector table (trace_stat/irq), and
 * written to the buffer when it lasts at least tracing_thresh. The
 * longest handler sets tracing_max_latency and, as with irqsoff, the
 * buffer at that moment is kept in the snapshot buffer.
 *
 * Times are trace_clock_local(), the clock of the ring buffer: raw
 * sched_clock(), whose deltas on one CPU are exact, where local_clock()
 * may stall when it is kept within a tick of the jiffies time.
 *
 * Hardirq handlers do not nest on a CPU, nor do softirqs, and tasklets
 * run inside a softirq: one start time per class and CPU is enough, and
 * a hardirq that interrupts a softirq or a tasklet leaves their start
 * times alone.
 */
#include <linux/delay.h>
#include <linux/hash.h>
#include <linux/interrupt.h>
#include <linux/percpu.h>
#include <linux/trace_clock.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <trace/events/irq.h>

#include "trace.h"
#include "trace_output.h"
#include "trace_stat.h"

enum irq_kind {
	IRQ_KIND_HARD,
	IRQ_KIND_SOFT,
	IRQ_KIND_TASKLET,
	IRQ_KIND_MAX,
};

static const char * const irq_kind_name[IRQ_KIND_MAX] = {
	[IRQ_KIND_HARD]		= "hardirq",
	[IRQ_KIND_SOFT]		= "softirq",
	[IRQ_KIND_TASKLET]	= "tasklet",
};

enum {
	IRQ_OPT_HARD	= BIT(IRQ_KIND_HARD),
	IRQ_OPT_SOFT	= BIT(IRQ_KIND_SOFT),
	IRQ_OPT_TASKLET	= BIT(IRQ_KIND_TASKLET),
	IRQ_OPT_SNAPSHOT = BIT(IRQ_KIND_MAX),
};

static struct tracer_opt irq_opts[] = {
	{ .name = "irq-hard",		.bit = IRQ_OPT_HARD },
	{ .name = "irq-soft",		.bit = IRQ_OPT_SOFT },
	{ .name = "irq-tasklet",	.bit = IRQ_OPT_TASKLET },
	/* Keep the buffer at each new worst handler, shown in "trace" */
	{ .name = "irq-snapshot",	.bit = IRQ_OPT_SNAPSHOT },
	{ } /* terminator */
};

static struct tracer_flags irq_flags = {
	.val	= IRQ_OPT_HARD | IRQ_OPT_SOFT | IRQ_OPT_TASKLET |
		  IRQ_OPT_SNAPSHOT,
	.opts	= irq_opts,
};

/* Distinct tasklet functions counted per CPU; the rest share a row. */
#define IRQ_TASKLET_SLOTS	32

/* One row of the table, on one CPU. */
struct irq_vec_stat {
	u64		count;
	u64		total;
	u64		min;
	u64		max;
	u64		max_ts;		/* start of the longest one */
	unsigned long	key;		/* tasklet function */
	char		name[IRQ_DUR_NAME_LEN];
};

/* What a CPU is running and the per-CPU table. */
struct irq_cpu {
	u64			hard_start;
	u64			soft_start;
	u64			tasklet_start;
	u64			soft_raise[NR_SOFTIRQS];	/* first raise */
	struct irq_vec_stat	soft[NR_SOFTIRQS];
	struct irq_vec_stat	tasklet[IRQ_TASKLET_SLOTS + 1];
	struct irq_vec_stat	*hard;		/* irq_hard_slots rows */
};

static DEFINE_PER_CPU(struct irq_cpu, irq_cpu);
static struct irq_vec_stat __percpu *irq_hard_stats;
static unsigned int irq_hard_slots;

static struct trace_array *irq_trace __read_mostly;
static bool irq_busy;
static DEFINE_RAW_SPINLOCK(irq_max_lock);
static DEFINE_MUTEX(irq_stat_mutex);

static inline bool irq_kind_on(enum irq_kind kind)
{
	return READ_ONCE(irq_flags.val) & BIT(kind);
}

static void irq_stat_add(struct irq_vec_stat *st, u64 start, u64 delta)
{
	if (!st->count || delta < st->min)
		st->min = delta;
	if (delta > st->max) {
		st->max = delta;
		st->max_ts = start;
	}
	st->total += delta;
	st->count++;
}

/*
 * A new longest handler: remember it in tracing_max_latency and, with
 * irq-snapshot, keep the buffer as it is now in the max buffer, which
 * is swapped with the live one as irqsoff does.
 */
static void irq_check_max(struct trace_array *tr, u64 delta)
{
	unsigned long flags;

	if (delta <= READ_ONCE(tr->max_latency))
		return;

	raw_spin_lock_irqsave(&irq_max_lock, flags);
	if (delta > tr->max_latency && !is_tracing_stopped()) {
		tr->max_latency = delta;
		if (READ_ONCE(irq_flags.val) & IRQ_OPT_SNAPSHOT)
			update_max_tr(tr, current, smp_processor_id(), NULL);
	}
	raw_spin_unlock_irqrestore(&irq_max_lock, flags);
}

static inline bool irq_over_thresh(u64 delta)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	return !thresh || delta >= thresh;
}

static void notrace probe_irq_entry(void *ignore, int irq,
				    struct irqaction *action)
{
	if (irq_kind_on(IRQ_KIND_HARD))
		this_cpu_write(irq_cpu.hard_start, trace_clock_local());
}

static void notrace probe_irq_exit(void *ignore, int irq,
				   struct irqaction *action, int ret)
{
	struct irq_cpu *ic = this_cpu_ptr(&irq_cpu);
	struct trace_array *tr = irq_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct hardirq_dur_entry *entry;
	const char *name = action->name ? action->name : "";
	unsigned int trace_ctx;
	u64 start, delta;

	start = ic->hard_start;
	if (!start)
		return;
	ic->hard_start = 0;
	delta = trace_clock_local() - start;

	if (irq >= 0 && irq < irq_hard_slots) {
		struct irq_vec_stat *st = this_cpu_ptr(irq_hard_stats) + irq;

		if (!st->count)
			strscpy(st->name, name, sizeof(st->name));
		irq_stat_add(st, start, delta);
	}

	if (!irq_over_thresh(delta))
		return;

	trace_ctx = tracing_gen_ctx();
	event = trace_buffer_lock_reserve(buffer, TRACE_HARDIRQ_DUR,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->start	= start;
		entry->duration	= delta;
		entry->irq	= irq;
		entry->ret	= ret;
		strscpy(entry->name, name, sizeof(entry->name));
		if (!call_filter_check_discard(&event_hardirq_duration, entry,
					       buffer, event))
			trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	irq_check_max(tr, delta);
}

static void notrace probe_softirq_raise(void *ignore, unsigned int vec)
{
	if (vec < NR_SOFTIRQS && irq_kind_on(IRQ_KIND_SOFT))
		this_cpu_cmpxchg(irq_cpu.soft_raise[vec], 0, trace_clock_local());
}

static void notrace probe_softirq_entry(void *ignore, unsigned int vec)
{
	if (irq_kind_on(IRQ_KIND_SOFT))
		this_cpu_write(irq_cpu.soft_start, trace_clock_local());
}

static void notrace probe_softirq_exit(void *ignore, unsigned int vec)
{
	struct irq_cpu *ic = this_cpu_ptr(&irq_cpu);
	struct trace_array *tr = irq_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct softirq_dur_entry *entry;
	unsigned int trace_ctx;
	u64 start, delta, raised, raise_lat = 0;

	start = this_cpu_xchg(irq_cpu.soft_start, 0);
	if (!start || vec >= NR_SOFTIRQS)
		return;
	delta = trace_clock_local() - start;
	/* A raise while the vector ran stays for its next run. */
	raised = ic->soft_raise[vec];
	if (raised && raised <= start) {
		this_cpu_cmpxchg(irq_cpu.soft_raise[vec], raised, 0);
		raise_lat = start - raised;
	}

	irq_stat_add(&ic->soft[vec], start, delta);

	if (!irq_over_thresh(delta))
		return;

	trace_ctx = tracing_gen_ctx();
	event = trace_buffer_lock_reserve(buffer, TRACE_SOFTIRQ_DUR,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->start		= start;
		entry->duration		= delta;
		entry->raise_lat	= raise_lat;
		entry->vec		= vec;
		strscpy(entry->name, softirq_to_name[vec], sizeof(entry->name));
		if (!call_filter_check_discard(&event_softirq_duration, entry,
					       buffer, event))
			trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	irq_check_max(tr, delta);
}

static void notrace probe_tasklet_entry(void *ignore,
					struct tasklet_struct *t, void *func)
{
	if (irq_kind_on(IRQ_KIND_TASKLET))
		this_cpu_write(irq_cpu.tasklet_start, trace_clock_local());
}

static struct irq_vec_stat *irq_tasklet_slot(struct irq_cpu *ic,
					     unsigned long func)
{
	unsigned int i, h = hash_long(func, 5) % IRQ_TASKLET_SLOTS;

	for (i = 0; i < IRQ_TASKLET_SLOTS; i++) {
		struct irq_vec_stat *st = &ic->tasklet[(h + i) % IRQ_TASKLET_SLOTS];

		if (st->key == func)
			return st;
		if (!st->key) {
			st->key = func;
			return st;
		}
	}
	/* Table full: the overflow row, with no function of its own. */
	return &ic->tasklet[IRQ_TASKLET_SLOTS];
}

static void notrace probe_tasklet_exit(void *ignore,
				       struct tasklet_struct *t, void *func)
{
	struct irq_cpu *ic = this_cpu_ptr(&irq_cpu);
	struct trace_array *tr = irq_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct tasklet_dur_entry *entry;
	unsigned int trace_ctx;
	u64 start, delta;

	start = ic->tasklet_start;
	if (!start)
		return;
	ic->tasklet_start = 0;
	delta = trace_clock_local() - start;

	irq_stat_add(irq_tasklet_slot(ic, (unsigned long)func), start, delta);

	if (!irq_over_thresh(delta))
		return;

	trace_ctx = tracing_gen_ctx();
	event = trace_buffer_lock_reserve(buffer, TRACE_TASKLET_DUR,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->start	= start;
		entry->duration	= delta;
		entry->func	= (unsigned long)func;
		if (!call_filter_check_discard(&event_tasklet_duration, entry,
					       buffer, event))
			trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	irq_check_max(tr, delta);
}

/* Zero every table and every start time. */
static void irq_stats_reset(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct irq_cpu *ic = per_cpu_ptr(&irq_cpu, cpu);
		struct irq_vec_stat *hard = ic->hard;

		memset(ic, 0, sizeof(*ic));
		ic->hard = hard;
		if (hard)
			memset(hard, 0, irq_hard_slots * sizeof(*hard));
	}
}

static int irq_register_probes(void)
{
	int ret;

	ret = register_trace_irq_handler_entry(probe_irq_entry, NULL);
	if (ret)
		return ret;
	ret = register_trace_irq_handler_exit(probe_irq_exit, NULL);
	if (ret)
		goto out_entry;
	ret = register_trace_softirq_raise(probe_softirq_raise, NULL);
	if (ret)
		goto out_exit;
	ret = register_trace_softirq_entry(probe_softirq_entry, NULL);
	if (ret)
		goto out_raise;
	ret = register_trace_softirq_exit(probe_softirq_exit, NULL);
	if (ret)
		goto out_soft_entry;
	ret = register_trace_tasklet_entry(probe_tasklet_entry, NULL);
	if (ret)
		goto out_soft_exit;
	ret = register_trace_tasklet_exit(probe_tasklet_exit, NULL);
	if (ret)
		goto out_tasklet_entry;
	return 0;

out_tasklet_entry:
	unregister_trace_tasklet_entry(probe_tasklet_entry, NULL);
out_soft_exit:
	unregister_trace_softirq_exit(probe_softirq_exit, NULL);
out_soft_entry:
	unregister_trace_softirq_entry(probe_softirq_entry, NULL);
out_raise:
	unregister_trace_softirq_raise(probe_softirq_raise, NULL);
out_exit:
	unregister_trace_irq_handler_exit(probe_irq_exit, NULL);
out_entry:
	unregister_trace_irq_handler_entry(probe_irq_entry, NULL);
	return ret;
}

static void irq_unregister_probes(void)
{
	unregister_trace_tasklet_exit(probe_tasklet_exit, NULL);
	unregister_trace_tasklet_entry(probe_tasklet_entry, NULL);
	unregister_trace_softirq_exit(probe_softirq_exit, NULL);
	unregister_trace_softirq_entry(probe_softirq_entry, NULL);
	unregister_trace_softirq_raise(probe_softirq_raise, NULL);
	unregister_trace_irq_handler_exit(probe_irq_exit, NULL);
	unregister_trace_irq_handler_entry(probe_irq_entry, NULL);
}

static int irq_tracer_init(struct trace_array *tr)
{
	int cpu, ret;

	if (irq_busy)
		return -EBUSY;

	mutex_lock(&irq_stat_mutex);
	if (!irq_hard_stats) {
		irq_hard_slots = nr_irqs;
		irq_hard_stats = __alloc_percpu(irq_hard_slots *
						sizeof(struct irq_vec_stat),
						__alignof__(struct irq_vec_stat));
		if (!irq_hard_stats) {
			mutex_unlock(&irq_stat_mutex);
			return -ENOMEM;
		}
		for_each_possible_cpu(cpu)
			per_cpu(irq_cpu, cpu).hard = per_cpu_ptr(irq_hard_stats, cpu);
	}
	irq_stats_reset();
	mutex_unlock(&irq_stat_mutex);

	tr->max_latency = 0;
	tracing_reset_online_cpus(&tr->array_buffer);
	irq_trace = tr;
	/* The probes must see irq_trace before they run. */
	smp_wmb();
	ret = irq_register_probes();
	if (ret)
		return ret;
	irq_busy = true;
	return 0;
}

static void irq_tracer_reset(struct trace_array *tr)
{
	irq_unregister_probes();
	tracepoint_synchronize_unregister();
	irq_busy = false;
}

static struct tracer irq_tracer;

/*
 * With irq-snapshot, "trace" shows the buffer kept at the worst handler,
 * as for the other latency tracers; without it, the live buffer, which
 * is then never swapped away (for trace-cmd record, say). The option
 * can be set while another tracer is current: change the irq tracer,
 * never tr->current_trace.
 */
static int irq_set_flag(struct trace_array *tr, u32 old_flags, u32 bit,
			int set)
{
	if (bit == IRQ_OPT_SNAPSHOT)
		irq_tracer.print_max = set;
	return 0;
}

static void irq_print_time(struct trace_seq *s, const char *what, u64 ns)
{
	u32 rem;
	u64 us = div_u64_rem(ns, NSEC_PER_USEC, &rem);

	trace_seq_printf(s, " %s %llu.%03u us", what, us, rem);
}

static void irq_print_start(struct trace_seq *s, u64 start)
{
	u32 rem;
	u64 secs = div_u64_rem(start, NSEC_PER_SEC, &rem);

	trace_seq_printf(s, " start %llu.%06u", secs, (u32)(rem / NSEC_PER_USEC));
}

static enum print_line_t hardirq_dur_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct hardirq_dur_entry *field;
	struct trace_seq *s = &iter->seq;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(s, " hardirq %4d %-16s", field->irq, field->name);
	irq_print_time(s, "duration", field->duration);
	irq_print_start(s, field->start);
	trace_seq_printf(s, " ret %d\n", field->ret);
	return trace_handle_return(s);
}

static enum print_line_t softirq_dur_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct softirq_dur_entry *field;
	struct trace_seq *s = &iter->seq;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(s, " softirq %4u %-16s", field->vec, field->name);
	irq_print_time(s, "duration", field->duration);
	irq_print_start(s, field->start);
	irq_print_time(s, "raise-latency", field->raise_lat);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t tasklet_dur_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct tasklet_dur_entry *field;
	struct trace_seq *s = &iter->seq;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(s, " tasklet    - %-16ps", (void *)field->func);
	irq_print_time(s, "duration", field->duration);
	irq_print_start(s, field->start);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions hardirq_dur_funcs = {
	.trace	= hardirq_dur_print,
};

static struct trace_event_functions softirq_dur_funcs = {
	.trace	= softirq_dur_print,
};

static struct trace_event_functions tasklet_dur_funcs = {
	.trace	= tasklet_dur_print,
};

static struct trace_event irq_events[] = {
	{ .type = TRACE_HARDIRQ_DUR,	.funcs = &hardirq_dur_funcs },
	{ .type = TRACE_SOFTIRQ_DUR,	.funcs = &softirq_dur_funcs },
	{ .type = TRACE_TASKLET_DUR,	.funcs = &tasklet_dur_funcs },
};

/* ---- trace_stat/irq: the table, summed over the CPUs at each read ---- */

struct irq_row {
	enum irq_kind		kind;
	int			vec;
	int			max_cpu;
	struct irq_vec_stat	st;
};

static struct irq_row *irq_rows;
static unsigned int irq_nr_rows;

static void irq_row_merge(struct irq_row *row, struct irq_vec_stat *st,
			  int cpu)
{
	if (!st->count)
		return;
	if (!row->st.count || st->min < row->st.min)
		row->st.min = st->min;
	if (st->max > row->st.max) {
		row->st.max = st->max;
		row->st.max_ts = st->max_ts;
		row->max_cpu = cpu;
	}
	if (!row->st.count)
		strscpy(row->st.name, st->name, sizeof(row->st.name));
	row->st.count += st->count;
	row->st.total += st->total;
}

static struct irq_row *irq_row_get(enum irq_kind kind, int vec,
				   unsigned long key)
{
	unsigned int i;

	for (i = 0; i < irq_nr_rows; i++) {
		struct irq_row *row = &irq_rows[i];

		if (row->kind == kind && row->vec == vec && row->st.key == key)
			return row;
	}
	irq_rows[i].kind = kind;
	irq_rows[i].vec = vec;
	irq_rows[i].st.key = key;
	irq_nr_rows++;
	return &irq_rows[i];
}

static void *irq_stat_start(struct tracer_stat *trace)
{
	unsigned int max_rows, i;
	int cpu;

	/* The stat session mutex serializes readers of this table. */
	vfree(irq_rows);
	irq_rows = NULL;
	irq_nr_rows = 0;
	if (!irq_hard_stats)
		return NULL;

	max_rows = irq_hard_slots + NR_SOFTIRQS +
		   num_possible_cpus() * (IRQ_TASKLET_SLOTS + 1);
	irq_rows = vzalloc(array_size(max_rows, sizeof(*irq_rows)));
	if (!irq_rows)
		return NULL;

	for_each_possible_cpu(cpu) {
		struct irq_cpu *ic = per_cpu_ptr(&irq_cpu, cpu);
		struct irq_vec_stat *hard = per_cpu_ptr(irq_hard_stats, cpu);

		for (i = 0; i < irq_hard_slots; i++)
			if (hard[i].count)
				irq_row_merge(irq_row_get(IRQ_KIND_HARD, i, 0),
					      &hard[i], cpu);
		for (i = 0; i < NR_SOFTIRQS; i++)
			if (ic->soft[i].count)
				irq_row_merge(irq_row_get(IRQ_KIND_SOFT, i, 0),
					      &ic->soft[i], cpu);
		for (i = 0; i <= IRQ_TASKLET_SLOTS; i++)
			if (ic->tasklet[i].count)
				irq_row_merge(irq_row_get(IRQ_KIND_TASKLET, -1,
							  ic->tasklet[i].key),
					      &ic->tasklet[i], cpu);
	}
	return irq_nr_rows ? &irq_rows[0] : NULL;
}

static void *irq_stat_next(void *prev, int idx)
{
	return idx < irq_nr_rows ? &irq_rows[idx] : NULL;
}

/* Sorted by max, highest first. */
static int irq_stat_cmp(const void *p1, const void *p2)
{
	const struct irq_row *a = p1, *b = p2;

	if (a->st.max == b->st.max)
		return 0;
	return a->st.max > b->st.max ? 1 : -1;
}

static int irq_stat_headers(struct seq_file *s)
{
	seq_puts(s, "# kind    vector    count      min(us)      avg(us)      max(us)    total(us) max-cpu    max-at(s) name\n");
	return 0;
}

static void irq_seq_us(struct seq_file *s, u64 ns)
{
	u32 rem;
	u64 us = div_u64_rem(ns, NSEC_PER_USEC, &rem);

	seq_printf(s, " %8llu.%03u", us, rem);
}

static int irq_stat_show(struct seq_file *s, void *p)
{
	struct irq_row *row = p;
	u32 rem;
	u64 secs;

	seq_printf(s, "  %-7s %6d %8llu", irq_kind_name[row->kind], row->vec,
		   row->st.count);
	irq_seq_us(s, row->st.min);
	irq_seq_us(s, div64_u64(row->st.total, row->st.count));
	irq_seq_us(s, row->st.max);
	irq_seq_us(s, row->st.total);
	secs = div_u64_rem(row->st.max_ts, NSEC_PER_SEC, &rem);
	seq_printf(s, " %7d %5llu.%06u ", row->max_cpu, secs,
		   (u32)(rem / NSEC_PER_USEC));
	/* Last, as a tasklet's name may read "func [module]". */
	if (row->kind == IRQ_KIND_SOFT)
		seq_puts(s, softirq_to_name[row->vec]);
	else if (row->kind == IRQ_KIND_HARD)
		seq_puts(s, row->st.name);
	else if (row->st.key)
		seq_printf(s, "%ps", (void *)row->st.key);
	else
		seq_puts(s, "(other)");
	seq_putc(s, '\n');
	return 0;
}

static struct tracer_stat irq_tracer_stat = {
	.name		= "irq",
	.stat_start	= irq_stat_start,
	.stat_next	= irq_stat_next,
	.stat_cmp	= irq_stat_cmp,
	.stat_show	= irq_stat_show,
	.stat_headers	= irq_stat_headers,
};

/* ---- irq_stat_reset: "1" zeroes the table ---- */

static ssize_t irq_stat_reset_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val != 1)
		return -EINVAL;
	mutex_lock(&irq_stat_mutex);
	irq_stats_reset();
	mutex_unlock(&irq_stat_mutex);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations irq_stat_reset_fops = {
	.open		= tracing_open_generic,
	.write		= irq_stat_reset_write,
	.llseek		= generic_file_llseek,
};

#ifdef CONFIG_FTRACE_SELFTEST
#define IRQ_SELFTEST_DELAY_US	1000

/* Busy-waits on the clock the tracer measures with, not udelay(). */
static void irq_selftest_tasklet_fn(struct tasklet_struct *t)
{
	u64 end = trace_clock_local() + IRQ_SELFTEST_DELAY_US * NSEC_PER_USEC;

	while (trace_clock_local() < end)
		cpu_relax();
}

static DECLARE_TASKLET(irq_selftest_tasklet, irq_selftest_tasklet_fn);

/* Entries of the selftest tasklet of at least @want ns in @buffer. */
static unsigned int __init irq_selftest_count(struct trace_buffer *buffer,
					      unsigned long fn, u64 want)
{
	struct ring_buffer_event *event;
	struct tasklet_dur_entry *ent;
	unsigned int found = 0;
	int cpu;

	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(buffer, cpu, NULL, NULL))) {
			ent = ring_buffer_event_data(event);
			if (ent->ent.type == TRACE_TASKLET_DUR &&
			    ent->func == fn && ent->duration >= want)
				found++;
		}
	}
	return found;
}

/*
 * A tasklet busy-waits 1 ms while the tracer runs: its entry of at least
 * 1 ms must be in the buffer, or in the snapshot if it was the worst
 * handler, the table must have its row, and tracing_max_latency must be
 * at least as much.
 */
static int __init irq_selftest(struct tracer *trace, struct trace_array *tr)
{
	unsigned long fn = (unsigned long)irq_selftest_tasklet_fn;
	unsigned int found, rows = 0;
	u64 want = IRQ_SELFTEST_DELAY_US * NSEC_PER_USEC;
	int cpu, i, ret;

	ret = tracer_init(trace, tr);
	if (ret) {
		pr_warn("irq selftest: init returned %d\n", ret);
		return ret;
	}
	tasklet_schedule(&irq_selftest_tasklet);
	msleep(100);
	tracing_stop();

	found = irq_selftest_count(tr->array_buffer.buffer, fn, want) +
		irq_selftest_count(tr->max_buffer.buffer, fn, want);
	for_each_online_cpu(cpu) {
		for (i = 0; i <= IRQ_TASKLET_SLOTS; i++) {
			struct irq_vec_stat *st = &per_cpu(irq_cpu, cpu).tasklet[i];

			if (st->key == fn && st->count == 1 && st->max >= want)
				rows++;
		}
	}
	trace->reset(tr);
	tracing_start();

	if (found != 1 || rows != 1 || tr->max_latency < want) {
		pr_warn("irq selftest: %u entries, %u rows, max %llu ns\n",
			found, rows, (u64)tr->max_latency);
		return -1;
	}
	tr->max_latency = 0;
	return 0;
}
#endif /* CONFIG_FTRACE_SELFTEST */

static struct tracer irq_tracer __read_mostly = {
	.name		= "irq",
	.init		= irq_tracer_init,
	.reset		= irq_tracer_reset,
	.flags		= &irq_flags,
	.set_flag	= irq_set_flag,
	.print_max	= true,
	.use_max_tr	= true,
#ifdef CONFIG_FTRACE_SELFTEST
	.selftest	= irq_selftest,
#endif
};

static __init int init_irq_tracer(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(irq_events); i++)
		if (!register_trace_event(&irq_events[i]))
			return -EBUSY;
	return register_tracer(&irq_tracer);
}
core_initcall(init_irq_tracer);

static __init int init_irq_tracer_fs(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;
	trace_create_file("irq_stat_reset", TRACE_MODE_WRITE, NULL, NULL,
			  &irq_stat_reset_fops);
	return register_stat_tracer(&irq_tracer_stat);
}
fs_initcall(init_irq_tracer_fs);
