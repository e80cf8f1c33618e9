/* Text and flat rectangles in a panel's own pixel coordinates (origin at the panel's
 * top-left corner, y down), for the compaction, radix sort and search panels. */
#ifndef SCANWORKS_PANELS_PANEL_TEXT_H
#define SCANWORKS_PANELS_PANEL_TEXT_H

#include "panels/panel.h"

static inline float panel_top(const panel_frame *f) { return (float)(f->target_height - (f->y + f->height)); }

static inline void panel_print(const panel_frame *f, float x, float y, float scale, const char *s,
                               const unsigned char rgba[4])
{
    text_print(f->text, (float)f->x + x, panel_top(f) + y, scale, s, rgba);
}

static inline void panel_rect(const panel_frame *f, float x, float y, float w, float h, const unsigned char rgba[4])
{
    text_rect(f->text, (float)f->x + x, panel_top(f) + y, w, h, rgba);
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
