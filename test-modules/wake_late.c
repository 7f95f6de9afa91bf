// SPDX-License-Identifier: GPL-2.0
/*
 * wake_late: a wakeup latency of known length, for the tests of
 * wakeup_latency_stop_tracing_us.
 *
 * Writing "USEC" to /sys/kernel/debug/wake_late creates, on CPU 0, a
 * kernel thread "wake_late_a" (SCHED_FIFO 10) that goes to sleep, and
 * "wake_late_b" (SCHED_FIFO 20, CPU 0), which waits; a read then
 * returns "a PID b PID", so that a test can put A in the pid filter
 * before the spike. Writing "go" wakes B: B waits until A is off the
 * runqueue, wakes A and busy-waits USEC on the trace clock, above A on
 * A's CPU. A is switched in when B is done: its wakeup latency is at
 * least USEC, and not much more. The write returns when both threads
 * are done. The threads wait interruptibly (kernel threads take no
 * signal), so that a spike prepared and never run is no hung task.
 */
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>
#include <uapi/linux/sched/types.h>

#include "spin-clocks.h"

#define WAKE_LATE_MAX_US	100000

static DEFINE_MUTEX(wake_late_mutex);
static struct dentry *wake_late_file;
static unsigned int spin_us;
static pid_t pid_a, pid_b;
static struct task_struct *task_a, *task_b;
static DECLARE_COMPLETION(a_go);
static DECLARE_COMPLETION(b_go);
static DECLARE_COMPLETION(a_done);
static DECLARE_COMPLETION(b_done);

/* Sleeps until @x is completed; kernel threads take no signal. */
static void wake_late_wait(struct completion *x)
{
	while (wait_for_completion_interruptible(x))
		;
}

static int wake_late_a(void *data)
{
	/* Off the CPU and off the runqueue until B wakes it. */
	wake_late_wait(&a_go);
	/* Not back into this module's text: it may be unloaded. */
	kthread_complete_and_exit(&a_done, 0);
}

static int wake_late_b(void *data)
{
	wake_late_wait(&b_go);
	/*
	 * A is bound to CPU 0 with B, below B, and only "prepare" woke it:
	 * while B runs, A is asleep (off the runqueue), or was preempted
	 * before it got there. Let it get to its sleep first.
	 */
	while (READ_ONCE(task_a->on_rq))
		schedule_timeout_interruptible(1);
	complete(&a_go);
	spin_both_clocks(spin_us);
	kthread_complete_and_exit(&b_done, 0);
}

/* Creates A and B for a spike of @us; under wake_late_mutex. */
static int wake_late_prepare(unsigned int us)
{
	struct task_struct *a, *b;

	if (task_a)
		return -EBUSY;
	b = kthread_create(wake_late_b, NULL, "wake_late_b");
	if (IS_ERR(b))
		return PTR_ERR(b);
	a = kthread_create(wake_late_a, NULL, "wake_late_a");
	if (IS_ERR(a)) {
		kthread_stop(b);
		return PTR_ERR(a);
	}
	kthread_bind(a, 0);
	kthread_bind(b, 0);
	sched_setattr_nocheck(a, &(struct sched_attr){
		.sched_policy = SCHED_FIFO, .sched_priority = 10 });
	sched_setattr_nocheck(b, &(struct sched_attr){
		.sched_policy = SCHED_FIFO, .sched_priority = 20 });
	/* The threads exit on their own; keep them until "go" is done. */
	get_task_struct(a);
	get_task_struct(b);
	reinit_completion(&a_go);
	reinit_completion(&b_go);
	reinit_completion(&a_done);
	reinit_completion(&b_done);
	spin_us = us;
	task_a = a;
	task_b = b;
	pid_a = a->pid;
	pid_b = b->pid;
	wake_up_process(b);
	wake_up_process(a);
	return 0;
}

/* Runs the spike prepared; under wake_late_mutex. */
static int wake_late_go(void)
{
	if (!task_a)
		return -EINVAL;
	complete(&b_go);
	wait_for_completion(&a_done);
	wait_for_completion(&b_done);
	put_task_struct(task_a);
	put_task_struct(task_b);
	task_a = NULL;
	task_b = NULL;
	return 0;
}

static ssize_t wake_late_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	char buf[16];
	unsigned int us;
	int ret;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';

	mutex_lock(&wake_late_mutex);
	if (sysfs_streq(buf, "go")) {
		ret = wake_late_go();
	} else {
		ret = kstrtouint(strim(buf), 10, &us);
		if (!ret && (!us || us > WAKE_LATE_MAX_US))
			ret = -EINVAL;
		if (!ret)
			ret = wake_late_prepare(us);
	}
	mutex_unlock(&wake_late_mutex);
	return ret ? ret : cnt;
}

static ssize_t wake_late_read(struct file *file, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	char buf[48];
	int len;

	mutex_lock(&wake_late_mutex);
	len = scnprintf(buf, sizeof(buf), "a %d b %d\n", pid_a, pid_b);
	mutex_unlock(&wake_late_mutex);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations wake_late_fops = {
	.owner	= THIS_MODULE,
	.write	= wake_late_write,
	.read	= wake_late_read,
	.llseek	= default_llseek,
};

static int __init wake_late_init(void)
{
	wake_late_file = debugfs_create_file("wake_late", 0600, NULL, NULL,
					     &wake_late_fops);
	return 0;
}

static void __exit wake_late_exit(void)
{
	/* No write runs after this; then let a spike never run finish. */
	debugfs_remove(wake_late_file);
	mutex_lock(&wake_late_mutex);
	if (task_a)
		wake_late_go();
	mutex_unlock(&wake_late_mutex);
}

module_init(wake_late_init);
module_exit(wake_late_exit);
MODULE_DESCRIPTION("A wakeup latency of known length");
MODULE_LICENSE("GPL");
