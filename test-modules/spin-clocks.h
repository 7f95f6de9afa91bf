/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The busy-wait of the wake_* test modules, shared: @us on both trace
 * clocks, which run apart under TCG, so that it is long enough on
 * whichever clock the trace uses.
 */
#ifndef _TEST_MODULES_SPIN_CLOCKS_H
#define _TEST_MODULES_SPIN_CLOCKS_H

#include <linux/processor.h>
#include <linux/time64.h>
#include <linux/trace_clock.h>

static inline void spin_both_clocks(unsigned int us)
{
	u64 end = trace_clock_local() + (u64)us * NSEC_PER_USEC;
	u64 gend = trace_clock_global() + (u64)us * NSEC_PER_USEC;

	while (trace_clock_local() < end || trace_clock_global() < gend)
		cpu_relax();
}

#endif
