// SPDX-License-Identifier: GPL-2.0
/*
 * sched_switch tracer: every context switch and wakeup, in the classic
 * "pid:prio:state ==> pid:prio:state" form, with the wakeup latency of
 * each task that is switched in after a wakeup.
 *
 * Based on the 2.6.28 sched_switch tracer by Steven Rostedt and Ingo
 * Molnar, ported to today's sched_switch, sched_wakeup and
 * sched_wakeup_new tracepoints.
 *
 * One set of callbacks on the shared scheduler probes serves every trace
 * array (top level and instances) that has this tracer selected: it is
 * registered when the first one selects it and unregistered when the
 * last one leaves it. The shared layer measures the wakeup latency, from
 * a wakeup of a task that is off the CPU to its switch-in, on the clock
 * of the top-level trace buffer. It is written after the switch-in as a
 * wakeup_lat entry or, with the switch-one-entry option, in the switch's
 * own context_switch_lat entry.
 *
 * The latency written is the distance between the two entries' own time
 * stamps: the "+" entry of the wakeup and the switch-in entry. Taken from
 * the layer's clock reads instead, it would also count whatever ran
 * between a read and the reservation of the entry, which is the whole
 * stop when the host deschedules a vCPU there. Only the top-level trace
 * array, whose buffer is the clock of the layer's stamps, hands its
 * time stamps back to the layer: an instance measures from the top
 * level's "+" entry (or the layer's clock read when the top level does
 * not run this tracer), so its latencies can differ from its own lines
 * by what ran between the two writes.
 */
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/rculist.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_output.h"

enum {
	SWITCH_OPT_WAKEUPS	= BIT(0),
	SWITCH_OPT_LATENCY	= BIT(1),
	SWITCH_OPT_ONE_ENTRY	= BIT(2),
};

static struct tracer_opt switch_opts[] = {
	/* Record "+" lines for sched_wakeup and sched_wakeup_new */
	{ .name = "switch-wakeups", .bit = SWITCH_OPT_WAKEUPS },
	/* Record the wakeup latency of each switched-in task */
	{ .name = "switch-latency", .bit = SWITCH_OPT_LATENCY },
	/* Write a switch-in and its latency as one context_switch_lat entry */
	{ .name = "switch-one-entry", .bit = SWITCH_OPT_ONE_ENTRY },
	{ } /* terminator */
};

static struct tracer_flags switch_flags = {
	.val	= SWITCH_OPT_WAKEUPS | SWITCH_OPT_LATENCY,
	.opts	= switch_opts,
};

/* A trace array that has the sched_switch tracer selected. */
struct switch_tr {
	struct list_head	list;
	struct trace_array	*tr;
};

static LIST_HEAD(switch_trs);
static DEFINE_MUTEX(switch_mutex);
/* The top-level trace array, whose clock the latencies are taken on */
static struct trace_array *switch_top __read_mostly;

/*
 * The task switched in on this CPU whose comm the tracer saved at that
 * switch: while it runs, the wakeups that it does need no save of it.
 */
static DEFINE_PER_CPU(struct task_struct *, switch_comm_saved);

static void switch_wakeup_lat_trace(struct trace_array *tr,
				    struct task_struct *next, u64 latency,
				    unsigned int trace_ctx)
{
	struct trace_event_call *call = &event_wakeup_lat;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct wakeup_lat_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_WAKEUP_LAT,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->latency	= latency;
	entry->pid	= next->pid;
	entry->cpu	= task_cpu(next);
	entry->prio	= next->prio;

	if (!call_filter_check_discard(call, entry, buffer, event))
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

/*
 * The latency up to a switch-in entry stamped @ts: from the wakeup
 * stamp, which the "+" entry of the wakeup set if there was one. The
 * local clocks of two CPUs may put the wakeup a little after the switch.
 * With no entry time stamp, the layer's figure, which reads the clock:
 * never -1, since the task switched in has a stamp.
 */
static u64 switch_lat_at(u64 ts, u64 stamp)
{
	if (!ts)
		return sched_probe_wakeup_latency();
	return ts > stamp ? ts - stamp : 0;
}

/*
 * A switch and the latency of the task that it switches in, in one
 * TRACE_CTX_LAT entry: one reserve and commit instead of two. Returns
 * the entry's time stamp, or 0 when none was written.
 */
static u64 switch_ctx_lat_trace(struct trace_array *tr,
				struct task_struct *prev,
				struct task_struct *next, bool preempt,
				unsigned int prev_state, u64 stamp,
				unsigned int trace_ctx)
{
	struct trace_event_call *call = &event_context_switch_lat;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct ctx_switch_lat_entry *entry;
	u64 ts;

	event = trace_buffer_lock_reserve(buffer, TRACE_CTX_LAT,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->prev_pid		= prev->pid;
	entry->prev_prio	= prev->prio;
	entry->prev_state	= tracing_sched_switch_state(preempt, prev_state,
							     prev);
	entry->next_pid		= next->pid;
	entry->next_prio	= next->prio;
	entry->next_state	= task_state_index(next);
	entry->next_cpu		= task_cpu(next);
	ts = ring_buffer_event_time_stamp(buffer, event);
	entry->latency		= switch_lat_at(ts, stamp);

	if (call_filter_check_discard(call, entry, buffer, event))
		return 0;
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	return ts;
}

/*
 * The tracer saves the comms itself, rather than through the cmdline
 * user of the shared probes, which saves both tasks of every switch and
 * of every wakeup from a second callback per hit. The lines resolve a
 * pid's comm when they are read, so a task needs saving when it starts
 * to run and when it stops: prev and next at each switch (prev's comm
 * may have changed at an exec while it ran), and at a wakeup only a
 * current that no switch on this CPU saved (it was running when the
 * tracer started, or its save failed). The tgids too, for a trace array
 * with options/record-tgid set, or while tgid recording is on for the
 * events: the cmdline user that records them finds the hit saved.
 */
static int switch_taskinfo(struct trace_array *tr)
{
	if (READ_ONCE(tr->trace_flags) & TRACE_ITER_RECORD_TGID)
		return TRACE_RECORD_CMDLINE | TRACE_RECORD_TGID;
	return TRACE_RECORD_CMDLINE;
}

/* @info: what to save (TRACE_RECORD_*), or 0 when no entry was written */
static void switch_save_comms(struct task_struct *prev,
			      struct task_struct *next, int info)
{
	struct task_struct *saved = NULL;

	if (info) {
		if (tracing_tgid_recording())
			info |= TRACE_RECORD_TGID;
		tracing_record_taskinfo_sched_switch(prev, next, info);
		if (!tracing_taskinfo_pending())
			saved = next;
	}
	this_cpu_write(switch_comm_saved, saved);
}

static void notrace
probe_switch_sched_switch(bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	u32 opts = READ_ONCE(switch_flags.val);
	u64 stamp = sched_probe_wakeup_stamp();
	struct switch_tr *st;
	unsigned int trace_ctx;
	bool has_lat;
	int info = 0;
	u64 ts;

	trace_ctx = tracing_gen_ctx();
	list_for_each_entry_rcu(st, &switch_trs, list) {
		/*
		 * The latency is on the top-level trace clock: an instance
		 * on another clock would get a figure that its own
		 * timestamps contradict, so it gets none.
		 */
		has_lat = stamp && (opts & SWITCH_OPT_LATENCY) &&
			  READ_ONCE(st->tr->clock_id) ==
			  READ_ONCE(switch_top->clock_id);
		if (has_lat && (opts & SWITCH_OPT_ONE_ENTRY)) {
			ts = switch_ctx_lat_trace(st->tr, prev, next, preempt,
						  prev_state, stamp, trace_ctx);
		} else {
			ts = tracing_sched_switch_trace(st->tr, prev, next,
							preempt, prev_state,
							trace_ctx);
			if (has_lat)
				switch_wakeup_lat_trace(st->tr, next,
							switch_lat_at(ts, stamp),
							trace_ctx);
		}
		/*
		 * The histograms then agree with the top level's entry,
		 * and the layer need not read the clock.
		 */
		if (stamp && ts && st->tr == switch_top)
			sched_probe_switch_restamp(ts);
		if (ts)
			info |= switch_taskinfo(st->tr);
	}
	switch_save_comms(prev, next, info);
}

static void notrace probe_switch_sched_wakeup(struct task_struct *wakee)
{
	u32 opts = READ_ONCE(switch_flags.val);
	struct switch_tr *st;
	unsigned int trace_ctx;
	int info = 0;
	u64 ts;

	if (!(opts & SWITCH_OPT_WAKEUPS))
		return;

	trace_ctx = tracing_gen_ctx();
	list_for_each_entry_rcu(st, &switch_trs, list) {
		ts = tracing_sched_wakeup_trace(st->tr, wakee, current,
						trace_ctx);
		/* The wakeup is then measured from the top level's "+". */
		if (ts && st->tr == switch_top)
			sched_probe_wakeup_restamp(wakee, ts);
		if (ts)
			info |= switch_taskinfo(st->tr);
	}
	/* The wakee's comm is saved when it is switched in. */
	if (info && current != this_cpu_read(switch_comm_saved)) {
		if (tracing_tgid_recording())
			info |= TRACE_RECORD_TGID;
		tracing_record_taskinfo(current, info);
		if (!tracing_taskinfo_pending())
			this_cpu_write(switch_comm_saved, current);
	}
}

static struct sched_probe_ops switch_sched_ops = {
	.name		= "sched_switch",
	.sched_switch	= probe_switch_sched_switch,
	.sched_wakeup	= probe_switch_sched_wakeup,
	.wakeup_latency	= true,
};

static int switch_tracer_init(struct trace_array *tr)
{
	struct switch_tr *st;
	int ret = 0;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;
	st->tr = tr;
	switch_top = top_trace_array();

	tracing_reset_online_cpus(&tr->array_buffer);

	mutex_lock(&switch_mutex);
	if (list_empty(&switch_trs)) {
		int cpu;

		/* A task freed since the last run may have the same address */
		for_each_possible_cpu(cpu)
			per_cpu(switch_comm_saved, cpu) = NULL;
		ret = sched_probe_register(&switch_sched_ops);
	}
	if (!ret)
		list_add_tail_rcu(&st->list, &switch_trs);
	/* Its entries' time stamps are the latencies' clock reads. */
	if (!ret && tr == switch_top)
		sched_probe_top_restamps(true);
	mutex_unlock(&switch_mutex);

	if (ret)
		kfree(st);
	return ret;
}

static void switch_tracer_reset(struct trace_array *tr)
{
	struct switch_tr *st, *found = NULL;
	bool last = false;

	mutex_lock(&switch_mutex);
	list_for_each_entry(st, &switch_trs, list) {
		if (st->tr == tr) {
			found = st;
			break;
		}
	}
	if (found) {
		if (tr == switch_top)
			sched_probe_top_restamps(false);
		list_del_rcu(&found->list);
		last = list_empty(&switch_trs);
		/* This waits for the callbacks still running */
		if (last)
			sched_probe_unregister(&switch_sched_ops);
	}
	mutex_unlock(&switch_mutex);

	if (!found)
		return;
	/* Other trace arrays keep the callbacks: wait for those running. */
	if (!last)
		synchronize_rcu();
	kfree(found);
}

static enum print_line_t wakeup_lat_print(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct wakeup_lat_entry *field;
	char comm[TASK_COMM_LEN];
	u64 usecs;
	u32 nsecs;

	trace_assign_type(field, iter->ent);
	trace_find_cmdline(field->pid, comm);
	usecs = div_u64_rem(field->latency, NSEC_PER_USEC, &nsecs);
	trace_seq_printf(&iter->seq,
			 " %7d:%3d [%03d] wakeup latency %llu.%03u us %s\n",
			 field->pid, field->prio, field->cpu, usecs, nsecs,
			 comm);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t wakeup_lat_raw(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct wakeup_lat_entry *field;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(&iter->seq, "%d %d %d %llu\n", field->pid,
			 field->prio, field->cpu, field->latency);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions wakeup_lat_funcs = {
	.trace	= wakeup_lat_print,
	.raw	= wakeup_lat_raw,
};

static struct trace_event wakeup_lat_event = {
	.type	= TRACE_WAKEUP_LAT,
	.funcs	= &wakeup_lat_funcs,
};

/*
 * The switch line of the TRACE_CTX entry, with the latency after the
 * name of the task switched in, as the wakeup_lat line prints it.
 */
static enum print_line_t ctx_lat_print(struct trace_iterator *iter,
				       int flags, struct trace_event *event)
{
	struct ctx_switch_lat_entry *field;
	char comm[TASK_COMM_LEN];
	u64 usecs;
	u32 nsecs;

	trace_assign_type(field, iter->ent);
	trace_find_cmdline(field->next_pid, comm);
	usecs = div_u64_rem(field->latency, NSEC_PER_USEC, &nsecs);
	trace_seq_printf(&iter->seq,
			 " %7d:%3d:%c ==> [%03d] %7d:%3d:%c %s wakeup latency %llu.%03u us\n",
			 field->prev_pid, field->prev_prio,
			 task_index_to_char(field->prev_state),
			 field->next_cpu, field->next_pid, field->next_prio,
			 task_index_to_char(field->next_state), comm,
			 usecs, nsecs);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t ctx_lat_raw(struct trace_iterator *iter,
				     int flags, struct trace_event *event)
{
	struct ctx_switch_lat_entry *field;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c %llu\n",
			 field->prev_pid, field->prev_prio,
			 task_index_to_char(field->prev_state),
			 field->next_cpu, field->next_pid, field->next_prio,
			 task_index_to_char(field->next_state),
			 field->latency);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions ctx_lat_funcs = {
	.trace	= ctx_lat_print,
	.raw	= ctx_lat_raw,
};

static struct trace_event ctx_lat_event = {
	.type	= TRACE_CTX_LAT,
	.funcs	= &ctx_lat_funcs,
};

#ifdef CONFIG_FTRACE_SELFTEST
#define SWITCH_SELFTEST_SLEEPS	5

static int __init switch_selftest_thread(void *data)
{
	struct completion *slept = data;
	int i;

	for (i = 0; i < SWITCH_SELFTEST_SLEEPS; i++)
		msleep(20);
	complete(slept);
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

/*
 * A kernel thread sleeps a few times while the tracer runs: the buffer
 * must then hold a wakeup of that thread, a switch to it, and its
 * wakeup latency.
 */
static int __init switch_selftest(struct tracer *trace, struct trace_array *tr)
{
	unsigned int wakes = 0, switches = 0, lats = 0;
	struct ring_buffer_event *event;
	struct ctx_switch_entry *ctx;
	struct wakeup_lat_entry *lat;
	struct ctx_switch_lat_entry *ctx_lat;
	struct task_struct *p;
	struct trace_entry *ent;
	int cpu, ret;
	pid_t pid;
	DECLARE_COMPLETION_ONSTACK(slept);

	ret = tracer_init(trace, tr);
	if (ret) {
		pr_warn("sched_switch selftest: init returned %d\n", ret);
		return ret;
	}

	p = kthread_run(switch_selftest_thread, &slept, "sched_switch_test");
	if (IS_ERR(p)) {
		trace->reset(tr);
		return PTR_ERR(p);
	}
	pid = p->pid;
	if (!wait_for_completion_timeout(&slept, 10 * HZ))
		pr_warn("sched_switch selftest: thread did not finish its sleeps\n");
	tracing_stop();
	kthread_stop(p);

	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(tr->array_buffer.buffer,
						    cpu, NULL, NULL))) {
			ent = ring_buffer_event_data(event);
			switch (ent->type) {
			case TRACE_CTX:
				ctx = (struct ctx_switch_entry *)ent;
				switches += ctx->next_pid == pid;
				break;
			case TRACE_WAKE:
				ctx = (struct ctx_switch_entry *)ent;
				wakes += ctx->next_pid == pid;
				break;
			case TRACE_WAKEUP_LAT:
				lat = (struct wakeup_lat_entry *)ent;
				lats += lat->pid == pid;
				break;
			case TRACE_CTX_LAT:
				ctx_lat = (struct ctx_switch_lat_entry *)ent;
				switches += ctx_lat->next_pid == pid;
				lats += ctx_lat->next_pid == pid;
				break;
			}
		}
	}
	trace->reset(tr);
	tracing_start();

	if (switches < SWITCH_SELFTEST_SLEEPS || wakes < SWITCH_SELFTEST_SLEEPS ||
	    !lats) {
		pr_warn("sched_switch selftest: pid %d: %u switch-ins, %u wakeups, %u latencies\n",
			pid, switches, wakes, lats);
		return -1;
	}
	return 0;
}
#endif /* CONFIG_FTRACE_SELFTEST */

static struct tracer switch_tracer __read_mostly = {
	.name		= "sched_switch",
	.init		= switch_tracer_init,
	.reset		= switch_tracer_reset,
	/* the probes read the options on each event: no set_flag needed */
	.flags		= &switch_flags,
#ifdef CONFIG_FTRACE_SELFTEST
	.selftest	= switch_selftest,
#endif
	.allow_instances = true,
};

static __init int init_sched_switch_tracer(void)
{
	int ret;

	if (!register_trace_event(&wakeup_lat_event))
		return -EBUSY;
	if (!register_trace_event(&ctx_lat_event)) {
		ret = -EBUSY;
		goto out_lat;
	}
	ret = register_tracer(&switch_tracer);
	if (ret)
		goto out_ctx_lat;
	return 0;

out_ctx_lat:
	unregister_trace_event(&ctx_lat_event);
out_lat:
	unregister_trace_event(&wakeup_lat_event);
	return ret;
}
core_initcall(init_sched_switch_tracer);
