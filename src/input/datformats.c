/* datformats.c - which event formats reading a trace.dat parses: only those the decoder reads. */
#include <dlfcn.h>
#include <string.h>
#include <event-parse.h>
#include "datformats.h"
#include "input_raw.h"

/*
 * libtracecmd parses every event format a trace.dat holds (96 systems, 1,300 formats in a
 * trace-cmd recording of a 6.1 kernel), a fifth of reading a 40 MB file; the decoder reads
 * four of them by name (sg_raw_decoder_wants) and no other part of surfgraph asks the handle
 * for a format. libtracecmd offers no way to choose, so this definition in the executable takes
 * the place of libtraceevent's (the dynamic linker resolves libtracecmd's calls to it) and,
 * only while input_dat.c reads a file's headers, returns at once for the formats nobody reads.
 */
static int active;

void sg_datformats_begin(void)
{
	active = 1;
}

void sg_datformats_end(void)
{
	active = 0;
}

/* "name: NAME\n" at the start of a format: NAME copied into out; 0 when not in that shape. */
static int format_name(const char *buf, unsigned long size, char *out, size_t cap)
{
	const char *s = buf, *e = buf + size, *n;

	if (size < 6 || memcmp(s, "name:", 5) != 0)
		return 0;
	for (s += 5; s < e && (*s == ' ' || *s == '\t'); s++)
		;
	for (n = s; s < e && *s != '\n' && *s != ' ' && *s != '\t' && *s != '\r'; s++)
		;
	if (s == n || s == e || (size_t) (s - n) >= cap)
		return 0;
	memcpy(out, n, (size_t) (s - n));
	out[s - n] = '\0';
	return 1;
}

enum tep_errno tep_parse_event(struct tep_handle *tep, const char *buf, unsigned long size,
			       const char *sys)
{
	static enum tep_errno (*lib)(struct tep_handle *, const char *, unsigned long,
				     const char *);
	char name[256];

	if (active && sys && format_name(buf, size, name, sizeof(name)) &&
	    !sg_raw_decoder_wants(sys, name))
		return TEP_ERRNO__SUCCESS;
	if (!lib)
		lib = (enum tep_errno(*)(struct tep_handle *, const char *, unsigned long,
					 const char *)) dlsym(RTLD_NEXT, "tep_parse_event");
	return lib ? lib(tep, buf, size, sys) : TEP_ERRNO__MEM_ALLOC_FAILED;
}
