// SPDX-License-Identifier: GPL-2.0
/*
 * cgexec: run COMMAND born in a cgroup (v2), with clone3() and
 * CLONE_INTO_CGROUP, so that it is never woken nor run outside it, and
 * wait for it; cgexec itself stays where it is. Exits with the
 * command's status.
 *
 * Usage: cgexec CGROUP-DIR COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct clone_args args;
	int fd, status;
	long pid;

	if (argc < 3) {
		fprintf(stderr, "usage: cgexec CGROUP-DIR COMMAND [ARGS...]\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	memset(&args, 0, sizeof(args));
	args.flags = CLONE_INTO_CGROUP;
	args.exit_signal = SIGCHLD;
	args.cgroup = fd;
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid < 0) {
		perror("clone3");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return 1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
