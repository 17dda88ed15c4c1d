/* test_outown.c - which files an output may replace: surfgraph's own, told by their content. */
#include "check.h"
#include "outown.h"

static enum sg_outown judge(const char *s, size_t n)
{
	const char *what;

	return sg_outown_recognise(s, n, s, n, &what);
}

#define J(lit) judge(lit, sizeof(lit) - 1)

int main(void)
{
	const char *what;

	CHECK(J("") == SG_OUTOWN_NONE);
	/* ours: the .tree header, the SVG's comment, the PNG's chunk, diff's text, JSON, folded */
	CHECK(J("# surfgraph-tree 5\nroot=x\n") == SG_OUTOWN_OURS);
	CHECK(J("<?xml version=\"1.0\"?>\n<!-- surfgraph flame graph: ... -->\n<svg") ==
	      SG_OUTOWN_OURS);
	CHECK(J("\x89PNG\r\n\x1a\n\0\0\0\rIHDR0123456789abc0123\0\0\0\x12tEXtSoftware\0surfgraph"
		"crc!") == SG_OUTOWN_OURS);
	CHECK(J("BEFORE a.tree\nAFTER  b.tree\n") == SG_OUTOWN_OURS);
	CHECK(J("{\n  \"before\": \"a.tree\",\n") == SG_OUTOWN_OURS);
	CHECK(J("a;b 10 20\na;b;c 0 5\n") == SG_OUTOWN_OURS);
	/* a PDF by its creator, which cairo writes at the end */
	CHECK(sg_outown_recognise("%PDF-1.5\n", 9, "/Creator (surfgraph)\n", 21, &what) ==
	      SG_OUTOWN_OURS);
	CHECK(sg_outown_recognise("%PDF-1.5\n", 9, "/Creator (LibreOffice)\n", 23, &what) ==
	      SG_OUTOWN_FOREIGN);
	CHECK_STR(what, "a PDF surfgraph did not write");
	/* someone else's: a PNG without the chunk, a one-count folded file, an SVG of another tool */
	CHECK(J("\x89PNG\r\n\x1a\n\0\0\0\rIHDR0123456789abc0123\0\0\0\x06"
		"bKGD") == SG_OUTOWN_FOREIGN);
	CHECK(J("a;b 10\na;b;c 5\n") == SG_OUTOWN_FOREIGN);
	CHECK(J("<?xml version=\"1.0\"?>\n<svg") == SG_OUTOWN_FOREIGN);
	CHECK(J("notes\n") == SG_OUTOWN_FOREIGN);
	CHECK(sg_outown_recognise("\x1f\x8b\x08", 3, "\x1f\x8b\x08", 3, &what) ==
	      SG_OUTOWN_FOREIGN);
	CHECK_STR(what, "a compressed file");
	CHECK(sg_outown_recognise("\x17\x08\x44tracing6", 11, "", 0, &what) == SG_OUTOWN_FOREIGN);
	CHECK_STR(what, "a trace.dat");
	CHECK(J("# tracer: function_graph\n") == SG_OUTOWN_FOREIGN);
	/* a folded diff's line must end in two counts after spaces */
	CHECK(J("10 20\n") == SG_OUTOWN_FOREIGN);
	CHECK(J("a;b 10 20") == SG_OUTOWN_FOREIGN);
	return check_report("outown");
}
