/* log.c - the last error message, carried up to main, and -v tracing of actions. */
#include <stdio.h>
#include "escape.h"
#include "log.h"

static char message[1024];
static int verbose;

void sg_log_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(message, sizeof(message), fmt, ap);
	va_end(ap);
}

const char *sg_log_message(void)
{
	return message;
}

void sg_log_set_verbose(int level)
{
	verbose = level;
}

void sg_log_action(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	char line[4096];

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	/* the values written may come from a file (--narrow-from's names): escaped as names are */
	sg_escape_put_name(stderr, line);
	fputc('\n', stderr);
}
