/* callnote.c - a call's own values kept with its node: an entry's arguments, a return's value. */
#include <inttypes.h>
#include <stdio.h>
#include "callnote.h"
#include "log.h"

static int oom(void)
{
	sg_log_error("out of memory");
	return -1;
}

int sg_callnote_keep_args(struct sg_tree *tree, struct sg_node *node, const struct sg_event *ev,
			  struct sg_call **call)
{
	char buf[SG_EVENT_ARGS * 20];
	const char *args = ev->args;
	size_t len = ev->args_len;

	if (!len) {
		for (int i = 0; i < ev->nargv && i < SG_EVENT_ARGS; i++)
			len += (size_t) snprintf(buf + len, sizeof(buf) - len, "%s0x%" PRIx64,
						 i ? ", " : "", ev->argv[i]);
		args = buf;
	}
	*call = sg_tree_note_args(tree, node, args, len);
	return *call ? 0 : oom();
}

int sg_callnote_keep_retval(struct sg_tree *tree, struct sg_node *node, struct sg_call *call,
			    const struct sg_event *ev)
{
	return sg_tree_note_retval(tree, node, call, ev->retval) < 0 ? oom() : 0;
}
