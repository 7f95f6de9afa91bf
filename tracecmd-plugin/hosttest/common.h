/* Shared by the kernel-side and the libtraceevent-side test units. */
#include <stddef.h>
typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;
typedef long long s64;
typedef int s32;

struct trace_entry {
	unsigned short		type;
	unsigned char		flags;
	unsigned char		preempt_count;
	int			pid;
};

#include "gen/trace_type.h"

#ifndef ENTRY_STRUCTS
#define ENTRY_STRUCTS
#define __field(type, item)		type item;
#define __array(type, item, len)	type item[len];
#define F_STRUCT(args...)		args
#define F_printk(args...)
#define FTRACE_ENTRY(name, struct_name, id, tstruct, print) \
	struct struct_name { struct trace_entry ent; tstruct };
#define FTRACE_ENTRY_DUP(name, struct_name, id, tstruct, print)
#include "gen/entries_snippet.h"
#undef __field
#undef __array
#undef F_STRUCT
#undef F_printk
#undef FTRACE_ENTRY
#undef FTRACE_ENTRY_DUP
#endif

/* The test's tables, seen the same way by both sides */
struct test_sym { unsigned long long addr; const char *name; const char *mod; };
extern struct test_sym test_syms[];
extern int test_nr_syms;		/* the last one ends the previous */
struct test_comm { int pid; const char *comm; };
extern struct test_comm test_comms[];
extern int test_nr_comms;

/* The kernel's print function of @ent into @out, without the newline */
int kernel_print(struct trace_entry *ent, char *out, size_t size);
