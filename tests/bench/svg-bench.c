/* svg-bench.c - times the flame graph renderer alone: layout and SVG of a loaded .tree. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include "aggregate.h"
#include "flame.h"
#include "log.h"
#include "strtab.h"
#include "svg.h"
#include "treefile.h"
#include "treeread.h"

/* CPU time: the machine is shared, and this is what rendering costs whatever else runs */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* usage: svg-bench FILE.tree WIDTH OUT.svg; prints "CPU-SECONDS FRAMES BYTES", best of 5 */
int main(int argc, char **argv)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_aggregate *agg;
	struct sg_flame_opts o;
	struct sg_flame_caption cap = {.title = "bench"};
	double best = 1e9;
	size_t drawn = 0;
	struct stat sb;
	FILE *in;

	if (argc != 4) {
		fprintf(stderr, "usage: svg-bench FILE.tree WIDTH OUT.svg\n");
		return 2;
	}
	in = fopen(argv[1], "r");
	if (!st || !in || !(agg = sg_treeread_file(in, argv[1], st))) {
		fprintf(stderr, "svg-bench: %s: %s\n", argv[1],
			in ? sg_log_message() : "cannot open");
		return 1;
	}
	fclose(in);
	sg_flame_opts_init(&o);
	o.width = atoi(argv[2]);
	o.has_time = agg->has_time;
	for (int round = 0; round < 5; round++) {
		double t0 = now();
		struct sg_flame *f = sg_flame_layout(sg_tree_top(agg->merged), &o);
		FILE *out = fopen(argv[3], "w");

		if (!f || !out || sg_svg_write(out, f, &cap, &o, &drawn) < 0 || fclose(out) != 0) {
			fprintf(stderr, "svg-bench: %s\n", sg_log_message());
			return 1;
		}
		sg_flame_free(f);
		if (now() - t0 < best)
			best = now() - t0;
	}
	if (stat(argv[3], &sb) < 0)
		return 1;
	printf("%.4f %zu %lld\n", best, drawn, (long long) sb.st_size);
	sg_aggregate_free(agg);
	sg_strtab_free(st);
	return 0;
}
