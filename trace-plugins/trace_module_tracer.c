// SPDX-License-Identifier: GPL-2.0
/*
 * module tracer: module load, free, get, put and request, from the
 * module tracepoints, with a table of every module seen while it ran.
 *
 * The 2008 series instrumented module load and free for LTTng; 6.1 has
 * module_load, module_free, module_get, module_put and module_request
 * tracepoints, and this tracer records each of them in an entry of its
 * own. trace_stat/module lists the modules: when each was loaded and
 * freed (the timestamps of its load and free entries, in seconds, as the
 * trace file prints them) and how many gets and puts it had. The loader
 * holds a reference from load_module() to the end of the module's init,
 * dropped by a module_put(); it is counted as a get at the load, so that
 * gets and puts balance once a module is gone.
 *
 * As the latency tracers stop measuring when tracing stops, the table
 * stands still while tracing_on is 0: no row is added, no get, put or
 * free is counted. A module freed meanwhile keeps its row as it was,
 * but no longer matches the module it was (a new one can take its
 * address).
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <trace/events/module.h>
#include <asm/sections.h>

#include "trace.h"
#include "trace_output.h"
#include "trace_stat.h"

enum {
	MODULE_OPT_REFCNT	= BIT(0),
};

static struct tracer_opt module_opts[] = {
	/* Record module_get and module_put (they are always counted) */
	{ .name = "module-refcnt", .bit = MODULE_OPT_REFCNT },
	{ } /* terminator */
};

static struct tracer_flags module_flags = {
	.val	= MODULE_OPT_REFCNT,
	.opts	= module_opts,
};

/* Rows of trace_stat/module; a module loaded again gets a new row. */
#define MODULE_TRACE_ROWS	128

struct module_row {
	/* Identity only, never read; NULL once gone with tracing off */
	const struct module	*mod;
	u64			loaded;		/* 0: not seen loading */
	u64			freed;		/* 0: still there */
	atomic_long_t		gets;
	atomic_long_t		puts;
	char			name[MODULE_TRACE_NAME_LEN];
};

static struct module_row *module_rows;
static unsigned int module_nr_rows;	/* published with release */
static unsigned long module_rows_dropped;
static DEFINE_RAW_SPINLOCK(module_rows_lock);	/* adding rows only */

static struct trace_array *module_trace __read_mostly;

/* tracing_on as the user set it, not a transient record_disable */
static inline bool module_tracing_on(struct trace_array *tr)
{
	return ring_buffer_record_is_set_on(tr->array_buffer.buffer);
}

/* The clock of the trace buffer, that of the entries' timestamps */
static inline u64 module_now(struct trace_array *tr)
{
	return ring_buffer_time_stamp(tr->array_buffer.buffer);
}

/* The live row of @mod, looked up without a lock. */
static struct module_row *module_row_find(const struct module *mod)
{
	/* Pairs with the release in module_row_add(): rows below n are set */
	unsigned int i, n = smp_load_acquire(&module_nr_rows);

	for (i = n; i-- > 0;) {
		struct module_row *row = &module_rows[i];

		if (READ_ONCE(row->mod) == mod && !READ_ONCE(row->freed))
			return row;
	}
	return NULL;
}

static struct module_row *module_row_add(const struct module *mod,
					 u64 loaded)
{
	struct module_row *row = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&module_rows_lock, flags);
	/*
	 * Lost a race with another CPU adding the same module? Or, at the
	 * load, a get or put of the module since complete_formation()
	 * made it live added its row: it is this load's.
	 */
	row = module_row_find(mod);
	if (row && loaded)
		WRITE_ONCE(row->loaded, loaded);
	if (!row && module_nr_rows < MODULE_TRACE_ROWS) {
		row = &module_rows[module_nr_rows];
		memset(row, 0, sizeof(*row));
		row->mod = mod;
		row->loaded = loaded;
		strscpy(row->name, mod->name, sizeof(row->name));
		/* Publish the row once it is filled; see module_row_find() */
		smp_store_release(&module_nr_rows, module_nr_rows + 1);
	} else if (!row) {
		module_rows_dropped++;
	}
	raw_spin_unlock_irqrestore(&module_rows_lock, flags);
	return row;
}

/*
 * Writes the load or free entry of @name and returns its timestamp, as
 * ring_buffer_event_time_stamp() gives it between reserve and commit
 * (the hist triggers' common_timestamp); 0 if no entry was reserved.
 */
static u64 module_trace_name(struct trace_array *tr, int type,
			     const char *name, unsigned int taints,
			     unsigned int size)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	unsigned int trace_ctx = tracing_gen_ctx();
	u64 ts;

	if (type == TRACE_MODULE_LOAD) {
		struct module_load_entry *entry;

		event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry),
						  trace_ctx);
		if (!event)
			return 0;
		ts = ring_buffer_event_time_stamp(buffer, event);
		entry = ring_buffer_event_data(event);
		entry->taints = taints;
		entry->size = size;
		strscpy(entry->name, name, sizeof(entry->name));
		if (call_filter_check_discard(&event_module_load, entry,
					      buffer, event))
			return ts;
	} else {
		struct module_free_entry *entry;

		event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry),
						  trace_ctx);
		if (!event)
			return 0;
		ts = ring_buffer_event_time_stamp(buffer, event);
		entry = ring_buffer_event_data(event);
		strscpy(entry->name, name, sizeof(entry->name));
		if (call_filter_check_discard(&event_module_free, entry,
					      buffer, event))
			return ts;
	}
	trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
	return ts;
}

/*
 * The table's load and free times are those of the load and free
 * entries, so that they can be found in the trace. If no entry could be
 * reserved (the buffer is being resized, say), the buffer's clock is
 * read instead. The table is read without a lock: the row is added, or
 * its free time set, after the entry.
 */
static void probe_module_load(void *ignore, struct module *mod)
{
	struct trace_array *tr = module_trace;
	struct module_row *row;
	u64 ts;

	preempt_disable_notrace();
	tracing_record_cmdline(current);
	ts = module_trace_name(tr, TRACE_MODULE_LOAD, mod->name, mod->taints,
			       mod->core_layout.size + mod->init_layout.size);
	if (module_tracing_on(tr)) {
		row = module_row_add(mod, ts ?: module_now(tr));
		/* The loader's reference (module_unload_init()) */
		if (row)
			atomic_long_inc(&row->gets);
	}
	preempt_enable_notrace();
}

static void probe_module_free(void *ignore, struct module *mod)
{
	struct trace_array *tr = module_trace;
	struct module_row *row;
	u64 ts;

	preempt_disable_notrace();
	tracing_record_cmdline(current);
	ts = module_trace_name(tr, TRACE_MODULE_FREE, mod->name, 0, 0);
	row = module_row_find(mod);
	if (row && module_tracing_on(tr))
		WRITE_ONCE(row->freed, ts ?: module_now(tr));
	else if (row)
		WRITE_ONCE(row->mod, NULL);
	preempt_enable_notrace();
}

static void module_refcnt(struct module *mod, unsigned long ip, int type)
{
	struct trace_array *tr = module_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct module_refcnt_entry *entry;
	struct module_row *row;
	unsigned int trace_ctx;

	if (module_tracing_on(tr)) {
		row = module_row_find(mod);
		if (!row)
			row = module_row_add(mod, 0);
		if (row)
			atomic_long_inc(type == TRACE_MODULE_GET ?
					&row->gets : &row->puts);
	}

	if (!(READ_ONCE(module_flags.val) & MODULE_OPT_REFCNT))
		return;

	tracing_record_cmdline(current);
	trace_ctx = tracing_gen_ctx();
	event = trace_buffer_lock_reserve(buffer, type, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->refcnt = module_refcount(mod);
	strscpy(entry->name, mod->name, sizeof(entry->name));
	if (!call_filter_check_discard(type == TRACE_MODULE_GET ?
				       &event_module_get : &event_module_put,
				       entry, buffer, event))
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

static void probe_module_get(void *ignore, struct module *mod,
			     unsigned long ip)
{
	module_refcnt(mod, ip, TRACE_MODULE_GET);
}

static void probe_module_put(void *ignore, struct module *mod,
			     unsigned long ip)
{
	module_refcnt(mod, ip, TRACE_MODULE_PUT);
}

static void probe_module_request(void *ignore, char *name, bool wait,
				 unsigned long ip)
{
	struct trace_array *tr = module_trace;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	struct ring_buffer_event *event;
	struct module_request_entry *entry;
	unsigned int trace_ctx = tracing_gen_ctx();

	tracing_record_cmdline(current);
	event = trace_buffer_lock_reserve(buffer, TRACE_MODULE_REQUEST,
					  sizeof(*entry), trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->wait = wait;
	strscpy(entry->name, name, sizeof(entry->name));
	if (!call_filter_check_discard(&event_module_request, entry, buffer,
				       event))
		trace_buffer_unlock_commit(tr, buffer, event, trace_ctx);
}

static int module_register_probes(void)
{
	int ret;

	ret = register_trace_module_load(probe_module_load, NULL);
	if (ret)
		return ret;
	ret = register_trace_module_free(probe_module_free, NULL);
	if (ret)
		goto out_load;
	ret = register_trace_module_get(probe_module_get, NULL);
	if (ret)
		goto out_free;
	ret = register_trace_module_put(probe_module_put, NULL);
	if (ret)
		goto out_get;
	ret = register_trace_module_request(probe_module_request, NULL);
	if (ret)
		goto out_put;
	return 0;

out_put:
	unregister_trace_module_put(probe_module_put, NULL);
out_get:
	unregister_trace_module_get(probe_module_get, NULL);
out_free:
	unregister_trace_module_free(probe_module_free, NULL);
out_load:
	unregister_trace_module_load(probe_module_load, NULL);
	return ret;
}

static void module_unregister_probes(void)
{
	unregister_trace_module_request(probe_module_request, NULL);
	unregister_trace_module_put(probe_module_put, NULL);
	unregister_trace_module_get(probe_module_get, NULL);
	unregister_trace_module_free(probe_module_free, NULL);
	unregister_trace_module_load(probe_module_load, NULL);
}

static int module_tracer_init(struct trace_array *tr)
{
	if (!module_rows) {
		module_rows = kcalloc(MODULE_TRACE_ROWS, sizeof(*module_rows),
				      GFP_KERNEL);
		if (!module_rows)
			return -ENOMEM;
	}
	/* The probes are not registered: no one reads or adds rows. */
	module_nr_rows = 0;
	module_rows_dropped = 0;
	module_trace = tr;
	tracing_reset_online_cpus(&tr->array_buffer);
	/* The probes must see module_trace and the empty table. */
	smp_wmb();
	return module_register_probes();
}

static void module_tracer_reset(struct trace_array *tr)
{
	module_unregister_probes();
	tracepoint_synchronize_unregister();
}

static enum print_line_t module_load_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct module_load_entry *field;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(&iter->seq, " module load    %s taints 0x%x size %u\n",
			 field->name, field->taints, field->size);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t module_free_print(struct trace_iterator *iter,
					   int flags, struct trace_event *event)
{
	struct module_free_entry *field;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(&iter->seq, " module free    %s\n", field->name);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t module_refcnt_print(struct trace_iterator *iter,
					     int flags,
					     struct trace_event *event)
{
	struct module_refcnt_entry *field;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(&iter->seq, " module %s     %s refcnt %d caller %ps\n",
			 iter->ent->type == TRACE_MODULE_GET ? "get" : "put",
			 field->name, field->refcnt, (void *)field->ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t module_request_print(struct trace_iterator *iter,
					      int flags,
					      struct trace_event *event)
{
	struct module_request_entry *field;

	trace_assign_type(field, iter->ent);
	trace_seq_printf(&iter->seq, " module request %s wait %u caller %ps\n",
			 field->name, field->wait, (void *)field->ip);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions module_load_funcs = {
	.trace	= module_load_print,
};

static struct trace_event_functions module_free_funcs = {
	.trace	= module_free_print,
};

static struct trace_event_functions module_refcnt_funcs = {
	.trace	= module_refcnt_print,
};

static struct trace_event_functions module_request_funcs = {
	.trace	= module_request_print,
};

static struct trace_event module_events[] = {
	{ .type = TRACE_MODULE_LOAD,	.funcs = &module_load_funcs },
	{ .type = TRACE_MODULE_FREE,	.funcs = &module_free_funcs },
	{ .type = TRACE_MODULE_GET,	.funcs = &module_refcnt_funcs },
	{ .type = TRACE_MODULE_PUT,	.funcs = &module_refcnt_funcs },
	{ .type = TRACE_MODULE_REQUEST,	.funcs = &module_request_funcs },
};

/* ---- trace_stat/module ---- */

static void *module_stat_start(struct tracer_stat *trace)
{
	/* Rows below the published count are complete */
	return smp_load_acquire(&module_nr_rows) ? &module_rows[0] : NULL;
}

static void *module_stat_next(void *prev, int idx)
{
	/* Rows below the published count are complete */
	return idx < smp_load_acquire(&module_nr_rows) ? &module_rows[idx] : NULL;
}

/* In the order the modules were seen: oldest row first. */
static int module_stat_cmp(const void *p1, const void *p2)
{
	return p1 < p2 ? 1 : -1;
}

static int module_stat_headers(struct seq_file *s)
{
	if (module_rows_dropped)
		seq_printf(s, "# %lu modules not listed: the table is full\n",
			   module_rows_dropped);
	seq_puts(s, "# name                       loaded(s)       freed(s)     gets     puts\n");
	return 0;
}

static void module_seq_time(struct seq_file *s, u64 ts)
{
	u32 rem;
	u64 secs;

	if (!ts) {
		seq_printf(s, " %14s", "-");
		return;
	}
	/* Rounded to the microsecond by ns2usecs(), as the trace file is */
	secs = div_u64_rem(ns2usecs(ts), USEC_PER_SEC, &rem);
	seq_printf(s, " %7llu.%06u", secs, rem);
}

static int module_stat_show(struct seq_file *s, void *p)
{
	struct module_row *row = p;

	seq_printf(s, "  %-24s", row->name);
	module_seq_time(s, READ_ONCE(row->loaded));
	module_seq_time(s, READ_ONCE(row->freed));
	seq_printf(s, " %8ld %8ld\n", atomic_long_read(&row->gets),
		   atomic_long_read(&row->puts));
	return 0;
}

static struct tracer_stat module_tracer_stat = {
	.name		= "module",
	.stat_start	= module_stat_start,
	.stat_next	= module_stat_next,
	.stat_cmp	= module_stat_cmp,
	.stat_show	= module_stat_show,
	.stat_headers	= module_stat_headers,
};

#ifdef CONFIG_FTRACE_SELFTEST
#define MODULE_SELFTEST_NAME	"module-tracer-selftest"

#ifdef CONFIG_MODULE_UNLOAD
/*
 * No module can be loaded this early in the boot, so the selftest takes
 * and drops a reference on a stand-in that is on no list, as built-in
 * code does on a live module: try_module_get() and module_put() always
 * reach their tracepoints. It starts with no users (MODULE_REF_BASE).
 */
static struct module module_selftest_mod __initdata = {
	.state	= MODULE_STATE_LIVE,
	.name	= MODULE_SELFTEST_NAME,
	.refcnt	= ATOMIC_INIT(1),
};

/* One get then one put, with the refcount after each and the caller */
static void __init module_selftest_refcnt(unsigned int *bad)
{
	struct module_row *row;

	if (!try_module_get(&module_selftest_mod)) {
		(*bad)++;
		return;
	}
	module_put(&module_selftest_mod);
	row = module_row_find(&module_selftest_mod);
	if (!row || atomic_long_read(&row->gets) != 1 ||
	    atomic_long_read(&row->puts) != 1) {
		pr_warn("module selftest: no table row with 1 get and 1 put\n");
		(*bad)++;
	}
}

#define MODULE_SELFTEST_REFS	1
#else
static void __init module_selftest_refcnt(unsigned int *bad)
{
}

#define MODULE_SELFTEST_REFS	0
#endif /* CONFIG_MODULE_UNLOAD */

/*
 * A module_get or module_put entry of the selftest: the stand-in's name,
 * the refcount after the get (1) or the put (0), and a caller in this
 * file's init text. Other modules' entries are not counted.
 */
static void __init module_selftest_refcnt_entry(struct trace_entry *ent,
						unsigned int *gets,
						unsigned int *puts,
						unsigned int *bad)
{
	struct module_refcnt_entry *field;
	bool get = ent->type == TRACE_MODULE_GET;

	field = container_of(ent, struct module_refcnt_entry, ent);
	if (strcmp(field->name, MODULE_SELFTEST_NAME))
		return;
	if (field->refcnt != (get ? 1 : 0) || !is_kernel_inittext(field->ip))
		(*bad)++;
	else if (get)
		(*gets)++;
	else
		(*puts)++;
}

/*
 * The module_get and module_put tracepoints always fire; module_request
 * fires only once __request_module() has passed its checks: it returns
 * earlier, without an entry, when modprobe_path is empty or an LSM
 * refuses the request (security_kernel_module_request()). Then that part
 * is reported as not tested rather than failed. __request_module() never
 * returns 0 without reaching the tracepoint.
 */
static int __init module_selftest(struct tracer *trace, struct trace_array *tr)
{
	unsigned int gets = 0, puts = 0, requests = 0, bad = 0;
	struct module_request_entry *req;
	struct ring_buffer_event *event;
	struct trace_entry *ent;
	int cpu, ret;

	ret = tracer_init(trace, tr);
	if (ret) {
		pr_warn("module selftest: init returned %d\n", ret);
		return ret;
	}
	module_selftest_refcnt(&bad);
	ret = request_module_nowait(MODULE_SELFTEST_NAME);
	tracing_stop();
	for_each_online_cpu(cpu) {
		while ((event = ring_buffer_consume(tr->array_buffer.buffer,
						    cpu, NULL, NULL))) {
			ent = ring_buffer_event_data(event);
			switch (ent->type) {
			case TRACE_MODULE_GET:
			case TRACE_MODULE_PUT:
				module_selftest_refcnt_entry(ent, &gets, &puts,
							     &bad);
				break;
			case TRACE_MODULE_REQUEST:
				req = container_of(ent, struct module_request_entry,
						   ent);
				if (strcmp(req->name, MODULE_SELFTEST_NAME))
					break;
				if (req->wait || !is_kernel_inittext(req->ip))
					bad++;
				else
					requests++;
				break;
			}
		}
	}
	trace->reset(tr);
	/* No row, not even the stand-in's, outlives the selftest */
	smp_store_release(&module_nr_rows, 0);
	tracing_start();
	if (bad || gets != MODULE_SELFTEST_REFS ||
	    puts != MODULE_SELFTEST_REFS || requests > 1 ||
	    (!requests && !ret)) {
		pr_warn("module selftest: %u gets, %u puts, %u requests (request_module() returned %d), %u wrong\n",
			gets, puts, requests, ret, bad);
		return -1;
	}
	if (!requests)
		pr_info("module selftest: request_module() returned %d before its tracepoint (%s): module_request not tested\n",
			ret, modprobe_path[0] ? "refused, by an LSM?" :
			"modprobe_path is empty");
	return 0;
}
#endif /* CONFIG_FTRACE_SELFTEST */

static struct tracer module_tracer __read_mostly = {
	.name		= "module",
	.init		= module_tracer_init,
	.reset		= module_tracer_reset,
	.flags		= &module_flags,
#ifdef CONFIG_FTRACE_SELFTEST
	.selftest	= module_selftest,
#endif
};

static __init int init_module_tracer(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(module_events); i++)
		if (!register_trace_event(&module_events[i]))
			return -EBUSY;
	return register_tracer(&module_tracer);
}
core_initcall(init_module_tracer);

static __init int init_module_tracer_fs(void)
{
	return register_stat_tracer(&module_tracer_stat);
}
fs_initcall(init_module_tracer_fs);
