/* Screen-space text and flat rectangles for the HUD and panels. Glyphs come from
 * font_atlas (DejaVu Sans Mono through stb_truetype), drawn at whole-pixel sizes so
 * they stay crisp. Coordinates are pixels from the top-left corner; y is the top of
 * the first line. Everything queued between text_begin and text_end is drawn in
 * order (later quads over earlier ones).
 *
 * Two ways to give a size:
 *   text_print_px / text_width_px / text_line_px: PX is the font size in pixels (the
 *     em); a line is text_line_px(PX) high (about 1.17 PX), every character is
 *     text_advance_px(PX) wide (0.6 PX: the font is monospaced). Use these.
 *   text_print / text_width / text_height: the older SCALE, kept with its meaning
 *     (1 = capitals about 7 pixels high, 6 pixels a character); SCALE is PX / 10. */
#ifndef SCANWORKS_GFX_TEXT_H
#define SCANWORKS_GFX_TEXT_H

#include "gfx/font_atlas.h"
#include "gl/gl.h"
#include "util/error.h"

typedef struct text_vertex {
    float x, y;
    float u, v;                /* u < 0: a flat rectangle, no glyph */
    unsigned char rgba[4];
} text_vertex;

typedef struct text_renderer {
    GLuint program, vao, vbo, atlas_texture;
    GLint viewport_loc;
    font_atlas *font;
    unsigned atlas_version;    /* of the bitmap last uploaded */
    text_vertex *verts;
    size_t count, capacity;
    size_t vbo_capacity;
    int width, height;
    int overflowed;
} text_renderer;

int text_init(text_renderer *t, sw_error *err);
void text_shutdown(text_renderer *t);

/* Collects quads for a framebuffer of WIDTH x HEIGHT pixels. */
void text_begin(text_renderer *t, int width, int height);
void text_rect(text_renderer *t, float x, float y, float w, float h, const unsigned char rgba[4]);

/* Text at font size PX; '\n' starts a new line. Returns the x after the last glyph. */
float text_print_px(text_renderer *t, float x, float y, float px, const char *str, const unsigned char rgba[4]);
/* The widest line of STR, and the advance of one character, at PX. */
float text_width_px(const char *str, float px);
float text_advance_px(float px);
/* The height of one line at PX (the distance from one line's top to the next's). */
float text_line_px(float px);
/* How many characters of one line fit in WIDTH pixels at PX. */
int text_fit_chars(float width, float px);

/* The older calls: SCALE 1 = PX 10 (capitals about 7 pixels high). */
void text_print(text_renderer *t, float x, float y, float scale, const char *str, const unsigned char rgba[4]);
float text_width(const char *str, float scale);
float text_height(const char *str, float scale);

/* Draws everything collected, with alpha blending, into the bound framebuffer. */
void text_end(text_renderer *t);

#endif
