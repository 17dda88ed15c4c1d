/* tracefs_session.h - tracefs for one run: lock, set-up, exact save/restore, crash recovery. */
#ifndef SG_TRACEFS_SESSION_H
#define SG_TRACEFS_SESSION_H

#include <tracefs.h>

struct sg_tracefs_session;

/*
 * Become the one surfgraph using tracefs: check root, find tracefs (mounting it when needed),
 * take the lock in state_dir (NULL: /run/surfgraph; it must be ours, 0700, see tracefs_state.h)
 * and restore what a previous run of this boot left changed (see sg_tracefs_session_recovered()).
 * NULL with a message when not root, the state directory or its record is not to be trusted,
 * tracefs is missing, another surfgraph holds the lock, or recovery failed (what failed stays
 * on record).
 */
struct sg_tracefs_session *sg_tracefs_session_open(const char *state_dir);

/* Restores what is still changed (see _restore), releases the lock, frees. NULL is fine. */
void sg_tracefs_session_close(struct sg_tracefs_session *s);

/*
 * How many files were restored at open for a run that ended without restoring them (killed,
 * crashed), and that run's pid; 0 when there was nothing to do.
 */
int sg_tracefs_session_recovered(const struct sg_tracefs_session *s, int *pid);

/* The pid of a run whose state file, written before this boot, was ignored and removed; or 0. */
int sg_tracefs_session_stale(const struct sg_tracefs_session *s);

/*
 * The names in available_filter_functions that pattern selects (exact name, its .isra/.part/
 * .constprop/.cold variants, "name [mod]", a glob), as the strings to write to
 * set_graph_function (a glob is written as is). 0 and *names NULL with up to five suggestions
 * in the message when nothing matches; -1 with a message when the list cannot be read.
 */
int sg_tracefs_session_resolve(struct sg_tracefs_session *s, const char *pattern, char ***names);
void sg_tracefs_session_names_free(char **names);

/*
 * Check that function_graph is there, choose an instance or the top level (an instance only
 * when it offers function_graph and set_graph_function), and refuse a busy top level unless
 * force. Cheap: call it before slow preparations, so a refusal comes at once; done once, later
 * calls return 0. -1 with a message.
 */
int sg_tracefs_session_prepare(struct sg_tracefs_session *s, int force);

/* Like _write, with each of the n values on its own line (a filter list); n 0 empties it. */
int sg_tracefs_session_write_list(struct sg_tracefs_session *s, int top, const char *file,
				  const char *const *values, int n);

/*
 * Save file unless saved already, then open it truncated for sg_tracefs_file_put_line() and
 * sg_tracefs_file_close_list() (tracefs_file.h); the descriptor, or -1 with a message.
 */
int sg_tracefs_session_open_list(struct sg_tracefs_session *s, int top, const char *file);

/*
 * Save file now, unless saved already: something other than a write of ours is about to change
 * it (the kernel expands the buffer when the tracer is set). -1 with a message.
 */
int sg_tracefs_session_save(struct sg_tracefs_session *s, int top, const char *file);

/* The instance the events are recorded in; NULL means the top level. */
struct tracefs_instance *sg_tracefs_session_instance(const struct sg_tracefs_session *s);

/* Whether an instance of our own is used (rather than the top level). */
int sg_tracefs_session_uses_instance(const struct sg_tracefs_session *s);

/* tracing_on: 1 starts recording, 0 stops it. -1 with a message. */
int sg_tracefs_session_tracing(struct sg_tracefs_session *s, int on);

/*
 * Save file (relative to the top level when top, else to the session's instance) unless saved
 * already, then write value (NULL: truncate). Every write is shown as `echo VALUE > FILE`
 * with -v. -1 with a message.
 */
int sg_tracefs_session_write(struct sg_tracefs_session *s, int top, const char *file,
			     const char *value);

/*
 * Write back every saved file, newest first, remove our instance, and read each file again:
 * -1 with a message naming the files that did not come back byte for byte (the state file then
 * keeps just those, so the next run tries again). 0 when nothing was changed or all matched.
 */
int sg_tracefs_session_restore(struct sg_tracefs_session *s);

#endif
