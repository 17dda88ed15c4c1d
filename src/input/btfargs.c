/* btfargs.c - funcgraph-args' raw values named and formatted from BTF, as the kernel prints them.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "btfargs.h"
#include "log.h"

/* One function looked up: its BTF_KIND_FUNC's id, 0 when the BTF lacks it, -1 a module's. */
struct fn {
	const char *name;
	int id;
};

struct sg_btfargs {
	struct btf *btf;
	struct fn *v; /* in the order first seen */
	size_t n, cap;
	uint32_t *slot; /* open addressing on the name's pointer: index + 1, 0 empty */
	size_t nslot;
};

/* libbpf prints its warnings on stderr by default; an input never prints (errors go up). */
static void quiet(void)
{
	libbpf_set_print(NULL);
}

static struct sg_btfargs *wrap(struct btf *btf, const char *what)
{
	struct sg_btfargs *b;
	int err = errno;

	if (!btf) {
		sg_log_error("%s: not a BTF libbpf can read: %s", what,
			     strerror(err ? err : EINVAL));
		return NULL;
	}
	b = calloc(1, sizeof(*b));
	if (!b) {
		btf__free(btf);
		sg_log_error("out of memory");
		return NULL;
	}
	b->btf = btf;
	return b;
}

struct sg_btfargs *sg_btfargs_open(const char *path)
{
	quiet();
	errno = 0;
	return wrap(btf__parse(path, NULL), path);
}

struct sg_btfargs *sg_btfargs_from_data(const void *data, size_t size)
{
	quiet();
	errno = 0;
	if (size > UINT32_MAX)
		return wrap(NULL, "the trace's BTF");
	return wrap(btf__new(data, (uint32_t) size), "the trace's BTF");
}

void sg_btfargs_free(struct sg_btfargs *b)
{
	if (!b)
		return;
	btf__free(b->btf);
	free(b->v);
	free(b->slot);
	free(b);
}

size_t sg_btfargs_count(const struct sg_btfargs *b)
{
	return b->n;
}

static size_t hash_ptr(const void *p, size_t mask)
{
	uint64_t h = (uint64_t) (uintptr_t) p * 0x9e3779b97f4a7c15ull;

	return (size_t) (h >> 32) & mask;
}

static int grow(struct sg_btfargs *b)
{
	size_t nslot = b->nslot ? b->nslot * 2 : 256;
	uint32_t *slot = calloc(nslot, sizeof(*slot));

	if (!slot)
		return -1;
	for (size_t i = 0; i < b->n; i++) {
		size_t k = hash_ptr(b->v[i].name, nslot - 1);

		while (slot[k])
			k = (k + 1) & (nslot - 1);
		slot[k] = (uint32_t) i + 1;
	}
	free(b->slot);
	b->slot = slot;
	b->nslot = nslot;
	return 0;
}

/* The BTF_KIND_FUNC id of a vmlinux function's name, as the kernel's btf_find_func_proto. */
static int find(const struct btf *btf, const char *name)
{
	int id;

	if (strchr(name, ' '))
		return -1; /* "f [mod]": kallsyms names a module's function so */
	id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
	if (id <= 0)
		return 0;
	const struct btf_type *t = btf__type_by_id(btf, (uint32_t) id);

	if (!t || !btf_is_func(t) || !(t = btf__type_by_id(btf, t->type)) || !btf_is_func_proto(t))
		return 0;
	return id;
}

/* The function's entry, looked up in the BTF on first sight. NULL without memory. */
static const struct fn *lookup(struct sg_btfargs *b, const char *name)
{
	size_t k;

	if (b->nslot) {
		for (k = hash_ptr(name, b->nslot - 1); b->slot[k]; k = (k + 1) & (b->nslot - 1))
			if (b->v[b->slot[k] - 1].name == name)
				return &b->v[b->slot[k] - 1];
	}
	if ((b->n + 1) * 2 > b->nslot && grow(b) < 0)
		return NULL;
	if (b->n == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 64;
		struct fn *v = realloc(b->v, ncap * sizeof(*v));

		if (!v)
			return NULL;
		b->v = v;
		b->cap = ncap;
	}
	b->v[b->n].name = name;
	b->v[b->n].id = find(b->btf, name);
	for (k = hash_ptr(name, b->nslot - 1); b->slot[k]; k = (k + 1) & (b->nslot - 1))
		;
	b->slot[k] = (uint32_t) ++b->n;
	return &b->v[b->n - 1];
}

/*
 * The kernel's btf_type_skip_modifiers: typedefs, const, volatile, restrict, type tags skipped;
 * the id reached (0: void, or a chain too long to be real).
 */
static uint32_t skip_id(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	for (int i = 0; id && t && (btf_is_mod(t) || btf_is_typedef(t)); i++) {
		if (i == 64)
			return 0;
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	return t ? id : 0;
}

static const struct btf_type *skip_modifiers(const struct btf *btf, uint32_t id)
{
	id = skip_id(btf, id);
	return id ? btf__type_by_id(btf, id) : NULL;
}

/* The kernel's btf_kind_str, as print_function_args names a by-value aggregate. */
static const char *kind_str(const struct btf_type *t)
{
	static const char *const s[] = {
	    "UNKNOWN", "INT",	  "PTR",      "ARRAY",	  "STRUCT",   "UNION",	"ENUM",
	    "FWD",     "TYPEDEF", "VOLATILE", "CONST",	  "RESTRICT", "FUNC",	"FUNC_PROTO",
	    "VAR",     "DATASEC", "FLOAT",    "DECL_TAG", "TYPE_TAG", "ENUM64",
	};
	unsigned k = btf_kind(t);

	return k < sizeof(s) / sizeof(s[0]) ? s[k] : "UNKNOWN";
}

struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->len + 1 >= o->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len = o->len + (size_t) n >= o->size ? o->size - 1 : o->len + (size_t) n;
}

/* An enum's value and, when it has one, its name: "38 [NR_PAGETABLE]" as 7.3 prints it. */
static void put_enum(struct out *o, const struct btf *btf, const struct btf_type *t, uint64_t v)
{
	const char *name = NULL;

	put(o, "%" PRId64, (int64_t) v);
	if (btf_is_enum(t)) {
		const struct btf_enum *e = btf_enum(t);

		for (int i = 0; i < btf_vlen(t) && !name; i++)
			if ((uint32_t) e[i].val == (uint32_t) v)
				name = btf__name_by_offset(btf, e[i].name_off);
	} else {
		const struct btf_enum64 *e = btf_enum64(t);

		for (int i = 0; i < btf_vlen(t) && !name; i++)
			if (btf_enum64_value(&e[i]) == v)
				name = btf__name_by_offset(btf, e[i].name_off);
	}
	if (name && *name)
		put(o, " [%s]", name);
}

int sg_btfargs_format(struct sg_btfargs *b, const char *func, const uint64_t *argv, int nargv,
		      char *buf, size_t size)
{
	const struct fn *f = lookup(b, func);
	struct out o = {buf, size, 0};
	const struct btf_type *proto;
	const struct btf_param *p;
	int a, i, nr;

	if (size)
		buf[0] = '\0';
	if (!f || f->id < 0)
		return -1;
	if (!f->id || !size)
		return 0;
	proto = btf__type_by_id(b->btf, btf__type_by_id(b->btf, (uint32_t) f->id)->type);
	p = btf_params(proto);
	nr = btf_vlen(proto);
	/* the kernel's loop: one value per scalar, a by-value aggregate takes one per long */
	for (a = 0, i = 0; i < nr; a++, i++) {
		const struct btf_type *t;
		uint64_t v;

		if (i)
			put(&o, ", ");
		if (a >= nargv) {
			put(&o, "...");
			break;
		}
		v = argv[a];
		put(&o, "%s=", btf__name_by_offset(b->btf, p[i].name_off) ?: "");
		t = skip_modifiers(b->btf, p[i].type);
		switch (t ? btf_kind(t) : BTF_KIND_UNKN) {
		case BTF_KIND_UNKN: /* variadic, or a type the BTF cannot resolve */
			put(&o, "?0x%" PRIx64, v);
			break;
		case BTF_KIND_PTR:
			put(&o, "0x%" PRIx64, v);
			break;
		case BTF_KIND_INT:
			/* unsigned ints in hex (most are flags or sizes), the raw register either
			 * way */
			if (btf_int_encoding(t) & BTF_INT_SIGNED)
				put(&o, "%" PRId64, (int64_t) v);
			else
				put(&o, "0x%" PRIx64, v);
			break;
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			put_enum(&o, b->btf, t, v);
			break;
		default:
			put(&o, "(%s)[0x%" PRIx64, kind_str(t), v);
			for (uint32_t x = 8; x < t->size; x += 8) {
				put(&o, ":");
				if (++a >= nargv) {
					put(&o, "...]");
					return (int) o.len;
				}
				put(&o, "0x%" PRIx64, argv[a]);
			}
			put(&o, "]");
			break;
		}
	}
	return (int) o.len;
}

/* What formatting needs of a parameter's type, added to dst once (map: src id -> dst id). */
static int copy_type(const struct btf *src, struct btf *dst, uint32_t id, int *map)
{
	uint32_t tid = skip_id(src, id);
	const struct btf_type *t = tid ? btf__type_by_id(src, tid) : NULL;
	const char *name;
	int d, k = t ? btf_kind(t) : BTF_KIND_UNKN;

	if (!t)
		return 0;
	if (map[tid])
		return map[tid];
	name = btf__name_by_offset(src, t->name_off);
	if (name && !*name)
		name = NULL;
	switch (k) {
	case BTF_KIND_INT:
		d = btf__add_int(dst, name ?: "int", t->size, btf_int_encoding(t));
		break;
	case BTF_KIND_PTR:
		d = btf__add_ptr(dst, 0);
		break;
	case BTF_KIND_ENUM:
		d = btf__add_enum(dst, name, t->size);
		for (int i = 0; d > 0 && i < btf_vlen(t); i++) {
			const char *n = btf__name_by_offset(src, btf_enum(t)[i].name_off);

			if (n && *n && btf__add_enum_value(dst, n, btf_enum(t)[i].val) < 0)
				d = -1;
		}
		break;
	case BTF_KIND_ENUM64:
		d = btf__add_enum64(dst, name, t->size, btf_kflag(t));
		for (int i = 0; d > 0 && i < btf_vlen(t); i++) {
			const struct btf_enum64 *e = &btf_enum64(t)[i];
			const char *n = btf__name_by_offset(src, e->name_off);

			if (n && *n && btf__add_enum64_value(dst, n, btf_enum64_value(e)) < 0)
				d = -1;
		}
		break;
	case BTF_KIND_UNION:
		d = btf__add_union(dst, name, t->size);
		break;
	case BTF_KIND_FLOAT:
		d = btf__add_float(dst, name ?: "float", t->size);
		break;
	default: /* a struct by value; nothing else can be a parameter: kind and size suffice */
		d = btf__add_struct(dst, name, t->size);
		break;
	}
	if (d > 0)
		map[tid] = d;
	return d;
}

int sg_btfargs_subset(struct sg_btfargs *b, void **data, size_t *size)
{
	struct btf *dst = NULL;
	int *map = NULL, ret = -1;
	const void *raw;
	uint32_t len;

	*data = NULL;
	*size = 0;
	if (!b->n)
		return 0;
	dst = btf__new_empty();
	map = calloc(btf__type_cnt(b->btf), sizeof(*map));
	if (!dst || !map)
		goto out;
	for (size_t i = 0; i < b->n; i++) {
		const struct btf_type *fn, *proto;
		int pid, fid;

		if (b->v[i].id <= 0)
			continue;
		fn = btf__type_by_id(b->btf, (uint32_t) b->v[i].id);
		proto = btf__type_by_id(b->btf, fn->type);
		/* the parameters' types first: a prototype's parameters follow it at once */
		for (int k = 0; k < btf_vlen(proto); k++)
			if (copy_type(b->btf, dst, btf_params(proto)[k].type, map) < 0)
				goto out;
		pid = btf__add_func_proto(dst, 0);
		for (int k = 0; pid > 0 && k < btf_vlen(proto); k++) {
			const struct btf_param *p = &btf_params(proto)[k];

			if (btf__add_func_param(dst, btf__name_by_offset(b->btf, p->name_off),
						map[skip_id(b->btf, p->type)]) < 0)
				goto out;
		}
		fid = pid > 0 ? btf__add_func(dst, b->v[i].name, BTF_FUNC_GLOBAL, pid) : -1;
		if (fid < 0)
			goto out;
	}
	raw = btf__raw_data(dst, &len);
	if (!raw || !(*data = malloc(len)))
		goto out;
	memcpy(*data, raw, len);
	*size = len;
	ret = 0;
out:
	if (ret < 0)
		sg_log_error("cannot build the BTF of the traced functions' arguments");
	free(map);
	btf__free(dst);
	return ret;
}
