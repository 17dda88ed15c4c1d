/* log.h - the last error message, carried up to main, and -v tracing of actions. */
#ifndef SG_LOG_H
#define SG_LOG_H

#include <stdarg.h>

/*
 * Record why the current operation failed. Modules call this and return -1 or NULL;
 * only main prints the message. A later call replaces the earlier message.
 */
void sg_log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The message of the last sg_log_error(), or "" when there was none. */
const char *sg_log_message(void);

/* Verbose level: 0 quiet, 1 shows actions (tracefs writes as shell commands). */
void sg_log_set_verbose(int level);

/* Print an action line on stderr when verbose; used for tracefs writes, never by parsers. */
void sg_log_action(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
