/* render_replay.c - -m replay: each call of an invocation, in order, as the kernel recorded it. */
#include <inttypes.h>
#include "callfmt.h"
#include "fmt.h"
#include "render_replay.h"

static void put_header(FILE *out, const struct sg_invocation *inv)
{
	char a[SG_FMT_LEN];
	const struct sg_calls *c = inv->calls;

	sg_callfmt_put_invocation_head(out, inv);
	if (inv->has_ts)
		fprintf(out, " start=%" PRIu64 ".%09" PRIu64, inv->start_ts / 1000000000,
			inv->start_ts % 1000000000);
	if (inv->has_dur)
		fprintf(out, " duration_us=%s", sg_fmt_us(a, inv->duration));
	if (c)
		fprintf(out, " calls=%zu", c->n);
	if (c && c->dropped)
		fprintf(out, " dropped=%" PRIu64 " (past the first %d calls)", c->dropped,
			SG_CALLS_MAX);
	if (!c)
		fputs(" (its calls were not recorded: a .tree of version 4 or older)", out);
	fputc('\n', out);
}

static void put_call(FILE *out, const struct sg_invocation *inv, const struct sg_callrec *r)
{
	char a[SG_FMT_LEN], task[SG_FMT_LEN];

	if (r->has_ts)
		fprintf(out, "%10" PRIu64 ".%09" PRIu64, r->start / 1000000000,
			r->start % 1000000000);
	else
		fprintf(out, "%20s", "-");
	fprintf(out, " %12s",
		r->has_ts && inv->has_ts ? sg_fmt_delta_us(a, (int64_t) (r->start - inv->start_ts))
					 : "-");
	if (r->cpu >= 0)
		fprintf(out, " [%03d] ", r->cpu);
	else
		fputs(" [---] ", out);
	/* TASK-PID right-aligned as trace-cmd does, the name escaped; '-': the trace has none */
	int len = r->pid >= 0 ? snprintf(task, sizeof(task), "-%d", r->pid) : 0;
	const char *comm = r->comm ? r->comm : r->pid >= 0 ? "<...>" : "-";
	int clen = 0;

	for (const char *p = comm; *p; p++)
		clen++;
	for (int pad = 16 - clen - len; pad > 0; pad--)
		fputc(' ', out);
	sg_escape_put_name(out, comm);
	if (len)
		fputs(task, out);
	fprintf(out, " %12s | ", r->has_dur ? sg_fmt_us(a, r->dur) : "-");
	for (int d = 0; d < r->depth; d++)
		fputs("  ", out);
	sg_escape_put_name(out, r->func);
	fputc('(', out);
	if (r->args)
		sg_escape_put_name(out, r->args);
	fputc(')', out);
	if (r->has_retval)
		fprintf(out, " = %s", sg_callfmt_retval(a, r->retval));
	fputc('\n', out);
}

int sg_render_replay(FILE *out, const struct sg_invocation *inv)
{
	put_header(out, inv);
	for (size_t i = 0; inv->calls && i < inv->calls->n; i++)
		put_call(out, inv, &inv->calls->v[i]);
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}
