// ncurses with wide characters (Debian: libncurses-dev, pkg-config "ncursesw").
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncurses.h>
