// SPDX-License-Identifier: GPL-2.0
/*
 * plugin_trace_plugins: a libtraceevent plugin, loaded by trace-cmd and
 * KernelShark, that prints the "ftrace" entries of the irq, module,
 * hugetlb and sched_switch tracers, and the context_switch and wakeup
 * entries, as the kernel's trace file does: the text of each line after
 * its "TASK-PID CPU# flags TIMESTAMP: " prefix, without the newline.
 *
 * Each handler follows the kernel's print function of its entry
 * (trace_event_functions.trace): the *_print functions of
 * kernel/trace/trace_{irq,module,hugetlb,sched_switch}_tracer.c and
 * trace_ctxwake_print() of kernel/trace/trace_output.c. Without this
 * plugin, libtraceevent prints the F_printk() of trace_entries.h: times
 * in ns, task states as numbers and no comms.
 *
 * One difference is left: the kernel's %ps adds " [module]" to a symbol
 * of a module; libtraceevent keeps the module of each symbol but has no
 * call that returns it, so the symbol is printed alone.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <event-parse.h>
#include <trace-seq.h>

#define __maybe_unused		__attribute__((unused))

#define NSEC_PER_USEC		1000ULL
#define NSEC_PER_SEC		1000000000ULL

/* At least IRQ_DUR_NAME_LEN and MODULE_TRACE_NAME_LEN of trace_entries.h */
#define NAME_LEN		64

/* A number field, sign-extended to 64 bits when its type is signed */
static bool val(struct trace_seq *s, struct tep_event *event,
		struct tep_record *record, const char *name,
		unsigned long long *v)
{
	struct tep_format_field *field;
	unsigned int shift;

	if (tep_get_field_val(s, event, name, record, v, 0))
		return false;
	field = tep_find_field(event, name);
	if (field && (field->flags & TEP_FIELD_IS_SIGNED) &&
	    field->size > 0 && field->size < 8) {
		shift = 64 - 8 * field->size;
		*v = (unsigned long long)((long long)(*v << shift) >> shift);
	}
	return true;
}

/* A char array field, cut at its NUL or at its size */
static bool str(struct trace_seq *s, struct tep_event *event,
		struct tep_record *record, const char *name,
		char *buf, size_t size)
{
	const char *p;
	size_t n = 0;
	int len;

	p = tep_get_field_raw(s, event, name, record, &len, 0);
	if (!p || len < 0)
		return false;
	while (n < (size_t)len && n < size - 1 && p[n])
		n++;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return true;
}

/* A field is missing: the format is not the one known, print them all */
static int raw(struct trace_seq *s, struct tep_record *record,
	       struct tep_event *event)
{
	tep_print_fields(s, record->data, record->size, event);
	return 0;
}

/*
 * %ps: the symbol that holds @addr, or the address in hex when there is
 * none, as sprint_symbol_no_offset() prints it.
 */
static const char *sym(struct tep_event *event, unsigned long long addr,
		       char *buf, size_t size)
{
	const char *func = tep_find_function(event->tep, addr);

	if (func)
		return func;
	snprintf(buf, size, "0x%llx", addr);
	return buf;
}

/* task_index_to_char(): TASK_STATE_TO_CHAR_STR of 6.1 */
static char state_char(unsigned long long state)
{
	static const char chars[] = "RSDTtXZPI";

	return state < sizeof(chars) - 1 ? chars[state] : '?';
}

/* trace_find_cmdline(): "<idle>" for pid 0, "<...>" when not saved */
static const char *comm(struct tep_event *event, unsigned long long pid)
{
	return tep_data_comm_from_pid(event->tep, (int)pid);
}

/* ---- irq tracer ---- */

/* irq_print_time(): " WHAT us.nnn us" */
static void irq_time(struct trace_seq *s, const char *what,
		     unsigned long long ns)
{
	trace_seq_printf(s, " %s %llu.%03u us", what, ns / NSEC_PER_USEC,
			 (unsigned int)(ns % NSEC_PER_USEC));
}

/* irq_print_start(): " start secs.micros" */
static void irq_start(struct trace_seq *s, unsigned long long start)
{
	trace_seq_printf(s, " start %llu.%06u", start / NSEC_PER_SEC,
			 (unsigned int)(start % NSEC_PER_SEC / NSEC_PER_USEC));
}

static int hardirq_duration_handler(struct trace_seq *s,
				    struct tep_record *record,
				    struct tep_event *event,
				    void *context __maybe_unused)
{
	unsigned long long irq, ret, start, duration;
	char name[NAME_LEN];

	if (!val(s, event, record, "irq", &irq) ||
	    !val(s, event, record, "ret", &ret) ||
	    !val(s, event, record, "start", &start) ||
	    !val(s, event, record, "duration", &duration) ||
	    !str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	trace_seq_printf(s, " hardirq %4d %-16s", (int)irq, name);
	irq_time(s, "duration", duration);
	irq_start(s, start);
	trace_seq_printf(s, " ret %d", (int)ret);
	return 0;
}

static int softirq_duration_handler(struct trace_seq *s,
				    struct tep_record *record,
				    struct tep_event *event,
				    void *context __maybe_unused)
{
	unsigned long long vec, start, duration, self, raise_lat;
	char name[NAME_LEN];

	if (!val(s, event, record, "vec", &vec) ||
	    !val(s, event, record, "start", &start) ||
	    !val(s, event, record, "duration", &duration) ||
	    !val(s, event, record, "self", &self) ||
	    !val(s, event, record, "raise_lat", &raise_lat) ||
	    !str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	trace_seq_printf(s, " softirq %4u %-16s", (unsigned int)vec, name);
	irq_time(s, "duration", duration);
	irq_time(s, "self", self);
	irq_start(s, start);
	irq_time(s, "raise-latency", raise_lat);
	return 0;
}

static int tasklet_duration_handler(struct trace_seq *s,
				    struct tep_record *record,
				    struct tep_event *event,
				    void *context __maybe_unused)
{
	unsigned long long func, start, duration, self;
	char buf[32];

	if (!val(s, event, record, "func", &func) ||
	    !val(s, event, record, "start", &start) ||
	    !val(s, event, record, "duration", &duration) ||
	    !val(s, event, record, "self", &self))
		return raw(s, record, event);

	trace_seq_printf(s, " tasklet    - %-16s",
			 sym(event, func, buf, sizeof(buf)));
	irq_time(s, "duration", duration);
	irq_time(s, "self", self);
	irq_start(s, start);
	return 0;
}

/* enum irq_kind of trace_irq_tracer.c */
#define IRQ_KIND_TASKLET	2

static const char * const irq_kind_name[] = {
	"hardirq", "softirq", "tasklet",
};

static int irq_max_handler(struct trace_seq *s, struct tep_record *record,
			   struct tep_event *event,
			   void *context __maybe_unused)
{
	unsigned long long self, prev, func, kind, vec, snapshot;
	const char *kname = "?";
	char name[NAME_LEN];
	char buf[32];

	if (!val(s, event, record, "self", &self) ||
	    !val(s, event, record, "prev", &prev) ||
	    !val(s, event, record, "func", &func) ||
	    !val(s, event, record, "kind", &kind) ||
	    !val(s, event, record, "vec", &vec) ||
	    !val(s, event, record, "snapshot", &snapshot) ||
	    !str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	if ((int)kind >= 0 && (int)kind <= IRQ_KIND_TASKLET)
		kname = irq_kind_name[(int)kind];
	trace_seq_puts(s, " new max");
	irq_time(s, "self", self);
	irq_time(s, "was", prev);
	if ((int)kind == IRQ_KIND_TASKLET)
		trace_seq_printf(s, ": %s/%s", kname,
				 sym(event, func, buf, sizeof(buf)));
	else
		trace_seq_printf(s, ": %s/%d %s", kname, (int)vec, name);
	if ((int)snapshot)
		trace_seq_puts(s, " (snapshot)");
	return 0;
}

/* ---- module tracer ---- */

static int module_load_handler(struct trace_seq *s, struct tep_record *record,
			       struct tep_event *event,
			       void *context __maybe_unused)
{
	unsigned long long taints, size;
	char name[NAME_LEN];

	if (!val(s, event, record, "taints", &taints) ||
	    !val(s, event, record, "size", &size) ||
	    !str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	trace_seq_printf(s, " module load    %s taints 0x%x size %u", name,
			 (unsigned int)taints, (unsigned int)size);
	return 0;
}

static int module_free_handler(struct trace_seq *s, struct tep_record *record,
			       struct tep_event *event,
			       void *context __maybe_unused)
{
	char name[NAME_LEN];

	if (!str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	trace_seq_printf(s, " module free    %s", name);
	return 0;
}

/* module_get and module_put: @context is "get" or "put" */
static int module_refcnt_handler(struct trace_seq *s,
				 struct tep_record *record,
				 struct tep_event *event, void *context)
{
	unsigned long long ip, refcnt;
	char name[NAME_LEN];
	char buf[32];

	if (!val(s, event, record, "ip", &ip) ||
	    !val(s, event, record, "refcnt", &refcnt) ||
	    !str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	trace_seq_printf(s, " module %s     %s refcnt %d caller %s",
			 (const char *)context, name, (int)refcnt,
			 sym(event, ip, buf, sizeof(buf)));
	return 0;
}

static int module_request_handler(struct trace_seq *s,
				  struct tep_record *record,
				  struct tep_event *event,
				  void *context __maybe_unused)
{
	unsigned long long ip, wait;
	char name[NAME_LEN];
	char buf[32];

	if (!val(s, event, record, "ip", &ip) ||
	    !val(s, event, record, "wait", &wait) ||
	    !str(s, event, record, "name", name, sizeof(name)))
		return raw(s, record, event);

	trace_seq_printf(s, " module request %s wait %u caller %s", name,
			 (unsigned int)wait, sym(event, ip, buf, sizeof(buf)));
	return 0;
}

/* ---- hugetlb tracer ---- */

enum htlb_page_type {
	HTLB_GRAB,
	HTLB_BUDDY,
	HTLB_ALLOC,
	HTLB_FREE,
	HTLB_RELEASE,
};

struct htlb_page_what {
	enum htlb_page_type	type;
	const char		*what;
};

static struct htlb_page_what htlb_page_whats[] = {
	{ HTLB_GRAB,	"grab" },
	{ HTLB_BUDDY,	"buddy" },
	{ HTLB_ALLOC,	"alloc" },
	{ HTLB_FREE,	"free" },
	{ HTLB_RELEASE,	"release" },
};

/* htlb_grab, _buddy, _alloc, _free and _release: @context is their what */
static int htlb_page_handler(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, void *context)
{
	const struct htlb_page_what *w = context;
	unsigned long long pfn, addr, size_kb, node, result, surplus, resv;

	if (!val(s, event, record, "pfn", &pfn) ||
	    !val(s, event, record, "addr", &addr) ||
	    !val(s, event, record, "size_kb", &size_kb) ||
	    !val(s, event, record, "node", &node) ||
	    !val(s, event, record, "result", &result) ||
	    !val(s, event, record, "surplus", &surplus) ||
	    !val(s, event, record, "resv", &resv))
		return raw(s, record, event);

	trace_seq_printf(s, " hugetlb %-9s %ukB node %d pfn 0x%llx", w->what,
			 (unsigned int)size_kb, (int)node, pfn);
	if (w->type == HTLB_ALLOC)
		trace_seq_printf(s, " addr 0x%llx", addr);
	if (resv)
		trace_seq_puts(s, w->type == HTLB_FREE ? " resv restored" :
							  " resv");
	if (w->type == HTLB_BUDDY)
		trace_seq_puts(s, surplus ? " surplus" : " migrate");
	if ((int)result)
		trace_seq_printf(s, " failed %d", (int)result);
	return 0;
}

/* htlb_reserve and htlb_unreserve: @context is "reserve" or "unreserve" */
static int htlb_resv_handler(struct trace_seq *s, struct tep_record *record,
			     struct tep_event *event, void *context)
{
	unsigned long long ino, from, to, pages, result, size_kb;

	if (!val(s, event, record, "ino", &ino) ||
	    !val(s, event, record, "from", &from) ||
	    !val(s, event, record, "to", &to) ||
	    !val(s, event, record, "pages", &pages) ||
	    !val(s, event, record, "result", &result) ||
	    !val(s, event, record, "size_kb", &size_kb))
		return raw(s, record, event);

	trace_seq_printf(s, " hugetlb %-9s %ukB ino %llu [%lld, %lld) pages %lld",
			 (const char *)context, (unsigned int)size_kb, ino,
			 (long long)from, (long long)to, (long long)pages);
	if (result)
		trace_seq_printf(s, " failed %lld", (long long)result);
	return 0;
}

static int htlb_demote_handler(struct trace_seq *s, struct tep_record *record,
			       struct tep_event *event,
			       void *context __maybe_unused)
{
	unsigned long long pfn, size_kb, target_kb, pages, node, result;

	if (!val(s, event, record, "pfn", &pfn) ||
	    !val(s, event, record, "size_kb", &size_kb) ||
	    !val(s, event, record, "target_kb", &target_kb) ||
	    !val(s, event, record, "pages", &pages) ||
	    !val(s, event, record, "node", &node) ||
	    !val(s, event, record, "result", &result))
		return raw(s, record, event);

	trace_seq_printf(s, " hugetlb %-9s %ukB node %d pfn 0x%llx to %u x %ukB",
			 "demote", (unsigned int)size_kb, (int)node, pfn,
			 (unsigned int)pages, (unsigned int)target_kb);
	if ((int)result)
		trace_seq_printf(s, " failed %d", (int)result);
	return 0;
}

/* ---- sched_switch tracer, and the context_switch and wakeup entries ---- */

/* context_switch and wakeup: @context is "==>" or "  +" */
static int ctxwake_handler(struct trace_seq *s, struct tep_record *record,
			   struct tep_event *event, void *context)
{
	unsigned long long prev_pid, prev_prio, prev_state;
	unsigned long long next_pid, next_prio, next_state, next_cpu;

	if (!val(s, event, record, "prev_pid", &prev_pid) ||
	    !val(s, event, record, "prev_prio", &prev_prio) ||
	    !val(s, event, record, "prev_state", &prev_state) ||
	    !val(s, event, record, "next_pid", &next_pid) ||
	    !val(s, event, record, "next_prio", &next_prio) ||
	    !val(s, event, record, "next_state", &next_state) ||
	    !val(s, event, record, "next_cpu", &next_cpu))
		return raw(s, record, event);

	trace_seq_printf(s, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s",
			 (int)prev_pid, (int)prev_prio, state_char(prev_state),
			 (const char *)context, (int)next_cpu, (int)next_pid,
			 (int)next_prio, state_char(next_state),
			 comm(event, next_pid));
	return 0;
}

static int wakeup_lat_handler(struct trace_seq *s, struct tep_record *record,
			      struct tep_event *event,
			      void *context __maybe_unused)
{
	unsigned long long latency, pid, cpu, prio;

	if (!val(s, event, record, "latency", &latency) ||
	    !val(s, event, record, "pid", &pid) ||
	    !val(s, event, record, "cpu", &cpu) ||
	    !val(s, event, record, "prio", &prio))
		return raw(s, record, event);

	trace_seq_printf(s, " %7d:%3d [%03d] wakeup latency %llu.%03u us %s",
			 (int)pid, (int)prio, (int)cpu,
			 latency / NSEC_PER_USEC,
			 (unsigned int)(latency % NSEC_PER_USEC),
			 comm(event, pid));
	return 0;
}

static int context_switch_lat_handler(struct trace_seq *s,
				      struct tep_record *record,
				      struct tep_event *event,
				      void *context __maybe_unused)
{
	unsigned long long prev_pid, prev_prio, prev_state;
	unsigned long long next_pid, next_prio, next_state, next_cpu;
	unsigned long long latency;

	if (!val(s, event, record, "prev_pid", &prev_pid) ||
	    !val(s, event, record, "prev_prio", &prev_prio) ||
	    !val(s, event, record, "prev_state", &prev_state) ||
	    !val(s, event, record, "next_pid", &next_pid) ||
	    !val(s, event, record, "next_prio", &next_prio) ||
	    !val(s, event, record, "next_state", &next_state) ||
	    !val(s, event, record, "next_cpu", &next_cpu) ||
	    !val(s, event, record, "latency", &latency))
		return raw(s, record, event);

	trace_seq_printf(s,
			 " %7d:%3d:%c ==> [%03d] %7d:%3d:%c %s wakeup latency %llu.%03u us",
			 (int)prev_pid, (int)prev_prio, state_char(prev_state),
			 (int)next_cpu, (int)next_pid, (int)next_prio,
			 state_char(next_state), comm(event, next_pid),
			 latency / NSEC_PER_USEC,
			 (unsigned int)(latency % NSEC_PER_USEC));
	return 0;
}

/* ---- registration ---- */

#define HTLB_PAGE(t)	(&htlb_page_whats[t])

static const struct {
	const char		*event;
	tep_event_handler_func	func;
	void			*context;
} handlers[] = {
	{ "hardirq_duration",	hardirq_duration_handler,	NULL },
	{ "softirq_duration",	softirq_duration_handler,	NULL },
	{ "tasklet_duration",	tasklet_duration_handler,	NULL },
	{ "irq_max",		irq_max_handler,		NULL },
	{ "module_load",	module_load_handler,		NULL },
	{ "module_free",	module_free_handler,		NULL },
	{ "module_get",		module_refcnt_handler,		"get" },
	{ "module_put",		module_refcnt_handler,		"put" },
	{ "module_request",	module_request_handler,		NULL },
	{ "htlb_grab",		htlb_page_handler,	HTLB_PAGE(HTLB_GRAB) },
	{ "htlb_buddy",		htlb_page_handler,	HTLB_PAGE(HTLB_BUDDY) },
	{ "htlb_alloc",		htlb_page_handler,	HTLB_PAGE(HTLB_ALLOC) },
	{ "htlb_free",		htlb_page_handler,	HTLB_PAGE(HTLB_FREE) },
	{ "htlb_release",	htlb_page_handler,	HTLB_PAGE(HTLB_RELEASE) },
	{ "htlb_reserve",	htlb_resv_handler,		"reserve" },
	{ "htlb_unreserve",	htlb_resv_handler,		"unreserve" },
	{ "htlb_demote",	htlb_demote_handler,		NULL },
	{ "context_switch",	ctxwake_handler,		"==>" },
	{ "wakeup",		ctxwake_handler,		"  +" },
	{ "wakeup_lat",		wakeup_lat_handler,		NULL },
	{ "context_switch_lat",	context_switch_lat_handler,	NULL },
};

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

int TEP_PLUGIN_LOADER(struct tep_handle *tep)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(handlers); i++)
		tep_register_event_handler(tep, -1, "ftrace", handlers[i].event,
					   handlers[i].func,
					   handlers[i].context);
	return 0;
}

int TEP_PLUGIN_UNLOADER(struct tep_handle *tep)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(handlers); i++)
		tep_unregister_event_handler(tep, -1, "ftrace",
					     handlers[i].event,
					     handlers[i].func,
					     handlers[i].context);
	return 0;
}
