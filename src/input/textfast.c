/* textfast.c - the kernel's most common function_graph line, parsed in one pass (or declined). */
/*
 * Almost every line of a trace is " C)  D.DDD us    |      f();" or one of its three siblings
 * (f() {, }, } / * f * /). The general parser (input_text.c, textline.c) tries every column
 * format on each line with a memchr per question; this file walks such a line once, byte by
 * byte only where it must, and declines anything else, which the general parser then reads
 * from the start. So every shape it accepts gives exactly the event the general parser gives:
 * each step below names the general step it stands for.
 */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "textfast.h"

/* Bytes of a kernel symbol as the fast path accepts them: [A-Za-z0-9_.$]. */
static const unsigned char sym_byte[256] = {
    ['$'] = 1, ['.'] = 1, ['_'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
    ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1,
    ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1,
    ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1,
    ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1, ['a'] = 1,
    ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1,
    ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1,
    ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1,
    ['z'] = 1,
};

#define BLANKS8 0x2020202020202020ull

static inline int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The marks trace_find_mark() prints before a long duration, "+!#*@$" (no strchr call). */
static inline int is_mark(char c)
{
	switch (c) {
	case '+':
	case '!':
	case '#':
	case '*':
	case '@':
	case '$':
		return 1;
	default:
		return 0;
	}
}

/*
 * Scans run 16 bytes a step with SSE2 (the x86-64 baseline): a mask of the bytes in a class,
 * the first one out of it by its lowest clear bit. A scan may read anywhere in [lo, e), the line
 * it is in (lines are never shorter than 16 bytes here, so the last step reads the line's last
 * 16 bytes and ignores those before s): never past the line, whose buffer may end there.
 * Elsewhere (arm64 builds) blanks go 8 bytes a step in a plain word, names byte by byte.
 */
#if defined(__SSE2__)
static inline unsigned blank_mask(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *) (const void *) p);

	return (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
}

/* [A-Za-z0-9_.$]: bytes above 0x7f are negative, so signed compares leave them out. */
static inline unsigned sym_mask(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *) (const void *) p);
	__m128i l = _mm_or_si128(v, _mm_set1_epi8(0x20));
	__m128i alpha = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)),
				      _mm_cmplt_epi8(l, _mm_set1_epi8('z' + 1)));
	__m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
				      _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
	__m128i punct = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')),
				     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('.')),
						  _mm_cmpeq_epi8(v, _mm_set1_epi8('$'))));

	return (unsigned) _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(alpha, digit), punct));
}

/* The scan on the caller's s, e and lo, with the class mask given; returns from the caller. */
#define SCAN(mask)                                                                                 \
	do {                                                                                       \
		unsigned m_;                                                                       \
		while (e - s >= 16) {                                                              \
			if ((m_ = mask(s) ^ 0xffffu))                                              \
				return s + __builtin_ctz(m_);                                      \
			s += 16;                                                                   \
		}                                                                                  \
		if (s < e && e - lo >= 16) {                                                       \
			const char *b_ = e - 16;                                                   \
			m_ = (mask(b_) ^ 0xffffu) >> (s - b_);                                     \
			return m_ ? s + __builtin_ctz(m_) : e;                                     \
		}                                                                                  \
	} while (0)
#endif

/* The first byte of [s, e) that is not a blank, or e, by vector steps: for the indentation. */
static inline const char *skip_indent(const char *s, const char *e, const char *lo)
{
#if defined(__SSE2__)
	SCAN(blank_mask);
#else
	(void) lo;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (e - s >= 8) {
		uint64_t w;

		memcpy(&w, s, 8);
		w ^= BLANKS8;
		if (w)
			return s + (__builtin_ctzll(w) >> 3);
		s += 8;
	}
#endif
#endif
	while (s < e && *s == ' ')
		s++;
	return s;
}

/* The same for any run: most are one blank or none, only the indentation is worth a vector. */
static inline const char *skip_blanks(const char *s, const char *e, const char *lo)
{
	if (s == e || *s != ' ')
		return s;
	if (++s == e || *s != ' ')
		return s;
	return skip_indent(s, e, lo);
}

/* The end of the run of symbol bytes at s. */
static inline __attribute__((always_inline)) const char *sym_end(const char *s, const char *e,
								 const char *lo)
{
#if defined(__SSE2__)
	SCAN(sym_mask);
#else
	(void) lo;
#endif
	while (s < e && sym_byte[(unsigned char) *s])
		s++;
	return s;
}

/* Bytes [0, len) of s, at most 8, in a word (loads within [s, s + len)). */
static inline uint64_t load_part(const char *s, size_t len)
{
	uint64_t w = 0;
	uint32_t h;

	if (len >= 8) {
		memcpy(&w, s, 8);
	} else if (len >= 4) {
		memcpy(&h, s, 4);
		w = h;
		memcpy(&h, s + len - 4, 4);
		w |= (uint64_t) h << 32;
	} else {
		for (size_t i = 0; i < len; i++)
			w |= (uint64_t) (unsigned char) s[i] << (8 * i);
	}
	return w;
}

#if defined(__SSE2__)
/* 16 equal bytes */
static inline int same16(const char *a, const char *b)
{
	__m128i x = _mm_loadu_si128((const __m128i *) (const void *) a);
	__m128i y = _mm_loadu_si128((const __m128i *) (const void *) b);

	return _mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) == 0xffff;
}
#endif

/*
 * Equal bytes, 16 or 8 at a time, the last step overlapping the one before (names are short: a
 * libc memcmp call costs more).
 */
static inline __attribute__((always_inline)) int same(const char *a, const char *b, size_t len)
{
	uint64_t x, y;
	size_t i = 0;

	if (len < 8)
		return load_part(a, len) == load_part(b, len);
#if defined(__SSE2__)
	if (len >= 16) {
		for (; i + 16 <= len; i += 16)
			if (!same16(a + i, b + i))
				return 0;
		return i == len || same16(a + len - 16, b + len - 16);
	}
#endif
	for (; i + 8 <= len; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			return 0;
	}
	if (i == len)
		return 1;
	memcpy(&x, a + len - 8, 8);
	memcpy(&y, b + len - 8, 8);
	return x == y;
}

/*
 * [s, e) interned, through a table of the names seen last: a trace calls few distinct
 * functions, so most lines find theirs there from its first and last bytes, without
 * sg_strtab_intern's hash of the whole name and its probe.
 */
static inline __attribute__((always_inline)) const char *
name_of(struct sg_textfast *c, struct sg_strtab *st, const char *s, const char *e)
{
	size_t len = (size_t) (e - s);
	uint64_t h = load_part(s, len) * 0x9E3779B97F4A7C15ull;
	struct sg_textfast_name *n;

	if (len > 8)
		h ^= load_part(e - 8, 8) * 0xc4ceb9fe1a85ec53ull;
	n = &c->names[(h ^ len) >> (64 - SG_TEXTFAST_NAMES_LOG2)];
	if (n->name && n->len == len && same(n->name, s, len))
		return n->name;
	n->name = sg_strtab_intern(st, s, len);
	n->len = len;
	return n->name;
}

/*
 * ".DDD us " as a little-endian word: '.' in byte 0 and " us " in bytes 4 to 7 (TAIL under
 * its MASK); bytes 1 to 3 digits, each 0x3N (HIGH nibbles 3) staying 0x3N with 6 added (N <= 9;
 * byte 0 gets nothing added, so no carry crosses a byte).
 */
#define DUR_TAIL      (0x2073752000000000ull | '.')
#define DUR_TAIL_MASK 0xffffffff000000ffull
#define DUR_FRAC_HIGH 0x00000000f0f0f000ull
#define DUR_FRAC_3    0x0000000030303000ull
#define DUR_FRAC_6    0x0000000006060600ull

/*
 * The duration column as the kernel prints it (print_graph_duration()): 14 columns, "  " or a
 * mark and a blank, the number left-aligned ("D.DDD", or "D" when the microseconds fill 7
 * digits), " us", blanks, then the '|'. Its fixed width lets the field be read with the '|' as
 * the end of every run (no bounds to test), where duration() below skips blank runs of any
 * length. It accepts a subset of what duration() does, with the same result (each test names
 * duration()'s step it stands for); NULL declines, and duration() then decides.
 */
static inline __attribute__((always_inline)) const char *
duration_fixed(struct sg_event *ev, const char *s, const char *e)
{
	const char *bar = s + 14, *x = s + 2;
	uint64_t v = 0, w0, w1;

	if (e - s <= 14 || *bar != '|' || s[1] != ' ')
		return NULL;
	if (s[0] == ' ' && *x == ' ') {
		/* no duration: blanks up to the bar, s[2..14) in two words */
		memcpy(&w0, s + 2, 8);
		memcpy(&w1, s + 6, 8);
		if ((w0 ^ BLANKS8) | (w1 ^ BLANKS8))
			return NULL;
		ev->dur = 0;
		ev->has_dur = 0;
		return bar;
	}
	/* "  " skipped as blanks, or "M " as the mark */
	if (s[0] != ' ' && !is_mark(s[0]))
		return NULL;
	if (!is_digit(*x))
		return NULL;
	/* at most 12 digits before the bar: duration()'s limit of 15 is not reached */
	v = (uint64_t) (*x++ - '0');
	for (; is_digit(*x); x++)
		v = v * 10 + (uint64_t) (*x - '0');
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/*
	 * ".DDD us " (4 digits or fewer before it, so it ends before the bar) in one word: the
	 * tests below on its bytes, the last blank the first of those up to the bar
	 */
	if (bar - x >= 8) {
		memcpy(&w1, x, 8);
		if (!(((w1 ^ DUR_TAIL) & DUR_TAIL_MASK) | ((w1 & DUR_FRAC_HIGH) ^ DUR_FRAC_3) |
		      (((w1 + DUR_FRAC_6) & DUR_FRAC_HIGH) ^ DUR_FRAC_3))) {
			v = v * 1000 + ((w1 >> 8) & 0xf) * 100 + ((w1 >> 16) & 0xf) * 10 +
			    ((w1 >> 24) & 0xf);
			x += 7;
			goto blanks;
		}
	}
#endif
	/* the bar ends the field, so x[1..4] are within it when x[1..3] are digits */
	if (x[0] == '.' && is_digit(x[1]) && is_digit(x[2]) && is_digit(x[3]) && !is_digit(x[4])) {
		v = v * 1000 + (uint64_t) ((x[1] - '0') * 100 + (x[2] - '0') * 10 + (x[3] - '0'));
		x += 4;
	} else if (x[0] == '.') {
		return NULL;
	} else {
		v *= 1000;
	}
	if (x[0] != ' ' || x[1] != 'u' || x[2] != 's')
		return NULL;
	x += 3;
blanks:
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/* blanks in [x, bar): the word s[6..14) has its bytes from x on at its high end */
	if (x < bar) {
		memcpy(&w0, bar - 8, 8);
		if ((w0 ^ BLANKS8) >> (8 * (x - (bar - 8))))
			return NULL;
	}
#else
	while (*x == ' ')
		x++;
	if (x != bar)
		return NULL;
#endif
	ev->dur = v;
	ev->has_dur = 1;
	return bar;
}

/*
 * The duration column up to its '|' (textline.c's sg_textline_duration, as parse_columns calls
 * it on the blank-trimmed field): "[mark ]D[.DDD] us" between blanks, or only blanks. Returns
 * the '|', or NULL to decline.
 */
static const char *__attribute__((noinline))
duration(struct sg_event *ev, const char *lo, const char *s, const char *e)
{
	uint64_t v = 0;
	int digits = 0, frac = 0;

	s = skip_blanks(s, e, lo);
	if (s < e && *s == '|') {
		ev->dur = 0;
		ev->has_dur = 0;
		return s;
	}
	if (e - s >= 2 && s[1] == ' ' && is_mark(*s))
		s = skip_blanks(s + 1, e, lo);
	for (; s < e && is_digit(*s); s++) {
		if (++digits > 15)
			return NULL;
		v = v * 10 + (uint64_t) (*s - '0');
	}
	if (!digits)
		return NULL;
	if (e - s >= 5 && s[0] == '.' && is_digit(s[1]) && is_digit(s[2]) && is_digit(s[3]) &&
	    !is_digit(s[4])) {
		/* ".DDD", as the kernel prints it: what the loop below would take, unrolled */
		v = v * 1000 + (uint64_t) ((s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0'));
		frac = 3;
		s += 4;
	} else if (s < e && *s == '.') {
		for (s++; s < e && is_digit(*s); s++) {
			if (frac < 3) {
				v = v * 10 + (uint64_t) (*s - '0');
				frac++;
			}
		}
	}
	for (; frac < 3; frac++)
		v *= 10;
	s = skip_blanks(s, e, lo);
	if (e - s < 2 || s[0] != 'u' || s[1] != 's')
		return NULL;
	s = skip_blanks(s + 2, e, lo);
	if (s == e || *s != '|')
		return NULL;
	ev->dur = v;
	ev->has_dur = 1;
	return s;
}

/*
 * The call column from its first non-blank t (textline.c's sg_textline_body with sep 2, for these
 * four shapes): the type and name into ev.
 */
static int call(struct sg_textfast *c, struct sg_strtab *st, struct sg_event *ev, const char *lo,
		const char *t, const char *e, int depth)
{
	const char *ne, *x;

	if (*t == '}') {
		/* "}" alone, or "} / * name * /" whose name has no blank (no return value) */
		x = skip_blanks(t + 1, e, lo);
		if (x == e) {
			ev->type = SG_EV_EXIT;
			ev->depth = depth;
			ev->func = NULL;
			return 1;
		}
		if (e - x < 5 || x[0] != '/' || x[1] != '*' || e[-1] != '/' || e[-2] != '*')
			return 0;
		x = skip_blanks(x + 2, e - 2, lo);
		ne = sym_end(x, e - 2, lo);
		if (ne == x || skip_blanks(ne, e - 2, lo) != e - 2)
			return 0;
		ev->type = SG_EV_EXIT;
		ev->depth = depth;
		ev->func = name_of(c, st, x, ne);
		return ev->func ? 1 : -1;
	}
	/* "name() {" or "name();": no arguments, nothing after but blanks */
	ne = sym_end(t, e, lo);
	if (ne == t || e - ne < 3 || ne[0] != '(' || ne[1] != ')')
		return 0;
	x = skip_blanks(ne + 2, e, lo);
	if (x == e || (*x != ';' && *x != '{') || skip_blanks(x + 1, e, lo) != e)
		return 0;
	ev->type = *x == ';' ? SG_EV_LEAF : SG_EV_ENTRY;
	ev->depth = depth;
	ev->func = name_of(c, st, t, ne);
	return ev->func ? 1 : -1;
}

/*
 * The two slots of a call, by its first 8 bytes and either its last 8 (calls shorter than 16
 * bytes) or the 8 after (16 bytes or more: then the key is known before the call's end is).
 */
static inline struct sg_textfast_call *call_slot(struct sg_textfast *c, uint64_t w0, uint64_t w1)
{
	return &c->calls[(((w0 * 0x9E3779B97F4A7C15ull) ^ (w1 * 0xc4ceb9fe1a85ec53ull)) >>
			  (64 - SG_TEXTFAST_CALLS_LOG2)) &
			 ~(size_t) 1];
}

/*
 * The body after the bar: its indentation gives the depth, and the rest, a call, is looked up
 * among the calls seen last before it is parsed. What call() makes of a line depends on the
 * bytes [t, e) alone, so a call equal byte for byte to one it took has that one's type and name
 * (the same interned string): a whole compare of the call's bytes instead of a scan of its name's
 * bytes, of what follows it, and of the name table. A hash has two slots: a new call goes to
 * the first, and the one there moves to the second.
 */
static inline __attribute__((always_inline)) int body(struct sg_textfast *c, struct sg_strtab *st,
						      struct sg_event *ev, const char *lo,
						      const char *s, const char *t, const char *e)
{
	int n = (int) (t - s) - 2, depth = n > 0 ? n / 2 : 0, r;
	size_t len = (size_t) (e - t);
	struct sg_textfast_call *k, *hit = NULL;
	uint64_t w0, w1;

	if (t == e)
		return 0;
	if (len < 8 || len > SG_TEXTFAST_CALL_MAX)
		return call(c, st, ev, lo, t, e, depth);
	memcpy(&w0, t, 8);
	memcpy(&w1, len >= 16 ? t + 8 : e - 8, 8);
	k = call_slot(c, w0, w1);
	if (k->len == len && same(k->text, t, len))
		hit = k;
	else if (k[1].len == len && same(k[1].text, t, len))
		hit = k + 1;
	if (hit) {
		ev->type = hit->type;
		ev->depth = depth;
		ev->func = hit->func;
		return 1;
	}
	r = call(c, st, ev, lo, t, e, depth);
	if (r == 1) {
		k[1] = k[0];
		memcpy(k->text, t, len);
		k->len = (unsigned char) len;
		k->type = (unsigned char) ev->type;
		k->func = ev->func;
	}
	return r;
}

/*
 * The columns before the body: the CPU into ev, the duration; returns the body's start (after
 * the bar), or NULL to decline. Every byte it accepts is one of " 0123456789.)|+!#*@$us", never
 * a '\n': e may be the end of the line or of a run of lines (sg_textfast_next()).
 */
static inline __attribute__((always_inline)) const char *columns(struct sg_event *ev, const char *s,
								 const char *e)
{
	const char *lo = s, *q, *d;
	int cpu = 0;
	uint32_t h;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/*
	 * " C) " in one word, the most common CPU column (up to 10 CPUs): what the steps below
	 * take from it (one blank, one digit, ')' and the blank after it), without them
	 */
	if (e - s >= 4) {
		memcpy(&h, s, 4);
		if ((h & 0xffff00ffu) == 0x20290020u && is_digit((char) (h >> 8))) {
			cpu = (int) ((h >> 8) & 0xff) - '0';
			q = s + 4;
			goto duration;
		}
	}
#else
	(void) h;
#endif
	q = skip_blanks(s, e, lo);
	d = q;
	/*
	 * the CPU column "C)" (parse_kernel_line); an absolute time or a task column declines.
	 * One digit, the machines' most, is what the loop would take, without the loop.
	 */
	if (e - q >= 2 && is_digit(q[0]) && q[1] == ')') {
		cpu = q[0] - '0';
		q += 2;
	} else {
		while (q < e && is_digit(*q) && q - d < 6)
			cpu = cpu * 10 + (*q++ - '0');
		if (q == d || q == e || *q != ')')
			return 0;
		q++;
	}
	if (q < e && *q == ' ')
		q++;
duration:;
	/* the duration column (parse_columns, first field); the body follows its bar */
	const char *bar = duration_fixed(ev, q, e);

	if (!bar && !(bar = duration(ev, lo, q, e)))
		return NULL;
	q = bar;
	ev->cpu = cpu;
	return q + 1;
}

int sg_textfast_line(struct sg_textfast *c, struct sg_strtab *st, struct sg_event *ev,
		     const char *s, const char *e)
{
	const char *b = columns(ev, s, e);

	if (!b)
		return 0;
	return body(c, st, ev, s, b, skip_indent(b, e, s), e);
}

/* The first '\n' at or after s, where [s, end) holds one. */
static inline const char *line_end(const char *s, const char *end)
{
#if defined(__SSE2__)
	for (; end - s >= 16; s += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *) (const void *) s);
		unsigned m = (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));

		if (m)
			return s + __builtin_ctz(m);
	}
#endif
	return memchr(s, '\n', (size_t) (end - s));
}

/*
 * The columns are read with the run's end as their bound: what they accept holds no '\n', so
 * they end within the line, and reading on to the run's end stays within memory the caller
 * owns; only where the body starts is the line's end looked for, over the body alone. Then
 * the body is read within the line, as sg_textfast_line() reads it, and a line ending in
 * "\r\n" loses its '\r' as sg_text_parser_line() strips it.
 */
/* The first '\n' in [s, s + 16), or NULL. */
static inline const char *line_end16(const char *s)
{
#if defined(__SSE2__)
	__m128i v = _mm_loadu_si128((const __m128i *) (const void *) s);
	unsigned m = (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));

	return m ? s + __builtin_ctz(m) : NULL;
#else
	return memchr(s, '\n', 16);
#endif
}

/*
 * A call of 16 bytes or more at t whose line's end is not known yet, looked up by the bytes
 * [t, t + 16) that give its slot: a call taken before whose bytes t holds, followed by the line's
 * end ("\n" or "\r\n"), is that call, with the line's end found. Then ev as body() sets it, *nl
 * the '\n', and 1; 0 when none is.
 */
static inline int call_ahead(struct sg_textfast *c, struct sg_event *ev, const char *b,
			     const char *t, const char *end, const char **nl)
{
	struct sg_textfast_call *k;
	uint64_t w0, w1;

	memcpy(&w0, t, 8);
	memcpy(&w1, t + 8, 8);
	k = call_slot(c, w0, w1);
	for (int i = 0; i < 2; i++, k++) {
		size_t len = k->len;

		/*
		 * t[len] is read only within the run: [t, t + len) equal to a call holds no '\n',
		 * so a '\r' at t[len] has the run's last '\n' after it
		 */
		if (len < 16 || (size_t) (end - t) <= len || !same(k->text, t, len))
			continue;
		if (t[len] == '\n')
			*nl = t + len;
		else if (t[len] == '\r' && t[len + 1] == '\n')
			*nl = t + len + 1;
		else
			continue;
		int n = (int) (t - b) - 2;

		ev->type = k->type;
		ev->depth = n > 0 ? n / 2 : 0;
		ev->func = k->func;
		return 1;
	}
	return 0;
}

int sg_textfast_next(struct sg_textfast *c, struct sg_strtab *st, struct sg_event *ev,
		     const char *s, const char *end, const char **nl)
{
	const char *b = columns(ev, s, end), *t, *e;

	if (!b)
		return 0;
	/* blanks end at the line's '\n' at the latest */
	t = skip_indent(b, end, s);
	if (end - t >= 16) {
		/* a line whose call has 16 bytes or more is looked up before its end is looked for
		 */
		e = line_end16(t);
		if (!e) {
			if (call_ahead(c, ev, b, t, end, nl))
				return 1;
			e = line_end(t + 16, end);
		}
	} else {
		e = line_end(t, end);
	}
	*nl = e;
	if (e > t && e[-1] == '\r')
		e--;
	return body(c, st, ev, s, b, t, e);
}
