// SPDX-License-Identifier: GPL-2.0
/*
 * hugetlb tracer: the huge page pool at work, from the hugetlb events.
 *
 * Each event is recorded in an entry of the tracer's own and counted
 * per huge page size and node, on the CPU where it happened, without a
 * lock: trace_stat/hugetlb sums the CPUs when it is read. Reservations
 * are not tied to a node, nor are failures where no node was asked for:
 * they are counted in the row of node "-".
 *
 * The counters balance with the pool's sysfs counters: per size and
 * node, grabbed - released is the change of nr_hugepages (a demoted page
 * is released from its size and its pieces grabbed by the smaller one; a
 * page dissolved for alloc_contig_range() is released and its
 * replacement grabbed), and per size, reserved - unreserved is the change
 * of resv_hugepages (a reservation consumed by a fault allocation counts
 * as unreserved, one restored when its page is freed as reserved).
 * Nothing is counted while tracing_on is 0, so they balance over the
 * time that tracing was on; stop tracing to read a table that does not
 * move.
 */
#include <linux/hugetlb.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <trace/events/hugetlb.h>

#include "trace.h"
#include "trace_output.h"
#include "trace_stat.h"

enum htlb_counter {
	HTLB_GRABBED,
	HTLB_RELEASED,
	HTLB_ALLOCATED,
	HTLB_FREED,
	HTLB_SURPLUS,
	HTLB_RESERVED,
	HTLB_UNRESERVED,
	HTLB_FAILURES,
	HTLB_NR_COUNTERS,
};

static const char * const htlb_counter_name[HTLB_NR_COUNTERS] = {
	"grabbed", "released", "allocated", "freed", "surplus", "reserved",
	"unreserved", "failures",
};

/* Per CPU: [hstate][node, or nr_node_ids for "-"][counter] */
static u64 __percpu *htlb_counts;
static unsigned int htlb_nodes;		/* nr_node_ids + 1 */
static struct trace_array *htlb_trace __read_mostly;

static inline void htlb_count(struct hstate *h, int nid,
			      enum htlb_counter c, long n)
{
	unsigned int idx = hstate_index(h);

	/*
	 * As the latency tracers, the table stands still with tracing off:
	 * as the user set it, not a transient record_disable (a buffer
	 * reset, a clock change), which would unbalance the counters.
	 */
	if (idx >= HUGE_MAX_HSTATE ||
	    !ring_buffer_record_is_set_on(htlb_trace->array_buffer.buffer))
		return;
	if (nid < 0 || nid >= nr_node_ids)
		nid = htlb_nodes - 1;
	this_cpu_add(htlb_counts[(idx * htlb_nodes + nid) * HTLB_NR_COUNTERS + c],
		     n);
}

static void htlb_trace_page(int type, struct hstate *h, unsigned long pfn,
			    int nid, unsigned long addr, bool surplus,
			    bool resv, int result)
{
	struct trace_array *tr = htlb_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct htlb_page_entry *entry;
	struct trace_event_call *call;
	unsigned int trace_ctx = tracing_gen_ctx();

	switch (type) {
	case TRACE_HTLB_GRAB:
		call = &event_htlb_grab;
		break;
	case TRACE_HTLB_BUDDY:
		call = &event_htlb_buddy;
		break;
	case TRACE_HTLB_ALLOC:
		call = &event_htlb_alloc;
		break;
	case TRACE_HTLB_FREE:
		call = &event_htlb_free;
		break;
	default:
		call = &event_htlb_release;
		break;
	}
	tracing_record_cmdline(current);
	event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->pfn	= pfn;
	entry->addr	= addr;
	entry->size_kb	= huge_page_size(h) >> 10;
	entry->node	= nid;
	entry->result	= result;
	entry->surplus	= surplus;
	entry->resv	= resv;
	if (!call_filter_check_discard(call, entry, buffer, event))
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

static void htlb_trace_resv(int type, struct hstate *h, unsigned long ino,
			    long from, long to, long pages, long result)
{
	struct trace_array *tr = htlb_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct htlb_resv_entry *entry;
	unsigned int trace_ctx = tracing_gen_ctx();

	tracing_record_cmdline(current);
	event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ino	= ino;
	entry->from	= from;
	entry->to	= to;
	entry->pages	= pages;
	entry->result	= result;
	entry->size_kb	= huge_page_size(h) >> 10;
	if (!call_filter_check_discard(type == TRACE_HTLB_RESERVE ?
				       &event_htlb_reserve :
				       &event_htlb_unreserve,
				       entry, buffer, event))
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

static void htlb_trace_demote(struct hstate *h, struct page *page,
			      struct hstate *target, int result)
{
	struct trace_array *tr = htlb_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct htlb_demote_entry *entry;
	unsigned int trace_ctx = tracing_gen_ctx();

	tracing_record_cmdline(current);
	event = trace_buffer_lock_reserve(buffer, TRACE_HTLB_DEMOTE,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->pfn	 = page_to_pfn(page);
	entry->size_kb	 = huge_page_size(h) >> 10;
	entry->target_kb = huge_page_size(target) >> 10;
	entry->pages	 = pages_per_huge_page(h) / pages_per_huge_page(target);
	entry->node	 = page_to_nid(page);
	entry->result	 = result;
	if (!call_filter_check_discard(&event_htlb_demote, entry, buffer,
				       event))
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/* grab and release: a page that joins or leaves the pool */
static void htlb_page_event(int type, enum htlb_counter c, struct hstate *h,
			    struct page *page, int nid)
{
	if (page) {
		nid = page_to_nid(page);
		htlb_count(h, nid, c, 1);
	} else {
		htlb_count(h, nid, HTLB_FAILURES, 1);
	}
	htlb_trace_page(type, h, page ? page_to_pfn(page) : 0, nid, 0, false,
			false, page ? 0 : -ENOMEM);
}

static void probe_htlb_grab(void *ignore, struct hstate *h,
			    struct page *page, int nid)
{
	htlb_page_event(TRACE_HTLB_GRAB, HTLB_GRABBED, h, page, nid);
}

/* A page back in the pool; resv: the reservation it consumed is restored. */
static void probe_htlb_free(void *ignore, struct hstate *h,
			    struct page *page, bool resv)
{
	int nid = page_to_nid(page);

	htlb_count(h, nid, HTLB_FREED, 1);
	if (resv)
		htlb_count(h, NUMA_NO_NODE, HTLB_RESERVED, 1);
	htlb_trace_page(TRACE_HTLB_FREE, h, page_to_pfn(page), nid, 0, false,
			resv, 0);
}

static void probe_htlb_release(void *ignore, struct hstate *h,
			       struct page *page, int nid)
{
	htlb_page_event(TRACE_HTLB_RELEASE, HTLB_RELEASED, h, page, nid);
}

static void probe_htlb_buddy(void *ignore, struct hstate *h,
			     struct page *page, int nid, bool surplus)
{
	if (page) {
		nid = page_to_nid(page);
		if (surplus)
			htlb_count(h, nid, HTLB_SURPLUS, 1);
	} else {
		htlb_count(h, nid, HTLB_FAILURES, 1);
	}
	htlb_trace_page(TRACE_HTLB_BUDDY, h, page ? page_to_pfn(page) : 0,
			nid, 0, surplus, false, page ? 0 : -ENOMEM);
}

/* A page for a fault; resv: it consumed a reservation. */
static void probe_htlb_alloc(void *ignore, struct hstate *h,
			     struct page *page, unsigned long addr, bool resv)
{
	int nid = NUMA_NO_NODE;

	if (IS_ERR(page)) {
		htlb_count(h, nid, HTLB_FAILURES, 1);
		resv = false;
	} else {
		nid = page_to_nid(page);
		htlb_count(h, nid, HTLB_ALLOCATED, 1);
		if (resv)
			htlb_count(h, NUMA_NO_NODE, HTLB_UNRESERVED, 1);
	}
	htlb_trace_page(TRACE_HTLB_ALLOC, h,
			IS_ERR(page) ? 0 : page_to_pfn(page), nid, addr, false,
			resv, PTR_ERR_OR_ZERO(page));
}

/* A page of h split into pieces of target: released, and grabbed by target */
static void probe_htlb_demote(void *ignore, struct hstate *h,
			      struct page *page, struct hstate *target,
			      int err)
{
	int nid = page_to_nid(page);

	if (err) {
		htlb_count(h, nid, HTLB_FAILURES, 1);
	} else {
		htlb_count(h, nid, HTLB_RELEASED, 1);
		htlb_count(target, nid, HTLB_GRABBED,
			   pages_per_huge_page(h) / pages_per_huge_page(target));
	}
	htlb_trace_demote(h, page, target, err);
}

static void probe_htlb_reserve(void *ignore, struct hstate *h,
			       unsigned long ino, long from, long to,
			       long reserved, bool ret)
{
	htlb_count(h, NUMA_NO_NODE, HTLB_RESERVED, reserved);
	if (!ret)
		htlb_count(h, NUMA_NO_NODE, HTLB_FAILURES, 1);
	htlb_trace_resv(TRACE_HTLB_RESERVE, h, ino, from, to, reserved,
			ret ? 0 : -ENOMEM);
}

static void probe_htlb_unreserve(void *ignore, struct hstate *h,
				 unsigned long ino, long start, long end,
				 long freed, long unreserved, long ret)
{
	htlb_count(h, NUMA_NO_NODE, HTLB_UNRESERVED, unreserved);
	if (ret < 0)
		htlb_count(h, NUMA_NO_NODE, HTLB_FAILURES, 1);
	htlb_trace_resv(TRACE_HTLB_UNRESERVE, h, ino, start, end, unreserved,
			ret);
}

static int htlb_register_probes(void)
{
	int ret;

	ret = register_trace_hugetlb_page_grab(probe_htlb_grab, NULL);
	if (ret)
		return ret;
	ret = register_trace_hugetlb_buddy_pgalloc(probe_htlb_buddy, NULL);
	if (ret)
		goto out_grab;
	ret = register_trace_hugetlb_page_alloc(probe_htlb_alloc, NULL);
	if (ret)
		goto out_buddy;
	ret = register_trace_hugetlb_page_free(probe_htlb_free, NULL);
	if (ret)
		goto out_alloc;
	ret = register_trace_hugetlb_page_release(probe_htlb_release, NULL);
	if (ret)
		goto out_free;
	ret = register_trace_hugetlb_pages_reserve(probe_htlb_reserve, NULL);
	if (ret)
		goto out_release;
	ret = register_trace_hugetlb_pages_unreserve(probe_htlb_unreserve,
						     NULL);
	if (ret)
		goto out_reserve;
	ret = register_trace_hugetlb_page_demote(probe_htlb_demote, NULL);
	if (ret)
		goto out_unreserve;
	return 0;

out_unreserve:
	unregister_trace_hugetlb_pages_unreserve(probe_htlb_unreserve, NULL);
out_reserve:
	unregister_trace_hugetlb_pages_reserve(probe_htlb_reserve, NULL);
out_release:
	unregister_trace_hugetlb_page_release(probe_htlb_release, NULL);
out_free:
	unregister_trace_hugetlb_page_free(probe_htlb_free, NULL);
out_alloc:
	unregister_trace_hugetlb_page_alloc(probe_htlb_alloc, NULL);
out_buddy:
	unregister_trace_hugetlb_buddy_pgalloc(probe_htlb_buddy, NULL);
out_grab:
	unregister_trace_hugetlb_page_grab(probe_htlb_grab, NULL);
	return ret;
}

static void htlb_unregister_probes(void)
{
	unregister_trace_hugetlb_page_demote(probe_htlb_demote, NULL);
	unregister_trace_hugetlb_pages_unreserve(probe_htlb_unreserve, NULL);
	unregister_trace_hugetlb_pages_reserve(probe_htlb_reserve, NULL);
	unregister_trace_hugetlb_page_release(probe_htlb_release, NULL);
	unregister_trace_hugetlb_page_free(probe_htlb_free, NULL);
	unregister_trace_hugetlb_page_alloc(probe_htlb_alloc, NULL);
	unregister_trace_hugetlb_buddy_pgalloc(probe_htlb_buddy, NULL);
	unregister_trace_hugetlb_page_grab(probe_htlb_grab, NULL);
}

static size_t htlb_counts_size(void)
{
	return sizeof(u64) * HUGE_MAX_HSTATE * htlb_nodes * HTLB_NR_COUNTERS;
}

static int htlb_tracer_init(struct trace_array *tr)
{
	int cpu;

	if (!htlb_counts) {
		htlb_nodes = nr_node_ids + 1;
		htlb_counts = __alloc_percpu(htlb_counts_size(),
					     __alignof__(u64));
		if (!htlb_counts)
			return -ENOMEM;
	}
	/* The probes are not registered yet: nobody counts. */
	for_each_possible_cpu(cpu)
		memset(per_cpu_ptr(htlb_counts, cpu), 0, htlb_counts_size());
	htlb_trace = tr;
	tracing_reset_online_cpus(&tr->array_buffer);
	/* The probes must see htlb_trace. */
	smp_wmb();
	return htlb_register_probes();
}

static void htlb_tracer_reset(struct trace_array *tr)
{
	htlb_unregister_probes();
	tracepoint_synchronize_unregister();
}

static const char * const htlb_page_what[] = {
	[TRACE_HTLB_GRAB - TRACE_HTLB_GRAB]	= "grab",
	[TRACE_HTLB_BUDDY - TRACE_HTLB_GRAB]	= "buddy",
	[TRACE_HTLB_ALLOC - TRACE_HTLB_GRAB]	= "alloc",
	[TRACE_HTLB_FREE - TRACE_HTLB_GRAB]	= "free",
	[TRACE_HTLB_RELEASE - TRACE_HTLB_GRAB]	= "release",
};

static enum print_line_t htlb_page_print(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct htlb_page_entry *field;
	struct trace_seq *s = &iter->seq;
	int type = iter->ent->type;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(s, " hugetlb %-9s %ukB node %d pfn 0x%lx",
			 htlb_page_what[type - TRACE_HTLB_GRAB],
			 field->size_kb, field->node, field->pfn);
	if (type == TRACE_HTLB_ALLOC)
		trace_seq_printf(s, " addr 0x%lx", field->addr);
	if (field->resv)
		trace_seq_puts(s, type == TRACE_HTLB_FREE ? " resv restored" :
							    " resv");
	if (type == TRACE_HTLB_BUDDY)
		trace_seq_puts(s, field->surplus ? " surplus" : " migrate");
	if (field->result)
		trace_seq_printf(s, " failed %d", field->result);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t htlb_resv_print(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct htlb_resv_entry *field;
	struct trace_seq *s = &iter->seq;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(s, " hugetlb %-9s %ukB ino %lu [%ld, %ld) pages %ld",
			 iter->ent->type == TRACE_HTLB_RESERVE ? "reserve" :
								 "unreserve",
			 field->size_kb, field->ino, field->from, field->to,
			 field->pages);
	if (field->result)
		trace_seq_printf(s, " failed %ld", field->result);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static enum print_line_t htlb_demote_print(struct trace_iterator *iter,
					   int flags,
					   struct trace_event *event)
{
	struct htlb_demote_entry *field;
	struct trace_seq *s = &iter->seq;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(s, " hugetlb %-9s %ukB node %d pfn 0x%lx to %u x %ukB",
			 "demote", field->size_kb, field->node, field->pfn,
			 field->pages, field->target_kb);
	if (field->result)
		trace_seq_printf(s, " failed %d", field->result);
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions htlb_page_funcs = {
	.trace	= htlb_page_print,
};

static struct trace_event_functions htlb_resv_funcs = {
	.trace	= htlb_resv_print,
};

static struct trace_event_functions htlb_demote_funcs = {
	.trace	= htlb_demote_print,
};

static struct trace_event htlb_events[] = {
	{ .type = TRACE_HTLB_GRAB,	.funcs = &htlb_page_funcs },
	{ .type = TRACE_HTLB_BUDDY,	.funcs = &htlb_page_funcs },
	{ .type = TRACE_HTLB_ALLOC,	.funcs = &htlb_page_funcs },
	{ .type = TRACE_HTLB_FREE,	.funcs = &htlb_page_funcs },
	{ .type = TRACE_HTLB_RELEASE,	.funcs = &htlb_page_funcs },
	{ .type = TRACE_HTLB_RESERVE,	.funcs = &htlb_resv_funcs },
	{ .type = TRACE_HTLB_UNRESERVE,	.funcs = &htlb_resv_funcs },
	{ .type = TRACE_HTLB_DEMOTE,	.funcs = &htlb_demote_funcs },
};

/* ---- trace_stat/hugetlb: a row per huge page size and node ---- */

struct htlb_row {
	unsigned long	size_kb;
	int		node;		/* -1: not tied to a node */
	u64		count[HTLB_NR_COUNTERS];
};

static struct htlb_row *htlb_rows;
static unsigned int htlb_nr_rows;

static void *htlb_stat_start(struct tracer_stat *trace)
{
	struct hstate *h;
	unsigned int node, c;
	int cpu;

	/* The stat session mutex serializes readers of this table. */
	vfree(htlb_rows);
	htlb_nr_rows = 0;
	htlb_rows = NULL;
	if (!htlb_counts)
		return NULL;
	htlb_rows = vzalloc(array_size(HUGE_MAX_HSTATE * htlb_nodes,
				       sizeof(*htlb_rows)));
	if (!htlb_rows)
		return NULL;

	for_each_hstate(h) {
		unsigned int idx = hstate_index(h);

		for (node = 0; node < htlb_nodes; node++) {
			struct htlb_row *row = &htlb_rows[htlb_nr_rows];
			unsigned int base = (idx * htlb_nodes + node) *
					    HTLB_NR_COUNTERS;

			if (node < htlb_nodes - 1 && !node_online(node))
				continue;
			row->size_kb = huge_page_size(h) >> 10;
			row->node = node < htlb_nodes - 1 ? node : -1;
			for_each_possible_cpu(cpu)
				for (c = 0; c < HTLB_NR_COUNTERS; c++)
					row->count[c] +=
						per_cpu_ptr(htlb_counts, cpu)[base + c];
			htlb_nr_rows++;
		}
	}
	return htlb_nr_rows ? &htlb_rows[0] : NULL;
}

static void *htlb_stat_next(void *prev, int idx)
{
	return idx < htlb_nr_rows ? &htlb_rows[idx] : NULL;
}

/* By size, then node, as built. */
static int htlb_stat_cmp(const void *p1, const void *p2)
{
	return p1 < p2 ? 1 : -1;
}

static int htlb_stat_headers(struct seq_file *s)
{
	int c;

	seq_puts(s, "# size(kB) node");
	for (c = 0; c < HTLB_NR_COUNTERS; c++)
		seq_printf(s, " %10s", htlb_counter_name[c]);
	seq_putc(s, '\n');
	return 0;
}

static int htlb_stat_show(struct seq_file *s, void *p)
{
	struct htlb_row *row = p;
	int c;

	seq_printf(s, "  %8lu ", row->size_kb);
	if (row->node < 0)
		seq_puts(s, "   -");
	else
		seq_printf(s, "%4d", row->node);
	for (c = 0; c < HTLB_NR_COUNTERS; c++)
		seq_printf(s, " %10llu", row->count[c]);
	seq_putc(s, '\n');
	return 0;
}

static struct tracer_stat htlb_tracer_stat = {
	.name		= "hugetlb",
	.stat_start	= htlb_stat_start,
	.stat_next	= htlb_stat_next,
	.stat_cmp	= htlb_stat_cmp,
	.stat_show	= htlb_stat_show,
	.stat_headers	= htlb_stat_headers,
};

#ifdef CONFIG_FTRACE_SELFTEST
/*
 * No huge page can be had this early in boot, so fire the events of
 * three failed allocations (grab, surplus and fault) by hand: there must
 * be an entry for each, and three failures in the table.
 */
static int __init htlb_selftest(struct tracer *trace, struct trace_array *tr)
{
	struct hstate *h = &hstates[0];
	unsigned int entries = 0, c, base;
	struct ring_buffer_event *event;
	struct htlb_page_entry *ent;
	u64 failures = 0;
	int cpu, ret;

	ret = tracer_init(trace, tr);
	if (ret) {
		pr_warn("hugetlb selftest: init returned %d\n", ret);
		return ret;
	}
	trace_hugetlb_page_grab(h, NULL, 0);
	trace_hugetlb_buddy_pgalloc(h, NULL, 0, true);
	trace_hugetlb_page_alloc(h, ERR_PTR(-ENOSPC), 0x1000, false);
	tracing_stop();

	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(tr->array_buffer.buffer,
						    cpu, NULL, NULL))) {
			ent = ring_buffer_event_data(event);
			c = ent->ent.type;
			if ((c == TRACE_HTLB_GRAB && ent->result == -ENOMEM) ||
			    (c == TRACE_HTLB_BUDDY && ent->surplus) ||
			    (c == TRACE_HTLB_ALLOC && ent->result == -ENOSPC &&
			     ent->addr == 0x1000))
				entries++;
		}
	}
	for_each_possible_cpu(cpu) {
		for (base = 0; base < HUGE_MAX_HSTATE * htlb_nodes; base++)
			failures += per_cpu_ptr(htlb_counts, cpu)
				[base * HTLB_NR_COUNTERS + HTLB_FAILURES];
	}
	trace->reset(tr);
	tracing_start();

	if (entries != 3 || failures != 3) {
		pr_warn("hugetlb selftest: %u entries, %llu failures\n",
			entries, failures);
		return -1;
	}
	return 0;
}
#endif /* CONFIG_FTRACE_SELFTEST */

static struct tracer htlb_tracer __read_mostly = {
	.name		= "hugetlb",
	.init		= htlb_tracer_init,
	.reset		= htlb_tracer_reset,
#ifdef CONFIG_FTRACE_SELFTEST
	.selftest	= htlb_selftest,
#endif
};

static __init int init_hugetlb_tracer(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(htlb_events); i++)
		if (!register_trace_event(&htlb_events[i]))
			return -EBUSY;
	return register_tracer(&htlb_tracer);
}
core_initcall(init_hugetlb_tracer);

static __init int init_hugetlb_tracer_fs(void)
{
	return register_stat_tracer(&htlb_tracer_stat);
}
fs_initcall(init_hugetlb_tracer_fs);
