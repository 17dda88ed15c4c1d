/* svg_chart.c - a kept invocation drawn in time in the SVG: its recorded calls as a flame chart. */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "callrec.h"
#include "idmap.h"
#include "invocation.h"
#include "irqname.h"
#include "json.h"
#include "log.h"
#include "svg_chart.h"
#include "svg_js.h"
#include "svgout.h"
#include "timeline.h"

struct sg_svg_chart {
	char *data; /* the JSON */
	size_t len;
	unsigned depth;
	int inverted;
	int timed; /* some kept invocation has times (or was left out for the bound) */
};

static void put_i64(struct sg_svgout *js, int64_t v)
{
	if (v < 0) {
		sg_svgout_put(js, "-", 1);
		sg_svgout_u64(js, (uint64_t) 0 - (uint64_t) v);
	} else {
		sg_svgout_u64(js, (uint64_t) v);
	}
}

/* "comm-pid" as the replay writes a task (a name cut at 256 bytes), JSON-escaped */
static void put_task(struct sg_svgout *js, const struct sg_callrec *r)
{
	char task[300];

	if (r->comm && r->pid >= 0)
		snprintf(task, sizeof(task), "%.256s-%d", r->comm, r->pid);
	else if (r->comm)
		snprintf(task, sizeof(task), "%.256s", r->comm);
	else if (r->pid >= 0)
		snprintf(task, sizeof(task), "pid %d", r->pid);
	else
		snprintf(task, sizeof(task), "-");
	sg_svgout_flush(js);
	sg_json_string(js->f, task);
}

/*
 * One invocation's calls: the kinds first met written to the name and fill lists (ks, kc, which
 * the caller joins in), the calls to js. *depth grows to the deepest.
 */
static int put_inv(struct sg_svgout *js, struct sg_svgout *ks, struct sg_svgout *kc,
		   struct sg_idmap *kinds, const struct sg_invocation *inv,
		   const struct sg_flame_opts *o, unsigned *depth)
{
	struct sg_timeline tl = {0};
	struct sg_slice s;
	const struct sg_calls *c = inv->calls;
	unsigned char *irq = NULL;
	uint64_t prev = 0;
	size_t i = 0;
	int fresh, cpu = -2, pid = -2, rc, clamped = 0;
	const char *comm = NULL;

	if (sg_timeline_init(&tl, inv, 0) < 0)
		return -1;
	irq = calloc(c->n + 1, 1);
	if (!irq)
		goto oom;
	sg_svgout_puts(js, "\"");
	sg_svgout_u64(js, inv->seq);
	sg_svgout_puts(js, "\":{\"r\":[");
	/* the interrupt hue of the placed caller: a stack by depth, as deep as the calls go */
	while ((rc = sg_timeline_next(&tl, &s)) > 0) {
		int d = s.depth;
		unsigned char rgb[3];
		static const char hex[] = "0123456789abcdef";
		struct sg_flame_frame fr = {0};
		uint32_t k;

		irq[d] = (d && irq[d - 1]) || sg_irqname_is_entry(s.name);
		fr.name = s.name;
		fr.depth = (uint32_t) d;
		fr.irq = irq[d];
		k = sg_idmap_get(kinds, (uint64_t) (uintptr_t) s.name << 1 | irq[d], &fresh);
		if (fresh) {
			char q[10];

			sg_flame_frame_color(&fr, o, rgb);
			for (int j = 0; j < 3; j++) {
				q[1 + 2 * j] = hex[rgb[j] >> 4];
				q[2 + 2 * j] = hex[rgb[j] & 15];
			}
			q[0] = q[8] = '"';
			q[7] = (char) ('0' + sg_flame_light_text(rgb));
			if (kinds->n > 1) {
				sg_svgout_put(ks, ",", 1);
				sg_svgout_put(kc, ",", 1);
			}
			sg_svgout_flush(ks);
			sg_json_string(ks->f, s.name);
			sg_svgout_put(kc, q, 9);
		}
		if (i)
			sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, k);
		sg_svgout_put(js, ",", 1);
		put_i64(js, (int64_t) (s.start - prev));
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, s.dur);
		sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, (uint64_t) d);
		prev = s.start;
		clamped += s.cut != 0;
		*depth = (unsigned) d > *depth ? (unsigned) d : *depth;
		i++;
	}
	if (rc < 0)
		goto fail;
	/* where the CPU and the task change; what the clamped calls recorded */
	sg_svgout_puts(js, "],\"c\":[");
	for (size_t j = 0, n = 0; j < c->n; j++) {
		if (c->v[j].cpu == cpu)
			continue;
		cpu = c->v[j].cpu;
		if (n++)
			sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, j);
		sg_svgout_put(js, ",", 1);
		put_i64(js, cpu);
	}
	sg_svgout_puts(js, "],\"p\":[");
	for (size_t j = 0, n = 0; j < c->n; j++) {
		if (c->v[j].pid == pid && c->v[j].comm == comm)
			continue;
		pid = c->v[j].pid;
		comm = c->v[j].comm;
		if (n++)
			sg_svgout_put(js, ",", 1);
		sg_svgout_u64(js, j);
		sg_svgout_put(js, ",", 1);
		put_task(js, &c->v[j]);
	}
	sg_svgout_puts(js, "]");
	if (clamped) {
		sg_svgout_puts(js, ",\"x\":[");
		for (size_t j = 0, n = 0; j < c->n; j++) {
			uint64_t at = c->v[j].start - inv->start_ts;

			if (tl.ms[j] == at && tl.me[j] - tl.ms[j] == c->v[j].dur)
				continue;
			if (n++)
				sg_svgout_put(js, ",", 1);
			sg_svgout_u64(js, j);
			sg_svgout_put(js, ",", 1);
			put_i64(js, (int64_t) at);
			sg_svgout_put(js, ",", 1);
			sg_svgout_u64(js, c->v[j].dur);
		}
		sg_svgout_puts(js, "]");
	}
	if (c->dropped) {
		sg_svgout_puts(js, ",\"d\":");
		sg_svgout_u64(js, c->dropped);
	}
	sg_svgout_puts(js, "}");
	free(irq);
	sg_timeline_release(&tl);
	return 0;
oom:
	sg_log_error("out of memory");
fail:
	free(irq);
	sg_timeline_release(&tl);
	return -1;
}

static struct sg_svgout *mem_out(FILE **f, char **buf, size_t *len)
{
	struct sg_svgout *o;

	*f = open_memstream(buf, len);
	if (!*f)
		return NULL;
	o = malloc(sizeof(*o));
	if (!o) {
		fclose(*f);
		free(*buf);
		*f = NULL;
		return NULL;
	}
	o->f = *f;
	o->n = 0;
	return o;
}

struct sg_svg_chart *sg_svg_chart_new(const struct sg_flame_caption *c,
				      const struct sg_flame_opts *o)
{
	struct sg_svg_chart *t = calloc(1, sizeof(*t));
	struct sg_svgout *js = NULL, *ks = NULL, *kc = NULL;
	FILE *fj = NULL, *fs = NULL, *fc = NULL;
	char *bj = NULL, *bs = NULL, *bc = NULL, *bo = NULL;
	size_t lj = 0, ls = 0, lc = 0, lo = 0, total = 0, calls = 0, nout = 0;
	/* a call's kind (its name, and whether it is interrupt work: its own hue), numbered once */
	struct sg_idmap kinds = {0};
	int first = 1;

	if (!t)
		goto oom;
	t->inverted = o->inverted;
	for (unsigned i = 0; i < c->nkept; i++)
		if (c->kept[i]->calls)
			total += c->kept[i]->calls->n;
	js = mem_out(&fj, &bj, &lj);
	ks = js ? mem_out(&fs, &bs, &ls) : NULL;
	kc = ks ? mem_out(&fc, &bc, &lc) : NULL;
	if (!kc ||
	    sg_idmap_init(&kinds, total < SG_SVG_CHART_MAX_CALLS ? total : SG_SVG_CHART_MAX_CALLS) < 0)
		goto oom;
	for (unsigned i = 0; i < c->nkept; i++) {
		const struct sg_invocation *inv = c->kept[i];

		if (!sg_timeline_measured(inv))
			continue;
		if (calls + inv->calls->n > SG_SVG_CHART_MAX_CALLS) {
			/* left out whole: its view says so (the seq as text, beside the JSON) */
			char num[24];
			int n =
			    snprintf(num, sizeof(num), "%s%" PRIu64, nout++ ? "," : "", inv->seq);
			char *nb = realloc(bo, lo + (size_t) n + 1);

			if (!nb)
				goto oom;
			bo = nb;
			t->timed = 1;
			memcpy(bo + lo, num, (size_t) n + 1);
			lo += (size_t) n;
			continue;
		}
		calls += inv->calls->n;
		t->timed = 1;
		if (!first)
			sg_svgout_put(js, ",", 1);
		first = 0;
		if (put_inv(js, ks, kc, &kinds, inv, o, &t->depth) < 0)
			goto fail;
	}
	sg_svgout_flush(js);
	sg_svgout_flush(ks);
	sg_svgout_flush(kc);
	if (fclose(fj) | fclose(fs) | fclose(fc)) {
		fj = fs = fc = NULL;
		goto oom;
	}
	fj = fs = fc = NULL;
	FILE *all = open_memstream(&t->data, &t->len);

	if (!all)
		goto oom;
	fprintf(all, "{\"max\":%d,\"out\":[%s],\"s\":[", SG_SVG_CHART_MAX_CALLS, bo ? bo : "");
	fwrite(bs, 1, ls, all);
	fputs("],\"c\":[", all);
	fwrite(bc, 1, lc, all);
	fputs("],\"k\":{", all);
	fwrite(bj, 1, lj, all);
	fputs("}}", all);
	if (fclose(all) != 0)
		goto oom;
	goto out;
oom:
	sg_log_error("out of memory");
fail:
	sg_svg_chart_free(t);
	t = NULL;
out:
	if (fj)
		fclose(fj);
	if (fs)
		fclose(fs);
	if (fc)
		fclose(fc);
	free(js);
	free(ks);
	free(kc);
	free(bj);
	free(bs);
	free(bc);
	free(bo);
	sg_idmap_free(&kinds);
	return t;
}

void sg_svg_chart_free(struct sg_svg_chart *t)
{
	if (!t)
		return;
	free(t->data);
	free(t);
}

unsigned sg_svg_chart_depth(const struct sg_svg_chart *t)
{
	return t ? t->depth : 0;
}

int sg_svg_chart_script(FILE *out, const char *id, const struct sg_flame_page *pg,
			const struct sg_svg_chart *t)
{
	size_t run = 0;

	if (!t)
		return 0;
	if (!t->timed) {
		fprintf(out, "<script><![CDATA[\n%s]]></script>\n", sg_svg_js_chart_untimed);
		return ferror(out) ? -1 : 0;
	}
	fprintf(out, "<metadata id=\"%s-tc\" data-ft=\"%d\" data-fb=\"%d\" data-inv=\"%d\">", id,
		pg->frames_top, pg->frames_bottom, t->inverted);
	/* XML's specials in the JSON (names JSON-escaped already), the runs between them whole */
	for (size_t i = 0; i < t->len; i++) {
		char ch = t->data[i];
		const char *ent = ch == '<'   ? "&lt;"
				  : ch == '>' ? "&gt;"
				  : ch == '&' ? "&amp;"
					      : NULL;

		if (!ent) {
			run++;
			continue;
		}
		fwrite(t->data + i - run, 1, run, out);
		fputs(ent, out);
		run = 0;
	}
	fwrite(t->data + t->len - run, 1, run, out);
	fputs("</metadata>\n<script><![CDATA[\n", out);
	fputs(sg_svg_js_chart, out);
	fputs("]]></script>\n", out);
	return ferror(out) ? -1 : 0;
}
