// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: two processes pass a byte back and forth over two pipes, so
 * that each blocks in read() and wakes the other, ROUNDS times.
 * Prints "parent=PID child=PID" on stdout before the first round, and
 * "rounds=N ns=T" after the last, T being the wall time of the rounds.
 *
 * Usage: pingpong [ROUNDS]   (default 100)
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
#include <time.h>

static void xfer(int in, int out, char *c, int first)
{
	if (!first && read(in, c, 1) != 1) {
		perror("read");
		exit(1);
	}
	if (out >= 0 && write(out, c, 1) != 1) {
		perror("write");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 100;
	int ping[2], pong[2], status, i;
	struct timespec t0, t1;
	pid_t child;
	char c = 'x';

	if (rounds <= 0 || pipe(ping) || pipe(pong)) {
		fprintf(stderr, "usage: pingpong [ROUNDS > 0]\n");
		return 2;
	}
	child = fork();
	if (child < 0) {
		perror("fork");
		return 1;
	}
	if (child == 0) {
		for (i = 0; i < rounds; i++)
			xfer(ping[0], pong[1], &c, 0);
		return 0;
	}
	printf("parent=%d child=%d\n", getpid(), child);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < rounds; i++) {
		xfer(-1, ping[1], &c, 1);
		xfer(pong[0], -1, &c, 0);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return 1;
	printf("rounds=%d ns=%lld\n", rounds,
	       (t1.tv_sec - t0.tv_sec) * 1000000000LL + t1.tv_nsec - t0.tv_nsec);
	return 0;
}
