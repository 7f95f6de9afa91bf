// SPDX-License-Identifier: GPL-2.0
/*
 * badwrite: write stdin to FILE in one write() at OFFSET (pwrite() when
 * it is not 0), and print "ok N" or "error ENAME" (the errno's name).
 * With -u UID, drop to that user and group first; with -r, only open
 * the file for reading and read it.
 *
 * usage: badwrite [-u UID] [-r] FILE [OFFSET] < payload
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int report(long n)
{
	if (n < 0) {
		printf("error %s\n", strerrorname_np(errno) ?: "?");
		return 1;
	}
	printf("ok %ld\n", n);
	return 0;
}

int main(int argc, char **argv)
{
	static char buf[1 << 16];
	int opt, fd, rd = 0;
	long uid = -1, off = 0;
	ssize_t n;

	while ((opt = getopt(argc, argv, "u:r")) != -1) {
		if (opt == 'u')
			uid = atol(optarg);
		else if (opt == 'r')
			rd = 1;
		else
			return 2;
	}
	if (optind >= argc)
		return 2;
	if (optind + 1 < argc)
		off = atol(argv[optind + 1]);
	if (uid >= 0 && (setgid(uid) || setuid(uid))) {
		perror("setuid");
		return 2;
	}
	fd = open(argv[optind], rd ? O_RDONLY : O_WRONLY);
	if (fd < 0)
		return report(-1);
	if (rd)
		return report(read(fd, buf, sizeof(buf)));
	n = read(0, buf, sizeof(buf));
	if (n < 0)
		return 2;
	return report(off ? pwrite(fd, buf, n, off) : write(fd, buf, n));
}
