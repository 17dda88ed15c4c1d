/* dat-repeat.c - make bench's large trace.dat: a recorded file's CPU pages repeated, time shifted.
 */
/*
 * Usage: dat-repeat IN.dat NCPUS REPS OUT.dat
 * IN.dat: a version 6, uncompressed trace.dat (trace-cmd convert --file-version 6 --compression
 * none), little endian, 8-byte longs. Every CPU's pages are written REPS times; each repetition's
 * page timestamps are moved past the previous one's, so the events stay in order and the trees
 * repeat. Everything before the CPU data (headers, formats, kallsyms, options) is copied as is.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static void put64(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

int main(int argc, char **argv)
{
	FILE *in, *out;
	unsigned char *buf, *table;
	long len;
	int ncpus, reps;
	const size_t page = 4096;
	uint64_t lo = UINT64_MAX, hi = 0, shift, pos;

	if (argc != 5 || (ncpus = atoi(argv[2])) < 1 || (reps = atoi(argv[3])) < 1) {
		fprintf(stderr, "usage: dat-repeat IN.dat NCPUS REPS OUT.dat\n");
		return 2;
	}
	in = fopen(argv[1], "rb");
	if (!in || fseek(in, 0, SEEK_END) < 0 || (len = ftell(in)) < 0 ||
	    fseek(in, 0, SEEK_SET) < 0)
		return perror(argv[1]), 1;
	buf = malloc((size_t) len);
	if (!buf || fread(buf, 1, (size_t) len, in) != (size_t) len)
		return perror(argv[1]), 1;
	fclose(in);
	/* the last "flyrecord" before the data: then NCPUS (offset, size) pairs */
	table = NULL;
	for (unsigned char *p = buf; (p = memmem(p, (size_t) (buf + len - p), "flyrecord", 10));
	     p++)
		table = p + 10;
	if (!table || table + 16 * ncpus > buf + len) {
		fprintf(stderr, "dat-repeat: %s: no flyrecord section\n", argv[1]);
		return 1;
	}
	for (int c = 0; c < ncpus; c++) {
		uint64_t off = get64(table + 16 * c), size = get64(table + 16 * c + 8);

		if (off + size > (uint64_t) len || size % page) {
			fprintf(stderr, "dat-repeat: cpu%d: data out of the file\n", c);
			return 1;
		}
		for (uint64_t p = off; p < off + size; p += page) {
			uint64_t ts = get64(buf + p);

			if (ts < lo)
				lo = ts;
			if (ts > hi)
				hi = ts;
		}
	}
	/* past the last page's start by 10 ms: longer than any page's events run on */
	shift = hi - lo + 10000000;
	out = fopen(argv[4], "wb");
	if (!out)
		return perror(argv[4]), 1;
	pos = (uint64_t) (table - buf) + 16 * (uint64_t) ncpus;
	pos = (pos + page - 1) / page * page;
	{
		unsigned char *head = malloc(pos);
		uint64_t at = pos;

		memset(head, 0, pos);
		memcpy(head, buf, (size_t) (table - buf));
		for (int c = 0; c < ncpus; c++) {
			uint64_t size = get64(table + 16 * c + 8) * (uint64_t) reps;

			put64(head + (table - buf) + 16 * c, at);
			put64(head + (table - buf) + 16 * c + 8, size);
			at += size;
		}
		fwrite(head, 1, pos, out);
		free(head);
	}
	for (int c = 0; c < ncpus; c++) {
		uint64_t off = get64(table + 16 * c), size = get64(table + 16 * c + 8);

		for (int r = 0; r < reps; r++)
			for (uint64_t p = off; p < off + size; p += page) {
				unsigned char pg[4096];

				memcpy(pg, buf + p, page);
				put64(pg, get64(pg) + shift * (uint64_t) r);
				fwrite(pg, 1, page, out);
			}
	}
	if (fclose(out) != 0)
		return perror(argv[4]), 1;
	free(buf);
	return 0;
}
