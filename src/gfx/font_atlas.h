/* The overlay's font: DejaVu Sans Mono (embedded from assets/fonts/), rasterized by
 * stb_truetype into one 8-bit coverage atlas, one glyph set per pixel size asked for.
 * Pure C, no GL: text.c uploads the atlas when it changes. Sizes are em sizes in
 * pixels, rounded to whole pixels (FONT_MIN_PX .. FONT_MAX_PX) so glyphs sit on the
 * pixel grid and stay crisp. */
#ifndef SCANWORKS_GFX_FONT_ATLAS_H
#define SCANWORKS_GFX_FONT_ATLAS_H

#include <stdbool.h>
#include "util/error.h"

#define FONT_MIN_PX 6
#define FONT_MAX_PX 64
#define FONT_FIRST_CHAR 32   /* printable ASCII, ' ' .. '~' */
#define FONT_CHAR_COUNT 95

/* The font's shape in ems (multiply by the pixel size). */
typedef struct font_metrics {
    float advance;   /* every glyph's advance: the font is monospaced */
    float ascent, descent, line;   /* line = ascent - descent + line gap */
} font_metrics;

/* The metrics of the embedded font (read once, no GL needed). NULL with a message if
 * the font is missing or broken. */
const font_metrics *font_metrics_get(sw_error *err);
/* PX rounded and clamped to the sizes the atlas draws. */
int font_px(float px);

typedef struct font_atlas font_atlas;

/* One glyph's rectangle on screen (pixels) and in the atlas (0..1). */
typedef struct font_quad {
    float x0, y0, x1, y1, u0, v0, u1, v1;
} font_quad;

int font_atlas_create(font_atlas **out, int width, int height, sw_error *err);
void font_atlas_destroy(font_atlas *f);
/* The glyph set for PX (rasterized on first use). When the atlas is full, the nearest
 * size already there is returned and *DRAWN_PX says which it is (draw it scaled). */
int font_atlas_set(font_atlas *f, float px, int *drawn_px);
/* Places character C of glyph set SET with its pen at (*X, BASELINE), scaled by
 * SCALE (1 when the set has the size wanted), and advances *X. False for a blank. */
bool font_atlas_quad(const font_atlas *f, int set, int c, float *x, float baseline, float scale, font_quad *q);
/* The coverage bitmap, and a counter that changes whenever it does. */
const unsigned char *font_atlas_pixels(const font_atlas *f, int *width, int *height, unsigned *version);

#endif
