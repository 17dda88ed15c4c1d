/* fuzz_state.c - libFuzzer target: the recovery record reader accepts only what save() writes. */
#define _GNU_SOURCE /* memfd_create */
#include <sys/mman.h>
#include <unistd.h>
#include "common.h"
#include "tracefs_state.h"

/* The boot the seeds (tests/fuzz/regress/fuzz_state) were "written" in. */
#define BOOT "0a1b2c3d-0000-4000-8000-00000000abcd"

static struct sg_tracefs_state *read_back(int fd)
{
	struct sg_tracefs_state *st = NULL;
	FILE *f;

	FUZZ_ASSERT(lseek(fd, 0, SEEK_SET) == 0);
	f = fdopen(dup(fd), "r");
	FUZZ_ASSERT(f);
	FUZZ_ASSERT(sg_tracefs_state_read(f, "again", BOOT, &st) == 0 && st);
	fclose(f);
	return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char nothing[1];
	FILE *in = fmemopen(size ? (void *) data : nothing, size ? size : 1, "r");
	struct sg_tracefs_state *st = NULL, *again;
	int fd;

	FUZZ_ASSERT(in);
	if (!size)
		fgetc(in);
	if (sg_tracefs_state_read(in, "fuzz.state", BOOT, &st) < 0) {
		fclose(in);
		FUZZ_ASSERT(!st);
		FUZZ_ASSERT(strncmp(sg_log_message(), "fuzz.state", 10) == 0 ||
			    strcmp(sg_log_message(), "out of memory") == 0);
		return 0;
	}
	fclose(in);
	FUZZ_ASSERT(st);
	FUZZ_ASSERT(!st->stale || (st->nentries == 0 && st->ninstances == 0));
	for (int i = 0; i < st->ninstances; i++)
		FUZZ_ASSERT(sg_tracefs_state_instance_ok(st->instances[i]));
	for (int i = 0; i < st->nentries; i++) {
		const struct sg_tracefs_state_entry *e = &st->entries[i];

		FUZZ_ASSERT(sg_tracefs_state_file_ok(e->file));
		/* no component is "." or "..", and it stays under tracefs: no leading '/' */
		FUZZ_ASSERT(e->file[0] != '.' && e->file[0] != '/' && !strstr(e->file, "/.") &&
			    strspn(e->file, "/") == 0);
		FUZZ_ASSERT(e->len <= SG_TRACEFS_STATE_MAX_LEN && e->content[e->len] == '\0');
	}
	/* written again by the writer, it reads back the same */
	fd = memfd_create("state", 0);
	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(ftruncate(fd, 0) == 0);
	{
		char hdr[128];
		int n = snprintf(hdr, sizeof(hdr), "surfgraph-state 2\npid %d\nboot %s\n", st->pid,
				 BOOT);

		FUZZ_ASSERT(write(fd, hdr, (size_t) n) == n);
	}
	for (int i = 0; i < st->ninstances; i++)
		FUZZ_ASSERT(sg_tracefs_state_put(fd, "again", st->instances[i], NULL, 0) == 0);
	for (int i = 0; i < st->nentries; i++)
		FUZZ_ASSERT(sg_tracefs_state_put(fd, "again", st->entries[i].file,
						 st->entries[i].content, st->entries[i].len) == 0);
	if (!st->stale) {
		again = read_back(fd);
		FUZZ_ASSERT(!again->cut && again->pid == st->pid);
		FUZZ_ASSERT(again->nentries == st->nentries && again->ninstances == st->ninstances);
		for (int i = 0; i < st->nentries; i++)
			FUZZ_ASSERT(strcmp(again->entries[i].file, st->entries[i].file) == 0 &&
				    again->entries[i].len == st->entries[i].len &&
				    memcmp(again->entries[i].content, st->entries[i].content,
					   st->entries[i].len) == 0);
		sg_tracefs_state_free(again);
	}
	close(fd);
	sg_tracefs_state_free(st);
	return 0;
}
