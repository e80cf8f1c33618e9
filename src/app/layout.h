/* One layout pass for the overlay: it gives the HUD, the help, the message line and
 * every open panel a rectangle, and picks one text size for them, so that nothing
 * overlaps and nothing leaves the window at any size from 640x360 up. Pure C (no GL):
 * tests/test_layout.c runs it over many window sizes.
 *
 * The shape: the help (when shown) is a band along the bottom-left; above it, the
 * HUD and the message box stack in a left column; the panels tile the rest, from the
 * top-right, in the grid that gives them the largest cells, each with a detail level
 * for its size. The text size starts from one that grows with the window and steps
 * down until everything fits; at that size the help takes the number of columns
 * that leaves the panels the most readable cells. */
#ifndef SCANWORKS_APP_LAYOUT_H
#define SCANWORKS_APP_LAYOUT_H

#include <stdbool.h>

#define LAYOUT_MAX_PANELS 8
#define LAYOUT_HUD_COLS 46    /* the HUD's width in characters, whatever it shows */
#define LAYOUT_HUD_ROWS 16    /* its height in lines (the graph counts as four) */
#define LAYOUT_TOAST_COLS 46  /* the message box: up to three lines of this many characters */
#define LAYOUT_MIN_PX 7
#define LAYOUT_MAX_PX 20

typedef struct layout_rect {
    float x, y, w, h;   /* pixels, top-left origin */
} layout_rect;

typedef struct layout_input {
    int width, height;    /* the window */
    bool hud, help;
    int panels;           /* how many are open */
    int help_lines;       /* help_text's lines, and its widest keys and actions */
    int help_key_cols, help_action_cols;
} layout_input;

typedef struct layout {
    float text_px, line_px, advance_px, pad;
    layout_rect hud, toast, help;   /* w = 0 when not shown */
    int help_columns, help_rows;     /* the help's lines go down each column in turn */
    float help_col_w;
    layout_rect panels[LAYOUT_MAX_PANELS];
    int panel_detail[LAYOUT_MAX_PANELS];
    bool fits;            /* false only when even the smallest text does not fit */
} layout;

void layout_compute(const layout_input *in, layout *out);
bool layout_rects_overlap(const layout_rect *a, const layout_rect *b);

#endif
