/* Writes a trace.dat (version 6) with entries of each type, and the kernel's lines. */
#define main test_main
#include "test.c"
#undef main

static FILE *out;
static void w(const void *p, size_t n) { fwrite(p, 1, n, out); }
static void w4(unsigned int v) { w(&v, 4); }
static void w8(unsigned long long v) { w(&v, 8); }
static void wstr(const char *s) { w(s, strlen(s) + 1); }

int main(void)
{
	static const char header_page[] =
		"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";
	static const char header_event[] =
		"# compressed entry header\n\ttype_len    :    5 bits\n\ttime_delta  :   27 bits\n"
		"\tarray       :   32 bits\n\n\tpadding     : type == 29\n\ttime_extend : type == 30\n"
		"\ttime_stamp : type == 31\n\tdata max type_len  == 28\n";
	unsigned char page[4096] = { 0 }, ebuf[512];
	char kout[1024], ksyms[4096] = "", cmdl[1024] = "";
	size_t len = 16, pos;
	unsigned long long ts = 1000000000ULL;
	int i, r;

	out = fopen("test.dat", "w");
	w("\027\010\104tracing", 10);
	wstr("6");
	w("\0", 1);			/* little endian */
	w("\010", 1);			/* long size */
	w4(4096);
	wstr("header_page"); w8(sizeof(header_page) - 1); w(header_page, sizeof(header_page) - 1);
	wstr("header_event"); w8(sizeof(header_event) - 1); w(header_event, sizeof(header_event) - 1);
	w4(NR_EVS);
	for (i = 0; i < NR_EVS; i++) {
		struct fbuf f = { .len = 0 };
		evs[i].fmt(&f);
		w8(f.len); w(f.b, f.len);
	}
	w4(0);				/* no event systems */
	for (i = 0; i < test_nr_syms; i++) {
		char l[128];
		snprintf(l, sizeof(l), "%llx T %s%s%s%s\n", test_syms[i].addr, test_syms[i].name,
			 test_syms[i].mod ? "\t[" : "", test_syms[i].mod ? test_syms[i].mod : "",
			 test_syms[i].mod ? "]" : "");
		strcat(ksyms, l);
	}
	w4(strlen(ksyms)); w(ksyms, strlen(ksyms));
	w4(0);				/* printk formats */
	for (i = 0; i < test_nr_comms; i++) {
		char l[64];
		snprintf(l, sizeof(l), "%d %s\n", test_comms[i].pid, test_comms[i].comm);
		strcat(cmdl, l);
	}
	w8(strlen(cmdl)); w(cmdl, strlen(cmdl));
	w4(1);				/* cpus */
	w("options  ", 10);
	w("\0\0", 2);			/* TRACECMD_OPTION_DONE */
	wstr("flyrecord");
	pos = ftell(out) + 16;
	pos = (pos + 4095) & ~4095UL;
	w8(pos); w8(4096);
	while ((size_t)ftell(out) < pos)
		w("\0", 1);

	memcpy(page, &ts, 8);
	srandom(2);
	mod_syms = 0;
	for (r = 0; r < 2; r++)
		for (i = 0; i < NR_EVS; i++) {
			unsigned int hdr, words = (evs[i].size + 3) / 4;

			fill(&evs[i], ebuf);
			kernel_print((struct trace_entry *)ebuf, kout, sizeof(kout));
			printf("%s:%s\n", evs[i].name, kout);
			hdr = words | (1000u << 5);	/* type_len = words, delta 1 us */
			memcpy(page + len, &hdr, 4);
			memcpy(page + len + 4, ebuf, evs[i].size);
			len += 4 + words * 4;
		}
	len -= 16;
	memcpy(page + 8, &len, 8);
	w(page, 4096);
	fclose(out);
	return 0;
}
