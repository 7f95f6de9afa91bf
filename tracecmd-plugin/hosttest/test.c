/*
 * Unit test of plugin_trace_plugins.so: for each entry type, the format
 * file the kernel writes (generated from trace_entries.h as
 * trace_export.c does), parsed by libtraceevent, and random entries
 * printed by the plugin through tep_print_event(), compared with the
 * kernel's own print function of the entry (kside.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>
#include <trace-seq.h>
#include "common.h"

struct test_sym test_syms[] = {
	{ 0xffffffff81000000ULL, "_stext", NULL },
	{ 0xffffffff81100000ULL, "full_proxy_open", NULL },
	{ 0xffffffff81100200ULL, "do_init_module", NULL },
	{ 0xffffffff81100400ULL, "get_fs_type", NULL },
	{ 0xffffffff81100480ULL, "x", NULL },
	{ 0xffffffff81100500ULL, "a_very_long_kernel_function_name", NULL },
	{ 0xffffffffc0001000ULL, "irq_delay_tasklet_fn", "irq_delay" },
	{ 0xffffffffc0001100ULL, "short_fn", "mod" },
	{ 0xffffffffc0002000ULL, "_end_of_table", NULL },
};
int test_nr_syms = sizeof(test_syms) / sizeof(test_syms[0]);
struct test_comm test_comms[] = {
	{ 1, "init" }, { 42, "pingpong" }, { 1234, "kworker/0:1H" },
	{ 99999, "a-fifteen-chars" }, { 7, "ksoftirqd/0" },
};
int test_nr_comms = sizeof(test_comms) / sizeof(test_comms[0]);

/* ---- the format files ---- */
struct fbuf { char b[8192]; size_t len; };

static void fb(struct fbuf *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	f->len += vsnprintf(f->b + f->len, sizeof(f->b) - f->len, fmt, ap);
	va_end(ap);
}

#define is_signed_type(type)	(((type)(-1)) < (type)1)
#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)

#define __field(type, item)						\
	fb(f, "\tfield:%s %s;\toffset:%zu;\tsize:%zu;\tsigned:%d;\n",	\
	   #type, #item, offsetof(typeof(field), item),		\
	   sizeof(field.item), is_signed_type(type));
#define __array(type, item, len)					\
	fb(f, "\tfield:%s %s[%s];\toffset:%zu;\tsize:%zu;\tsigned:%d;\n", \
	   #type, #item, __stringify(len), offsetof(typeof(field), item), \
	   sizeof(field.item), is_signed_type(type));
#define F_STRUCT(args...)	args
#define F_printk(fmt, args...)	__stringify(fmt) ", " __stringify(args)
#define __entry REC
#define FTRACE_ENTRY(name, struct_name, id, tstruct, print)		\
static void fmt_##name(struct fbuf *f)					\
{									\
	struct struct_name field;					\
	fb(f, "name: %s\nID: %d\nformat:\n", #name, id);		\
	fb(f, "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"); \
	fb(f, "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"); \
	fb(f, "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"); \
	fb(f, "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"); \
	tstruct								\
	fb(f, "\nprint fmt: %s\n", print);				\
}
#define FTRACE_ENTRY_DUP FTRACE_ENTRY
#include "gen/entries_snippet.h"

struct ev {
	const char *name;
	int type;
	size_t size;
	void (*fmt)(struct fbuf *f);
};
#define EV(n, t, s)	{ #n, t, sizeof(struct s), fmt_##n }
static const struct ev evs[] = {
	EV(context_switch, TRACE_CTX, ctx_switch_entry),
	EV(wakeup, TRACE_WAKE, ctx_switch_entry),
	EV(hardirq_duration, TRACE_HARDIRQ_DUR, hardirq_dur_entry),
	EV(softirq_duration, TRACE_SOFTIRQ_DUR, softirq_dur_entry),
	EV(tasklet_duration, TRACE_TASKLET_DUR, tasklet_dur_entry),
	EV(irq_max, TRACE_IRQ_MAX, irq_max_entry),
	EV(module_load, TRACE_MODULE_LOAD, module_load_entry),
	EV(module_free, TRACE_MODULE_FREE, module_free_entry),
	EV(module_get, TRACE_MODULE_GET, module_refcnt_entry),
	EV(module_put, TRACE_MODULE_PUT, module_refcnt_entry),
	EV(module_request, TRACE_MODULE_REQUEST, module_request_entry),
	EV(htlb_grab, TRACE_HTLB_GRAB, htlb_page_entry),
	EV(htlb_buddy, TRACE_HTLB_BUDDY, htlb_page_entry),
	EV(htlb_alloc, TRACE_HTLB_ALLOC, htlb_page_entry),
	EV(htlb_free, TRACE_HTLB_FREE, htlb_page_entry),
	EV(htlb_release, TRACE_HTLB_RELEASE, htlb_page_entry),
	EV(htlb_demote, TRACE_HTLB_DEMOTE, htlb_demote_entry),
	EV(htlb_reserve, TRACE_HTLB_RESERVE, htlb_resv_entry),
	EV(htlb_unreserve, TRACE_HTLB_UNRESERVE, htlb_resv_entry),
	EV(wakeup_lat, TRACE_WAKEUP_LAT, wakeup_lat_entry),
	EV(context_switch_lat, TRACE_CTX_LAT, ctx_switch_lat_entry),
};
#define NR_EVS	(int)(sizeof(evs) / sizeof(evs[0]))

/* ---- random values ---- */
static u64 rnd64(void)
{
	return ((u64)random() << 62) ^ ((u64)random() << 31) ^ random();
}

/* small, huge, negative: the corners of each printf conversion */
static u64 rval(void)
{
	switch (random() % 6) {
	case 0: return 0;
	case 1: return random() % 10;
	case 2: return random() % 100000;
	case 3: return -(u64)(random() % 100);
	case 4: return rnd64();
	default: return random();
	}
}

static int mod_syms;	/* pick module symbols too */

static u64 raddr(void)
{
	int n = test_nr_syms - 1 - (mod_syms ? 0 : 2);

	switch (random() % 5) {
	case 0: return random() % 0x1000;		/* no symbol */
	case 1: return test_syms[random() % n].addr;
	default: return test_syms[random() % n].addr + random() % 0x80;
	}
}

static int rpid(void)
{
	switch (random() % 4) {
	case 0: return 0;
	case 1: return random() % 100000;
	default: return test_comms[random() % test_nr_comms].pid;
	}
}

static void rname(char *p, size_t size)
{
	size_t n = random() % 3 ? random() % 20 : size - 1, i;

	if (n > size - 1)
		n = size - 1;
	memset(p, 0, size);
	for (i = 0; i < n; i++)
		p[i] = "abcdefghijklmnopqrstuvwxyz_0123456789-"[random() % 38];
	/* garbage after the NUL, as a strscpy() into a used slot leaves none but a shorter name may */
}

static void fill(const struct ev *e, void *buf)
{
	struct trace_entry *ent = buf;
	int t = e->type;

	/* random bytes first: every field is set below, padding stays random */
	for (size_t i = 0; i < e->size; i++)
		((unsigned char *)buf)[i] = random();
	ent->type = t;
	ent->pid = rpid();
	switch (t) {
	case TRACE_CTX: case TRACE_WAKE: case TRACE_CTX_LAT: {
		struct ctx_switch_entry *f = buf;
		f->prev_pid = rpid(); f->next_pid = rpid();
		f->next_cpu = random() % (random() % 4 ? 8 : 5000);
		f->prev_prio = random(); f->next_prio = random();
		f->prev_state = random() % 9; f->next_state = random() % 9;
		if (t == TRACE_CTX_LAT)
			((struct ctx_switch_lat_entry *)buf)->latency = rval();
		break;
	}
	case TRACE_WAKEUP_LAT: {
		struct wakeup_lat_entry *f = buf;
		f->latency = rval(); f->pid = rpid(); f->cpu = random() % 4096; f->prio = random();
		break;
	}
	case TRACE_HARDIRQ_DUR: {
		struct hardirq_dur_entry *f = buf;
		f->start = rval(); f->duration = rval(); f->irq = rval(); f->ret = random() % 3;
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_SOFTIRQ_DUR: {
		struct softirq_dur_entry *f = buf;
		f->start = rval(); f->duration = rval(); f->self = rval(); f->raise_lat = rval();
		f->vec = random() % 12;
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_TASKLET_DUR: {
		struct tasklet_dur_entry *f = buf;
		f->start = rval(); f->duration = rval(); f->self = rval(); f->func = raddr();
		break;
	}
	case TRACE_IRQ_MAX: {
		struct irq_max_entry *f = buf;
		f->self = rval(); f->prev = rval(); f->func = raddr();
		f->kind = random() % 5 ? (int)(random() % 3) : (random() % 2 ? 3 : -1); f->vec = random() % 3 ? (int)(random() % 300) : -1;
		f->snapshot = random() % 2;
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_MODULE_LOAD: {
		struct module_load_entry *f = buf;
		f->taints = rval(); f->size = rval();
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_MODULE_FREE: {
		struct module_free_entry *f = buf;
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_MODULE_GET: case TRACE_MODULE_PUT: {
		struct module_refcnt_entry *f = buf;
		f->ip = raddr(); f->refcnt = rval();
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_MODULE_REQUEST: {
		struct module_request_entry *f = buf;
		f->ip = raddr(); f->wait = random() % 2;
		rname(f->name, sizeof(f->name));
		break;
	}
	case TRACE_HTLB_GRAB: case TRACE_HTLB_BUDDY: case TRACE_HTLB_ALLOC:
	case TRACE_HTLB_FREE: case TRACE_HTLB_RELEASE: {
		struct htlb_page_entry *f = buf;
		f->pfn = rval(); f->addr = rval(); f->size_kb = random() % 2 ? 2048 : 1048576;
		f->node = random() % 3 ? (int)(random() % 4) : -1;
		f->result = random() % 3 ? 0 : -(int)(random() % 30);
		f->surplus = random() % 2; f->resv = random() % 2;
		break;
	}
	case TRACE_HTLB_DEMOTE: {
		struct htlb_demote_entry *f = buf;
		f->pfn = rval(); f->size_kb = 1048576; f->target_kb = 2048; f->pages = rval();
		f->node = random() % 4; f->result = random() % 3 ? 0 : -(int)(random() % 30);
		break;
	}
	case TRACE_HTLB_RESERVE: case TRACE_HTLB_UNRESERVE: {
		struct htlb_resv_entry *f = buf;
		f->ino = rval(); f->from = rval(); f->to = rval(); f->pages = rval();
		f->result = random() % 3 ? 0 : -(long)(random() % 30);
		f->size_kb = 2048;
		break;
	}
	}
}

int main(int argc, char **argv)
{
	struct tep_handle *tep = tep_alloc();
	int rounds = argc > 1 ? atoi(argv[1]) : 2000;
	int i, r, bad = 0, ok = 0, moddiff = 0;
	struct tep_plugin_list *plugins;
	unsigned char buf[512];
	char kout[1024];

	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, TEP_LITTLE_ENDIAN);
	for (i = 0; i < test_nr_syms; i++)
		tep_register_function(tep, (char *)test_syms[i].name, test_syms[i].addr,
				      (char *)test_syms[i].mod);
	for (i = 0; i < test_nr_comms; i++)
		tep_register_comm(tep, test_comms[i].comm, test_comms[i].pid);

	for (i = 0; i < NR_EVS; i++) {
		struct fbuf f = { .len = 0 };

		evs[i].fmt(&f);
		if (getenv("SHOW_FORMAT"))
			printf("%s\n", f.b);
		if (tep_parse_event(tep, f.b, f.len, "ftrace")) {
			printf("FAIL: cannot parse the format of %s:\n%s\n", evs[i].name, f.b);
			return 1;
		}
	}
	/* loaded as trace-cmd loads it: TRACEEVENT_PLUGIN_DIR */
	plugins = tep_load_plugins(tep);
	for (i = 0; i < NR_EVS; i++) {
		struct tep_event *ev = tep_find_event_by_name(tep, "ftrace", evs[i].name);

		if (!ev || !ev->handler) {
			printf("FAIL: no handler for ftrace:%s\n", evs[i].name);
			return 1;
		}
	}

	srandom(1);
	for (mod_syms = 0; mod_syms < 2; mod_syms++)
	for (r = 0; r < rounds; r++)
		for (i = 0; i < NR_EVS; i++) {
			struct tep_record rec = { .data = buf, .size = evs[i].size };
			struct trace_seq s;

			fill(&evs[i], buf);
			kernel_print((struct trace_entry *)buf, kout, sizeof(kout));
			trace_seq_init(&s);
			tep_print_event(tep, &s, &rec, "%s", TEP_PRINT_INFO);
			trace_seq_terminate(&s);
			if (getenv("SHOW") && r < 2 && !mod_syms)
				printf("%-18s kernel [%s]\n%-18s plugin [%s]\n", evs[i].name, kout, "", s.buffer);
			if (!strcmp(kout, s.buffer)) {
				ok++;
			} else if (mod_syms && strstr(kout, " [")) {
				/* " [module]" after a symbol of a module: known */
				if (!moddiff++)
					printf("known difference, a module symbol:\n  kernel [%s]\n  plugin [%s]\n",
					       kout, s.buffer);
			} else {
				if (bad++ < 10)
					printf("FAIL %s:\n  kernel [%s]\n  plugin [%s]\n", evs[i].name, kout, s.buffer);
			}
			trace_seq_destroy(&s);
		}
	printf("%d equal, %d differ, %d differ by a module symbol only\n", ok, bad, moddiff);

	/* A format without a field the handler reads: the raw fields, no crash */
	{
		struct tep_handle *t2 = tep_alloc();
		struct tep_plugin_list *p2;
		struct fbuf f = { .len = 0 };
		struct trace_seq s;
		struct tep_record rec = { .data = buf, .size = sizeof(struct module_free_entry) };
		char *n;

		tep_set_long_size(t2, 8);
		fmt_module_free(&f);
		n = strstr(f.b, " name[");
		memcpy(n, " nome", 5);
		n = strstr(f.b, "REC->name");
		memcpy(n, "REC->nome", 9);
		if (tep_parse_event(t2, f.b, f.len, "ftrace")) { printf("FAIL: parse\n%s", f.b); return 1; }
		p2 = tep_load_plugins(t2);
		fill(&evs[7], buf);
		trace_seq_init(&s);
		tep_print_event(t2, &s, &rec, "%s", TEP_PRINT_INFO);
		trace_seq_terminate(&s);
		printf("module_free with its field renamed: [%s]\n", s.buffer);
		trace_seq_destroy(&s);
		tep_unload_plugins(p2, t2);
		tep_free(t2);
	}
	tep_unload_plugins(plugins, tep);
	tep_free(tep);
	return bad ? 1 : 0;
}
