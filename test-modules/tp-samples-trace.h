/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoints of the 2008 tracepoint samples, in the 6.1 API.
 *
 * A 6.1 tracepoint cannot have an empty prototype (probes get their
 * data pointer first), so subsys_eventb carries the index of the call.
 */
#ifndef _TP_SAMPLES_TRACE_H
#define _TP_SAMPLES_TRACE_H

#include <linux/proc_fs.h>	/* for struct inode and struct file */
#include <linux/tracepoint.h>

DECLARE_TRACE(subsys_event,
	      TP_PROTO(struct inode *inode, struct file *file),
	      TP_ARGS(inode, file));
DECLARE_TRACE(subsys_eventb,
	      TP_PROTO(int i),
	      TP_ARGS(i));

#endif /* _TP_SAMPLES_TRACE_H */
