/* tuidraw.c - the TUI's drawing below its views: colours, clipped text, popups, the prompt. */
#include <curses.h>
#include <string.h>
#include "tuidraw.h"

static int have_colors;

void sg_tuidraw_colors(int use)
{
	have_colors = use && has_colors() && start_color() == OK;
	if (!have_colors)
		return;
	use_default_colors();
	/* the eight colours every colour terminal has; -1 keeps the terminal's background */
	init_pair(SG_TUI_HOT, COLOR_RED, -1);
	init_pair(SG_TUI_WARM, COLOR_GREEN, -1);
	init_pair(SG_TUI_MATCH, COLOR_BLACK, COLOR_YELLOW);
	init_pair(SG_TUI_BAR, COLOR_BLUE, -1);
	init_pair(SG_TUI_TITLE, COLOR_WHITE, COLOR_BLUE);
}

int sg_tuidraw_attr(enum sg_tuidraw_pair p)
{
	if (have_colors)
		return (int) COLOR_PAIR(p) | (p == SG_TUI_TITLE ? A_BOLD : 0);
	switch (p) {
	case SG_TUI_HOT:
		return A_BOLD;
	case SG_TUI_MATCH:
		return A_UNDERLINE;
	case SG_TUI_TITLE:
		return A_REVERSE;
	default:
		return A_NORMAL;
	}
}

int sg_tuidraw_share_attr(uint64_t part, uint64_t whole)
{
	if (!whole)
		return A_NORMAL;
	if ((unsigned __int128) part * 100 >= (unsigned __int128) whole * 5)
		return sg_tuidraw_attr(SG_TUI_HOT);
	if ((unsigned __int128) part * 1000 >= (unsigned __int128) whole * 5)
		return sg_tuidraw_attr(SG_TUI_WARM);
	return A_NORMAL;
}

void sg_tuidraw_text(int y, int x, const char *s, int attr, int clear)
{
	int room = COLS - x, n = 0;

	if (y < 0 || y >= LINES || room <= 0)
		return;
	/* the bytes of room columns: a UTF-8 character's continuation bytes take none */
	for (int cols = 0; s[n]; n++) {
		if (((unsigned char) s[n] & 0xc0) == 0x80)
			continue;
		if (cols++ == room)
			break;
	}
	move(y, x);
	if (clear)
		clrtoeol();
	attron(attr);
	/* curses writes the bytes; the strings were escaped (fmt.c) before they came here */
	addnstr(s, n);
	attroff(attr);
}

void sg_tuidraw_attr_at(int y, int x, int n, int attr)
{
	if (y < 0 || y >= LINES || x >= COLS || n <= 0)
		return;
	if (x + n > COLS)
		n = COLS - x;
	mvchgat(y, x, n, (attr_t) (attr & ~A_COLOR), (short) PAIR_NUMBER(attr), NULL);
}

int sg_tuidraw_key(void)
{
	timeout(250);
	return getch();
}

int sg_tuidraw_popup(const char *title, const char *const *lines, int n,
		     volatile sig_atomic_t *stop)
{
	int off = 0;

	for (;;) {
		int w = 0, h, x, y, key;

		for (int i = 0; i < n; i++)
			if ((int) strlen(lines[i]) > w)
				w = (int) strlen(lines[i]);
		w += 4;
		if ((int) strlen(title) + 6 > w)
			w = (int) strlen(title) + 6;
		if (w > COLS)
			w = COLS;
		h = n + 2 > LINES ? LINES : n + 2;
		if (off > n - (h - 2))
			off = n - (h - 2);
		if (off < 0)
			off = 0;
		x = (COLS - w) / 2;
		y = (LINES - h) / 2;
		for (int r = 0; r < h; r++) {
			move(y + r, x);
			for (int c = 0; c < w; c++)
				addch(r == 0 || r == h - 1   ? (c == 0 || c == w - 1 ? '+' : '-')
				      : c == 0 || c == w - 1 ? '|'
							     : ' ');
		}
		attron(A_BOLD);
		mvaddnstr(y, x + 2, title, w - 4 > 0 ? w - 4 : 0);
		attroff(A_BOLD);
		for (int r = 0; r < h - 2 && off + r < n; r++)
			mvaddnstr(y + 1 + r, x + 2, lines[off + r], w - 4 > 0 ? w - 4 : 0);
		if (n > h - 2)
			mvaddnstr(y + h - 1, x + 2, "j/k: more", w - 4 > 0 ? w - 4 : 0);
		refresh();
		do
			key = sg_tuidraw_key();
		while (key == ERR && !*stop);
		if (*stop)
			return ERR;
		if (key == KEY_RESIZE) {
			clear();
			return key;
		}
		if (n > h - 2 && (key == 'j' || key == KEY_DOWN || key == KEY_NPAGE || key == ' '))
			off += key == KEY_NPAGE || key == ' ' ? h - 2 : 1;
		else if (n > h - 2 && (key == 'k' || key == KEY_UP || key == KEY_PPAGE))
			off -= key == KEY_PPAGE ? h - 2 : 1;
		else
			return key;
	}
}

int sg_tuidraw_prompt(const char *label, char *buf, size_t size, volatile sig_atomic_t *stop)
{
	size_t k = strlen(buf);

	curs_set(1);
	for (;;) {
		int key;

		sg_tuidraw_text(LINES - 1, 0, label, A_BOLD, 1);
		sg_tuidraw_text(LINES - 1, (int) strlen(label), buf, A_NORMAL, 0);
		refresh();
		key = sg_tuidraw_key();
		if (*stop) {
			curs_set(0);
			return -1;
		}
		if (key == ERR || key == KEY_RESIZE)
			continue;
		if (key == '\n' || key == '\r' || key == KEY_ENTER)
			break;
		if (key == 27 || key == 7) { /* Esc, Ctrl-G */
			curs_set(0);
			return -1;
		}
		if ((key == KEY_BACKSPACE || key == 127 || key == 8) && k)
			buf[--k] = '\0';
		else if (key == 21) /* Ctrl-U */
			buf[k = 0] = '\0';
		else if (key >= 0x20 && key < 0x7f && k + 1 < size) {
			buf[k++] = (char) key;
			buf[k] = '\0';
		}
	}
	curs_set(0);
	return 0;
}
