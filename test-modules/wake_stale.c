// SPDX-License-Identifier: GPL-2.0
/*
 * wake_stale: the wakeup that must not count as a wakeup latency.
 *
 * Writing "USEC" to /sys/kernel/debug/wake_stale runs, on CPU 0, an RT
 * kernel thread "wake_stale_a" (SCHED_FIFO 10) that sets itself to sleep
 * and is woken before it calls schedule(): a sched_wakeup of a task that
 * never left its CPU. It then wakes "wake_stale_b" (SCHED_FIFO 20, CPU 0),
 * which preempts it and busy-waits USEC on the trace clock, so that A is
 * switched back in USEC later without having slept. A's switch-in has
 * no wakeup latency: a tracer that shows one (of about USEC) has kept
 * the stale stamp of the wakeup that hit A on its CPU.
 *
 * A read returns "a PID b PID" for the last run.
 */
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>
#include <uapi/linux/sched/types.h>

#include "spin-clocks.h"

#define WAKE_STALE_MAX_US	100000

static DEFINE_MUTEX(wake_stale_mutex);
static struct dentry *wake_stale_file;
static unsigned int spin_us;
static pid_t pid_a, pid_b;
static struct task_struct *task_b;
static DECLARE_COMPLETION(b_done);

static int wake_stale_b(void *data)
{
	/* Woken by A, on A's CPU, at a higher priority: A is preempted. */
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule();
	spin_both_clocks(spin_us);
	complete(&b_done);
	return 0;
}

static int wake_stale_a(void *data)
{
	/* A wakeup while on the CPU: try_to_wake_up() of current. */
	set_current_state(TASK_INTERRUPTIBLE);
	wake_up_process(current);
	__set_current_state(TASK_RUNNING);
	/* B preempts A here and runs spin_us; A comes back without sleeping. */
	wake_up_process(task_b);
	return 0;
}

static ssize_t wake_stale_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct task_struct *a, *b;
	unsigned int us;
	int ret;

	ret = kstrtouint_from_user(ubuf, cnt, 10, &us);
	if (ret)
		return ret;
	if (!us || us > WAKE_STALE_MAX_US)
		return -EINVAL;

	mutex_lock(&wake_stale_mutex);
	spin_us = us;
	reinit_completion(&b_done);
	b = kthread_create(wake_stale_b, NULL, "wake_stale_b");
	if (IS_ERR(b)) {
		ret = PTR_ERR(b);
		goto out;
	}
	a = kthread_create(wake_stale_a, NULL, "wake_stale_a");
	if (IS_ERR(a)) {
		ret = PTR_ERR(a);
		kthread_stop(b);
		goto out;
	}
	kthread_bind(a, 0);
	kthread_bind(b, 0);
	/* FIFO 10 and 20: B above A, both above every CFS task. */
	sched_setattr_nocheck(a, &(struct sched_attr){
		.sched_policy = SCHED_FIFO, .sched_priority = 10 });
	sched_setattr_nocheck(b, &(struct sched_attr){
		.sched_policy = SCHED_FIFO, .sched_priority = 20 });
	task_b = b;
	pid_a = a->pid;
	pid_b = b->pid;
	/*
	 * B first: on CPU 0, above A, it is asleep in schedule() before A
	 * can run there.
	 */
	wake_up_process(b);
	wake_up_process(a);
	wait_for_completion(&b_done);
	ret = cnt;
out:
	mutex_unlock(&wake_stale_mutex);
	return ret;
}

static ssize_t wake_stale_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	char buf[48];
	int len;

	mutex_lock(&wake_stale_mutex);
	len = scnprintf(buf, sizeof(buf), "a %d b %d\n", pid_a, pid_b);
	mutex_unlock(&wake_stale_mutex);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations wake_stale_fops = {
	.write	= wake_stale_write,
	.read	= wake_stale_read,
	.llseek	= default_llseek,
};

static int __init wake_stale_init(void)
{
	wake_stale_file = debugfs_create_file("wake_stale", 0600, NULL, NULL,
					      &wake_stale_fops);
	return 0;
}

static void __exit wake_stale_exit(void)
{
	debugfs_remove(wake_stale_file);
}

module_init(wake_stale_init);
module_exit(wake_stale_exit);
MODULE_DESCRIPTION("A wakeup of a task still on its CPU, then a preemption of known length");
MODULE_LICENSE("GPL");
