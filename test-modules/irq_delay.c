// SPDX-License-Identifier: GPL-2.0
/*
 * irq_delay: interrupt handlers of known duration, for the irq tracer's
 * tests. Writing "tasklet USEC" to /sys/kernel/debug/irq_delay runs a
 * tasklet (irq_delay_tasklet_fn) that busy-waits USEC microseconds;
 * "timer USEC" arms a timer whose handler (in the TIMER softirq) does
 * the same. The write returns once the handler has run.
 *
 * "burst N" runs an empty tasklet N times from process context (each a
 * softirq raise, entry and exit and a tasklet entry and exit) and a
 * read returns "N ns": how long the burst took, for benchmarks.
 */
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/interrupt.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/timer.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#define IRQ_DELAY_MAX_US	20000

static unsigned int delay_us;
static DEFINE_MUTEX(irq_delay_mutex);
static DECLARE_COMPLETION(irq_delay_done);
static struct dentry *irq_delay_file;

/*
 * Busy-waits (this runs in softirq context) on the trace clock, which
 * the irq tracer measures with: udelay() is only as good as the boot's
 * calibration, and under TCG on a busy host a 1 ms udelay() was seen to
 * last 754 us.
 */
static void irq_delay_busy_wait(void)
{
	u64 end = trace_clock_local() + (u64)delay_us * NSEC_PER_USEC;

	while (trace_clock_local() < end)
		cpu_relax();
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

static void irq_delay_empty_fn(struct tasklet_struct *t)
{
}

static DECLARE_TASKLET(irq_delay_empty, irq_delay_empty_fn);
static unsigned int burst_count;
static u64 burst_ns;

static void irq_delay_burst(unsigned int n)
{
	unsigned int i;
	u64 t0;

	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		/* bh enable runs the pending TASKLET softirq right here */
		local_bh_disable();
		tasklet_schedule(&irq_delay_empty);
		local_bh_enable();
	}
	burst_ns = ktime_get_ns() - t0;
	burst_count = n;
}

static ssize_t irq_delay_read(struct file *file, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	char buf[48];
	int len;

	mutex_lock(&irq_delay_mutex);
	len = scnprintf(buf, sizeof(buf), "%u %llu\n", burst_count, burst_ns);
	mutex_unlock(&irq_delay_mutex);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

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
	if (sscanf(buf, "%15s %u", kind, &us) != 2)
		return -EINVAL;
	if (!strcmp(kind, "burst")) {
		if (!us || us > 10000000)
			return -EINVAL;
		mutex_lock(&irq_delay_mutex);
		irq_delay_burst(us);
		mutex_unlock(&irq_delay_mutex);
		return cnt;
	}
	if (us > IRQ_DELAY_MAX_US)
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
	.read	= irq_delay_read,
	.llseek	= default_llseek,
};

static int __init irq_delay_init(void)
{
	irq_delay_file = debugfs_create_file("irq_delay", 0600, NULL, NULL,
					     &irq_delay_fops);
	return 0;
}

static void __exit irq_delay_exit(void)
{
	debugfs_remove(irq_delay_file);
	del_timer_sync(&irq_delay_timer);
	tasklet_kill(&irq_delay_tasklet);
	tasklet_kill(&irq_delay_empty);
}

module_init(irq_delay_init);
module_exit(irq_delay_exit);
MODULE_DESCRIPTION("Interrupt handlers of known duration for the irq tracer tests");
MODULE_LICENSE("GPL");
