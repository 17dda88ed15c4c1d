/* diffgate.c - diff's --fail-above: which root's metric grew past the limit, and whether significantly. */
#include <math.h>
#include <string.h>
#include "diffgate.h"
#include "log.h"

static const char *const metric_names[] = { "avg", "p50", "p99", "max", NULL };

int sg_diffgate_metric_parse(const char *s, enum sg_diffgate_metric *m)
{
	for (int i = 0; metric_names[i]; i++) {
		if (strcmp(s, metric_names[i]) == 0) {
			*m = (enum sg_diffgate_metric) i;
			return 0;
		}
	}
	sg_log_error("--metric takes avg, p50, p99 or max, not '%s'", s);
	return -1;
}

const char *sg_diffgate_metric_name(enum sg_diffgate_metric m)
{
	return metric_names[m];
}

uint64_t sg_diffgate_metric_needs(enum sg_diffgate_metric m)
{
	return m == SG_DIFFGATE_P99 ? 100 : m == SG_DIFFGATE_MAX ? 1 : 10;
}

uint64_t sg_diffgate_metric_value(const struct sg_summary *s, enum sg_diffgate_metric m)
{
	switch (m) {
	case SG_DIFFGATE_P50:
		return s->p50;
	case SG_DIFFGATE_P99:
		return s->p99;
	case SG_DIFFGATE_MAX:
		return s->max;
	default:
		return s->avg;
	}
}

/* Growth (a - b) / b compared across roots; a zero b with growth is larger than any ratio. */
static int growth_cmp(uint64_t b1, uint64_t a1, uint64_t b2, uint64_t a2)
{
	int inf1 = !b1 && a1, inf2 = !b2 && a2;

	if (inf1 || inf2)
		return inf1 - inf2;
	if (!b1 || !b2) /* no change from zero: growth 0 */
		return (!b1 ? 0 : (a1 > b1) - (a1 < b1)) - (!b2 ? 0 : (a2 > b2) - (a2 < b2));
	__int128 l = ((__int128) a1 - b1) * b2, r = ((__int128) a2 - b2) * b1;

	return (l > r) - (l < r);
}

int sg_diffgate_tests(const struct sg_treediff *d, enum sg_diffgate_metric m)
{
	if (d->all)
		return 0;
	if (m == SG_DIFFGATE_P50)
		return d->rank_level > 0;
	return d->level && m == SG_DIFFGATE_AVG;
}

int sg_diffgate_root_real(const struct sg_treediff *d, const struct sg_treediff_root *r,
			  enum sg_diffgate_metric m, double *p)
{
	enum sg_welch_verdict v = m == SG_DIFFGATE_P50 ? r->rank : r->node->sig.verdict;

	/* too few invocations (or no histogram) to test: the growth itself decides, as untested */
	*p = v == SG_WELCH_FEW ? NAN : m == SG_DIFFGATE_P50 ? r->rank_p : r->node->sig.p;
	if (m == SG_DIFFGATE_P50 ? !d->rank_level : !d->level)
		return 1;
	return v != SG_WELCH_NOT;
}

/* The root that grew the most (only_real: of those whose change is significant); 1 past limit. */
static int gate_pass(const struct sg_treediff *d, enum sg_diffgate_metric m, uint32_t limit_bp,
		     int only_real, const struct sg_treediff_root **worst)
{
	uint64_t wb = 0, wa = 0;

	*worst = NULL;
	for (int i = 0; i < d->nroots; i++) {
		const struct sg_treediff_root *r = &d->roots[i];

		if (!r->name[0] || !r->name[1])
			continue;
		double p;

		if (only_real && !sg_diffgate_root_real(d, r, m, &p))
			continue;
		uint64_t b = sg_diffgate_metric_value(&r->sum[0], m);
		uint64_t a = sg_diffgate_metric_value(&r->sum[1], m);

		if (!*worst || growth_cmp(b, a, wb, wa) > 0) {
			*worst = r;
			wb = b;
			wa = a;
		}
	}
	if (!*worst || wa <= wb)
		return 0;
	if (!wb)
		return 1;
	return (unsigned __int128) (wa - wb) * 10000 > (unsigned __int128) wb * limit_bp;
}

int sg_diffgate_check(const struct sg_treediff *d, enum sg_diffgate_metric m, uint32_t limit_bp,
		     const struct sg_treediff_root **worst)
{
	/* a growth within the noise does not trip the gate (unless --all) */
	if (sg_diffgate_tests(d, m) && gate_pass(d, m, limit_bp, 1, worst))
		return 1;
	int tripped = gate_pass(d, m, limit_bp, 0, worst);

	return sg_diffgate_tests(d, m) ? 0 : tripped;
}
