/* treeread.c - the strict reader of `.tree` files (docs/tree-format.md) into an aggregate. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "log.h"
#include "mergetail.h"
#include "pathbuf.h"
#include "treefield.h"
#include "treecalls.h"
#include "treefile.h"
#include "treelines.h"
#include "runstat.h"
#include "treepstat.h"
#include "treeread.h"
#include "treescatter.h"
#include "treestat.h"

struct reader {
	struct sg_treefield_at at; /* the file's name, the line, the names' string table */
	struct sg_aggregate *agg;
	struct sg_invocation *inv; /* receiving invnode lines */
	struct sg_node **chain;	   /* nodes of the previous path, by depth */
	size_t nchain, chaincap;
	const char **comps;
	size_t ncomps, compcap;
	int saw_root, saw_end;
	int version; /* 1; 2 with return values and calls; 3 with the histogram; 4 the scatter;
		      * 5 optional sections (pstat); 6 the quantile sketch (qsketch) */
	struct sg_node *pstat_node; /* the merged-tree node just read, which a pstat line is of */
	uint64_t nnodes, npstat;    /* merged-tree node lines, and pstat lines after them */
	struct sg_node *rp_node;    /* the node whose pstat line was just read: rpstat lines' */
	uint32_t rp_last;	    /* the source of the last rpstat line of rp_node */
	struct sg_treestat_reader stat; /* stat and hist lines */
	struct sg_tree *btree;	  /* receiving bnode lines: the last bucket line's */
	int next_bucket;	  /* the lowest bucket the next bucket line may be */
	struct sg_node *last_inv; /* the last invnode, which call lines belong to */
	unsigned nmeta;		  /* key=value lines so far */
	struct sg_treecalls_reader calls; /* version 5's rec lines */
};

static int fail(struct reader *r, const char *fmt, const char *arg)
{
	return sg_treefield_fail(&r->at, fmt, arg);
}

static const char *unescape(struct reader *r, const char *s, size_t len)
{
	return sg_treefield_intern(&r->at, s, len);
}

static int number_field(struct reader *r, const char *s, const char *what, uint64_t *out)
{
	return sg_treefield_number(&r->at, s, what, out);
}

/* Version 2's "rets errs errno:calls,..." columns of a node line. */
static int read_retinfo(struct reader *r, char **f, struct sg_tree *tree, struct sg_node *n)
{
	uint64_t rets, errs, err_n[SG_RET_ERRNOS] = {0}, sum = 0;
	int err_v[SG_RET_ERRNOS] = {0}, k = 0;

	if (number_field(r, f[0], "rets", &rets) < 0 || number_field(r, f[1], "errs", &errs) < 0)
		return -1;
	for (char *p = f[2]; *p; k++) {
		char *colon = strchr(p, ':'), *comma = strchr(p, ',');
		uint64_t e;

		if (comma)
			*comma = '\0';
		if (k == SG_RET_ERRNOS || !colon || (*colon = '\0', sg_treefield_u64(p, &e) < 0) || !e ||
		    e > 4095 || sg_treefield_u64(colon + 1, &err_n[k]) < 0)
			return fail(r, "%s", "bad errnos column (errno:calls,...)");
		err_v[k] = (int) e;
		sum = sg_add_sat(sum, err_n[k]);
		p = comma ? comma + 1 : p + strlen(p);
	}
	if (errs > rets || sum > errs || rets > n->calls)
		return fail(r, "%s", "errors outnumber the calls");
	if ((rets || errs) && sg_tree_note_errs(tree, n, rets, errs, err_v, err_n, k) < 0)
		return fail(r, "%s", "out of memory");
	return 0;
}

/* A "call ARGS RETVAL" line of version 2: one call of the invocation node just read. */
static int read_call(struct reader *r, char **f, int nf)
{
	struct sg_tree *tree = r->inv ? r->inv->tree : NULL;
	const char *args;
	struct sg_call *c;

	if (r->version < 2 || !r->last_inv || !tree)
		return fail(r, "%s", "call line outside a version 2 or 3 invocation");
	if (nf != 3)
		return fail(r, "%s", "a call line has 3 tab-separated fields");
	args = unescape(r, f[1], strlen(f[1]));
	if (!args)
		return fail(r, "%s", "bad %-escape in call arguments");
	c = sg_tree_note_args(tree, r->last_inv, args, strlen(args));
	if (!c)
		return fail(r, "%s", "out of memory");
	if (*f[2]) {
		char *end;

		errno = 0;
		c->retval = strtoll(f[2], &end, 10);
		if (errno || *end)
			return fail(r, "%s", "bad return value in call line");
		c->has_retval = 1;
	}
	return 0;
}

static int read_node(struct reader *r, char **f, int nf, struct sg_tree *tree)
{
	static const char *const cols[] = {"calls", "total_ns", "self_ns", "min_ns", "max_ns"};
	uint64_t v[5];

	if (nf != (r->version >= 2 ? 10 : 7))
		return fail(r, "%s",
			    r->version >= 2
				? "a node line has 10 tab-separated fields (version 2, 3)"
				: "a node line has 7 tab-separated fields");
	for (int i = 0; i < 5; i++)
		if (number_field(r, f[2 + i], cols[i], &v[i]) < 0)
			return -1;
	/* split the path into interned names */
	r->ncomps = 0;
	for (char *p = f[1], *start = f[1];; p++) {
		if (*p != ';' && *p)
			continue;
		if (r->ncomps == r->compcap) {
			size_t ncap = r->compcap ? r->compcap * 2 : 64;
			const char **c = realloc(r->comps, ncap * sizeof(*c));

			if (!c)
				return fail(r, "%s", "out of memory");
			r->comps = c;
			r->compcap = ncap;
		}
		if (p == start)
			return fail(r, "%s", "empty name in path");
		const char *name = unescape(r, start, (size_t) (p - start));

		if (!name)
			return fail(r, "%s", "bad %-escape in path");
		r->comps[r->ncomps++] = name;
		if (!*p)
			break;
		start = p + 1;
	}
	/* the parent is on the previous path's chain, or is an existing node */
	struct sg_node *parent = sg_tree_top(tree);
	size_t k = r->ncomps;

	for (size_t i = 0; i + 1 < k; i++) {
		if (i < r->nchain && r->chain[i]->name == r->comps[i] &&
		    r->chain[i]->parent == parent) {
			parent = r->chain[i];
			continue;
		}
		parent = sg_tree_find(tree, parent, r->comps[i]);
		if (!parent)
			return fail(r, "%s", "path's parent was not defined on an earlier line");
	}
	if (sg_tree_find(tree, parent, r->comps[k - 1]))
		return fail(r, "%s", "path defined twice");
	struct sg_node *n = sg_tree_child(tree, parent, r->comps[k - 1]);

	if (!n)
		return fail(r, "%s", "out of memory");
	n->calls = v[0];
	n->total = v[1];
	n->self = v[2];
	n->min = v[3];
	n->max = v[4];
	if (k > r->chaincap) {
		size_t ncap = k * 2;
		struct sg_node **c = realloc(r->chain, ncap * sizeof(*c));

		if (!c)
			return fail(r, "%s", "out of memory");
		r->chain = c;
		r->chaincap = ncap;
	}
	/* the new chain: ancestors of n, then n */
	r->nchain = k;
	for (struct sg_node *x = n; k > 0; x = x->parent)
		r->chain[--k] = x;
	r->last_inv = r->inv && tree == r->inv->tree ? n : NULL;
	if (tree == r->agg->merged) {
		r->pstat_node = n;
		r->nnodes++;
	}
	return r->version >= 2 ? read_retinfo(r, f + 7, tree, n) : 0;
}

/* Version 5's "pstat INVOCATIONS SQ_TOTAL SQ_SELF", right after the merged-tree node it is of. */
static int read_pstat(struct reader *r, char **f, int nf)
{
	struct sg_node *n = r->pstat_node;

	if (r->version < 5 || !n)
		return fail(r, "%s", "pstat line not right after a node line (version 5)");
	const char *why = sg_treepstat_read(n, f, nf);

	if (why)
		return fail(r, "%s", why);
	r->rp_node = n;
	r->rp_last = 0;
	r->pstat_node = NULL;
	r->npstat++;
	return 0;
}

/* Version 7's rpstat lines, after a pstat line: one source run's part of it each. */
static int read_rpstat(struct reader *r, char **f, int nf)
{
	const char *ns = sg_aggregate_meta(r->agg, "sources");
	uint64_t nsrc = 0;

	if (r->version < 7 || !r->rp_node)
		return fail(r, "%s", "rpstat line not after a pstat line (version 7)");
	if (!r->agg->runstats) {
		if (!ns || sg_treefield_u64(ns, &nsrc) < 0 || nsrc < 2 || nsrc > SG_RUNSTAT_MAX)
			return fail(r, "%s", "rpstat lines in a file without sources=2 to 64");
		r->agg->runstats = sg_runstats_new((uint32_t) nsrc);
		if (!r->agg->runstats)
			return fail(r, "%s", "out of memory");
	}
	const char *why = sg_treepstat_read_run(r->agg->runstats, r->rp_node, &r->rp_last, f, nf);

	return why ? fail(r, "%s", why) : 0;
}

/* Version 3's "bucket LO HI INVOCATIONS": the merged tree of a bucket's invocations follows. */
static int read_bucket(struct reader *r, char **f, int nf)
{
	uint64_t lo, hi, n;

	if (r->version < 3 || r->inv)
		return fail(r, "%s", "bucket line outside version 3's merged trees");
	if (nf != 4)
		return fail(r, "%s", "a bucket line has 4 tab-separated fields");
	if (number_field(r, f[1], "lo_ns", &lo) < 0 || number_field(r, f[2], "hi_ns", &hi) < 0 ||
	    number_field(r, f[3], "invocations", &n) < 0)
		return -1;
	unsigned b = sg_hist_bucket(lo);

	if (lo != sg_hist_lo(b) || hi != sg_hist_hi(b) || !n)
		return fail(r, "%s", "not a histogram bucket (lo_ns, hi_ns) or an empty one");
	if ((int) b < r->next_bucket)
		return fail(r, "%s", "bucket lines out of order");
	r->next_bucket = (int) b + 1;
	r->agg->bucket_n[b] = n;
	r->btree = sg_aggregate_bucket(r->agg, b);
	r->nchain = 0;
	return r->btree ? 0 : fail(r, "%s", "out of memory");
}

/* An inv line (slow 0) or, version 3, a slowinv line: a kept invocation, its nodes follow. */
static int read_inv(struct reader *r, char **f, int nf, int slow)
{
	uint64_t seq, dur, v;
	struct sg_aggregate *agg = r->agg;

	if (nf != 8)
		return fail(r, "%s",
			    slow ? "a slowinv line has 8 tab-separated fields"
				 : "an inv line has 8 tab-separated fields");
	if (number_field(r, f[1], "seq", &seq) < 0 ||
	    number_field(r, f[7], "duration_ns", &dur) < 0)
		return -1;
	if (slow && (r->version < 3 || agg->nslow == agg->keep_slowest))
		return fail(r, "%s", "more slowinv lines than keep_slowest");
	if (slow && agg->nslow && agg->slow[agg->nslow - 1]->duration < dur)
		return fail(r, "%s", "slowinv lines out of order (longest first)");
	if (!slow && agg->nslow)
		return fail(r, "%s", "an inv line after the slowinv lines");
	/* a slow one also among the last N is written once, as inv: this line stands for it */
	for (unsigned i = 0; slow && i < agg->nring; i++) {
		struct sg_invocation *kept = sg_aggregate_kept(agg, i);

		if (kept->seq != seq)
			continue;
		if (kept->duration != dur)
			return fail(r, "%s",
				    "a slowinv line differs from the inv line of its number");
		r->inv = NULL; /* no invnode lines follow */
		return sg_aggregate_offer_slow(agg, sg_invocation_ref(kept));
	}
	struct sg_invocation *inv = sg_invocation_new();

	if (!inv)
		return fail(r, "%s", "out of memory");
	inv->duration = dur;
	if ((slow ? sg_aggregate_offer_slow(agg, inv) : sg_aggregate_keep(agg, inv)) < 0)
		return fail(r, "%s", "out of memory");
	r->inv = inv;
	r->last_inv = NULL;
	r->nchain = 0;
	inv->seq = seq;
	inv->duration = dur;
	inv->has_dur = r->agg->has_time;
	inv->root = unescape(r, f[2], strlen(f[2]));
	if (!inv->root || !*inv->root)
		return fail(r, "%s", "bad root name");
	if (*f[3]) {
		if (number_field(r, f[3], "pid", &v) < 0)
			return -1;
		inv->pid = v > INT32_MAX ? -1 : (int) v;
	}
	if (*f[4] && !(inv->comm = unescape(r, f[4], strlen(f[4]))))
		return fail(r, "%s", "bad comm");
	for (char *p = f[5]; *p;) {
		char *comma = strchr(p, ',');

		if (comma)
			*comma = '\0';
		if (number_field(r, p, "cpus", &v) < 0)
			return -1;
		if (sg_invocation_add_cpu(inv, v > INT32_MAX ? -1 : (int) v) < 0)
			return fail(r, "%s", "out of memory");
		if (!comma)
			break;
		p = comma + 1;
	}
	if (*f[6]) {
		if (number_field(r, f[6], "start_ns", &inv->start_ts) < 0)
			return -1;
		inv->has_ts = 1;
	}
	return 0;
}

static int read_meta(struct reader *r, char *line)
{
	char *eq = strchr(line, '=');
	struct sg_aggregate *agg = r->agg;
	uint64_t v;

	if (!eq || eq == line)
		return fail(r, "%s", "expected key=value");
	if (++r->nmeta > SG_TREEFILE_MAX_META)
		return fail(r, "%s", "more than 16384 key=value lines");
	*eq = '\0';
	/* %XX-decoded as values are: the writer escapes a key's controls (a key of an input .tree) */
	const char *key = unescape(r, line, strlen(line)), *val = eq + 1;

	if (!key)
		return fail(r, "%s", "bad %-escape in key");
	static const char *const counts[] = {
	    "invocations",    "incomplete",	 "incomplete_start",
	    "incomplete_end", "incomplete_lost", "incomplete_overrun",
	    "lost_events",    "total_ns",	 NULL};
	uint64_t *slots[] = {&agg->complete,	     &agg->incomplete,	     &agg->incomplete_by[0],
			     &agg->incomplete_by[1], &agg->incomplete_by[2], &agg->incomplete_by[3],
			     &agg->lost_events,	     &agg->total_ns};

	for (int i = 0; counts[i]; i++) {
		if (strcmp(key, counts[i]) == 0) {
			char what[64];

			snprintf(what, sizeof(what), "%s", key);
			return number_field(r, val, what, slots[i]);
		}
	}
	if (strcmp(key, "time") == 0) {
		if (strcmp(val, "ns") && strcmp(val, "none"))
			return fail(r, "%s", "time must be ns or none");
		agg->has_time = strcmp(val, "ns") == 0;
		return 0;
	}
	if (strcmp(key, "keep") == 0)
		return number_field(r, val, "keep", &v); /* the file's own ring size: informative */
	if (strcmp(key, "keep_slowest") == 0) {
		if (number_field(r, val, "keep_slowest", &v) < 0)
			return -1;
		if (r->version < 3 || v > 65536 || agg->keep_slowest)
			return fail(r, "%s", "keep_slowest: version 3, once, at most 65536");
		if (sg_aggregate_keep_slowest(agg, (unsigned) v) < 0)
			return fail(r, "%s", "out of memory");
		return 0;
	}
	const char *value = unescape(r, val, strlen(val));

	if (!value)
		return fail(r, "%s", "bad %-escape in value");
	if (strcmp(key, "root") == 0)
		r->saw_root = 1;
	if (sg_aggregate_set_meta(agg, key, value) < 0)
		return fail(r, "%s", "out of memory");
	return 0;
}

static int read_line(struct reader *r, char *line)
{
	char *f[16];

	if (r->saw_end)
		return fail(r, "%s", "text after the end line");
	if (line[0] == '#')
		return 0;
	if (strcmp(line, "end") == 0) {
		const char *why = sg_treecalls_done(&r->calls);

		if (why)
			return fail(r, "%s", why);
		r->saw_end = 1;
		return 0;
	}
	int nf = sg_treefield_split(line, f, 13);
	const char *why;

	if (strcmp(f[0], "recs") == 0 || strcmp(f[0], "rec") == 0) {
		why = r->version < 5 ? "recs or rec line before version 5"
				     : sg_treecalls_read(&r->calls, r->inv, r->at.st, f, nf);
		return why ? fail(r, "%s", why) : 0;
	}
	if ((why = sg_treecalls_done(&r->calls)))
		return fail(r, "%s", why);

	if (strcmp(f[0], "pstat") == 0)
		return read_pstat(r, f, nf);
	r->pstat_node = NULL;
	if (strcmp(f[0], "rpstat") == 0)
		return read_rpstat(r, f, nf);
	r->rp_node = NULL;

	if (strcmp(f[0], "node") == 0) {
		if (r->inv || r->btree)
			return fail(r, "%s", "merged-tree node after a bucket or an invocation");
		return read_node(r, f, nf, r->agg->merged);
	}
	if (strcmp(f[0], "bucket") == 0)
		return read_bucket(r, f, nf);
	if (strcmp(f[0], "bnode") == 0) {
		if (!r->btree || r->inv)
			return fail(r, "%s", "bnode line outside a bucket");
		return read_node(r, f, nf, r->btree);
	}
	if (strcmp(f[0], "invnode") == 0) {
		if (!r->inv)
			return fail(r, "%s", "invnode line before any inv line");
		return read_node(r, f, nf, r->inv->tree);
	}
	if (strcmp(f[0], "call") == 0)
		return read_call(r, f, nf);
	if (strcmp(f[0], "stat") == 0)
		return sg_treestat_read_stat(&r->at, r->agg, r->version, f, nf);
	if (strcmp(f[0], "inv") == 0)
		return read_inv(r, f, nf, 0);
	if (strcmp(f[0], "slowinv") == 0)
		return read_inv(r, f, nf, 1);
	if (strcmp(f[0], "hist") == 0)
		return sg_treestat_read_hist(&r->stat, &r->at, r->agg, r->version, f, nf);
	if (strcmp(f[0], "qsketch") == 0)
		return sg_treestat_read_qsketch(&r->stat, &r->at, r->agg, r->version, f, nf);
	if (strcmp(f[0], "scatter") == 0 || strcmp(f[0], "dot") == 0) {
		const char *why = r->version < 4 || r->inv ? "scatter or dot line outside version 4's "
							     "scatter (before the invocations)"
							   : sg_treescatter_read(r->agg, r->at.st, f, nf);

		return why ? fail(r, "%s", why) : 0;
	}
	if (nf == 1 && strchr(line, '='))
		return read_meta(r, line);
	return fail(r, "unknown line kind '%.40s'", f[0]);
}

/*
 * A merged run's sources=N counts the runs it lists (source.1 ... source.N and their fields):
 * no more than its key=value lines, so that nothing loops N times on the file's word.
 */
static int check_sources(struct reader *r)
{
	const char *n = sg_aggregate_meta(r->agg, "sources");
	uint64_t v;

	if (n && (sg_treefield_u64(n, &v) < 0 || v > (uint64_t) r->agg->nmeta)) {
		sg_log_error("%s: sources=%.20s: more runs than the file lists", r->at.name, n);
		return -1;
	}
	return 0;
}

static struct sg_aggregate *read_tree(struct sg_treelines *src, const char *name,
				      struct sg_strtab *st)
{
	struct reader r = {.at = {.name = name, .st = st}, .stat = {.hist_root = -1}};
	char *line;
	ssize_t len;
	int ok = -1, unterminated;
	uint64_t keep = 32;

	r.agg = sg_aggregate_new(1u << 16);
	if (!r.agg) {
		sg_log_error("out of memory");
		return NULL;
	}
	while ((len = sg_treelines_next(src, &line, &unterminated)) >= 0) {
		r.at.lineno++;
		if (unterminated && !r.saw_end) {
			fail(&r, "%s", "truncated: the last line has no newline");
			goto out;
		}
		if (memchr(line, '\0', (size_t) len)) {
			fail(&r, "%s", "NUL byte in line");
			goto out;
		}
		if (r.at.lineno == 1) {
			if (!sg_treefile_sniff(line, (size_t) len)) {
				fail(&r, "%s",
				     "not a surfgraph .tree file (no '# surfgraph-tree' header)");
				goto out;
			}
			if (strcmp(line, SG_TREEFILE_MAGIC) == 0) {
				r.version = 1;
			} else if (strcmp(line, SG_TREEFILE_MAGIC2) == 0) {
				r.version = 2;
			} else if (strcmp(line, SG_TREEFILE_MAGIC3) == 0) {
				r.version = 3;
			} else if (strcmp(line, SG_TREEFILE_MAGIC4) == 0) {
				r.version = 4;
			} else if (strcmp(line, SG_TREEFILE_MAGIC5) == 0) {
				r.version = 5;
			} else if (strcmp(line, SG_TREEFILE_MAGIC6) == 0) {
				r.version = 6;
			} else if (strcmp(line, SG_TREEFILE_MAGIC7) == 0) {
				r.version = 7;
			} else {
				fail(&r,
				     "unsupported .tree version '%.20s' (this surfgraph reads "
				     "versions 1 to 7)",
				     line + strlen(SG_TREEFILE_PREFIX));
				goto out;
			}
			continue;
		}
		if (strncmp(line, "keep=", 5) == 0 && sg_treefield_u64(line + 5, &keep) == 0 &&
		    keep > (1u << 16)) {
			fail(&r, "%s", "keep must be between 0 and 65536");
			goto out;
		}
		if (read_line(&r, line) < 0)
			goto out;
	}
	if (len == SG_TREELINES_TOO_LONG) {
		r.at.lineno++;
		fail(&r, "a line longer than %s: not a .tree file surfgraph wrote", "64 MiB");
		goto out;
	}
	if (len == SG_TREELINES_ERROR) {
		sg_log_error("%s: read failed: %s", name, strerror(errno));
		goto out;
	}
	if (r.at.lineno == 0) {
		sg_log_error("%s: empty file", name);
		goto out;
	}
	if (!r.saw_end) {
		r.at.lineno++;
		fail(&r, "%s", "truncated: no 'end' line");
		goto out;
	}
	if (!r.saw_root) {
		fail(&r, "%s", "no root= line");
		goto out;
	}
	if (sg_treestat_check(&r.stat, &r.at, r.agg) < 0 || check_sources(&r) < 0)
		goto out;
	/* the per-path statistics are all or nothing: a path without them could not be tested */
	if (r.npstat && r.npstat != r.nnodes) {
		fail(&r, "%s", "pstat lines for some node lines only");
		goto out;
	}
	r.agg->has_pathstat = r.npstat > 0;
	/* each source's part must add up to the whole, else the two tests would disagree */
	const char *rwhy = r.agg->runstats ? sg_runstats_check(r.agg->runstats, r.agg->merged) : NULL;

	if (rwhy || (r.agg->runstats && !r.npstat)) {
		fail(&r, "%s", rwhy ? rwhy : "rpstat lines without pstat lines");
		goto out;
	}
	/* a merge of older runs: the percentiles it estimated without a bound, as it says */
	for (int i = 0; i < r.agg->nroots; i++)
		r.agg->roots[i].sum.approx = sg_mergetail_approx(r.agg);
	/* the ring holds what the file kept (none after --keep 0) */
	r.agg->keep = r.agg->nring > keep ? r.agg->nring : (unsigned) keep;
	ok = 0;
out:
	free(r.chain);
	free(r.comps);
	sg_treestat_release(&r.stat);
	free(r.at.buf);
	if (ok < 0) {
		sg_aggregate_free(r.agg);
		return NULL;
	}
	return r.agg;
}

struct sg_aggregate *sg_treeread_file(FILE *in, const char *name, struct sg_strtab *st)
{
	struct sg_treelines src;
	struct sg_aggregate *agg;

	sg_treelines_file(&src, in);
	agg = read_tree(&src, name, st);
	sg_treelines_release(&src);
	return agg;
}
