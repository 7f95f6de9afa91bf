// SPDX-License-Identifier: GPL-2.0
/*
 * hugetlb-helper: map NPAGES huge pages of a hugetlbfs FILE, touch each,
 * wait for a line on stdin, then unmap, close and unlink.
 *
 * Usage: hugetlb-helper FILE NPAGES [noreserve] [private] [touch=K]
 * noreserve maps with MAP_NORESERVE, private with MAP_PRIVATE instead of
 * MAP_SHARED; touch=K touches only the first K pages.
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
static long i, n, touch;

static void on_sigbus(int sig)
{
	siglongjmp(jump, 1);
}

int main(int argc, char **argv)
{
	int flags = MAP_SHARED, noreserve = 0, fd, a;
	char line[16];
	char *p;

	n = argc > 2 ? atol(argv[2]) : 0;
	touch = n;
	for (a = 3; a < argc; a++) {
		if (!strcmp(argv[a], "noreserve"))
			noreserve = MAP_NORESERVE;
		else if (!strcmp(argv[a], "private"))
			flags = MAP_PRIVATE;
		else if (!strncmp(argv[a], "touch=", 6))
			touch = atol(argv[a] + 6);
		else
			n = 0;
	}
	if (n <= 0 || touch < 0 || touch > n) {
		fprintf(stderr, "usage: hugetlb-helper FILE NPAGES [noreserve] [private] [touch=K]\n");
		return 2;
	}
	flags |= noreserve;
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
	for (i = 0; i < touch; i++) {
		if (sigsetjmp(jump, 1)) {
			sigbus++;
			continue;
		}
		p[i * HPAGE] = 1;
	}
	/* What did not fault was touched. */
	printf("touched=%ld sigbus=%d\n", touch - sigbus, sigbus);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	munmap(p, n * HPAGE);
	close(fd);
	unlink(argv[1]);
	printf("released\n");
	return 0;
}
