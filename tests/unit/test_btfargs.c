/* test_btfargs.c - funcgraph-args named from BTF as the 7.3 kernel printed them in real captures.
 *
 * The kernel's own text (the two funcgraph-args captures in tests/data/linux-7.3) is the expected
 * output: each call's printed values are read back into the raw register values a binary record
 * would carry (hex, decimal, an enum's number), formatted from the 7.3 guest's BTF and compared
 * with the line, names, types, `...`, `?`, enum names and `f()` for clones included.
 *
 * The BTF is tests/data/linux-7.3/funcgraph-args.btf: what sg_btfargs_subset keeps of the 7.3
 * guest's /sys/kernel/btf/vmlinux for the functions of those captures, made by
 *   build/obj/tests/unit/test_btfargs --make-fixture VMLINUX_BTF \
 *     tests/data/linux-7.3/funcgraph-args.btf
 * (VMLINUX_BTF: the guest's /sys/kernel/btf/vmlinux, or the .BTF section of its vmlinux).
 */
#include <stdlib.h>
#include <zlib.h>
#include "btfargs.h"
#include "check.h"
#include "log.h"
#include "strtab.h"

#ifndef FIXTURE
#define FIXTURE "tests/data/linux-7.3/funcgraph-args.btf"
#endif

static const char *const captures[] = {
    "tests/data/linux-7.3/do_fault_funcgraph-args.txt.gz",
    "tests/data/linux-7.3/vfs_read_proc_abstime_funcgraph-args.txt.gz",
};

/* One printed call: the function (interned) and the text between its parentheses. */
struct call {
	const char *func;
	char args[1024];
};

/* "f(args) {" or "f(args);" at the end of a function_graph text line. 0: not a call. */
static int parse_call(struct sg_strtab *st, char *line, struct call *c)
{
	char *body = strrchr(line, '|'), *open, *end;
	size_t n = strlen(line);

	while (n && (line[n - 1] == '\n' || line[n - 1] == ' '))
		line[--n] = '\0';
	if (!body)
		return 0;
	body++;
	while (*body == ' ')
		body++;
	open = strchr(body, '(');
	if (!open || n < 3)
		return 0;
	end = line + n;
	if (strcmp(end - 3, ") {") == 0)
		end -= 3;
	else if (strcmp(end - 2, ");") == 0)
		end -= 2;
	else
		return 0;
	if (end < open + 1 || (size_t) (end - open - 1) >= sizeof(c->args))
		return 0;
	c->func = sg_strtab_intern(st, body, (size_t) (open - body));
	memcpy(c->args, open + 1, (size_t) (end - open - 1));
	c->args[end - open - 1] = '\0';
	return 1;
}

/*
 * The raw values behind printed arguments: 0x.. hex, decimal (negative too), "N [NAME]" an
 * enum's number, "?0x.." an unknown type's, "(STRUCT)[0x..:0x..]" one per long; "..." ends.
 */
static int raw_values(const char *args, uint64_t *argv)
{
	int n = 0;
	const char *p = args;

	while (*p && n < 6) {
		const char *eq = strchr(p, '=');

		if (strncmp(p, "...", 3) == 0 || !eq)
			break;
		p = eq + 1;
		if (*p == '?')
			p++;
		if (*p == '(') {
			p = strchr(p, '[');
			if (!p)
				return -1;
			p++;
			while (n < 6 && strncmp(p, "...", 3) != 0) {
				argv[n++] = strtoull(p, (char **) &p, 0);
				if (*p != ':')
					break;
				p++;
			}
			p = strchr(p, ']');
			if (!p)
				return -1;
			p++;
		} else if (*p == '-') {
			argv[n++] = (uint64_t) strtoll(p, (char **) &p, 10);
		} else {
			argv[n++] = strtoull(p, (char **) &p, 0);
		}
		if (*p == ' ' && p[1] == '[')
			p = strchr(p, ']') + 1;
		if (strncmp(p, ", ", 2) == 0)
			p += 2;
		else if (*p)
			return -1;
	}
	/* past what was printed: values the kernel recorded but did not show */
	for (int i = n; i < 6; i++)
		argv[i] = 0xdead0000 + (uint64_t) i;
	return n;
}

/* Every call line of the captures through fn. */
static long each_call(struct sg_strtab *st, void (*fn)(void *, const struct call *), void *ctx)
{
	char line[4096];
	struct call c;
	long n = 0;

	for (size_t i = 0; i < sizeof(captures) / sizeof(captures[0]); i++) {
		gzFile f = gzopen(captures[i], "rb");

		CHECK(f != NULL);
		if (!f)
			continue;
		while (gzgets(f, line, sizeof(line)))
			if (parse_call(st, line, &c)) {
				fn(ctx, &c);
				n++;
			}
		gzclose(f);
	}
	return n;
}

struct cmp {
	struct sg_btfargs *b;
	long same, differ, empty, named;
};

static void compare(void *vctx, const struct call *c)
{
	struct cmp *x = vctx;
	uint64_t argv[6];
	char buf[1024];
	int n;

	if (raw_values(c->args, argv) < 0) {
		x->differ++;
		fprintf(stderr, "unparsed: %s(%s)\n", c->func, c->args);
		return;
	}
	n = sg_btfargs_format(x->b, c->func, argv, 6, buf, sizeof(buf));
	if (n >= 0 && strcmp(buf, c->args) == 0 && (size_t) n == strlen(buf)) {
		x->same++;
		x->empty += !*buf;
		x->named += strchr(buf, '=') != NULL;
	} else if (x->differ++ < 10) {
		fprintf(stderr, "%s: kernel (%s), surfgraph (%s)\n", c->func, c->args, buf);
	}
}

static void touch(void *vctx, const struct call *c)
{
	uint64_t argv[6] = {0};
	char buf[16];

	sg_btfargs_format(vctx, c->func, argv, 6, buf, sizeof(buf));
}

static int make_fixture(const char *vmlinux, const char *out)
{
	struct sg_strtab *st = sg_strtab_new();
	struct sg_btfargs *b = sg_btfargs_open(vmlinux);
	void *data;
	size_t size;
	FILE *f;

	if (!b || !st) {
		fprintf(stderr, "%s\n", sg_log_message());
		return 1;
	}
	each_call(st, touch, b);
	if (sg_btfargs_subset(b, &data, &size) < 0 || !(f = fopen(out, "wb")) ||
	    fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror(out);
		return 1;
	}
	printf("%s: %zu bytes, %zu functions\n", out, size, sg_btfargs_count(b));
	free(data);
	sg_btfargs_free(b);
	sg_strtab_free(st);
	return 0;
}

/* The captures' calls, formatted from the fixture, are the kernel's text. */
static void test_captures(struct sg_strtab *st, struct sg_btfargs *b)
{
	struct cmp x = {b, 0, 0, 0, 0};
	long n = each_call(st, compare, &x);

	printf("btfargs: %ld calls of %zu functions: %ld as the kernel printed them (%ld named, "
	       "%ld empty), %ld differ\n",
	       n, sg_btfargs_count(b), x.same, x.named, x.empty, x.differ);
	CHECK(n > 5000);
	CHECK_U64(x.differ, 0);
	CHECK_U64(x.same, n);
	CHECK(x.named > 4000);
}

/* Formatting details the captures show once or not at all. */
static void test_forms(struct sg_strtab *st, struct sg_btfargs *b)
{
	uint64_t argv[6] = {0xff2ab15e822c3180, 0x4a2de40, 0x200, 0xff82b96e005f3ba8, 5, 6};
	char buf[256];
	const char *f;

	f = sg_strtab_intern(st, "vfs_read", 8);
	CHECK_U64(sg_btfargs_format(b, f, argv, 6, buf, sizeof(buf)), strlen(buf));
	CHECK_STR(buf,
		  "file=0xff2ab15e822c3180, buf=0x4a2de40, count=0x200, pos=0xff82b96e005f3ba8");
	/* a signed int is the register as a long: -1 zero-extended prints 4294967295, as 7.3 */
	f = sg_strtab_intern(st, "bpf_lsm_file_permission", 23);
	argv[1] = 0xffffffff;
	sg_btfargs_format(b, f, argv, 6, buf, sizeof(buf));
	CHECK_STR(buf, "file=0xff2ab15e822c3180, mask=4294967295");
	argv[1] = (uint64_t) -22;
	sg_btfargs_format(b, f, argv, 6, buf, sizeof(buf));
	CHECK_STR(buf, "file=0xff2ab15e822c3180, mask=-22");
	/* an enum value without a name: the number alone */
	f = sg_strtab_intern(st, "mod_node_page_state", 19);
	argv[1] = 9999;
	argv[2] = 1;
	sg_btfargs_format(b, f, argv, 6, buf, sizeof(buf));
	CHECK_STR(buf, "pgdat=0xff2ab15e822c3180, item=9999, delta=1");
	/* truncated to the buffer, NUL-terminated */
	f = sg_strtab_intern(st, "vfs_read", 8);
	CHECK_U64(sg_btfargs_format(b, f, argv, 6, buf, 9), 8);
	CHECK_STR(buf, "file=0xf");
	/* a clone and a name the BTF lacks: the kernel prints f() */
	f = sg_strtab_intern(st, "finish_task_switch.isra.0", 25);
	CHECK_U64(sg_btfargs_format(b, f, argv, 6, buf, sizeof(buf)), 0);
	CHECK_STR(buf, "");
	/* a module's function: its BTF is the module's, the raw values stay */
	f = sg_strtab_intern(st, "e1000_clean [e1000]", 19);
	CHECK(sg_btfargs_format(b, f, argv, 6, buf, sizeof(buf)) == -1);
	/* fewer values than parameters (a record cut short): "..." */
	f = sg_strtab_intern(st, "vfs_read", 8);
	sg_btfargs_format(b, f, argv, 2, buf, sizeof(buf));
	CHECK_STR(buf, "file=0xff2ab15e822c3180, buf=0x270f, ...");
}

/* What a trace.dat carries (the subset) formats as the BTF it came from. */
static void test_subset(struct sg_strtab *st, struct sg_btfargs *b)
{
	void *data;
	size_t size;
	struct sg_btfargs *c;
	struct cmp x = {NULL, 0, 0, 0, 0};

	CHECK(sg_btfargs_subset(b, &data, &size) == 0);
	CHECK(size > 1000 && size < 200000);
	c = sg_btfargs_from_data(data, size);
	CHECK(c != NULL);
	if (!c)
		return;
	x.b = c;
	each_call(st, compare, &x);
	CHECK_U64(x.differ, 0);
	CHECK(x.same > 5000);
	sg_btfargs_free(c);
	/* garbage is refused with a message, not crashed on */
	memset(data, 0x5a, size / 2);
	CHECK(sg_btfargs_from_data(data, size) == NULL);
	CHECK(strstr(sg_log_message(), "BTF") != NULL);
	free(data);
	CHECK(sg_btfargs_open("/nonexistent/vmlinux") == NULL);
	CHECK(strstr(sg_log_message(), "/nonexistent/vmlinux") != NULL);
}

int main(int argc, char **argv)
{
	struct sg_strtab *st;
	struct sg_btfargs *b;

	if (argc == 4 && strcmp(argv[1], "--make-fixture") == 0)
		return make_fixture(argv[2], argv[3]);
	st = sg_strtab_new();
	b = sg_btfargs_open(FIXTURE);
	CHECK(b != NULL);
	if (b) {
		test_captures(st, b);
		test_forms(st, b);
		test_subset(st, b);
	}
	sg_btfargs_free(b);
	sg_btfargs_free(NULL);
	sg_strtab_free(st);
	return check_report("test_btfargs");
}
