/* test_tracefs_file.c - what is written back to a tracefs file so it reads as it was saved. */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "tracefs_file.h"

/* The values for file/content joined by '|', or "(none)"; "(oom)" on failure. */
static const char *values(const char *file, const char *content)
{
	static char joined[4096];
	const char **words;
	char *buf;
	int n = sg_tracefs_file_values(file, content, &buf, &words);
	size_t off = 0;

	if (n < 0)
		return "(oom)";
	joined[0] = '\0';
	for (int i = 0; i < n; i++)
		off += (size_t) snprintf(joined + off, sizeof(joined) - off, "%s%s", i ? "|" : "",
					 words[i]);
	if (!n)
		snprintf(joined, sizeof(joined), "(none)");
	free(words);
	free(buf);
	return joined;
}

int main(void)
{
	/* filter lists: one name a line; the empty markers give no value */
	CHECK_STR(values("set_ftrace_filter", "#### all functions enabled ####\n"), "(none)");
	CHECK_STR(values("set_graph_function", "vfs_read\nvfs_write\n"), "vfs_read|vfs_write");
	CHECK_STR(values("set_ftrace_pid", "no pid\n"), "(none)");
	CHECK_STR(values("set_ftrace_pid", "12\n345\n"), "12|345");
	/* a module's function reads "name [mod]" and is written "name:mod:mod", every line of it
	 * (they grow by two bytes each: the last one must not run past its buffer) */
	CHECK_STR(values("set_ftrace_filter", "ext4_file_read_iter [ext4]\n"),
		  "ext4_file_read_iter:mod:ext4");
	CHECK_STR(values("set_ftrace_filter", "a [m]\nb [mm]\nc\nd [x]"), "a:mod:m|b:mod:mm|c|d:mod:x");
	CHECK_STR(values("set_graph_notrace", "x [y]"), "x:mod:y");
	CHECK_STR(values("set_ftrace_filter", " []\n"), ":mod:");
	CHECK_STR(values("set_ftrace_filter", "\n\n"), "(none)");
	/* after the empty marker: cached module entries come back, probes stay as they are */
	CHECK_STR(values("set_ftrace_filter",
			 "#### all functions enabled ####\n*:mod:ext4\nvfs_read:mod:xfs\n"),
		  "*:mod:ext4|vfs_read:mod:xfs");
	CHECK_STR(values("set_ftrace_filter", "vfs_read\nschedule:traceoff:unlimited\n"
					      "do_exit:enable_event:sched:sched_switch:3\n"),
		  "vfs_read");
	CHECK_STR(values("set_ftrace_filter", "#### all functions enabled ####\n"
					      "vfs_read:traceoff:unlimited\n"),
		  "(none)");
	CHECK_STR(values("set_ftrace_notrace", "a\nb:snapshot:unlimited\n"), "a");
	/* ':' is a probe's only in the function filters: a pid list never has one anyway */
	CHECK_STR(values("set_graph_function", "a\nb\n"), "a|b");
	/* single values */
	CHECK_STR(values("trace_clock", "[local] global counter uptime perf mono mono_raw boot\n"),
		  "local");
	CHECK_STR(values("trace_clock", "local global [counter] uptime\n"), "counter");
	CHECK_STR(values("buffer_size_kb", "1408 (expanded: 1408)\n"), "1408");
	CHECK_STR(values("buffer_size_kb", "7 (expanded: 1408)\n"), "1408");
	CHECK_STR(values("buffer_size_kb", "X\n"), "(none)");
	CHECK_STR(values("current_tracer", "nop\n"), "nop");
	CHECK_STR(values("tracing_cpumask", "ff\n"), "ff");
	CHECK_STR(values("options/overwrite", "1\n"), "1");
	CHECK_STR(values("set_event", ""), "");
	/* an unexpanded buffer given back: where the kernel's own expansion puts it, everywhere */
	{
		const char *two[] = {"1410\n", "1410\n"}, *one_small[] = {"1410\n", "7\n"},
			   *x[] = {"1410\n", "300\n"};
		char why[200];

		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n", "1410\n", two, 2, 4,
						      why, sizeof(why)) == 0);
		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n", "1408\n", two, 2, 4,
						      why, sizeof(why)) < 0);
		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n", "7\n", two, 2, 4, why,
						      sizeof(why)) < 0 &&
		      strstr(why, "reads '7"));
		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n", "1413\n", two, 2, 4,
						      why, sizeof(why)) < 0);
		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n", "X\n", x, 2, 4, why,
						      sizeof(why)) < 0);
		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n", "1410\n", one_small, 2,
						      4, why, sizeof(why)) < 0 &&
		      strstr(why, "per_cpu/cpu1/buffer_size_kb reads '7"));
		CHECK(sg_tracefs_file_expansion_check("7 (expanded: 1408)\n",
						      "7 (expanded: 1408)\n", two, 2, 4, why,
						      sizeof(why)) < 0);
		CHECK(sg_tracefs_file_expansion_check("1408\n", "1410\n", two, 2, 4, why,
						      sizeof(why)) < 0);
	}
	return check_report("tracefs_file");
}
