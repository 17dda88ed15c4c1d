/* cmd_tui.c - `surfgraph tui RUN`: a run browsed full-screen on a terminal. */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "cmd_profile.h"
#include "cmd_read.h"
#include "cmd_tui.h"
#include "live.h"
#include "log.h"
#include "render_text.h"
#include "strtab.h"
#include "treediff.h"
#include "tui.h"

static volatile sig_atomic_t stop_signal;

/* The screen is left in its loop, which restores the terminal: only the signal is noted. */
static void on_stop(int sig)
{
	stop_signal = sig;
}

int sg_cmd_tui_run(const struct sg_options *o)
{
	struct sg_tui_options to = {
	    .name = o->files[o->tui_diff],
	    .unicode = o->unicode || (!o->ascii && sg_text_utf8_terminal()),
	    .color = o->color != SG_COLOR_NEVER,
	    .stop = &stop_signal,
	};
	struct sigaction sa = {.sa_handler = on_stop}, old[NSIG];
	unsigned char caught[NSIG] = {0}; /* the handlers replaced, to put back */
	struct sg_aggregate *agg = NULL, *before = NULL;
	struct sg_treediff *d = NULL;
	struct sg_strtab *st;
	int rc = 1, ret;
	/* the run as -i reads it (root, filters, what is kept), whole: its buckets are browsed */
	struct sg_profile_load req;

	/* refused before the run is read: a screen's escape sequences in a file help no one */
	if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
		sg_log_error("tui draws on a terminal, and %s is not one: run it in a terminal "
			     "(ssh -t), or print the tree as text with -i %s -m tree",
			     isatty(STDOUT_FILENO) ? "stdin" : "stdout", o->files[0]);
		return 2;
	}
	sg_cmd_profile_load_as_input(o, &req);
	st = sg_strtab_new();
	if (!st) {
		sg_log_error("out of memory");
		return 1;
	}
	/* --diff: BEFORE and AFTER each as -i reads it, compared as surfgraph diff does */
	ret = sg_cmd_profile_load(&req, o->files[o->tui_diff], st, &agg);
	if (ret == 0 && o->tui_diff)
		ret = sg_cmd_profile_load(&req, o->files[0], st, &before);
	if (ret < 0) {
		rc = ret == -2 ? 2 : 1;
		goto out;
	}
	if (o->tui_diff) {
		/* tested as diff tests them (its default level, 99%, or --level), for the marks */
		struct sg_treediff_options dopt = {
		    .label = {o->files[0], o->files[1]},
		    .level = o->level_bp ? o->level_bp / 10000.0 : 0.99,
		};

		d = sg_treediff_new(before, agg, &dopt);
		if (!d)
			goto out;
	}
	/* no SA_RESTART: a signal ends the wait for a key, and the loop sees stop_signal */
	sigemptyset(&sa.sa_mask);
	for (int sig = 1; sig < NSIG; sig++)
		if (sg_live_is_stop_signal(sig))
			caught[sig] = sigaction(sig, &sa, &old[sig]) == 0;
	rc = (d ? sg_tui_run_diff(d, &to) : sg_tui_run(agg, &to)) < 0 ? 1 : 0;
	for (int sig = 1; sig < NSIG; sig++)
		if (caught[sig])
			sigaction(sig, &old[sig], NULL);
	if (!rc && stop_signal && stop_signal != SIGINT) {
		/* Ctrl-C is a way to quit; any other signal is said, and is the exit status */
		sg_log_error("tui: stopped by signal %d (%s); the terminal is restored",
			     (int) stop_signal, strsignal(stop_signal));
		rc = 128 + stop_signal;
	}
out:
	sg_treediff_free(d);
	sg_aggregate_free(before);
	sg_aggregate_free(agg);
	sg_strtab_free(st);
	return rc;
}
