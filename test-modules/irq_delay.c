// SPDX-License-Identifier: GPL-2.0
/*
 * irq_delay: interrupt handlers of known duration, for the irq tracer's
 * tests. Writing "tasklet USEC" to /sys/kernel/debug/irq_delay runs a
 * tasklet (irq_delay_tasklet_fn) that busy-waits USEC microseconds;
 * "timer USEC" arms a timer whose handler (in the TIMER softirq) does
 * the same. The write returns once the handler has returned and its
 * exit was traced (tasklet_unlock_wait(), del_timer_sync()): a test that
 * sets tracing_on to 0 right after the write, on another CPU, must not
 * lose the handler's entry.
 *
 * "nested USEC HUSEC" runs a tasklet that busy-waits USEC/2, then runs
 * the handler of a hardirq line of its own (irq_delay_hard, allocated
 * at load time: a line that the irq tracer first sees after it started)
 * that busy-waits HUSEC, then busy-waits USEC/2 again: a known hardirq
 * nested in a known tasklet. The hardirq is raised the way a chained
 * interrupt controller demultiplexes one, with generic_handle_irq()
 * under local_irq_save(), so it passes the irq_handler_entry/exit
 * tracepoints like any other.
 *
 * "burst N" runs an empty tasklet N times from process context (each a
 * softirq raise, entry and exit and a tasklet entry and exit) and a
 * read returns "N ns": how long the burst took, for benchmarks.
 *
 * /sys/kernel/debug/irq_delay_last reads "irq I tasklet T hard H": the
 * irq number of irq_delay_hard, and the busy-wait times (ns, on the
 * trace clock) of the last tasklet or timer handler and of its nested
 * hardirq handler, measured inside the handlers: the irq tracer's
 * figures must be at least these, and not much more.
 */
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/timer.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#define IRQ_DELAY_MAX_US	20000

static unsigned int delay_us, hard_us;
static bool nested;
static DEFINE_MUTEX(irq_delay_mutex);
static DECLARE_COMPLETION(irq_delay_done);
static struct dentry *irq_delay_file, *irq_delay_last_file;
static int hard_irq = -1;
static u64 last_ns, last_hard_ns;

/*
 * Busy-waits @us on the trace clock, which the irq tracer measures with:
 * udelay() is only as good as the boot's calibration, and under TCG on
 * a busy host a 1 ms udelay() was seen to last 754 us. Returns the time
 * it took, on that clock.
 */
static bool global_clock = true;
module_param(global_clock, bool, 0600);
MODULE_PARM_DESC(global_clock, "busy-wait on trace_clock_global (Y) or trace_clock_local (N): the buffer's clock");

/*
 * The trace clock the tests have selected: under TCG, whose TSC is
 * unstable, trace_clock_global() (sched_clock_cpu()) and
 * trace_clock_local() (raw sched_clock()) run at different rates.
 */
static u64 irq_delay_now(void)
{
	return READ_ONCE(global_clock) ? trace_clock_global() : trace_clock_local();
}

static u64 irq_delay_spin(unsigned int us)
{
	u64 start = irq_delay_now(), end = start + (u64)us * NSEC_PER_USEC;
	u64 now;

	do {
		cpu_relax();
		now = irq_delay_now();
	} while (now < end);
	return now - start;
}

static irqreturn_t irq_delay_hard_fn(int irq, void *dev_id)
{
	last_hard_ns = irq_delay_spin(hard_us);
	return IRQ_HANDLED;
}

static void irq_delay_busy_wait(void)
{
	unsigned long flags;
	u64 start = irq_delay_now();

	last_hard_ns = 0;
	if (nested) {
		irq_delay_spin(delay_us / 2);
		local_irq_save(flags);
		generic_handle_irq(hard_irq);
		local_irq_restore(flags);
		irq_delay_spin(delay_us - delay_us / 2);
	} else {
		irq_delay_spin(delay_us);
	}
	last_ns = irq_delay_now() - start;
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
	char buf[48], kind[16];
	unsigned int us, hus = 0;
	bool tasklet;
	int n;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	n = sscanf(buf, "%15s %u %u", kind, &us, &hus);
	/* "nested" takes two numbers, the others one */
	if (n != (strcmp(kind, "nested") ? 2 : 3))
		return -EINVAL;
	if (hus > IRQ_DELAY_MAX_US || (n == 3 && hard_irq < 0))
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
	hard_us = hus;
	nested = n == 3;
	reinit_completion(&irq_delay_done);
	tasklet = !strcmp(kind, "tasklet") || nested;
	if (tasklet) {
		tasklet_schedule(&irq_delay_tasklet);
	} else if (!strcmp(kind, "timer")) {
		mod_timer(&irq_delay_timer, jiffies + 1);
	} else {
		mutex_unlock(&irq_delay_mutex);
		return -EINVAL;
	}
	wait_for_completion(&irq_delay_done);
	/*
	 * The handler completed us before it returned: wait for the rest,
	 * the tasklet_exit tracepoint included (traced before the tasklet
	 * is unlocked), or the timer callback's return.
	 */
	if (tasklet)
		tasklet_unlock_wait(&irq_delay_tasklet);
	else
		del_timer_sync(&irq_delay_timer);
	mutex_unlock(&irq_delay_mutex);
	return cnt;
}

static const struct file_operations irq_delay_fops = {
	.write	= irq_delay_write,
	.read	= irq_delay_read,
	.llseek	= default_llseek,
};

static int irq_delay_last_show(struct seq_file *m, void *v)
{
	mutex_lock(&irq_delay_mutex);
	seq_printf(m, "irq %d tasklet %llu hard %llu\n", hard_irq, last_ns,
		   last_hard_ns);
	mutex_unlock(&irq_delay_mutex);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(irq_delay_last);

/* A hardirq line of our own, handled by irq_delay_hard_fn. */
static int irq_delay_hard_init(void)
{
	int irq, ret;

	/*
	 * No owner: irq_alloc_desc() would make this module the owner,
	 * and request_irq() take a reference on it that only free_irq() in
	 * the exit function drops, so that rmmod could never run that.
	 */
	irq = __irq_alloc_descs(-1, 0, 1, NUMA_NO_NODE, NULL, NULL);
	if (irq < 0)
		return irq;
	irq_set_chip_and_handler(irq, &dummy_irq_chip, handle_simple_irq);
	irq_modify_status(irq, IRQ_NOREQUEST | IRQ_NOAUTOEN, IRQ_NOPROBE);
	ret = request_irq(irq, irq_delay_hard_fn, 0, "irq_delay_hard", NULL);
	if (ret) {
		irq_free_desc(irq);
		return ret;
	}
	hard_irq = irq;
	return 0;
}

static int __init irq_delay_init(void)
{
	int ret = irq_delay_hard_init();

	if (ret)
		pr_warn("irq_delay: no hardirq line (%d): no \"nested\"\n", ret);
	irq_delay_file = debugfs_create_file("irq_delay", 0600, NULL, NULL,
					     &irq_delay_fops);
	irq_delay_last_file = debugfs_create_file("irq_delay_last", 0400, NULL,
						  NULL, &irq_delay_last_fops);
	return 0;
}

static void __exit irq_delay_exit(void)
{
	debugfs_remove(irq_delay_file);
	debugfs_remove(irq_delay_last_file);
	if (hard_irq >= 0) {
		free_irq(hard_irq, NULL);
		irq_free_desc(hard_irq);
	}
	del_timer_sync(&irq_delay_timer);
	tasklet_kill(&irq_delay_tasklet);
	tasklet_kill(&irq_delay_empty);
}

module_init(irq_delay_init);
module_exit(irq_delay_exit);
MODULE_DESCRIPTION("Interrupt handlers of known duration for the irq tracer tests");
MODULE_LICENSE("GPL");
