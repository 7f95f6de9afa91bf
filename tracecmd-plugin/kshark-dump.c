// SPDX-License-Identifier: GPL-2.0
/*
 * kshark-dump: load a trace.dat the way KernelShark 2.2 does, through
 * libkshark (kshark_open() and kshark_load_entries(), the calls its GUI
 * makes), and print every entry it loaded, merged by time, as
 *
 *	COMM-PID [CPU] SECS.USECS: EVENT: INFO
 *
 * which is the form trace-cmd report prints, so that a guest test can
 * compare it with the trace file. INFO is what KernelShark shows in its
 * "Info" column: libtraceevent's print of the entry, through the plugins
 * that trace-cmd loads (ours among them).
 *
 * Exit status: 0 when the file loaded, 1 when libkshark refused it or
 * loaded no entry, 2 on a usage error. A "missed_events" entry (lost
 * events) is printed as such and counted in the summary on stderr.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kernelshark/libkshark.h>

int main(int argc, char **argv)
{
	struct kshark_context *ctx = NULL;
	struct kshark_entry **rows = NULL;
	ssize_t n, i, missed = 0;
	int sd;

	if (argc != 2) {
		fprintf(stderr, "usage: %s FILE.dat\n", argv[0]);
		return 2;
	}
	if (!kshark_instance(&ctx)) {
		fprintf(stderr, "kshark-dump: no libkshark session\n");
		return 1;
	}
	sd = kshark_open(ctx, argv[1]);
	if (sd < 0) {
		fprintf(stderr, "kshark-dump: %s: kshark_open: %s\n", argv[1],
			strerror(-sd));
		kshark_free(ctx);
		return 1;
	}
	n = kshark_load_entries(ctx, sd, &rows);
	if (n <= 0) {
		fprintf(stderr, "kshark-dump: %s: no entry loaded (%zd)\n",
			argv[1], n);
		kshark_free(ctx);
		return 1;
	}
	for (i = 0; i < n; i++) {
		struct kshark_entry *e = rows[i];
		char *task = kshark_get_task(e);
		char *event = kshark_get_event_name(e);
		char *info = kshark_get_info(e);
		const char *name = event ? event : "?";
		const char *slash = strchr(name, '/');

		/* microseconds rounded to the nearest, as libtraceevent does */
		int64_t us = (e->ts + 500) / 1000;

		if (e->event_id < 0)
			missed++;
		/* "ftrace/context_switch": the report prints the name only */
		printf("%16s-%-7d [%03d] %" PRId64 ".%06" PRId64 ": %s: %s\n",
		       task ? task : "<...>", kshark_get_pid(e), e->cpu,
		       us / 1000000, us % 1000000,
		       slash ? slash + 1 : name, info ? info : "");
		free(task);
		free(event);
		free(info);
		free(e);
	}
	free(rows);
	fprintf(stderr, "kshark-dump: %s: %zd entries loaded, %zd missed-events markers\n",
		argv[1], n, missed);
	kshark_close(ctx, sd);
	kshark_free(ctx);
	return 0;
}
