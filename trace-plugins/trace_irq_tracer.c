// SPDX-License-Identifier: GPL-2.0
/*
 * irq tracer: how long each hardirq handler, softirq vector and tasklet
 * runs, to find the interrupt handler that takes ages.
 *
 * Probes on irq_handler_entry/exit, softirq_raise/entry/exit and
 * tasklet_entry/exit time every completed handler on its own CPU. Each
 * one is added to a per-CPU, per-vector table (trace_stat/irq), and
 * written to the buffer when its self time is at least tracing_thresh.
 * The handler with the longest self time sets tracing_max_latency, is
 * marked in the buffer by an irq_max entry and its stack and, as with
 * irqsoff, the buffer at that moment is kept in the snapshot buffer,
 * unless a consuming reader (trace-cmd record) streams the live one.
 *
 * Times are taken on the clock of the trace buffer, whatever trace_clock
 * is, so that a start plus a duration lines up with the timestamp of the
 * entry. A handler that straddles a change of trace_clock is dropped.
 *
 * Hardirq handlers do not nest on a CPU, nor do softirqs, and tasklets
 * run inside a softirq: one start time per class and CPU is enough. The
 * self time of a softirq or a tasklet leaves out the hardirq handlers
 * that interrupted it and, for a softirq, the self time of the tasklets
 * it ran, as trace_osnoise.c subtracts nested interference: each CPU
 * sums the time spent in hardirq handlers and in tasklets, and a
 * handler subtracts what the sums grew by while it ran. Only handlers
 * seen by the irq tracepoints are subtracted: x86 system vectors (the
 * local timer, IPIs) have none and stay in the self time.
 *
 * The table is kept without locks: each row is written only by its own
 * CPU, under a sequence count that readers retry on, and stamped with
 * the generation of the table; a reset starts a new generation, and a
 * row of an older one reads as empty and is zeroed by its next write.
 * Nothing is added to the table or to tracing_max_latency while
 * tracing_on is 0.
 *
 * Each row also keeps two log2 histograms of its handlers' durations,
 * inclusive and self, written with the row under its sequence count and
 * reset with it: trace_stat/irq_hist shows them per CPU, with no sum
 * over the CPUs, so that a handler that takes longer on one CPU shows.
 *
 * With irq_stop_tracing_us set, the first handler whose self time
 * reaches it is written to the buffer whatever tracing_thresh is, and
 * turns tracing_on off, as osnoise's stop_tracing_us does: the trace
 * ends at the handler that took too long.
 */
#include <linux/cpuhotplug.h>
#include <linux/delay.h>
#include <linux/hash.h>
#include <linux/interrupt.h>
#include <linux/percpu.h>
#include <linux/seqlock.h>
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

/*
 * Distinct hardirq lines and tasklet functions counted per CPU; the rest
 * share an overflow row, so that every handler is counted somewhere.
 */
#define IRQ_HARD_SLOTS		64
#define IRQ_TASKLET_SLOTS	32

/*
 * Bucket b of a histogram holds the durations in [2^(b-1), 2^b) ns, as
 * the wakeup latency histograms do; bucket 0 holds 0 ns, and the last
 * one everything from 2^(IRQ_HIST_BUCKETS - 2) ns (1.07 s) up.
 */
#define IRQ_HIST_BUCKETS	32

/*
 * The histograms of one row of the table, on one CPU: per bucket, the
 * handlers whose inclusive duration and whose self time fell in it,
 * side by side, as a handler often adds to both of one bucket.
 */
struct irq_hist {
	struct {
		u64	total;
		u64	self;
	} b[IRQ_HIST_BUCKETS];
};

/* The rows' histograms of a CPU: too large for the per-CPU allocator. */
struct irq_hist_cpu {
	struct irq_hist	soft[NR_SOFTIRQS];
	struct irq_hist	tasklet[IRQ_TASKLET_SLOTS + 1];
	struct irq_hist	hard[IRQ_HARD_SLOTS + 1];
};

/* One row of the table, on one CPU. */
struct irq_vec_stat {
	seqcount_t	seq;
	unsigned int	gen;		/* table generation of the figures */
	u64		count;
	u64		total;		/* inclusive */
	u64		min;
	u64		max;
	u64		self_total;	/* without nested handlers */
	u64		self_min;
	u64		self_max;
	u64		self_max_ts;	/* start of the one with self_max */
	unsigned long	key;		/* irq + 1, or tasklet function */
	char		name[IRQ_DUR_NAME_LEN];
};

/* What a CPU is running, and its table. */
struct irq_cpu {
	u64			start[IRQ_KIND_MAX];
	int			start_clock[IRQ_KIND_MAX];
	u64			hard_sum;	/* time in hardirq handlers */
	u64			tasklet_sum;	/* self time of tasklets */
	u64			soft_hard0;	/* sums at softirq entry */
	u64			soft_tasklet0;
	u64			tasklet_hard0;	/* hard_sum at tasklet entry */
	u64			soft_raise_lat;	/* of the running softirq */
	u64			soft_raise[NR_SOFTIRQS];	/* first raise */
	struct irq_vec_stat	soft[NR_SOFTIRQS];
	struct irq_vec_stat	tasklet[IRQ_TASKLET_SLOTS + 1];
	struct irq_vec_stat	hard[IRQ_HARD_SLOTS + 1];
	struct irq_hist_cpu	*hist;	/* set before irq_cpus is */
};

/* Allocated with the first use of the tracer, never freed. */
static struct irq_cpu __percpu *irq_cpus;
/* 0 is the generation of rows never written */
static unsigned int irq_gen = 1;

static struct trace_array *irq_trace __read_mostly;
static bool irq_busy;
static DEFINE_RAW_SPINLOCK(irq_max_lock);
static DEFINE_MUTEX(irq_stat_mutex);

static inline bool irq_kind_on(enum irq_kind kind)
{
	return READ_ONCE(irq_flags.val) & BIT(kind);
}

/* The clock of the buffer, which stamps the entries too. */
static inline u64 irq_now(struct trace_array *tr)
{
	return ring_buffer_time_stamp(READ_ONCE(tr->array_buffer.buffer));
}

static inline void irq_start(struct trace_array *tr, struct irq_cpu *ic,
			     enum irq_kind kind, u64 now)
{
	ic->start[kind] = now;
	ic->start_clock[kind] = READ_ONCE(tr->clock_id);
}

/*
 * Ends the handler of @kind on this CPU: its duration in @delta, or
 * false when no start was seen or the clock was changed meanwhile.
 */
static inline bool irq_end(struct trace_array *tr, struct irq_cpu *ic,
			   enum irq_kind kind, u64 now, u64 *delta)
{
	u64 start = ic->start[kind];

	ic->start[kind] = 0;
	if (!start || now < start ||
	    ic->start_clock[kind] != READ_ONCE(tr->clock_id))
		return false;
	*delta = now - start;
	return true;
}

/* Self time: @delta less what @sum grew by since @sum0, never below 0. */
static inline u64 irq_self(u64 delta, u64 sum, u64 sum0)
{
	u64 nested = sum - sum0;

	return nested < delta ? delta - nested : 0;
}

/* The bucket of a duration: its highest bit set, 1-based, or 0. */
static inline unsigned int irq_hist_bucket(u64 ns)
{
	return min_t(unsigned int, fls64(ns), IRQ_HIST_BUCKETS - 1);
}

/*
 * Adds one handler to a row of this CPU and to its histograms @h. Only
 * this CPU writes its rows, and a row is written by one class of
 * handler, which does not nest in itself: the sequence count needs no
 * lock.
 */
static void irq_stat_add(struct irq_vec_stat *st, struct irq_hist *h,
			 unsigned int gen, const char *name, u64 start,
			 u64 delta, u64 self)
{
	raw_write_seqcount_begin(&st->seq);
	if (st->gen != gen) {
		st->gen = gen;
		st->count = 0;
		st->total = 0;
		st->max = 0;
		st->self_total = 0;
		st->self_max = 0;
		memset(h, 0, sizeof(*h));
		if (name)
			strscpy(st->name, name, sizeof(st->name));
	}
	h->b[irq_hist_bucket(delta)].total++;
	h->b[irq_hist_bucket(self)].self++;
	if (!st->count || delta < st->min)
		st->min = delta;
	if (!st->count || self < st->self_min)
		st->self_min = self;
	if (delta > st->max)
		st->max = delta;
	if (self > st->self_max || !st->count) {
		st->self_max = self;
		st->self_max_ts = start;
	}
	st->total += delta;
	st->self_total += self;
	st->count++;
	raw_write_seqcount_end(&st->seq);
}

/*
 * The index of the row of @key in a per-CPU hash of @slots rows plus an
 * overflow row. A row of an older generation is free: rows of the
 * current generation are only ever claimed by probing from the key's
 * hash, so a key's row comes before the first free row of its probe
 * sequence.
 */
static unsigned int irq_slot(struct irq_vec_stat *rows, unsigned int slots,
			     unsigned long key, unsigned int gen)
{
	unsigned int i, h = hash_long(key, 16) % slots;

	for (i = 0; i < slots; i++) {
		unsigned int n = (h + i) % slots;
		struct irq_vec_stat *st = &rows[n];

		if (st->gen == gen && st->key == key)
			return n;
		/* readers skip a row of another generation */
		if (st->gen != gen) {
			st->key = key;
			return n;
		}
	}
	/* Table full: the overflow row, whose key stays 0. */
	return slots;
}

/*
 * A new worst handler, by self time. Marks it in the buffer with an
 * irq_max entry and the kernel stack, so that a stream (trace_pipe,
 * trace-cmd record) finds it, and remembers it in tracing_max_latency.
 * With irq-snapshot, the buffer as it is now is also kept in the max
 * buffer, swapped with the live one as irqsoff does; but not while a
 * consuming reader is open, as the entries it had not yet read would go
 * with the swap. The handler was added to the table of generation @gen;
 * a reset meanwhile forgets it.
 */
static void irq_check_max(struct trace_array *tr, u64 self, unsigned int gen,
			  int kind, int vec, unsigned long func,
			  const char *name, unsigned int trace_ctx)
{
	struct trace_buffer *buffer;
	struct ring_buffer_event *event;
	struct irq_max_entry *entry;
	unsigned long flags;
	bool swap;

	if (self <= READ_ONCE(tr->max_latency))
		return;

	raw_spin_lock_irqsave(&irq_max_lock, flags);
	if (self <= tr->max_latency || gen != irq_gen || is_tracing_stopped())
		goto out;

	swap = (READ_ONCE(irq_flags.val) & IRQ_OPT_SNAPSHOT) &&
	       !READ_ONCE(tr->trace_ref);
	buffer = READ_ONCE(tr->array_buffer.buffer);
	event = trace_buffer_lock_reserve(buffer, TRACE_IRQ_MAX,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->self	= self;
		entry->prev	= tr->max_latency;
		entry->func	= func;
		entry->kind	= kind;
		entry->vec	= vec;
		entry->snapshot	= swap;
		strscpy(entry->name, name, sizeof(entry->name));
		trace_buffer_unlock_commit_nostack(buffer, event);
		__trace_stack(tr, trace_ctx, 1);
	}
	WRITE_ONCE(tr->max_latency, self);
	if (swap)
		update_max_tr(tr, current, smp_processor_id(), NULL);
	else
		latency_fsnotify(tr);	/* as __update_max_tr() does */
out:
	raw_spin_unlock_irqrestore(&irq_max_lock, flags);
}

/*
 * tracing_on as the user set it: not a transient record_disable (a
 * buffer reset, a clock change), during which the table goes on
 * counting what the buffer cannot take.
 */
static inline bool irq_tracing_on(struct trace_array *tr)
{
	return ring_buffer_record_is_set_on(READ_ONCE(tr->array_buffer.buffer));
}

/* Entries are written when the self time reaches tracing_thresh. */
static inline bool irq_over_thresh(u64 self)
{
	unsigned long thresh = READ_ONCE(tracing_thresh);

	return !thresh || self >= thresh;
}

/* irq_stop_tracing_us: a self time that stops tracing; 0: none */
static u64 irq_stop_us;
static u64 irq_stop_max_us = TRACE_STOP_MAX_US;

static inline bool irq_over_stop(u64 self)
{
	u64 stop_us = READ_ONCE(irq_stop_us);

	return stop_us && self >= stop_us * NSEC_PER_USEC;
}

/*
 * Every handler is timed, whatever the options, so that the self time
 * of the others is right; the options and tracing_on decide what is
 * recorded.
 */
static void notrace probe_irq_entry(void *ignore, int irq,
				    struct irqaction *action)
{
	struct trace_array *tr = irq_trace;

	irq_start(tr, this_cpu_ptr(irq_cpus), IRQ_KIND_HARD, irq_now(tr));
}

static void notrace probe_irq_exit(void *ignore, int irq,
				   struct irqaction *action, int ret)
{
	struct irq_cpu *ic = this_cpu_ptr(irq_cpus);
	struct trace_array *tr = irq_trace;
	struct trace_buffer *buffer = READ_ONCE(tr->array_buffer.buffer);
	struct ring_buffer_event *event;
	struct hardirq_dur_entry *entry;
	const char *name = action->name ? action->name : "";
	unsigned int trace_ctx, gen, i;
	bool stop;
	u64 start = ic->start[IRQ_KIND_HARD], delta;

	if (!irq_end(tr, ic, IRQ_KIND_HARD, irq_now(tr), &delta))
		return;
	ic->hard_sum += delta;
	if (!irq_kind_on(IRQ_KIND_HARD) || !irq_tracing_on(tr))
		return;

	gen = READ_ONCE(irq_gen);
	i = irq_slot(ic->hard, IRQ_HARD_SLOTS, irq + 1UL, gen);
	irq_stat_add(&ic->hard[i], &ic->hist->hard[i], gen, name, start,
		     delta, delta);

	stop = irq_over_stop(delta);
	if (!stop && !irq_over_thresh(delta))
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
	irq_check_max(tr, delta, gen, IRQ_KIND_HARD, irq, 0, name, trace_ctx);
	if (stop)
		tracer_tracing_off(tr);
}

static void notrace probe_softirq_raise(void *ignore, unsigned int vec)
{
	struct trace_array *tr = irq_trace;

	if (vec < NR_SOFTIRQS)
		this_cpu_cmpxchg(irq_cpus->soft_raise[vec], 0, irq_now(tr));
}

static void notrace probe_softirq_entry(void *ignore, unsigned int vec)
{
	struct irq_cpu *ic = this_cpu_ptr(irq_cpus);
	struct trace_array *tr = irq_trace;
	u64 now = irq_now(tr), raised = 0;

	/* A raise while the vector runs stays for its next run. */
	if (vec < NR_SOFTIRQS)
		raised = this_cpu_xchg(irq_cpus->soft_raise[vec], 0);
	ic->soft_raise_lat = raised && raised <= now ? now - raised : 0;
	ic->soft_hard0 = ic->hard_sum;
	ic->soft_tasklet0 = ic->tasklet_sum;
	irq_start(tr, ic, IRQ_KIND_SOFT, now);
}

static void notrace probe_softirq_exit(void *ignore, unsigned int vec)
{
	struct irq_cpu *ic = this_cpu_ptr(irq_cpus);
	struct trace_array *tr = irq_trace;
	struct trace_buffer *buffer = READ_ONCE(tr->array_buffer.buffer);
	struct ring_buffer_event *event;
	struct softirq_dur_entry *entry;
	unsigned int trace_ctx, gen;
	bool stop;
	u64 start = ic->start[IRQ_KIND_SOFT], delta, self;

	if (!irq_end(tr, ic, IRQ_KIND_SOFT, irq_now(tr), &delta) ||
	    vec >= NR_SOFTIRQS)
		return;
	self = irq_self(delta, ic->hard_sum + ic->tasklet_sum,
			ic->soft_hard0 + ic->soft_tasklet0);
	if (!irq_kind_on(IRQ_KIND_SOFT) || !irq_tracing_on(tr))
		return;

	gen = READ_ONCE(irq_gen);
	irq_stat_add(&ic->soft[vec], &ic->hist->soft[vec], gen, NULL, start,
		     delta, self);

	stop = irq_over_stop(self);
	if (!stop && !irq_over_thresh(self))
		return;

	trace_ctx = tracing_gen_ctx();
	event = trace_buffer_lock_reserve(buffer, TRACE_SOFTIRQ_DUR,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->start		= start;
		entry->duration		= delta;
		entry->self		= self;
		entry->raise_lat	= ic->soft_raise_lat;
		entry->vec		= vec;
		strscpy(entry->name, softirq_to_name[vec], sizeof(entry->name));
		if (!call_filter_check_discard(&event_softirq_duration, entry,
					       buffer, event))
			trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	irq_check_max(tr, self, gen, IRQ_KIND_SOFT, vec, 0,
		      softirq_to_name[vec], trace_ctx);
	if (stop)
		tracer_tracing_off(tr);
}

static void notrace probe_tasklet_entry(void *ignore,
					struct tasklet_struct *t, void *func)
{
	struct irq_cpu *ic = this_cpu_ptr(irq_cpus);
	struct trace_array *tr = irq_trace;

	ic->tasklet_hard0 = ic->hard_sum;
	irq_start(tr, ic, IRQ_KIND_TASKLET, irq_now(tr));
}

static void notrace probe_tasklet_exit(void *ignore,
				       struct tasklet_struct *t, void *func)
{
	struct irq_cpu *ic = this_cpu_ptr(irq_cpus);
	struct trace_array *tr = irq_trace;
	struct trace_buffer *buffer = READ_ONCE(tr->array_buffer.buffer);
	struct ring_buffer_event *event;
	struct tasklet_dur_entry *entry;
	unsigned int trace_ctx, gen, i;
	bool stop;
	u64 start = ic->start[IRQ_KIND_TASKLET], delta, self;

	if (!irq_end(tr, ic, IRQ_KIND_TASKLET, irq_now(tr), &delta))
		return;
	self = irq_self(delta, ic->hard_sum, ic->tasklet_hard0);
	ic->tasklet_sum += self;
	if (!irq_kind_on(IRQ_KIND_TASKLET) || !irq_tracing_on(tr))
		return;

	gen = READ_ONCE(irq_gen);
	i = irq_slot(ic->tasklet, IRQ_TASKLET_SLOTS, (unsigned long)func, gen);
	irq_stat_add(&ic->tasklet[i], &ic->hist->tasklet[i], gen, NULL, start,
		     delta, self);

	stop = irq_over_stop(self);
	if (!stop && !irq_over_thresh(self))
		return;

	trace_ctx = tracing_gen_ctx();
	event = trace_buffer_lock_reserve(buffer, TRACE_TASKLET_DUR,
					  sizeof(*entry), trace_ctx);
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->start	= start;
		entry->duration	= delta;
		entry->self	= self;
		entry->func	= (unsigned long)func;
		if (!call_filter_check_discard(&event_tasklet_duration, entry,
					       buffer, event))
			trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	}
	irq_check_max(tr, self, gen, IRQ_KIND_TASKLET, -1, (unsigned long)func,
		      "", trace_ctx);
	if (stop)
		tracer_tracing_off(tr);
}

/*
 * Empties the table and tracing_max_latency together: a new generation.
 * Under irq_max_lock, so that a maximum is only ever kept for a handler
 * that is in the table of the same generation.
 */
static void irq_stats_reset(struct trace_array *tr)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&irq_max_lock, flags);
	WRITE_ONCE(irq_gen, irq_gen + 1);
	if (tr)
		WRITE_ONCE(tr->max_latency, 0);
	raw_spin_unlock_irqrestore(&irq_max_lock, flags);
}

/* Forgets what a CPU was running: at tracer start and CPU bring-up. */
static void irq_cpu_clear(struct irq_cpu __percpu *cpus, int cpu)
{
	struct irq_cpu *ic = per_cpu_ptr(cpus, cpu);

	memset(ic->start, 0, sizeof(ic->start));
	memset(ic->soft_raise, 0, sizeof(ic->soft_raise));
}

/*
 * Runs on a control CPU before @cpu is brought up, while nothing runs on
 * it: its stamps are from before it went down, and stale. Not an online
 * callback on @cpu itself: a softirq left pending by the offline runs at
 * the first interrupt the CPU takes, before the online states' callbacks.
 */
static int irq_cpu_prepare(unsigned int cpu)
{
	/* pairs with the release in irq_tracer_init() */
	struct irq_cpu __percpu *cpus = smp_load_acquire(&irq_cpus);

	if (cpus)
		irq_cpu_clear(cpus, cpu);
	return 0;
}

/*
 * The per-CPU table and each CPU's histograms, allocated with the first
 * use of the tracer and kept.
 */
static struct irq_cpu __percpu *irq_cpus_alloc(void)
{
	struct irq_cpu __percpu *cpus = alloc_percpu(struct irq_cpu);
	int cpu;

	if (!cpus)
		return NULL;
	for_each_possible_cpu(cpu) {
		struct irq_cpu *ic = per_cpu_ptr(cpus, cpu);

		ic->hist = kvzalloc_node(sizeof(*ic->hist), GFP_KERNEL,
					 cpu_to_node(cpu));
		if (!ic->hist)
			goto fail;
	}
	return cpus;
fail:
	for_each_possible_cpu(cpu)
		kvfree(per_cpu_ptr(cpus, cpu)->hist);
	free_percpu(cpus);
	return NULL;
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
	if (!irq_cpus) {
		struct irq_cpu __percpu *cpus = irq_cpus_alloc();

		if (!cpus) {
			mutex_unlock(&irq_stat_mutex);
			return -ENOMEM;
		}
		/*
		 * Whole, zeroed, with its histograms: irq_cpu_prepare() and
		 * the trace_stat readers load it without the mutex.
		 */
		smp_store_release(&irq_cpus, cpus);
	}
	/* No probe runs: the other CPUs' state can be written. */
	for_each_possible_cpu(cpu)
		irq_cpu_clear(irq_cpus, cpu);
	irq_stats_reset(tr);
	mutex_unlock(&irq_stat_mutex);

	/* A snapshot of an earlier session must not be swapped back in. */
	tracing_reset_online_cpus(&tr->array_buffer);
	tracing_reset_online_cpus(&tr->max_buffer);
	irq_trace = tr;
	/* The probes must see irq_trace and irq_cpus before they run. */
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
 * is then never swapped away. The option
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
	irq_print_time(s, "self", field->self);
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
	irq_print_time(s, "self", field->self);
	irq_print_start(s, field->start);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t irq_max_print(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct irq_max_entry *field;
	struct trace_seq *s = &iter->seq;
	const char *kind = "?";

	trace_assign_type(field, iter->ent);
	if (field->kind >= 0 && field->kind < IRQ_KIND_MAX)
		kind = irq_kind_name[field->kind];
	/*
	 * Not in the columns of the duration entries, so that a grep for
	 * a handler's entries does not count its maxima too.
	 */
	trace_seq_puts(s, " new max");
	irq_print_time(s, "self", field->self);
	irq_print_time(s, "was", field->prev);
	if (field->kind == IRQ_KIND_TASKLET)
		trace_seq_printf(s, ": %s/%ps", kind, (void *)field->func);
	else
		trace_seq_printf(s, ": %s/%d %s", kind, field->vec, field->name);
	trace_seq_printf(s, "%s\n", field->snapshot ? " (snapshot)" : "");
	return trace_handle_return(s);
}

static struct trace_event_functions irq_max_funcs = {
	.trace	= irq_max_print,
};

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
	{ .type = TRACE_IRQ_MAX,	.funcs = &irq_max_funcs },
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

/*
 * A consistent copy of a row of the current generation, and of its
 * histograms @sh into @dh unless @sh is NULL; or false.
 */
static bool irq_stat_copy(struct irq_vec_stat *dst, struct irq_hist *dh,
			  struct irq_vec_stat *src, struct irq_hist *sh,
			  unsigned int gen)
{
	unsigned int seq;

	do {
		seq = raw_read_seqcount_begin(&src->seq);
		memcpy(dst, src, sizeof(*dst));
		if (sh)
			memcpy(dh, sh, sizeof(*dh));
	} while (read_seqcount_retry(&src->seq, seq));
	return dst->gen == gen && dst->count;
}

/* The vector that row @i of a CPU's rows of @kind stands for, or -1. */
static int irq_row_vec(enum irq_kind kind, unsigned int i,
		       struct irq_vec_stat *st)
{
	if (kind == IRQ_KIND_SOFT)
		return i;
	if (kind == IRQ_KIND_HARD && st->key)
		return st->key - 1;
	return -1;
}

/* The name of a row, last on its line: a tasklet's may be "fn [mod]". */
static void irq_seq_name(struct seq_file *s, enum irq_kind kind, int vec,
			 struct irq_vec_stat *st)
{
	if (kind == IRQ_KIND_SOFT)
		seq_puts(s, softirq_to_name[vec]);
	else if (kind == IRQ_KIND_HARD && vec >= 0)
		seq_puts(s, st->name[0] ? st->name : "-");
	else if (kind == IRQ_KIND_TASKLET && st->key)
		seq_printf(s, "%ps", (void *)st->key);
	else
		seq_puts(s, "(other)");
	seq_putc(s, '\n');
}

static void irq_row_merge(struct irq_row *row, struct irq_vec_stat *st,
			  int cpu)
{
	if (!row->st.count || st->min < row->st.min)
		row->st.min = st->min;
	if (!row->st.count || st->self_min < row->st.self_min)
		row->st.self_min = st->self_min;
	if (st->max > row->st.max)
		row->st.max = st->max;
	if (!row->st.count || st->self_max > row->st.self_max) {
		row->st.self_max = st->self_max;
		row->st.self_max_ts = st->self_max_ts;
		row->max_cpu = cpu;
	}
	if (!row->st.count)
		strscpy(row->st.name, st->name, sizeof(row->st.name));
	row->st.count += st->count;
	row->st.total += st->total;
	row->st.self_total += st->self_total;
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

/* Copies and merges the rows of @cpu of one class into irq_rows. */
static void irq_stat_collect(enum irq_kind kind, struct irq_vec_stat *rows,
			     unsigned int n, unsigned int gen, int cpu)
{
	struct irq_vec_stat st;
	unsigned int i;
	int vec;

	for (i = 0; i < n; i++) {
		if (!irq_stat_copy(&st, NULL, &rows[i], NULL, gen))
			continue;
		vec = irq_row_vec(kind, i, &st);
		irq_row_merge(irq_row_get(kind, vec,
					  kind == IRQ_KIND_TASKLET ? st.key : 0),
			      &st, cpu);
	}
}

static void *irq_stat_start(struct tracer_stat *trace)
{
	unsigned int max_rows, gen;
	int cpu;

	/* pairs with the release in irq_tracer_init() */
	struct irq_cpu __percpu *cpus = smp_load_acquire(&irq_cpus);

	/* The stat session mutex serializes readers of this table. */
	vfree(irq_rows);
	irq_rows = NULL;
	irq_nr_rows = 0;
	if (!cpus)
		return NULL;

	max_rows = NR_SOFTIRQS + num_possible_cpus() *
		   (IRQ_HARD_SLOTS + 1 + IRQ_TASKLET_SLOTS + 1);
	irq_rows = vzalloc(array_size(max_rows, sizeof(*irq_rows)));
	if (!irq_rows)
		return NULL;

	gen = READ_ONCE(irq_gen);
	for_each_possible_cpu(cpu) {
		struct irq_cpu *ic = per_cpu_ptr(cpus, cpu);

		irq_stat_collect(IRQ_KIND_HARD, ic->hard, IRQ_HARD_SLOTS + 1,
				 gen, cpu);
		irq_stat_collect(IRQ_KIND_SOFT, ic->soft, NR_SOFTIRQS, gen, cpu);
		irq_stat_collect(IRQ_KIND_TASKLET, ic->tasklet,
				 IRQ_TASKLET_SLOTS + 1, gen, cpu);
	}
	return irq_nr_rows ? &irq_rows[0] : NULL;
}

static void *irq_stat_next(void *prev, int idx)
{
	return idx < irq_nr_rows ? &irq_rows[idx] : NULL;
}

/* Sorted by the longest self time, highest first. */
static int irq_stat_cmp(const void *p1, const void *p2)
{
	const struct irq_row *a = p1, *b = p2;

	if (a->st.self_max == b->st.self_max)
		return 0;
	return a->st.self_max > b->st.self_max ? 1 : -1;
}

static int irq_stat_headers(struct seq_file *s)
{
	seq_puts(s, "# times in us; min avg max total: inclusive; self-*: without nested handlers; max-cpu, max-at: of self-max\n");
	seq_puts(s, "# kind    vector    count          min          avg          max        total     self-min     self-avg     self-max   self-total max-cpu    max-at(s) name\n");
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

	/* Rows with no count are never collected. */
	seq_printf(s, "  %-7s %6d %8llu", irq_kind_name[row->kind], row->vec,
		   row->st.count);
	irq_seq_us(s, row->st.min);
	irq_seq_us(s, div64_u64(row->st.total, row->st.count));
	irq_seq_us(s, row->st.max);
	irq_seq_us(s, row->st.total);
	irq_seq_us(s, row->st.self_min);
	irq_seq_us(s, div64_u64(row->st.self_total, row->st.count));
	irq_seq_us(s, row->st.self_max);
	irq_seq_us(s, row->st.self_total);
	secs = div_u64_rem(row->st.self_max_ts, NSEC_PER_SEC, &rem);
	seq_printf(s, " %7d %5llu.%06u ", row->max_cpu, secs,
		   (u32)(rem / NSEC_PER_USEC));
	irq_seq_name(s, row->kind, row->vec, &row->st);
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

/* ---- trace_stat/irq_hist: each row's histograms, per CPU ---- */

/* A row with a count when the read began; its figures are read later. */
struct irq_hist_row {
	enum irq_kind	kind;
	int		vec;
	int		cpu;
	unsigned int	idx;	/* in its CPU's rows of its class */
	unsigned long	key;
};

static struct irq_hist_row *irq_hist_rows;
static unsigned int irq_hist_nr_rows;
static unsigned int irq_hist_gen;	/* of the table when the read began */

/* The rows of @kind of a CPU, their number and their histograms. */
static struct irq_vec_stat *irq_kind_rows(struct irq_cpu *ic,
					  enum irq_kind kind,
					  struct irq_hist **hists,
					  unsigned int *n)
{
	switch (kind) {
	case IRQ_KIND_HARD:
		*hists = ic->hist->hard;
		*n = ARRAY_SIZE(ic->hard);
		return ic->hard;
	case IRQ_KIND_SOFT:
		*hists = ic->hist->soft;
		*n = ARRAY_SIZE(ic->soft);
		return ic->soft;
	default:
		*hists = ic->hist->tasklet;
		*n = ARRAY_SIZE(ic->tasklet);
		return ic->tasklet;
	}
}

/*
 * Lists the rows that have a count, without their histograms, which
 * irq_hist_stat_show() copies with the row: a read holds a few bytes
 * per row, whatever the number of possible CPUs.
 */
static void *irq_hist_stat_start(struct tracer_stat *trace)
{
	/* pairs with the release in irq_tracer_init() */
	struct irq_cpu __percpu *cpus = smp_load_acquire(&irq_cpus);
	unsigned int max_rows, gen, i, n;
	struct irq_vec_stat st, *rows;
	struct irq_hist_row *row;
	struct irq_hist *hists;
	enum irq_kind kind;
	int cpu;

	/* The stat session mutex serializes readers of irq_hist_rows. */
	vfree(irq_hist_rows);
	irq_hist_rows = NULL;
	irq_hist_nr_rows = 0;
	if (!cpus)
		return NULL;

	max_rows = num_possible_cpus() *
		   (NR_SOFTIRQS + IRQ_HARD_SLOTS + 1 + IRQ_TASKLET_SLOTS + 1);
	irq_hist_rows = vzalloc(array_size(max_rows, sizeof(*irq_hist_rows)));
	if (!irq_hist_rows)
		return NULL;

	gen = READ_ONCE(irq_gen);
	irq_hist_gen = gen;
	for_each_possible_cpu(cpu) {
		struct irq_cpu *ic = per_cpu_ptr(cpus, cpu);

		for (kind = 0; kind < IRQ_KIND_MAX; kind++) {
			rows = irq_kind_rows(ic, kind, &hists, &n);
			for (i = 0; i < n; i++) {
				if (!irq_stat_copy(&st, NULL, &rows[i], NULL, gen))
					continue;
				if (WARN_ON_ONCE(irq_hist_nr_rows >= max_rows))
					goto out;
				row = &irq_hist_rows[irq_hist_nr_rows++];
				row->kind = kind;
				row->vec = irq_row_vec(kind, i, &st);
				row->cpu = cpu;
				row->idx = i;
				row->key = st.key;
			}
		}
	}
out:
	return irq_hist_nr_rows ? &irq_hist_rows[0] : NULL;
}

static void *irq_hist_stat_next(void *prev, int idx)
{
	return idx < irq_hist_nr_rows ? &irq_hist_rows[idx] : NULL;
}

/*
 * By class, vector (or tasklet function), then CPU, ascending: the
 * first row shown is the one that compares highest.
 */
static int irq_hist_stat_cmp(const void *p1, const void *p2)
{
	const struct irq_hist_row *a = p1, *b = p2;

	if (a->kind != b->kind)
		return a->kind < b->kind ? 1 : -1;
	if (a->vec != b->vec)
		return a->vec < b->vec ? 1 : -1;
	if (a->key != b->key)
		return a->key < b->key ? 1 : -1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? 1 : -1;
	return 0;
}

static int irq_hist_stat_headers(struct seq_file *s)
{
	seq_puts(s, "# per CPU, one line per bucket that has a count; from, to: in ns; total: inclusive; self: without nested handlers\n");
	seq_puts(s, "# kind    vector  cpu    from(ns)      to(ns)      total       self name\n");
	return 0;
}

/*
 * One line per bucket of the row that has a count, from one consistent
 * copy of the row and its histograms: nothing if a reset, or another
 * handler's key, took the row since the read began.
 */
static int irq_hist_stat_show(struct seq_file *s, void *p)
{
	struct irq_hist_row *row = p;
	struct irq_cpu *ic = per_cpu_ptr(irq_cpus, row->cpu);
	struct irq_vec_stat st, *rows;
	struct irq_hist h, *hists;
	unsigned int b, n;
	u64 from, to;

	rows = irq_kind_rows(ic, row->kind, &hists, &n);
	if (!irq_stat_copy(&st, &h, &rows[row->idx], &hists[row->idx],
			   irq_hist_gen) || st.key != row->key)
		return 0;

	for (b = 0; b < IRQ_HIST_BUCKETS; b++) {
		if (!h.b[b].total && !h.b[b].self)
			continue;
		if (!b) {
			from = 0;
			to = 0;
		} else {
			from = 1ULL << (b - 1);
			/* the last bucket has no upper bound */
			to = b == IRQ_HIST_BUCKETS - 1 ? U64_MAX : 2 * from - 1;
		}
		seq_printf(s, "  %-7s %6d %4d %11llu %11llu %10llu %10llu ",
			   irq_kind_name[row->kind], row->vec, row->cpu, from,
			   to, h.b[b].total, h.b[b].self);
		irq_seq_name(s, row->kind, row->vec, &st);
	}
	return 0;
}

static struct tracer_stat irq_hist_tracer_stat = {
	.name		= "irq_hist",
	.stat_start	= irq_hist_stat_start,
	.stat_next	= irq_hist_stat_next,
	.stat_cmp	= irq_hist_stat_cmp,
	.stat_show	= irq_hist_stat_show,
	.stat_headers	= irq_hist_stat_headers,
};

/* ---- irq_stat_reset: "1" zeroes the table and tracing_max_latency ---- */

static ssize_t irq_stat_reset_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int ret;

	/* One whole "1": not the rest of a write at an offset */
	if (*ppos)
		return -EINVAL;
	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val != 1)
		return -EINVAL;
	mutex_lock(&irq_stat_mutex);
	irq_stats_reset(irq_busy ? irq_trace : NULL);
	mutex_unlock(&irq_stat_mutex);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations irq_stat_reset_fops = {
	.open		= tracing_open_generic,
	.write		= irq_stat_reset_write,
	.llseek		= generic_file_llseek,
};

static struct trace_min_max_param irq_stop_param = {
	.val	= &irq_stop_us,
	.max	= &irq_stop_max_us,
};

#ifdef CONFIG_FTRACE_SELFTEST
#define IRQ_SELFTEST_DELAY_US	1000

/* Busy-waits on the clock the tracer measures with, not udelay(). */
static void irq_selftest_tasklet_fn(struct tasklet_struct *t)
{
	struct trace_array *tr = irq_trace;
	u64 end = irq_now(tr) + IRQ_SELFTEST_DELAY_US * NSEC_PER_USEC;

	while (irq_now(tr) < end)
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
			struct irq_vec_stat *st = &per_cpu_ptr(irq_cpus, cpu)->tasklet[i];

			if (st->gen == irq_gen && st->key == fn &&
			    st->count == 1 && st->max >= want)
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
	WRITE_ONCE(tr->max_latency, 0);
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
	trace_create_file("irq_stop_tracing_us", TRACE_MODE_WRITE, NULL,
			  &irq_stop_param, &trace_min_max_whole_fops);
	/* A CPU coming back forgets what it ran before it went down. */
	ret = cpuhp_setup_state_nocalls(CPUHP_BP_PREPARE_DYN, "trace/irq:prepare",
					irq_cpu_prepare, NULL);
	if (ret < 0)
		pr_warn("irq tracer: no CPU hotplug callback (%d)\n", ret);
	ret = register_stat_tracer(&irq_tracer_stat);
	if (ret)
		return ret;
	return register_stat_tracer(&irq_hist_tracer_stat);
}
fs_initcall(init_irq_tracer_fs);
