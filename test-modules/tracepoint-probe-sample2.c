// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint-probe-sample2.c: a second set of probes on the same
 * tracepoints; its subsys_event probe logs the inode number.
 *
 * Ported to the 6.1 tracepoint API from the 2008 sample by Mathieu
 * Desnoyers.
 */
#include <linux/fs.h>
#include "tp-probe-common.h"

/* The caller holds the file, and so its inode, for the probe. */
static void probe_subsys_event(void *data, struct inode *inode,
			       struct file *file)
{
	pr_info("Event is encountered with inode number %lu\n", inode->i_ino);
	atomic_inc(&count_event);
}

static void probe_subsys_eventb(void *data, int i)
{
	atomic_inc(&count_eventb);
}

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Mathieu Desnoyers");
MODULE_DESCRIPTION("Tracepoint probes sample 2");
