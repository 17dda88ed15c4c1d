/* callfmt.c - a call's text: return value, a node's errors, a kept call, an invocation's head. */
#include <inttypes.h>
#include <stdio.h>
#include "callfmt.h"
#include "errnames.h"
#include "escape.h"

const char *sg_callfmt_retval(char buf[SG_FMT_LEN], int64_t v)
{
	const char *name = sg_is_errno(v) ? sg_errnames_lookup((int) -v) : NULL;

	if (name)
		snprintf(buf, SG_FMT_LEN, "-%s", name);
	else if (v < 0)
		snprintf(buf, SG_FMT_LEN, "%" PRId64, v);
	else
		snprintf(buf, SG_FMT_LEN, "0x%" PRIx64, (uint64_t) v);
	return buf;
}

const char *sg_callfmt_errors(char *buf, size_t size, const struct sg_node *n)
{
	const struct sg_retinfo *r = n->ret;
	uint64_t named = 0;
	size_t k = 0;
	char v[SG_FMT_LEN];

	buf[0] = '\0';
	if (!r || !r->errs)
		return buf;
	k += (size_t) snprintf(buf + k, size - k, "returned");
	for (int i = 0; i < SG_RET_ERRNOS && r->err_n[i] && k < size; i++) {
		named += r->err_n[i];
		k += (size_t) snprintf(buf + k, size - k, "%s %s in %" PRIu64, i ? "," : "",
				       sg_callfmt_retval(v, -(int64_t) r->err_v[i]), r->err_n[i]);
	}
	if (r->errs > named && k < size)
		k += (size_t) snprintf(buf + k, size - k, "%s other errors in %" PRIu64,
				       named ? "," : "", r->errs - named);
	if (k < size)
		snprintf(buf + k, size - k, " of %" PRIu64 " call%s", n->calls,
			 n->calls == 1 ? "" : "s");
	return buf;
}

int sg_callfmt_put_call(FILE *out, const struct sg_call *c)
{
	char v[SG_FMT_LEN];

	fputc('(', out);
	sg_escape_put_name(out, c->args);
	fputc(')', out);
	if (c->has_retval)
		fprintf(out, " = %s", sg_callfmt_retval(v, c->retval));
	return ferror(out) ? -1 : 0;
}

void sg_callfmt_put_invocation_head(FILE *out, const struct sg_invocation *inv)
{
	/* root and comm come from the trace (any task names itself): escaped as every name */
	fprintf(out, "# invocation %" PRIu64 " ", inv->seq);
	sg_escape_put_name(out, inv->root);
	if (inv->pid >= 0) {
		fputs(" task=", out);
		sg_escape_put_name(out, inv->comm ? inv->comm : "?");
		fprintf(out, "-%d", inv->pid);
	}
	for (int i = 0; i < inv->ncpus; i++)
		fprintf(out, "%s%d", i ? "," : " cpu=", inv->cpus[i]);
}
