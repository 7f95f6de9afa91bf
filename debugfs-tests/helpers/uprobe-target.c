// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe-target: calls a function a known number of times, for a uprobe
 * event placed on it.
 *
 *   uprobe-target offset   prints the offset of uprobe_target_hit() in
 *                          this file, as uprobe_events wants it
 *   uprobe-target N        calls uprobe_target_hit(i) for i = 0 .. N-1,
 *                          then prints "calls=N sum=S pid=P"
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* A real call per iteration: not inlined, and the argument is used. */
__attribute__((noinline)) void uprobe_target_hit(unsigned long i)
{
	asm volatile("" : : "r"(i) : "memory");
}

/* The file offset of @addr: its mapping in /proc/self/maps. */
static long file_offset(unsigned long addr)
{
	unsigned long start, end, off;
	char line[512], perms[8];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %7s %lx", &start, &end, perms, &off) != 4)
			continue;
		if (addr >= start && addr < end) {
			fclose(f);
			return addr - start + off;
		}
	}
	fclose(f);
	return -1;
}

int main(int argc, char **argv)
{
	unsigned long i, n, sum = 0;
	char *end;

	if (argc == 2 && argv[1][0] == 'o') {
		long off = file_offset((unsigned long)uprobe_target_hit);

		if (off < 0)
			return 1;
		printf("0x%lx\n", off);
		return 0;
	}
	if (argc != 2)
		return 2;
	n = strtoul(argv[1], &end, 0);
	if (*end)
		return 2;
	for (i = 0; i < n; i++) {
		uprobe_target_hit(i);
		sum += i;
	}
	/*
	 * Leave the CPU once while a recorder still runs: a switch out at
	 * exit comes after the parent was told of the exit, and trace-cmd
	 * may have stopped recording by then.
	 */
	usleep(10000);
	printf("calls=%lu sum=%lu pid=%d\n", n, sum, (int)getpid());
	return 0;
}
