// SPDX-License-Identifier: GPL-2.0
/*
 * hugetlb-helper: map NPAGES huge pages of a hugetlbfs FILE, touch each,
 * wait for a line on stdin, then unmap, close and unlink.
 *
 * Usage: hugetlb-helper FILE NPAGES [noreserve]
 * Prints "mapped", then "touched=N sigbus=M" (a touch that gets SIGBUS
 * had no huge page), then "released". Exits 3 when mmap fails, printing
 * "mmap-failed errno=E".
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define HPAGE	(2UL << 20)

static sigjmp_buf jump;
/* Not locals: siglongjmp() may restore the registers that hold those. */
static int sigbus;
static long i;

static void on_sigbus(int sig)
{
	siglongjmp(jump, 1);
}

int main(int argc, char **argv)
{
	int flags = MAP_SHARED, fd;
	char line[16];
	long n = argc > 2 ? atol(argv[2]) : 0;
	char *p;

	if (n <= 0) {
		fprintf(stderr, "usage: hugetlb-helper FILE NPAGES [noreserve]\n");
		return 2;
	}
	if (argc > 3 && !strcmp(argv[3], "noreserve"))
		flags |= MAP_NORESERVE;
	fd = open(argv[1], O_CREAT | O_RDWR, 0600);
	if (fd < 0) {
		perror("open");
		return 1;
	}
	p = mmap(NULL, n * HPAGE, PROT_READ | PROT_WRITE, flags, fd, 0);
	if (p == MAP_FAILED) {
		printf("mmap-failed errno=%d\n", errno);
		close(fd);
		unlink(argv[1]);
		return 3;
	}
	printf("mapped\n");
	fflush(stdout);
	signal(SIGBUS, on_sigbus);
	for (i = 0; i < n; i++) {
		if (sigsetjmp(jump, 1)) {
			sigbus++;
			continue;
		}
		p[i * HPAGE] = 1;
	}
	/* What did not fault was touched. */
	printf("touched=%ld sigbus=%d\n", n - sigbus, sigbus);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	munmap(p, n * HPAGE);
	close(fd);
	unlink(argv[1]);
	printf("released\n");
	return 0;
}
