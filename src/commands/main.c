/* main.c - surfgraph: picks the subcommand, prints its error; the only place that exits. */
#include <signal.h>
#include <stdio.h>
#include "cmd_diff.h"
#include "cmd_merge.h"
#include "cmd_profile.h"
#include "cmd_tui.h"
#include "fmt.h"
#include "live.h"
#include "log.h"
#include "options.h"
#include "outfile.h"
#include "outown.h"
#include "pager.h"

/* Messages quote names and lines from the input: escaped as the tree's names are. */
static int die(int code)
{
	fputs("surfgraph: ", stderr);
	sg_escape_put_name(stderr, sg_log_message());
	fputc('\n', stderr);
	return code;
}

/* Killed while writing: no temporary output file is left behind; then die of the signal. */
static void on_fatal_signal(int sig)
{
	sg_outfile_remove_temporaries();
	sg_pager_finish_signal();
	signal(sig, SIG_DFL);
	raise(sig);
}

int main(int argc, char **argv)
{
	struct sg_options o;
	int rc;

	for (int sig = 1; sig < NSIG; sig++)
		if (sg_live_is_stop_signal(sig))
			signal(sig, on_fatal_signal);
	/* one parser for every command: `surfgraph diff` sets o.diff, `merge` o.merge */
	rc = sg_options_parse(&o, argc, argv);
	/* --force: outputs may replace files surfgraph did not write (outown.c) */
	if (rc == 0)
		sg_outown_set_force(o.force);
	if (rc == 0)
		rc = o.diff    ? sg_cmd_diff_run(&o)
		     : o.merge ? sg_cmd_merge_run(&o)
		     : o.tui   ? sg_cmd_tui_run(&o)
			       : sg_cmd_profile_run(&o);
	else
		rc = rc > 0 ? 0 : 2;
	sg_options_free(&o);
	sg_outfile_close_dirs();
	return rc ? die(rc) : 0;
}
