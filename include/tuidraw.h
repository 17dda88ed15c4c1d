/* tuidraw.h - the TUI's drawing below its views: colours, clipped text, popups, the prompt. */
#ifndef SG_TUIDRAW_H
#define SG_TUIDRAW_H

#include <signal.h>
#include <stdint.h>

/* Colour pairs (1-based, curses'); on a terminal without colours, attributes stand in. */
enum sg_tuidraw_pair { SG_TUI_HOT = 1, SG_TUI_WARM, SG_TUI_MATCH, SG_TUI_BAR, SG_TUI_TITLE };

/* Set the colour pairs when the terminal has colours and use is set. */
void sg_tuidraw_colors(int use);

/* The attribute of a pair: its colour, or bold/underline/reverse without colours. */
int sg_tuidraw_attr(enum sg_tuidraw_pair p);

/* The attribute a node's share of its root gets, as -m tree colours it: red from 5%, green from
 * 0.5%. */
int sg_tuidraw_share_attr(uint64_t part, uint64_t whole);

/* s at (y, x), cut at the screen's right edge, the rest of the line cleared when clear is set. */
void sg_tuidraw_text(int y, int x, const char *s, int attr, int clear);

/* Change the attribute of n cells at (y, x) (cut at the edge). */
void sg_tuidraw_attr_at(int y, int x, int n, int attr);

/*
 * A framed box of lines over the view, centred, until a key is pressed (or stop is set).
 * Lines longer than the screen are cut. Returns the key.
 */
int sg_tuidraw_popup(const char *title, const char *const *lines, int n,
		     volatile sig_atomic_t *stop);

/*
 * A line of input on the last row after label (Enter takes it, Esc gives up: -1). buf holds
 * at most size - 1 bytes, printable ones only.
 */
int sg_tuidraw_prompt(const char *label, char *buf, size_t size, volatile sig_atomic_t *stop);

/* getch, every 250 ms giving up (ERR) so that stop is seen. */
int sg_tuidraw_key(void);

#endif
