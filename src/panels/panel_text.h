/* Text and flat rectangles in a panel's own pixel coordinates (origin at the panel's
 * top-left corner, y down), measured before they are drawn, for every panel. */
#ifndef SCANWORKS_PANELS_PANEL_TEXT_H
#define SCANWORKS_PANELS_PANEL_TEXT_H

#include <stdio.h>
#include <string.h>

#include "panels/panel.h"

static inline float panel_top(const panel_frame *f) { return (float)(f->target_height - (f->y + f->height)); }

static inline void panel_rect(const panel_frame *f, float x, float y, float w, float h, const unsigned char rgba[4])
{
    text_rect(f->text, (float)f->x + x, panel_top(f) + y, w, h, rgba);
}

/* Sized text in the panel's pixels: PX is the font size (panel_px gives the one the
 * layout chose; text.h says what it means). */
static inline float panel_px(const panel_frame *f) { return f->text_px > 0 ? f->text_px : 12.0f; }
static inline float panel_line(float px) { return text_line_px(px); }
static inline float panel_text_w(const char *s, float px) { return text_width_px(s, px); }
static inline void panel_print_px(const panel_frame *f, float x, float y, float px, const char *s,
                                  const unsigned char rgba[4])
{
    text_print_px(f->text, (float)f->x + x, panel_top(f) + y, px, s, rgba);
}
/* The size of secondary lines (times, captions, labels): a step smaller. */
static inline float panel_small_px(const panel_frame *f)
{
    float px = panel_px(f) * 0.82f;
    return px < 9.0f ? 9.0f : px;
}
/* How much to show: PANEL_DETAIL_SMALL .. _LARGE, from the layout pass. */
static inline int panel_detail(const panel_frame *f) { return f->detail; }
/* Where the panel's own content starts, below the title the app draws. */
static inline float panel_content_y(const panel_frame *f) { return text_line_px(panel_px(f)) + 8.0f; }
/* How many leading bytes of S fit in WIDTH pixels at PX (at least 0). */
static inline size_t panel_fit(const char *s, float width, float px)
{
    char buf[512];
    size_t lo = 0, hi = strlen(s);
    if (hi > sizeof buf - 1) hi = sizeof buf - 1;
    while (lo < hi) {   /* the longest prefix that fits: widths grow with the length */
        size_t mid = (lo + hi + 1) / 2;
        memcpy(buf, s, mid);
        buf[mid] = 0;
        if (panel_text_w(buf, px) <= width) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}
/* Prints S cut to WIDTH pixels (with ".." when cut); returns the width printed. */
static inline float panel_print_fit(const panel_frame *f, float x, float y, float px, float width, const char *s,
                                    const unsigned char rgba[4])
{
    char buf[512];
    size_t k = panel_fit(s, width, px);
    if (k < strlen(s) && k >= 2) {
        k = panel_fit(s, width - panel_text_w("..", px), px);
        snprintf(buf, sizeof buf, "%.*s..", (int)k, s);
    } else {
        snprintf(buf, sizeof buf, "%.*s", (int)k, s);
    }
    panel_print_px(f, x, y, px, buf, rgba);
    return panel_text_w(buf, px);
}

static const unsigned char PANEL_TEXT[4] = {230, 230, 230, 255};
static const unsigned char PANEL_DIM[4] = {150, 150, 160, 255};
static const unsigned char PANEL_ACCENT[4] = {255, 210, 90, 255};

/* A colour for T in [0, 1] along the hue circle. */
static inline void panel_hue(float t, unsigned char rgba[4])
{
    float h = (t - (float)(int)t) * 6.0f;
    int k = (int)h;
    float x = h - (float)k;
    float r[6] = {1, 1 - x, 0, 0, x, 1}, g[6] = {x, 1, 1, 1 - x, 0, 0}, b[6] = {0, 0, x, 1, 1, 1 - x};
    rgba[0] = (unsigned char)(40 + 215 * r[k % 6]);
    rgba[1] = (unsigned char)(40 + 215 * g[k % 6]);
    rgba[2] = (unsigned char)(40 + 215 * b[k % 6]);
    rgba[3] = 255;
}

#endif
