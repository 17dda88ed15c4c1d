/* schedswitch.c - sched:sched_switch records as text (the trace file, trace-cmd report) to events.
 */
#include <string.h>
#include "schedswitch.h"
#include "textline.h"

/* The first occurrence of lit in [s, e), or NULL. */
static const char *find(const char *s, const char *e, const char *lit)
{
	size_t n = strlen(lit);

	for (; s + n <= e; s++)
		if (memcmp(s, lit, n) == 0)
			return s;
	return NULL;
}

/* A pid: 1 to 9 digits at s, ending at e or a blank; -1 otherwise. */
static int pid_at(const char *s, const char *e)
{
	long v = 0;
	int n = 0;

	for (; s < e && sg_textline_digit(*s) && n < 9; s++, n++)
		v = v * 10 + (*s - '0');
	if (!n || (s < e && *s != ' ' && *s != '\t'))
		return -1;
	return (int) v;
}

/*
 * One side in the kernel's form: "KEY_comm=NAME KEY_pid=N ...". A comm may hold blanks (prctl),
 * so the name ends at the " KEY_pid=" that follows it.
 */
static int side_fields(struct sg_strtab *st, const char *s, const char *e, const char *comm_key,
		       const char *pid_key, int *pid, const char **comm)
{
	const char *c, *p;

	s = sg_textline_skip(s, e);
	if (!sg_textline_starts(s, e, comm_key))
		return -1;
	c = s + strlen(comm_key);
	p = find(c, e, pid_key);
	if (!p || (*pid = pid_at(p + strlen(pid_key), e)) < 0)
		return -1;
	*comm = sg_strtab_intern(st, c, (size_t) (p - c));
	return *comm ? 0 : -1;
}

/* One side in trace-cmd's form: "NAME:N [PRIO] ..." (the pid after the last ':' before " ["). */
static int side_tracecmd(struct sg_strtab *st, const char *s, const char *e, int *pid,
			 const char **comm)
{
	const char *b, *colon = NULL;

	s = sg_textline_skip(s, e);
	b = find(s, e, " [");
	if (!b)
		return -1;
	for (const char *x = s; x < b; x++)
		if (*x == ':')
			colon = x;
	if (!colon || colon == s || (*pid = pid_at(colon + 1, b)) < 0)
		return -1;
	*comm = sg_strtab_intern(st, s, (size_t) (colon - s));
	return *comm ? 0 : -1;
}

int sg_schedswitch_parse(struct sg_strtab *st, const char *s, const char *e, struct sg_event *ev)
{
	const char *arrow = find(s, e, " ==> "), *right;
	const char *comm, *next_comm;
	int pid, next_pid, r;

	s = sg_textline_skip(s, e);
	e = sg_textline_trim(s, e);
	if (arrow) {
		right = arrow + 5;
	} else {
		/* trace-cmd report -R: the fields as they are, no arrow */
		arrow = find(s, e, " next_comm=");
		if (!arrow)
			return -1;
		right = arrow + 1;
	}
	if (sg_textline_starts(s, e, "prev_comm="))
		r = side_fields(st, s, arrow, "prev_comm=", " prev_pid=", &pid, &comm) < 0 ||
		    side_fields(st, right, e, "next_comm=", " next_pid=", &next_pid, &next_comm) <
			0;
	else
		r = side_tracecmd(st, s, arrow, &pid, &comm) < 0 ||
		    side_tracecmd(st, right, e, &next_pid, &next_comm) < 0;
	if (r)
		return -1;
	ev->type = SG_EV_SWITCH;
	ev->sched = 1;
	ev->pid = pid;
	ev->comm = comm;
	ev->next_pid = next_pid;
	ev->next_comm = next_comm;
	return 0;
}

const char *sg_schedswitch_comment(const char *s, const char *e, const char **end)
{
	const char *c = find(s, e, "/* sched_switch: ");

	e = sg_textline_trim(s, e);
	if (!c || e - c < 20 || e[-1] != '/' || e[-2] != '*')
		return NULL;
	*end = e - 2;
	return c + 17;
}
