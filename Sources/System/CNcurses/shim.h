// ncurses with wide characters (Debian: libncurses-dev, pkg-config "ncursesw").
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <langinfo.h>
#include <ncurses.h>

// Macros and globals Swift cannot import (or, in Swift 6, not safely): small functions instead.
static inline WINDOW *pc_stdscr(void) { return stdscr; }
static inline int pc_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int pc_attr_bold(void) { return (int)A_BOLD; }
static inline int pc_attr_dim(void) { return (int)A_DIM; }
static inline int pc_attr_reverse(void) { return (int)A_REVERSE; }
static inline int pc_colors(void) { return COLORS; }
static inline int pc_key_resize(void) { return KEY_RESIZE; }
static inline int pc_err(void) { return ERR; }
static inline int pc_is_utf8(void) { const char *c = nl_langinfo(CODESET); return c && (c[0] == 'U' || c[0] == 'u') && (c[1] == 'T' || c[1] == 't') && (c[2] == 'F' || c[2] == 'f'); }
