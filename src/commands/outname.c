/* outname.c - what an output's name says: the kind its extension names, checked against -m. */
#define _GNU_SOURCE /* strndup */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "log.h"
#include "opttable.h"
#include "outname.h"

/* The kinds of file a name's extension says; -1: a mode that writes it (KIND_ below: none). */
enum { KIND_TREE = 100, KIND_TEXT, KIND_COMPRESSED, KIND_PAGE, KIND_DAT };

static const struct {
	const char *ext;
	int kind; /* an sg_mode, or KIND_* */
	const char *what;
} exts[] = {
    {".svg", SG_MODE_SVG, "an SVG"},
    {".png", SG_MODE_PNG, "a PNG"},
    {".pdf", SG_MODE_PDF, "a PDF"},
    {".json", SG_MODE_JSON, "JSON"},
    {".folded", SG_MODE_FOLDED, "folded stacks"},
    {".tree", KIND_TREE, "a .tree file"},
    {".txt", KIND_TEXT, "text"},
    {".gz", KIND_COMPRESSED, "a compressed file"},
    {".xz", KIND_COMPRESSED, "a compressed file"},
    {".zst", KIND_COMPRESSED, "a compressed file"},
    {".html", KIND_PAGE, "a web page"},
    {".htm", KIND_PAGE, "a web page"},
    {".dat", KIND_DAT, "a trace.dat"},
};

/* The entry of exts path ends with, or -1. */
static int ext_of(const char *path)
{
	size_t n = strlen(path);

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		size_t e = strlen(exts[i].ext);

		if (n > e && path[n - e - 1] != '/' && strcasecmp(path + n - e, exts[i].ext) == 0)
			return (int) i;
	}
	return -1;
}

static const char *mode_what(enum sg_mode m)
{
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (exts[i].kind == (int) m)
			return exts[i].what;
	return m == SG_MODE_TREE ? "text" : "its own format";
}

static void set_mode(struct sg_options *o, enum sg_mode m)
{
	o->mode = m;
	o->mode_name = sg_opttable_modes[m];
}

static int diff_check(struct sg_options *o, int mode_given)
{
	int e = ext_of(o->output), kind = e < 0 ? -1 : exts[e].kind;

	if (e < 0)
		return 0;
	/* text is text: the text diff, its JSON or its folded stacks may be called .txt */
	if (kind == KIND_TEXT &&
	    (o->mode == SG_MODE_TREE || o->mode == SG_MODE_JSON || o->mode == SG_MODE_FOLDED))
		return 0;
	if (kind == (int) o->mode)
		return 0;
	if (!mode_given && kind < KIND_TREE) {
		set_mode(o, (enum sg_mode) kind);
		return 0;
	}
	if (mode_given)
		sg_log_error("diff -m %s writes %s: -o %s names %s (give -o with the mode's "
			     "extension, or leave -m out: -o's extension chooses it)",
			     o->mode_name, mode_what(o->mode), o->output, exts[e].what);
	else
		sg_log_error(
		    "diff writes text, JSON, folded stacks or a flame graph, not %s: -o %s "
		    "(.txt, .json, .folded, .svg, .png or .pdf; -o - and a pipe to compress)",
		    exts[e].what, o->output);
	return -1;
}

int sg_outname_check(struct sg_options *o, int mode_given)
{
	int e, kind;

	if (!o->output || strcmp(o->output, "-") == 0)
		return 0;
	if (o->diff)
		return diff_check(o, mode_given);
	e = ext_of(o->output);
	kind = e < 0 ? -1 : exts[e].kind;
	if (o->merge) {
		if (kind < 0 || kind == KIND_TREE)
			return 0;
		sg_log_error("merge writes a .tree file: -o %s names %s (-o ALL.tree; draw it with "
			     "surfgraph -i ALL.tree -m svg)",
			     o->output, exts[e].what);
		return -1;
	}
	if (o->tui)
		return 0;
	if (kind == KIND_PAGE) {
		sg_log_error("-o %s: surfgraph writes no web page; -o NAME.svg (.png, .pdf) names "
			     "the flame graph, -o NAME.tree the saved run",
			     o->output);
		return -1;
	}
	if (kind != SG_MODE_SVG && kind != SG_MODE_PNG && kind != SG_MODE_PDF)
		return 0;
	/* -o NAME.svg names the flame graph: the mode follows, or must agree */
	if (mode_given && (int) o->mode != kind) {
		sg_log_error("-m %s writes %s%s: -o %s names %s (-o NAME.tree saves the run)",
			     o->mode_name, mode_what(o->mode),
			     o->mode == SG_MODE_SVG || o->mode == SG_MODE_PNG ||
				     o->mode == SG_MODE_PDF
				 ? ""
				 : " on stdout",
			     o->output, exts[e].what);
		return -1;
	}
	set_mode(o, (enum sg_mode) kind);
	o->graph = o->output;
	o->output = NULL;
	return 0;
}

int sg_outname_graph_base(const struct sg_options *o, char **dir, char **base)
{
	const char *path = o->graph ? o->graph : o->output, *slash, *name;
	size_t len;
	int e;

	*dir = *base = NULL;
	if (!path || strcmp(path, "-") == 0)
		return 0;
	e = ext_of(path);
	/* -o run1 (no .tree) may be anything, /dev/stdout too: the graphs keep the root's name */
	if (e < 0 || (!o->graph && exts[e].kind != KIND_TREE))
		return 0;
	slash = strrchr(path, '/');
	name = slash ? slash + 1 : path;
	len = strlen(name) - strlen(exts[e].ext);
	*base = strndup(name, len);
	/* --outdir chooses where the graphs go; else beside the .tree, or where -o says */
	if (o->outdir && *o->outdir)
		*dir = strdup(o->outdir);
	else if (slash)
		*dir = strndup(path, slash == path ? 1 : (size_t) (slash - path));
	if (!*base || ((o->outdir && *o->outdir) || slash ? !*dir : 0)) {
		free(*base);
		free(*dir);
		*dir = *base = NULL;
		sg_log_error("out of memory");
		return -1;
	}
	return 0;
}
