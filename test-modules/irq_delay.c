// SPDX-License-Identifier: GPL-2.0
/*
 * irq_delay: interrupt handlers of known duration, for the irq tracer's
 * tests. Writing "tasklet USEC" to /sys/kernel/debug/irq_delay runs a
 * tasklet (irq_delay_tasklet_fn) that busy-waits USEC microseconds;
 * "timer USEC" arms a timer whose handler (in the TIMER softirq) does
 * the same. The write returns once the handler has run.
 */
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/timer.h>
#include <linux/uaccess.h>

#define IRQ_DELAY_MAX_US	20000

static unsigned int delay_us;
static DEFINE_MUTEX(irq_delay_mutex);
static DECLARE_COMPLETION(irq_delay_done);
static struct dentry *irq_delay_file;

static void irq_delay_busy_wait(void)
{
	/* Busy-waits: this runs in softirq context. */
	mdelay(delay_us / 1000);
	udelay(delay_us % 1000);
	complete(&irq_delay_done);
}

static void irq_delay_tasklet_fn(struct tasklet_struct *t)
{
	irq_delay_busy_wait();
}

static DECLARE_TASKLET(irq_delay_tasklet, irq_delay_tasklet_fn);

static void irq_delay_timer_fn(struct timer_list *t)
{
	irq_delay_busy_wait();
}

static DEFINE_TIMER(irq_delay_timer, irq_delay_timer_fn);

static ssize_t irq_delay_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	char buf[32], kind[16];
	unsigned int us;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	if (sscanf(buf, "%15s %u", kind, &us) != 2 || us > IRQ_DELAY_MAX_US)
		return -EINVAL;

	mutex_lock(&irq_delay_mutex);
	delay_us = us;
	reinit_completion(&irq_delay_done);
	if (!strcmp(kind, "tasklet")) {
		tasklet_schedule(&irq_delay_tasklet);
	} else if (!strcmp(kind, "timer")) {
		mod_timer(&irq_delay_timer, jiffies + 1);
	} else {
		mutex_unlock(&irq_delay_mutex);
		return -EINVAL;
	}
	wait_for_completion(&irq_delay_done);
	mutex_unlock(&irq_delay_mutex);
	return cnt;
}

static const struct file_operations irq_delay_fops = {
	.write	= irq_delay_write,
	.llseek	= noop_llseek,
};

static int __init irq_delay_init(void)
{
	irq_delay_file = debugfs_create_file("irq_delay", 0200, NULL, NULL,
					     &irq_delay_fops);
	return 0;
}

static void __exit irq_delay_exit(void)
{
	debugfs_remove(irq_delay_file);
	del_timer_sync(&irq_delay_timer);
	tasklet_kill(&irq_delay_tasklet);
}

module_init(irq_delay_init);
module_exit(irq_delay_exit);
MODULE_DESCRIPTION("Interrupt handlers of known duration for the irq tracer tests");
MODULE_LICENSE("GPL");
