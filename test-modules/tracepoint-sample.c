// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint-sample.c: fires subsys_event once and subsys_eventb ten
 * times each time /proc/tracepoint-sample is opened. Reading it tells
 * how many probes are attached to each tracepoint.
 *
 * Ported to the 6.1 tracepoint API from the 2008 sample by Mathieu
 * Desnoyers.
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include "tp-samples-trace.h"

DEFINE_TRACE(subsys_event,
	     TP_PROTO(struct inode *inode, struct file *file),
	     TP_ARGS(inode, file));
DEFINE_TRACE(subsys_eventb,
	     TP_PROTO(int i),
	     TP_ARGS(i));

static struct proc_dir_entry *pentry_sample;

static int nr_probes(struct tracepoint *tp)
{
	struct tracepoint_func *f;
	int n = 0;

	rcu_read_lock_sched();
	f = rcu_dereference_sched(tp->funcs);
	while (f && f[n].func)
		n++;
	rcu_read_unlock_sched();
	return n;
}

static int sample_show(struct seq_file *m, void *v)
{
	seq_printf(m, "subsys_event %d\nsubsys_eventb %d\n",
		   nr_probes(&__tracepoint_subsys_event),
		   nr_probes(&__tracepoint_subsys_eventb));
	return 0;
}

static int sample_open(struct inode *inode, struct file *file)
{
	int i;

	trace_subsys_event(inode, file);
	for (i = 0; i < 10; i++)
		trace_subsys_eventb(i);
	return single_open(file, sample_show, NULL);
}

static const struct proc_ops sample_ops = {
	.proc_open	= sample_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= single_release,
};

static int __init sample_init(void)
{
	pentry_sample = proc_create("tracepoint-sample", 0444, NULL,
				    &sample_ops);
	if (!pentry_sample)
		return -EPERM;
	return 0;
}

static void __exit sample_exit(void)
{
	remove_proc_entry("tracepoint-sample", NULL);
}

module_init(sample_init);
module_exit(sample_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Mathieu Desnoyers");
MODULE_DESCRIPTION("Tracepoint sample");
