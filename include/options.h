/* options.h - the command line: what to trace or read, how to render, where to write. */
#ifndef SG_OPTIONS_H
#define SG_OPTIONS_H

#include <stdint.h>
#include "pick.h"
#include "version.h"

enum sg_mode {
	SG_MODE_SVG,
	SG_MODE_TREE,
	SG_MODE_WALK,
	SG_MODE_RAW,
	SG_MODE_FOLDED,
	SG_MODE_TOP,
	SG_MODE_PNG,
	SG_MODE_PDF,
	SG_MODE_HIST,	    /* latency histogram */
	SG_MODE_PPROF,	    /* gzipped profile.proto on stdout */
	SG_MODE_REPLAY,	    /* each call of each invocation, in order */
	SG_MODE_CHROME,	    /* Chrome trace-event JSON */
	SG_MODE_SPEEDSCOPE, /* speedscope's JSON file format */
	SG_MODE_JSON,	    /* diff: the comparison as one JSON object */
	SG_MODE_TUI,	    /* live: the merged tree full-screen as it grows */
};

enum { SG_COLOR_AUTO, SG_COLOR_ALWAYS, SG_COLOR_NEVER };

struct sg_options {
	const char **functions; /* -f, repeatable */
	int nfunctions;
	enum sg_mode mode;
	const char *mode_name;
	int step; /* -s: a per-invocation flame graph every STEP invocations; -1 not given */
	const char *output;	 /* -o: the .tree file; NULL: ROOT.tree, live or -o 1 */
	const char *graph;	 /* -o NAME.svg (.png, .pdf): the flame graph's name (outname.c) */
	int no_save;		 /* --no-save, -o 0 */
	const char *no_save_opt; /* which of the two was given, for messages */
	int save_default;	 /* surfGraph's -o 1: save as ROOT.tree, also with -i */
	const char *input;  /* -i; NULL: trace the live kernel */
	int each;	    /* --each: every invocation's tree too */
	int ascii, unicode; /* --ascii / --unicode; neither: Unicode on a UTF-8 terminal */
	int unit_us;	    /* --unit us (folded weights; tree: fixed microseconds) */
	int min_percent_bp; /* --min-percent, hundredths of a percent; -1: not given */
	int depth;	    /* --depth N: levels of the tree shown; 0: all */
	int color;	    /* --color: SG_COLOR_* */
	int no_pager;	    /* --no-pager */
	const char *pager;  /* --pager CMD: the pager, chosen on the command line */
	/* flame graphs: -m svg, png, pdf */
	const char *outdir;	       /* --outdir: where ROOT.svg and ROOT-N.svg go */
	double minwidth;	       /* --minwidth PX: narrower frames are not drawn */
	int width;		       /* --width PX */
	const char *title, *subtitle; /* --title, --subtitle */
	int inverted;		       /* --inverted: icicle graph */
	int sort_name;		       /* --sort-name: callees by name, not widest first */
	int palette_subsys;	       /* --palette subsys */
	unsigned keep;	    /* --keep N */
	int keep_all;	    /* --keep all: chrome, speedscope stream every invocation */
	unsigned keep_slowest; /* --keep-slowest K */
	const char *keep_opt;  /* "--keep" or "--keep-slowest" when given; NULL: the defaults */
	int sort_duration;     /* --sort duration: --each lists kept invocations longest first */
	int top_order;	       /* --sort total|self|calls|name: -m top's rows (enum sg_top_order) */
	const char *sort_top;  /* that value as given; NULL: none */
	struct sg_pick pick;   /* --pick N|slowest|p50: one invocation, any mode */
	int quiet, verbose;
	/* live tracing */
	double duration;	   /* -d SECONDS; 0: until Ctrl-C */
	unsigned long count;	   /* -n N complete invocations; 0: no limit */
	int *pids;		   /* -p PID, repeatable */
	int npids;
	const char **pnames; /* -p NAME: tasks by name (taskname.h) */
	int npnames;
	const char *cpus;	   /* -C CPULIST */
	int max_depth;		   /* --max-depth */
	const char **excludes;	   /* -x, repeatable */
	int nexcludes;
	unsigned long buffer_kb;   /* --buffer-size KB */
	int no_irqs, no_sleep_time; /* --no-irqs, --no-sleep-time */
	int no_off_cpu;		   /* --no-off-cpu: no [off-cpu] frames, sched_switch left alone */
	int text, force;	   /* --text, --force */
	int args, retval;	   /* --args, --retval: funcgraph-args, funcgraph-retval */
	char **command;		   /* after --: run and trace it; NULL: none */
	const char *write_dat;	   /* -w: the binary pages also saved as this trace.dat */
	int narrow;		   /* --narrow: learn, then patch only what ran under the roots */
	unsigned long narrow_count; /* --narrow-learn N,S: learn from N complete invocations */
	double narrow_seconds;	   /* or for S seconds, whichever comes first (0: no limit) */
	const char *narrow_from;   /* --narrow-from RUN.tree: only its functions, from the start */
	/* surfgraph diff */
	int diff;		   /* the subcommand */
	int slow;		   /* diff --slow RUN: its slow calls against its typical ones */
	char **files;		   /* BEFORE and AFTER */
	int nfiles;
	char *pair[2], *old_file;  /* one file given: FILE.old and FILE */
	int totals, negate;	   /* --total, --negate */
	uint32_t threshold_bp;	   /* --threshold, hundredths of a percent */
	int gate;		   /* --fail-above given */
	uint32_t limit_bp;	   /* --fail-above */
	int metric;		   /* --metric: enum sg_treediff_metric */
	uint32_t level_bp;	   /* --level: confidence level, hundredths of a percent; 0: 99% */
	int all;		   /* --all: changes within the noise count too */
	const char **renames;	   /* --rename OLD=NEW or FILE, repeatable */
	int nrenames;
	int exact_names;	   /* --exact-names: no matching of clones, _noprof, renames */
	uint64_t min_delta_ns;	   /* --min-delta: hide changes smaller than this */
	int merge;		   /* surfgraph merge: files, -o */
	int tui;		   /* surfgraph tui FILE: files[0] */
	int tui_diff;		   /* tui --diff BEFORE AFTER: files[0], files[1] */
};

/*
 * Parse argv, `surfgraph diff ...` included (o->diff: one parser, one table of options, each
 * checked against the subcommand and mode that would read it). Returns 0 to run, 1 when --help
 * or --version was printed (exit 0), -1 on a usage error (message set; exit 2).
 */
int sg_options_parse(struct sg_options *o, int argc, char **argv);
void sg_options_free(struct sg_options *o);

#endif
