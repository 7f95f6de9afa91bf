/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the two sample probe modules share: attaching to subsys_event
 * and subsys_eventb by name, whichever of the probe module and
 * tracepoint-sample is loaded first, and counting the calls in
 * /sys/kernel/debug/<module>/counts.
 *
 * In 2008 a probe was registered by tracepoint name. In 6.1,
 * register_trace_subsys_event() would bind the probe module to the
 * sample module's symbols, so that it could not be loaded first. The
 * tracepoint module notifier instead tells about each module with
 * tracepoints as it comes and goes (and about those already there), and
 * the probes are attached to its tracepoints by name.
 */
#ifndef _TP_PROBE_COMMON_H
#define _TP_PROBE_COMMON_H

#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/tracepoint.h>

static atomic_t count_event = ATOMIC_INIT(0);
static atomic_t count_eventb = ATOMIC_INIT(0);
static struct dentry *probe_dir;

static void probe_subsys_event(void *data, struct inode *inode,
			       struct file *file);
static void probe_subsys_eventb(void *data, int i);

static void probe_attach(struct tracepoint *tp, bool attach)
{
	void *probe;

	if (!strcmp(tp->name, "subsys_event"))
		probe = probe_subsys_event;
	else if (!strcmp(tp->name, "subsys_eventb"))
		probe = probe_subsys_eventb;
	else
		return;
	if (attach)
		WARN_ON(tracepoint_probe_register(tp, probe, NULL));
	else
		WARN_ON(tracepoint_probe_unregister(tp, probe, NULL));
}

static int probe_notify(struct notifier_block *nb, unsigned long state,
			void *data)
{
	struct tp_module *tp_mod = data;
	struct module *mod = tp_mod->mod;
	unsigned int i;

	if (strcmp(mod->name, "tracepoint_sample"))
		return NOTIFY_OK;
	for (i = 0; i < mod->num_tracepoints; i++)
		probe_attach(tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]),
			     state == MODULE_STATE_COMING);
	return NOTIFY_OK;
}

static struct notifier_block probe_nb = {
	.notifier_call = probe_notify,
};

static int counts_show(struct seq_file *m, void *v)
{
	seq_printf(m, "subsys_event %d\nsubsys_eventb %d\n",
		   atomic_read(&count_event), atomic_read(&count_eventb));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(counts);

static int __init probe_init(void)
{
	probe_dir = debugfs_create_dir(KBUILD_MODNAME, NULL);
	/* counts_fops is owned by this module: reads get and put it */
	debugfs_create_file("counts", 0444, probe_dir, NULL, &counts_fops);
	return register_tracepoint_module_notifier(&probe_nb);
}

static void __exit probe_exit(void)
{
	/* Detaches from a loaded tracepoint_sample, then waits for probes */
	unregister_tracepoint_module_notifier(&probe_nb);
	tracepoint_synchronize_unregister();
	debugfs_remove_recursive(probe_dir);
}

module_init(probe_init);
module_exit(probe_exit);

#endif /* _TP_PROBE_COMMON_H */
