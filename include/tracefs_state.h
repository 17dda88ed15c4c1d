/* tracefs_state.h - the crash-recovery record: its own directory, durable writes, strict reads. */
#ifndef SG_TRACEFS_STATE_H
#define SG_TRACEFS_STATE_H

#include <stddef.h>
#include <stdio.h>

/*
 * The record lists what a run changed in tracefs, so the next run can write it back after a
 * SIGKILL or a crash. The next run replays it as root into tracefs, so nothing in it is taken
 * on trust: it lives in a directory that only we own (mode 0700, not a link), it names only
 * files save() itself saves, instances surfgraph makes, bounded lengths, and the boot it was
 * written in (a record from an earlier boot describes another kernel: ignored and removed).
 *
 *	surfgraph-state 2
 *	pid PID
 *	boot BOOT_ID				(/proc/sys/kernel/random/boot_id)
 *	instance NAME				(surfgraph or surfgraph-PID)
 *	save NAME LEN\n BYTES \n		(NAME: FILE, options/FILE, per_cpu/cpuN/FILE)
 */

/*
 * The longest content saved for one file. The biggest tracefs file surfgraph saves is a filter
 * list, which holds at most every name of available_filter_functions: about 2 MB on a
 * distribution kernel with its modules; 16 MB leaves room for eight times that.
 */
#define SG_TRACEFS_STATE_MAX_LEN (16u << 20)

/* Boot ids are UUIDs: 36 characters. */
#define SG_TRACEFS_STATE_BOOT_LEN 36

struct sg_tracefs_state_entry {
	char *file;    /* validated by sg_tracefs_state_file_ok() */
	char *content; /* len bytes, NUL-terminated */
	size_t len;
};

struct sg_tracefs_state {
	int pid; /* the run that wrote it */
	char boot_id[SG_TRACEFS_STATE_BOOT_LEN + 1];
	int stale;	  /* written in another boot: nothing of it applies */
	int cut;	  /* ends inside a record: the run died writing it */
	char **instances; /* validated by sg_tracefs_state_instance_ok() */
	int ninstances;
	struct sg_tracefs_state_entry *entries; /* in the order they were saved */
	int nentries;
};

/*
 * Make sure dir is ours and open it: created 0700 when missing; refused (-1, message) when it is
 * a link, not a directory, not owned by the effective user, has any mode but 0700, or sits in
 * a directory others could rename it out of. The descriptor (O_DIRECTORY, close-on-exec) is
 * what the files are opened relative to, so the checked directory is the one used.
 */
int sg_tracefs_state_dir_open(const char *dir);

/* This boot's id into buf (SG_TRACEFS_STATE_BOOT_LEN + 1 bytes). -1 with a message. */
int sg_tracefs_state_boot_id(char *buf);

/* Whether name is one save() writes: FILE, options/FILE or per_cpu/cpuN/FILE, no "." start. */
int sg_tracefs_state_file_ok(const char *name);

/* Whether name is an instance surfgraph makes: "surfgraph" or "surfgraph-PID". */
int sg_tracefs_state_instance_ok(const char *name);

/*
 * Create (truncating) name in dir_fd, not following a link, mode 0600, with the header for pid
 * and boot_id, made durable. The descriptor, or -1 with a message naming label.
 */
int sg_tracefs_state_create(int dir_fd, const char *name, const char *label, int pid,
			    const char *boot_id);

/*
 * Append "instance NAME" (body NULL) or "save NAME LEN" and body, then fdatasync: the record is
 * on disk before the kernel is touched. name must pass the check for its kind. -1 with a
 * message naming label.
 */
int sg_tracefs_state_put(int fd, const char *label, const char *name, const char *body, size_t len);

/*
 * Read a record from f (label names it in messages) against this boot's id. A record from
 * another boot comes back with stale set and nothing in it. A record cut inside its last entry
 * (the writer died) keeps the entries before. Anything else that is not exactly what
 * sg_tracefs_state_put() writes (unknown lines, other names, lengths over the cap, an older
 * format) is refused whole: -1 with "label:line: reason", NULL in *out.
 */
int sg_tracefs_state_read(FILE *f, const char *label, const char *boot_id,
			  struct sg_tracefs_state **out);

/* Accepts NULL. */
void sg_tracefs_state_free(struct sg_tracefs_state *st);

/*
 * Which pass a file is written back in: files come back newest first, but current_tracer
 * (pass 1) and tracing_on (pass 2) last: a tracer given back before its filters would run
 * unfiltered meanwhile (every function, on a live machine).
 */
int sg_tracefs_state_restore_pass(const char *file);

/*
 * A new record to replace "state" (what could not be given back, kept for a later run):
 * written to "state.new", renamed over "state" on commit, so a crash leaves one or the other.
 * -1 with a message naming label.
 */
int sg_tracefs_state_replace_open(int dir_fd, const char *label, int pid, const char *boot_id);
int sg_tracefs_state_replace_commit(int dir_fd, const char *label, int fd);

/*
 * The record "state" in dir_fd, left by a run that did not restore (killed, crashed): read it
 * (sg_tracefs_state_read), remove the instances it names and write back its files through
 * libtracefs, newest first, then remove it. *recovered counts the actions and *pid is the run's;
 * a record of another boot is removed untouched, its run's pid in *stale_pid. -1 with a
 * message when it is not to be trusted (kept, for a person to look at) or something failed
 * (only the failed entries are kept, for the next run).
 */
int sg_tracefs_state_recover(int dir_fd, const char *label, const char *boot_id,
			     const char *tracing_dir, int *recovered, int *pid, int *stale_pid);

/* The one event file a run writes (tracefs_setup.c), so the record accepts it too. */
#define SG_TRACEFS_SCHED_SWITCH "events/sched/sched_switch/enable"

#endif
