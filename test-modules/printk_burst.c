// SPDX-License-Identifier: GPL-2.0
/*
 * printk_burst: printk() calls from known places, for the tests of the
 * printk:printk_caller event and for the benchmark of its cost while it
 * is off.
 *
 * Writing "N TAG" to /sys/kernel/debug/printk_burst makes N printk()
 * calls, numbered 1 to N, with the text "printk_burst: TAG I of N".
 * Call I (from 1) is made from one of five functions in turn, by I % 5:
 *
 *   0: burst_notice(), KERN_NOTICE (5)
 *   1: burst_info(), KERN_INFO (6)
 *   2: burst_debug(), KERN_DEBUG (7)
 *   3: burst_default(), no level (the default_message_loglevel of the
 *      moment)
 *   4: burst_arg(), KERN_INFO given as an argument, "%s" (6, as
 *      vprintk_store() reads it from the formatted text)
 *
 * A read returns "calls C ns T bytes B": the printk() calls made by the
 * last write, how long they took (ns, local_clock()), for benchmarks,
 * and the bytes that printk() said it stored.
 */
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>

#define PRINTK_BURST_MAX	1000000

static DEFINE_MUTEX(burst_mutex);
static struct dentry *burst_file;
static unsigned int last_calls;
static u64 last_ns, last_bytes;

/*
 * One function per place, each using printk()'s return value: the
 * compiler neither merges the five calls into one nor makes one a tail
 * call, which would name this function's caller as the caller.
 */
static noinline int burst_notice(unsigned int tag, unsigned int i,
				 unsigned int n)
{
	int r = printk(KERN_NOTICE "printk_burst: %u %u of %u\n", tag, i, n);

	return r > 0 ? r : 0;
}

static noinline int burst_info(unsigned int tag, unsigned int i,
			       unsigned int n)
{
	int r = printk(KERN_INFO "printk_burst: %u %u of %u\n", tag, i, n);

	return r > 0 ? r : 0;
}

static noinline int burst_debug(unsigned int tag, unsigned int i,
				unsigned int n)
{
	int r = printk(KERN_DEBUG "printk_burst: %u %u of %u\n", tag, i, n);

	return r > 0 ? r : 0;
}

static noinline int burst_default(unsigned int tag, unsigned int i,
				  unsigned int n)
{
	/* no level on purpose: the default level */
	int r = printk("printk_burst: %u %u of %u\n", tag, i, n);

	return r > 0 ? r : 0;
}

static noinline int burst_arg(unsigned int tag, unsigned int i,
			      unsigned int n)
{
	int r = printk("%sprintk_burst: %u %u of %u\n", KERN_INFO, tag, i, n);

	return r > 0 ? r : 0;
}

static u64 burst_printk(unsigned int tag, unsigned int n)
{
	static int (* const place[5])(unsigned int, unsigned int,
				      unsigned int) = {
		burst_notice, burst_info, burst_debug, burst_default, burst_arg,
	};
	unsigned int i;
	u64 bytes = 0;

	for (i = 1; i <= n; i++) {
		bytes += place[i % 5](tag, i, n);
		cond_resched();
	}
	return bytes;
}

static ssize_t burst_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	unsigned int n, tag;
	char buf[32];
	u64 t0;

	if (cnt >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	if (sscanf(buf, "%u %u", &n, &tag) != 2 || !n || n > PRINTK_BURST_MAX)
		return -EINVAL;

	mutex_lock(&burst_mutex);
	t0 = local_clock();
	last_bytes = burst_printk(tag, n);
	last_ns = local_clock() - t0;
	last_calls = n;
	mutex_unlock(&burst_mutex);

	return cnt;
}

static int burst_show(struct seq_file *m, void *v)
{
	mutex_lock(&burst_mutex);
	seq_printf(m, "calls %u ns %llu bytes %llu\n", last_calls, last_ns,
		   last_bytes);
	mutex_unlock(&burst_mutex);
	return 0;
}

static int burst_open(struct inode *inode, struct file *file)
{
	return single_open(file, burst_show, NULL);
}

static const struct file_operations burst_fops = {
	.open		= burst_open,
	.read		= seq_read,
	.write		= burst_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

static int __init burst_init(void)
{
	burst_file = debugfs_create_file("printk_burst", 0600, NULL, NULL,
					 &burst_fops);
	return 0;
}

static void __exit burst_exit(void)
{
	debugfs_remove(burst_file);
}

module_init(burst_init);
module_exit(burst_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("printk() calls from known places");
