/* test_input_raw.c - the binary decoder on 7.x layouts: args[], retval, fgraph_retaddr_entry. */
#include <stdlib.h>
#include <event-parse.h>
#include "check.h"
#include "collect.h"
#include "btfargs.h"
#include "input_raw.h"

static int parse_format(struct tep_handle *tep, const char *path)
{
	char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	return tep_parse_event(tep, buf, n, "ftrace") == 0 ? 0 : -1;
}

static struct tep_handle *tep_of(const char *const *formats)
{
	struct tep_handle *tep = tep_alloc();

	for (int i = 0; formats[i]; i++)
		CHECK(parse_format(tep, formats[i]) == 0);
	tep_set_long_size(tep, 8);
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, TEP_LITTLE_ENDIAN);
	tep_register_function(tep, "vfs_read", 0xffffffff81000000ULL, NULL);
	tep_register_function(tep, "rw_verify_area", 0xffffffff81001000ULL, NULL);
	tep_register_function(tep, "finish_task_switch.isra.0", 0xffffffff81002000ULL, NULL);
	return tep;
}

/* A record as the ring buffer holds it: little-endian fields at the format's offsets. */
struct rec {
	unsigned char b[128];
	int size;
};

static void put(struct rec *r, int off, int size, uint64_t v)
{
	for (int i = 0; i < size; i++)
		r->b[off + i] = (unsigned char) (v >> (8 * i));
	if (off + size > r->size)
		r->size = off + size;
}

static void header(struct rec *r, int type)
{
	memset(r, 0, sizeof(*r));
	put(r, 0, 2, (uint64_t) type);
	put(r, 4, 4, 77); /* pid */
}

static void feed(struct sg_raw_decoder *d, struct rec *r, uint64_t ts)
{
	struct tep_record rec = {0};

	rec.ts = ts;
	rec.cpu = 0;
	rec.data = r->b;
	rec.size = r->size;
	CHECK(sg_raw_decoder_record(d, &rec) == 0);
}

static const uint64_t args[6] = {0xff2ab15e822c3180ULL, 0x4a2de40, 0x40,
				 0xff82b96e005f3ba8ULL, 7,	   8};

/* 7.3 entry with args[], then a retaddr entry (6.13 or 6.19 form), then exits with retval. */
static void run(const char *const *formats, int retaddr_args)
{
	struct sg_strtab *st = sg_strtab_new();
	struct tep_handle *tep = tep_of(formats);
	struct sg_raw_decoder *d = sg_raw_decoder_new(tep, st, collect, NULL, 1);
	struct rec r;

	CHECK(d != NULL);
	if (!d)
		return;
	nev = 0;
	header(&r, 11); /* funcgraph_entry: func 8, depth 16 (8 bytes), args[] 24 */
	put(&r, 8, 8, 0xffffffff81000000ULL);
	put(&r, 16, 8, 0);
	for (int i = 0; i < 6; i++)
		put(&r, 24 + 8 * i, 8, args[i]);
	feed(d, &r, 1000);
	header(&r, 12);
	put(&r, 8, 8, 0xffffffff81001000ULL);
	if (retaddr_args) { /* 6.19 on: depth 8 bytes, args[0] the return address, then 6 */
		put(&r, 16, 8, 1);
		put(&r, 24, 8, 0xffffffff81000048ULL);
		for (int i = 0; i < 6; i++)
			put(&r, 32 + 8 * i, 8, args[5 - i]);
	} else { /* 6.13 to 6.18: depth 4 bytes, retaddr */
		put(&r, 16, 4, 1);
		put(&r, 20, 8, 0xffffffff81000048ULL);
	}
	feed(d, &r, 2000);
	/* exits: with retval (derived layout) the value sits before depth; -22 as an int in eax */
	for (int i = 0; i < 2; i++) {
		int with_retval = strstr(formats[1], "_retval") != NULL;

		header(&r, 10);
		put(&r, 8, 8, i ? 0xffffffff81000000ULL : 0xffffffff81001000ULL);
		int o = with_retval ? 24 : 16;

		if (with_retval)
			put(&r, 16, 8, i ? 0x40 : 0xffffffea);
		put(&r, o, 4, (uint64_t) (1 - i));
		put(&r, o + 4, 4, 0);
		put(&r, o + 8, 8, i ? 1000 : 2000);
		put(&r, o + 16, 8, i ? 5000 : 3000);
		feed(d, &r, i ? 5000 : 3000);
	}
	CHECK_U64(nev, 4);
	CHECK(evs[0].type == SG_EV_ENTRY && evs[1].type == SG_EV_ENTRY);
	CHECK_STR(evs[0].func, "vfs_read");
	CHECK_STR(evs[1].func, "rw_verify_area");
	CHECK_U64(evs[0].depth, 0);
	CHECK_U64(evs[1].depth, 1);
	CHECK_U64(evs[0].nargv, 6);
	for (int i = 0; i < 6; i++)
		CHECK_U64(evs[0].argv[i], args[i]);
	CHECK_U64(evs[1].nargv, retaddr_args ? 6 : 0);
	if (retaddr_args)
		CHECK_U64(evs[1].argv[0], args[5]);
	CHECK(evs[2].type == SG_EV_EXIT && evs[3].type == SG_EV_EXIT);
	CHECK_STR(evs[2].func, "rw_verify_area");
	CHECK_U64(evs[2].depth, 1);
	CHECK_U64(evs[2].dur, 1000);
	CHECK_U64(evs[3].dur, 4000);
	if (strstr(formats[1], "_retval")) {
		CHECK(evs[2].has_retval && evs[2].retval == -22);
		CHECK(evs[3].has_retval && evs[3].retval == 0x40);
	} else {
		CHECK(!evs[2].has_retval && !evs[3].has_retval);
	}
	sg_raw_decoder_free(d);
	tep_free(tep);
	sg_strtab_free(st);
}

/*
 * --args with BTF: the entry carries the kernel's text (the 7.3 capture's vfs_read line), its
 * raw line too; a clone the BTF lacks gets the kernel's `f()`, not six raw values.
 */
static void named(void)
{
	static const char *const formats[] = {"tests/data/linux-7.3/funcgraph_entry.format",
					      "tests/data/linux-7.3/funcgraph_exit.format", NULL};
	struct sg_strtab *st = sg_strtab_new();
	struct tep_handle *tep = tep_of(formats);
	struct sg_raw_decoder *d = sg_raw_decoder_new(tep, st, collect, NULL, 1);
	struct sg_btfargs *b = sg_btfargs_open("tests/data/linux-7.3/funcgraph-args.btf");
	struct rec r;

	CHECK(d && b);
	if (!d || !b)
		return;
	sg_raw_decoder_set_btf(d, b);
	nev = 0;
	header(&r, 11);
	put(&r, 8, 8, 0xffffffff81000000ULL);
	put(&r, 16, 8, 0);
	for (int i = 0; i < 6; i++)
		put(&r, 24 + 8 * i, 8, args[i]);
	feed(d, &r, 1000);
	CHECK_U64(nev, 1);
	CHECK_U64(evs[0].nargv, 0);
	CHECK_U64(evs[0].args_len, strlen(evs[0].args));
	CHECK_STR(evs[0].args,
		  "file=0xff2ab15e822c3180, buf=0x4a2de40, count=0x40, pos=0xff82b96e005f3ba8");
	CHECK(strstr(evs[0].line, "vfs_read(file=0xff2ab15e822c3180, buf=0x4a2de40, count=0x40, "
				  "pos=0xff82b96e005f3ba8) {") != NULL);
	put(&r, 8, 8, 0xffffffff81002000ULL);
	feed(d, &r, 2000);
	CHECK_U64(nev, 2);
	CHECK_U64(evs[1].nargv, 0);
	CHECK_U64(evs[1].args_len, 0);
	CHECK(strstr(evs[1].line, "finish_task_switch.isra.0() {") != NULL);
	sg_raw_decoder_free(d);
	sg_btfargs_free(b);
	tep_free(tep);
	sg_strtab_free(st);
}

/*
 * sg_raw_parse_kallsyms registers what tep_parse_kallsyms registers: every address of a
 * kallsyms text (and one past it) names the same function, or none, in both.
 */
static void kallsyms_same(void)
{
	static const char text[] =
	    "ffffffff81000000 T _stext\n"
	    "ffffffff81000010 T start_kernel\n"
	    "ffffffff81000020 t do_one_initcall.cold\n"
	    "0000000000001000 A fixed_percpu_data\n" /* absolute: left out by both */
	    "ffffffff81000030 a absolute_lower\n"
	    "ffffffff81000040 t $x\n" /* ARM's mapping symbol: left out */
	    "ffffffff81000050 W weak_fn\n"
	    "\n"
	    "ffffffffc0a00000 t ext4_fill_super\t[ext4]\n"
	    "ffffffffc0a00100 T nft_do_chain\t[nf_tables]\n"
	    "ffffffffc0a00200 t last_one";
	struct tep_handle *a = tep_alloc(), *b = tep_alloc();
	char *ta = strdup(text), *tb = strdup(text);
	int same = 1, named = 0;

	CHECK(a && b && ta && tb);
	CHECK(tep_parse_kallsyms(a, ta) == 0);
	CHECK(sg_raw_parse_kallsyms(b, tb, strlen(tb)) == 0);
	for (const char *s = text; *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : s + strlen(s)) {
		unsigned long long addr = strtoull(s, NULL, 16);

		for (int k = 0; k < 2; k++) {
			const char *x = tep_find_function(a, addr + k),
				   *y = tep_find_function(b, addr + k);

			named += x != NULL;
			if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0) ||
			    tep_find_function_address(a, addr + k) !=
				tep_find_function_address(b, addr + k))
				same = 0;
		}
	}
	CHECK(same);
	CHECK(named > 10);
	CHECK(strcmp(tep_find_function(b, 0xffffffffc0a00100ull), "nft_do_chain") == 0);
	/* a line without a name is refused, as libtraceevent refuses it */
	char bad[] = "ffffffff81000000 T\n";

	CHECK(sg_raw_parse_kallsyms(b, bad, strlen(bad)) < 0);
	free(ta);
	free(tb);
	tep_free(a);
	tep_free(b);
}

int main(void)
{
	kallsyms_same();
	static const char *const v613[] = {
	    "tests/data/linux-7.3/funcgraph_entry.format",
	    "tests/data/linux-7.3/derived/funcgraph_exit_retval.format",
	    "tests/data/linux-7.3/derived/fgraph_retaddr_entry-6.13.format", NULL};
	static const char *const v619[] = {
	    "tests/data/linux-7.3/funcgraph_entry.format",
	    "tests/data/linux-7.3/funcgraph_exit.format",
	    "tests/data/linux-7.3/derived/fgraph_retaddr_entry-6.19.format", NULL};

	run(v613, 0);
	run(v619, 1);
	named();
	return check_report("input_raw");
}
