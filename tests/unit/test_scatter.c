/* test_scatter.c - the scatter's dots: every invocation up to the bound, then thinned by a doubling
 * stride. */
#include <stdlib.h>
#include "check.h"
#include "scatter.h"

/* Offer invocations from..to (seq), each started 1 us after the last, lasting seq ns. */
static void offer(struct sg_scatter *sc, struct sg_invocation *inv, uint64_t from, uint64_t to)
{
	for (uint64_t s = from; s <= to; s++) {
		inv->seq = s;
		inv->start_ts = 5000000 + s * 1000;
		inv->duration = s;
		CHECK(sg_scatter_add(sc, inv) == 0);
	}
}

int main(void)
{
	struct sg_scatter *sc = sg_scatter_new();
	struct sg_invocation *inv = sg_invocation_new(), *kept[2];
	struct sg_scatter_dot *v;
	unsigned n, bad = 0;

	inv->has_ts = 1;
	inv->has_dur = 1;
	inv->pid = 7;
	/* up to the bound, every one */
	offer(sc, inv, 1, SG_SCATTER_MAX);
	CHECK_U64(sc->n, SG_SCATTER_MAX);
	CHECK_U64(sc->stride, 1);
	/* one more: every other one goes (5,000 left), the stride is 2, 10,001 is odd: no dot */
	offer(sc, inv, SG_SCATTER_MAX + 1, SG_SCATTER_MAX + 1);
	CHECK_U64(sc->n, SG_SCATTER_MAX / 2);
	CHECK_U64(sc->stride, 2);
	/* to 25,000: full again at 20,000, stride 4 from 20,002: 5,000 + 1,250 multiples of 4 */
	offer(sc, inv, SG_SCATTER_MAX + 2, 25000);
	CHECK_U64(sc->stride, 4);
	CHECK_U64(sc->n, 6250);
	CHECK_U64(sc->offered, 25000);
	for (unsigned i = 0; i < sc->n; i++)
		bad += sc->dots[i].seq != 4 * (i + 1ull) ||
		       sc->dots[i].duration != sc->dots[i].seq ||
		       sc->dots[i].start != 5000000 + sc->dots[i].seq * 1000;
	CHECK_U64(bad, 0);
	CHECK_U64(sc->first, 5001000);
	CHECK(sc->all_ts);
	/* the kept ones always have their dot, once: 3 is added, 8 was there */
	kept[0] = sg_invocation_new();
	kept[1] = sg_invocation_new();
	kept[0]->seq = 8;
	kept[0]->duration = 8;
	kept[1]->seq = 3;
	kept[1]->duration = 3;
	v = sg_scatter_with(sc, kept, 2, &n);
	CHECK_U64(n, 6251);
	CHECK(v && v[0].seq == 3 && v[1].seq == 4 && v[2].seq == 8 && v[3].seq == 12);
	free(v);
	/* a start unknown: the x axis becomes the ordinal */
	inv->has_ts = 0;
	offer(sc, inv, 25001, 25004);
	CHECK(!sc->all_ts);
	CHECK_U64(sc->n, 6251);
	/* what a .tree may hold: in order, multiples of the stride, not past the invocations */
	struct sg_scatter *rd = sg_scatter_new();
	struct sg_scatter_dot d = {.seq = 4, .duration = 1, .has_ts = 1, .start = 10};

	rd->stride = 4;
	rd->offered = 8;
	rd->first = 10;
	CHECK(sg_scatter_put(rd, &d) == NULL);
	CHECK(sg_scatter_put(rd, &d) != NULL); /* the same seq again */
	d.seq = 6;
	CHECK(sg_scatter_put(rd, &d) != NULL);
	d.seq = 12;
	CHECK(sg_scatter_put(rd, &d) != NULL);
	d.seq = 8;
	d.start = 9;
	CHECK(sg_scatter_put(rd, &d) != NULL);
	d.start = 11;
	CHECK(sg_scatter_put(rd, &d) == NULL);
	CHECK_U64(rd->n, 2);
	sg_scatter_free(rd);
	sg_scatter_free(sc);
	sg_scatter_free(NULL);
	sg_invocation_free(inv);
	sg_invocation_free(kept[0]);
	sg_invocation_free(kept[1]);
	return check_report("scatter");
}
