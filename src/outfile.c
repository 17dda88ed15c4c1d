/* outfile.c - files written atomically: a temporary beside the target, renamed into place on commit. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "log.h"
#include "outfile.h"

struct sg_outfile {
	FILE *f;
	char *path, *tmp; /* tmp NULL for stdout */
};

/* Temporaries being written, for sg_outfile_remove_temporaries() in a signal handler. */
#define MAX_TEMPS 32
static char *volatile temps[MAX_TEMPS];

static void temp_register(char *tmp, int on)
{
	for (int i = 0; i < MAX_TEMPS; i++) {
		if (on ? !temps[i] : temps[i] == tmp) {
			temps[i] = on ? tmp : NULL;
			return;
		}
	}
}

void sg_outfile_remove_temporaries(void)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i])
			unlink(temps[i]);
}

static void outfile_free(struct sg_outfile *o)
{
	if (o->tmp)
		temp_register(o->tmp, 0);
	free(o->path);
	free(o->tmp);
	free(o);
}

struct sg_outfile *sg_outfile_open(const char *path)
{
	struct sg_outfile *o = calloc(1, sizeof(*o));
	int fd;

	if (!o)
		goto oom;
	if (strcmp(path, "-") == 0) {
		o->f = stdout;
		return o;
	}
	/*
	 * A FIFO, a device or a terminal is written in place: renaming a temporary over it would
	 * replace it (as root, /dev/null would become an ordinary file).
	 */
	struct stat st;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			sg_log_error("cannot write %s: it is a directory", path);
			goto fail;
		}
		o->path = strdup(path);
		if (!o->path)
			goto oom;
		o->f = fopen(path, "w");
		if (!o->f) {
			sg_log_error("cannot open %s: %s", path, strerror(errno));
			goto fail;
		}
		return o;
	}
	o->path = strdup(path);
	o->tmp = malloc(strlen(path) + 16);
	if (!o->path || !o->tmp)
		goto oom;
	sprintf(o->tmp, "%s.tmp.XXXXXX", path);
	fd = mkstemp(o->tmp);
	if (fd >= 0)
		temp_register(o->tmp, 1);
	if (fd < 0) {
		sg_log_error("cannot create %s: %s", path, strerror(errno));
		free(o->tmp);
		o->tmp = NULL;
		goto fail;
	}
	/* mkstemp makes 0600; output files are ordinary files */
	fchmod(fd, 0644);
	o->f = fdopen(fd, "w");
	if (!o->f) {
		close(fd);
		goto oom;
	}
	return o;
oom:
	sg_log_error("out of memory");
fail:
	if (o) {
		if (o->tmp)
			unlink(o->tmp);
		outfile_free(o);
	}
	return NULL;
}

FILE *sg_outfile_stream(struct sg_outfile *o)
{
	return o->f;
}

int sg_outfile_commit(struct sg_outfile *o)
{
	int ret = 0;

	if (!o->tmp) {
		if (fflush(o->f) != 0 || ferror(o->f)) {
			sg_log_error("write to %s failed: %s", o->path ? o->path : "stdout",
				     strerror(errno ? errno : EIO));
			ret = -1;
		}
		if (o->f != stdout && fclose(o->f) != 0 && ret == 0) {
			sg_log_error("write to %s failed: %s", o->path, strerror(errno));
			ret = -1;
		}
		outfile_free(o);
		return ret;
	}
	if (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0) {
		sg_log_error("cannot write %s: %s", o->path, strerror(errno ? errno : EIO));
		ret = -1;
	}
	if (fclose(o->f) != 0 && ret == 0) {
		sg_log_error("cannot write %s: %s", o->path, strerror(errno));
		ret = -1;
	}
	if (ret == 0 && rename(o->tmp, o->path) != 0) {
		sg_log_error("cannot rename %s to %s: %s", o->tmp, o->path, strerror(errno));
		ret = -1;
	}
	if (ret < 0)
		unlink(o->tmp);
	outfile_free(o);
	return ret;
}

void sg_outfile_abort(struct sg_outfile *o)
{
	if (!o)
		return;
	if (o->tmp) {
		fclose(o->f);
		unlink(o->tmp);
	} else if (o->f && o->f != stdout) {
		fclose(o->f);
	}
	outfile_free(o);
}

char *sg_outfile_name(const char *dir, const char *name, const char *suffix)
{
	size_t len = (dir ? strlen(dir) + 1 : 0) + strlen(name) + strlen(suffix) + 1;
	char *buf = malloc(len), *p = buf;

	if (!buf) {
		sg_log_error("out of memory");
		return NULL;
	}
	if (dir)
		p += sprintf(p, "%s/", dir);
	for (const char *s = name; *s; s++) {
		char c = *s;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			 c == '_' || c == '.' || c == '-';

		*p++ = ok && !(s == name && c == '.') ? c : '_';
	}
	strcpy(p, suffix);
	return buf;
}
