/* pager.h - long text on a terminal through $PAGER (default less -FRX), as git and perf do. */
#ifndef SG_PAGER_H
#define SG_PAGER_H

/*
 * When stdout is a terminal, start $PAGER (unset: less; "" or "cat": none) with LESS=FRX unless
 * LESS is set, and send stdout to it. Once per process; 0 also when no pager was started,
 * -1 with a message when it could not be.
 */
int sg_pager_start(void);

/* Flush stdout to the pager, give the terminal back and wait until the user quits it. */
void sg_pager_finish(void);

/* The same from a signal handler: close the pipe and wait, async-signal-safe. */
void sg_pager_finish_signal(void);

#endif
