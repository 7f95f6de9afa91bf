/* The kernel's print functions, extracted from the tree, on a shim. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "common.h"

#define NSEC_PER_USEC	1000L
#define NSEC_PER_SEC	1000000000L
#define TASK_COMM_LEN	16

struct trace_seq { char buf[4096]; size_t len; };
struct trace_iterator { struct trace_seq seq; struct trace_entry *ent; };
struct trace_event { int unused; };
enum print_line_t { TRACE_TYPE_PARTIAL_LINE, TRACE_TYPE_HANDLED };

#define trace_assign_type(var, entry)	((var) = (typeof(var))(entry))
#define trace_handle_return(s)		TRACE_TYPE_HANDLED

static u64 div_u64_rem(u64 dividend, u32 divisor, u32 *rem)
{
	*rem = dividend % divisor;
	return dividend / divisor;
}

static void seq_add(struct trace_seq *s, const char *str)
{
	size_t n = strlen(str);

	if (s->len + n >= sizeof(s->buf))
		n = sizeof(s->buf) - 1 - s->len;
	memcpy(s->buf + s->len, str, n);
	s->len += n;
	s->buf[s->len] = 0;
}

static void trace_seq_puts(struct trace_seq *s, const char *str) { seq_add(s, str); }
static void trace_seq_putc(struct trace_seq *s, char c) { char b[2] = { c, 0 }; seq_add(s, b); }

/* sprint_symbol_no_offset() on the test's table */
static void ksym(unsigned long long addr, char *buf, size_t size)
{
	int i;

	for (i = 0; i < test_nr_syms - 1; i++)
		if (addr >= test_syms[i].addr && addr < test_syms[i + 1].addr) {
			if (test_syms[i].mod)
				snprintf(buf, size, "%s [%s]", test_syms[i].name, test_syms[i].mod);
			else
				snprintf(buf, size, "%s", test_syms[i].name);
			return;
		}
	snprintf(buf, size, "0x%llx", addr);
}

/* vsnprintf() of the kernel for the conversions these functions use, %ps too */
static void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	char spec[32], out[512], sbuf[256];
	const char *p = fmt;
	va_list ap;

	va_start(ap, fmt);
	while (*p) {
		const char *start = p;
		int lng = 0;
		size_t n;

		if (*p != '%') {
			char c[2] = { *p++, 0 };
			seq_add(s, c);
			continue;
		}
		p++;
		if (*p == '%') { seq_add(s, "%"); p++; continue; }
		while (strchr("-+ #0", *p)) p++;
		while (*p >= '0' && *p <= '9') p++;
		if (*p == '.') { p++; while (*p >= '0' && *p <= '9') p++; }
		while (*p == 'l') { lng++; p++; }
		n = p - start;
		memcpy(spec, start, n);
		switch (*p) {
		case 'p':
			/* %ps: the width and flags apply to the symbol */
			if (p[1] != 's') { fprintf(stderr, "unknown %%p%c\n", p[1]); return; }
			ksym((unsigned long long)(unsigned long)va_arg(ap, void *), sbuf, sizeof(sbuf));
			spec[n] = 's'; spec[n + 1] = 0;
			snprintf(out, sizeof(out), spec, sbuf);
			p += 2;
			break;
		case 's':
			spec[n] = 's'; spec[n + 1] = 0;
			snprintf(out, sizeof(out), spec, va_arg(ap, const char *));
			p++;
			break;
		case 'c':
			spec[n] = 'c'; spec[n + 1] = 0;
			snprintf(out, sizeof(out), spec, va_arg(ap, int));
			p++;
			break;
		case 'd': case 'i': case 'u': case 'x': case 'X':
			spec[n] = *p; spec[n + 1] = 0;
			if (lng == 2)
				snprintf(out, sizeof(out), spec, va_arg(ap, long long));
			else if (lng == 1)
				snprintf(out, sizeof(out), spec, va_arg(ap, long));
			else
				snprintf(out, sizeof(out), spec, va_arg(ap, int));
			p++;
			break;
		default:
			fprintf(stderr, "unknown conversion in %s\n", fmt);
			va_end(ap);
			return;
		}
		seq_add(s, out);
	}
	va_end(ap);
}

static void trace_find_cmdline(int pid, char comm[])
{
	int i;

	if (!pid) { strcpy(comm, "<idle>"); return; }
	for (i = 0; i < test_nr_comms; i++)
		if (test_comms[i].pid == pid) {
			strncpy(comm, test_comms[i].comm, TASK_COMM_LEN - 1);
			comm[TASK_COMM_LEN - 1] = 0;
			return;
		}
	strcpy(comm, "<...>");
}

#define BUILD_BUG_ON(x)
#define ilog2(x) 0

#include "gen/kprint.c"

int kernel_print(struct trace_entry *ent, char *out, size_t size)
{
	struct trace_iterator iter = { .ent = ent };
	enum print_line_t (*f)(struct trace_iterator *, int, struct trace_event *);

	switch (ent->type) {
	case TRACE_CTX:			f = trace_ctx_print; break;
	case TRACE_WAKE:		f = trace_wake_print; break;
	case TRACE_WAKEUP_LAT:		f = wakeup_lat_print; break;
	case TRACE_CTX_LAT:		f = ctx_lat_print; break;
	case TRACE_HARDIRQ_DUR:		f = hardirq_dur_print; break;
	case TRACE_SOFTIRQ_DUR:		f = softirq_dur_print; break;
	case TRACE_TASKLET_DUR:		f = tasklet_dur_print; break;
	case TRACE_IRQ_MAX:		f = irq_max_print; break;
	case TRACE_MODULE_LOAD:		f = module_load_print; break;
	case TRACE_MODULE_FREE:		f = module_free_print; break;
	case TRACE_MODULE_GET:
	case TRACE_MODULE_PUT:		f = module_refcnt_print; break;
	case TRACE_MODULE_REQUEST:	f = module_request_print; break;
	case TRACE_HTLB_GRAB: case TRACE_HTLB_BUDDY: case TRACE_HTLB_ALLOC:
	case TRACE_HTLB_FREE: case TRACE_HTLB_RELEASE:
					f = htlb_page_print; break;
	case TRACE_HTLB_RESERVE:
	case TRACE_HTLB_UNRESERVE:	f = htlb_resv_print; break;
	case TRACE_HTLB_DEMOTE:		f = htlb_demote_print; break;
	default: return -1;
	}
	f(&iter, 0, NULL);
	/* the kernel's line ends with its newline: trace-cmd adds its own */
	if (iter.seq.len && iter.seq.buf[iter.seq.len - 1] == '\n')
		iter.seq.buf[--iter.seq.len] = 0;
	snprintf(out, size, "%s", iter.seq.buf);
	return 0;
}
