// SPDX-License-Identifier: GPL-2.0
/*
 * dlsleep N: become a SCHED_DEADLINE task (runtime 2 ms, deadline and
 * period 10 ms) and sleep 1 ms N times, so that a deadline task is woken
 * N times; prints its pid, and at the end how many of the sleeps
 * blocked (a voluntary context switch): on a slow or loaded host the
 * 1 ms timer may fire before the task gets to schedule(), and the task
 * is woken while still on its CPU. util-linux chrt can set the policy,
 * but a shell loop forks, and a deadline task may not fork.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

struct dl_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

int main(int argc, char **argv)
{
	struct timespec ms = { 0, 1000000 };
	struct dl_attr attr;
	long i, n, blocked = 0;

	if (argc != 2 || (n = atol(argv[1])) <= 0) {
		fprintf(stderr, "usage: dlsleep N\n");
		return 2;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_runtime = 2000000;
	attr.sched_deadline = 10000000;
	attr.sched_period = 10000000;
	if (syscall(SYS_sched_setattr, 0, &attr, 0)) {
		fprintf(stderr, "sched_setattr: %s\n", strerror(errno));
		return 1;
	}
	printf("pid=%d\n", getpid());
	fflush(stdout);
	for (i = 0; i < n; i++) {
		struct rusage before, after;

		getrusage(RUSAGE_SELF, &before);
		nanosleep(&ms, NULL);
		getrusage(RUSAGE_SELF, &after);
		blocked += after.ru_nvcsw > before.ru_nvcsw;
	}
	printf("blocked=%ld\n", blocked);
	return 0;
}
