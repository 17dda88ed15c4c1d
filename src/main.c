/* main.c - surfgraph: picks the subcommand, prints its error; the only place that exits. */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "cmd_diff.h"
#include "cmd_profile.h"
#include "log.h"
#include "outfile.h"
#include "pager.h"

static int die(int code)
{
	fprintf(stderr, "surfgraph: %s\n", sg_log_message());
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
	int rc;

	signal(SIGINT, on_fatal_signal);
	signal(SIGTERM, on_fatal_signal);
	signal(SIGHUP, on_fatal_signal);
	/* a subcommand has its own options */
	if (argc > 1 && strcmp(argv[1], "diff") == 0)
		rc = sg_cmd_diff_run(argc - 1, argv + 1);
	else
		rc = sg_cmd_profile_run(argc, argv);
	return rc ? die(rc) : 0;
}
