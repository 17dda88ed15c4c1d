/* datwriter.c - -w: a live capture's binary pages saved as the trace.dat trace-cmd record writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <trace-cmd.h>
#include "btfargs.h"
#include "datwriter.h"
#include "log.h"
#include "outfile.h"

/*
 * libtracecmd's output API (trace-cmd record's own), exported by libtracecmd 1.3 but declared
 * only in trace-cmd's private header, which Debian does not ship.
 */
struct tracecmd_output;
struct tracecmd_event_list;
struct tracecmd_output *tracecmd_output_create_fd(int fd);
int tracecmd_output_set_version(struct tracecmd_output *handle, int file_version);
int tracecmd_output_set_compression(struct tracecmd_output *handle, const char *compression);
int tracecmd_output_write_headers(struct tracecmd_output *handle, struct tracecmd_event_list *list);
struct tracecmd_option *tracecmd_add_option(struct tracecmd_output *handle, unsigned short id,
					    int size, const void *data);
int tracecmd_write_cmdlines(struct tracecmd_output *handle);
int tracecmd_append_cpu_data(struct tracecmd_output *handle, int cpus, char *const *cpu_data_files);
void tracecmd_output_close(struct tracecmd_output *handle);
void tracecmd_set_quiet(struct tracecmd_output *handle, _Bool set_quiet);
#define TRACECMD_OPTION_UNAME 5 /* enum tracecmd_option_id */

struct sg_datwriter {
	char *path;
	struct sg_outfile *out;
	char **files; /* cpuN in the output's private directory, as libtracecmd opens them */
	int *fds;
	int ncpus, page_size;
	char *pad; /* a short read is padded to a whole page, as the file's layout needs */
	uint64_t bytes;
	struct sg_btfargs *btf; /* --args: what naming the arguments needs goes into the file */
};

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

struct sg_datwriter *sg_datwriter_new(const char *path, int ncpus)
{
	struct sg_datwriter *w;
	const char *dir;
	int dfd;

	/* the library seeks back to fill in section sizes: a file, not a stream */
	if (strcmp(path, "-") == 0) {
		sg_log_error("-w needs a file name: a trace.dat cannot be written to stdout");
		return NULL;
	}
	w = calloc(1, sizeof(*w));
	if (!w || !(w->path = strdup(path)) ||
	    !(w->files = calloc((size_t) ncpus, sizeof(*w->files))) ||
	    !(w->fds = malloc((size_t) ncpus * sizeof(*w->fds)))) {
		oom();
		goto fail;
	}
	w->ncpus = ncpus;
	for (int i = 0; i < ncpus; i++)
		w->fds[i] = -1;
	w->out = sg_outfile_open(path);
	if (!w->out)
		goto fail;
	/* beside the output: the same file system, and no one else's directory (outfile.c) */
	dfd = sg_outfile_scratch(w->out, &dir);
	if (dfd < 0)
		goto fail;
	for (int i = 0; i < ncpus; i++) {
		char name[32];
		size_t n = strlen(dir) + sizeof(name);

		snprintf(name, sizeof(name), "cpu%d", i);
		w->files[i] = malloc(n);
		if (!w->files[i]) {
			oom();
			goto fail;
		}
		snprintf(w->files[i], n, "%s/%s", dir, name);
		w->fds[i] =
		    openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (w->fds[i] < 0) {
			sg_log_error("-w %s: cannot create %s: %s", path, name, strerror(errno));
			goto fail;
		}
	}
	return w;
fail:
	sg_datwriter_free(w);
	return NULL;
}

int sg_datwriter_set_page_size(struct sg_datwriter *w, int page_size)
{
	if (page_size <= 0 || w->pad) {
		sg_log_error("-w %s: a page size of %d bytes", w->path, page_size);
		return -1;
	}
	w->pad = calloc(1, (size_t) page_size);
	if (!w->pad)
		return oom();
	w->page_size = page_size;
	return 0;
}

static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= (size_t) n;
	}
	return 0;
}

int sg_datwriter_page(struct sg_datwriter *w, int cpu, const void *page, int len)
{
	if (cpu < 0 || cpu >= w->ncpus || len <= 0 || len > w->page_size) {
		sg_log_error("-w: a page of %d bytes from cpu%d does not fit the file", len, cpu);
		return -1;
	}
	if (write_all(w->fds[cpu], page, (size_t) len) < 0 ||
	    write_all(w->fds[cpu], w->pad, (size_t) (w->page_size - len)) < 0) {
		sg_log_error("-w %s: writing %s failed: %s", w->path, w->files[cpu],
			     strerror(errno));
		return -1;
	}
	w->bytes += (uint64_t) w->page_size;
	return 0;
}

uint64_t sg_datwriter_bytes(const struct sg_datwriter *w)
{
	return w->bytes;
}

/* "sysname nodename release machine", as trace-cmd record stores uname. */
static void add_uname(struct tracecmd_output *h)
{
	struct utsname u;
	char buf[sizeof(u) + 4];

	if (uname(&u) < 0)
		return;
	snprintf(buf, sizeof(buf), "%s %s %s %s", u.sysname, u.nodename, u.release, u.machine);
	tracecmd_add_option(h, TRACECMD_OPTION_UNAME, (int) strlen(buf) + 1, buf);
}

void sg_datwriter_keep_btf(struct sg_datwriter *w, struct sg_btfargs *b)
{
	w->btf = b;
}

/*
 * --args: the BTF of the functions seen, so that the file names their arguments wherever it is
 * read (a whole vmlinux BTF would be megabytes; trace-cmd 3.4 stores that in a compressed
 * section libtracecmd 1.3 can neither write nor read).
 */
static int add_btf(struct sg_datwriter *w, struct tracecmd_output *h)
{
	void *btf, *data;
	size_t size, magic = sizeof(SG_BTFARGS_MAGIC);

	if (!w->btf)
		return 0;
	if (sg_btfargs_subset(w->btf, &btf, &size) < 0)
		return -1;
	if (!size)
		return 0;
	data = malloc(magic + size);
	if (!data || size > INT32_MAX - magic) {
		free(btf);
		free(data);
		return oom();
	}
	memcpy(data, SG_BTFARGS_MAGIC, magic);
	memcpy((char *) data + magic, btf, size);
	free(btf);
	if (!tracecmd_add_option(h, SG_BTFARGS_DAT_OPTION, (int) (magic + size), data)) {
		free(data);
		sg_log_error("-w %s: cannot add the arguments' BTF", w->path);
		return -1;
	}
	free(data);
	return 0;
}

int sg_datwriter_finish(struct sg_datwriter *w)
{
	struct tracecmd_output *h;
	/* the library closes the descriptor it is given: its own copy */
	int fd = dup(fileno(sg_outfile_stream(w->out))), ret = -1;

	for (int i = 0; i < w->ncpus; i++) {
		if (close(w->fds[i]) < 0) {
			sg_log_error("-w %s: writing %s failed: %s", w->path, w->files[i],
				     strerror(errno));
			w->fds[i] = -1;
			goto out;
		}
		w->fds[i] = -1;
	}
	if (fd < 0) {
		sg_log_error("-w %s: %s", w->path, strerror(errno));
		goto out;
	}
	h = tracecmd_output_create_fd(fd);
	if (!h) {
		close(fd);
		sg_log_error("-w %s: libtracecmd cannot start the file", w->path);
		goto out;
	}
	tracecmd_set_quiet(h, 1); /* it would print each CPU's offset and size on stdout */
	/*
	 * What trace-cmd record (3.1) writes by default: version 7, compressed sections (the
	 * kallsyms are megabytes), every event format (NULL: all) so other tools read the file.
	 */
	if (tracecmd_output_set_version(h, 7) < 0 ||
	    tracecmd_output_set_compression(h, "any") < 0 ||
	    tracecmd_output_write_headers(h, NULL) < 0) {
		sg_log_error(
		    "-w %s: cannot write the headers (event formats, kallsyms) from tracefs",
		    w->path);
		tracecmd_output_close(h);
		goto out;
	}
	add_uname(h);
	if (add_btf(w, h) < 0) {
		tracecmd_output_close(h);
		goto out;
	}
	if (tracecmd_write_cmdlines(h) < 0 || tracecmd_append_cpu_data(h, w->ncpus, w->files) < 0) {
		sg_log_error("-w %s: cannot write the CPU data", w->path);
		tracecmd_output_close(h);
		goto out;
	}
	tracecmd_output_close(h);
	ret = sg_outfile_commit(w->out);
	w->out = NULL;
out:
	return ret;
}

void sg_datwriter_free(struct sg_datwriter *w)
{
	if (!w)
		return;
	for (int i = 0; w->files && i < w->ncpus; i++) {
		if (w->fds && w->fds[i] >= 0)
			close(w->fds[i]);
		free(w->files[i]);
	}
	/* the temporary and the private directory with the CPUs' pages in it */
	sg_outfile_abort(w->out);
	free(w->files);
	free(w->fds);
	free(w->pad);
	free(w->path);
	free(w);
}
