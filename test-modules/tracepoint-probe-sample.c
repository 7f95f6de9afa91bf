// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint-probe-sample.c: sample probes on subsys_event, which logs
 * the name of the file opened, and on subsys_eventb.
 *
 * Ported to the 6.1 tracepoint API from the 2008 sample by Mathieu
 * Desnoyers.
 */
#include <linux/fs.h>
#include "tp-probe-common.h"

/*
 * The caller holds the file open, which pins its path. In 2008 the
 * probe took path and dentry references; a 6.1 probe runs with
 * preemption disabled, where dput() may not sleep, so it only prints.
 */
static void probe_subsys_event(void *data, struct inode *inode,
			       struct file *file)
{
	pr_info("Event is encountered with filename %pD\n", file);
	atomic_inc(&count_event);
}

static void probe_subsys_eventb(void *data, int i)
{
	atomic_inc(&count_eventb);
}

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Mathieu Desnoyers");
MODULE_DESCRIPTION("Tracepoint probes sample");
