/* dat-floor.c - make bench's floor for reading a trace.dat: libtracecmd's open and close alone. */
/*
 * Usage: dat-floor FILE.dat
 * Opens FILE.dat as surfgraph does (tracecmd_open without plugins: kallsyms, printk formats and
 * every saved event format parsed, the CPU data prepared), names one address (the first look-up
 * sorts the functions, as surfgraph's first name does), decodes no record, and closes it. Its
 * CPU time is what any reader built on libtracecmd 1.3 pays before its first event: the part of
 * `surfgraph -i FILE.dat` no change in surfgraph can remove.
 */
#include <stdio.h>
#include <trace-cmd.h>

int main(int argc, char **argv)
{
	struct tracecmd_input *h;
	const char *name;

	if (argc != 2) {
		fprintf(stderr, "usage: dat-floor FILE.dat\n");
		return 2;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	h = tracecmd_open(argv[1], TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h) {
		fprintf(stderr, "dat-floor: %s: not a readable trace.dat\n", argv[1]);
		return 1;
	}
	name = tep_find_function(tracecmd_get_tep(h), 0);
	tracecmd_close(h);
	return name == (const char *) 1; /* keeps the look-up; never true */
}
