/* pager.h - long text on a terminal through $PAGER (default less -FRX), as git and perf do. */
#ifndef SG_PAGER_H
#define SG_PAGER_H

/*
 * When stdout is a terminal, start cmd (--pager; NULL: $PAGER, unset: less; "" or "cat": none)
 * with LESS=FRX unless LESS is set, and send stdout to it. As root or under sudo the command is
 * split at blanks and run without a shell (one that needs a shell is not run, with a warning),
 * with LESSSECURE=1, LESS=FRX and no other LESS* variable; $PAGER runs without its other
 * words (with a warning: less would open them as files), and under sudo a $PAGER other than
 * less is replaced by less (with a warning) unless cmd names it. Once per process; 0 also when no pager was started, -1 with a
 * message when it could not be.
 */
int sg_pager_start(const char *cmd);

/* Flush stdout to the pager, give the terminal back and wait until the user quits it. */
void sg_pager_finish(void);

/* The same from a signal handler: close the pipe and wait, async-signal-safe. */
void sg_pager_finish_signal(void);

#endif
