/* Screen-space text and flat rectangles for the HUD and panels, drawn with
 * stb_easy_font's quads. Coordinates are pixels from the top-left corner. */
#ifndef SCANWORKS_GFX_TEXT_H
#define SCANWORKS_GFX_TEXT_H

#include "gl/gl.h"
#include "util/error.h"

typedef struct text_vertex {
    float x, y;
    unsigned char rgba[4];
} text_vertex;

typedef struct text_renderer {
    GLuint program, vao, vbo;
    GLint viewport_loc;
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
/* SCALE 1 gives stb_easy_font's 7-pixel-high glyphs; '\n' starts a new line. */
void text_print(text_renderer *t, float x, float y, float scale, const char *str, const unsigned char rgba[4]);
float text_width(const char *str, float scale);
float text_height(const char *str, float scale);
/* Draws everything collected, with alpha blending, into the bound framebuffer. */
void text_end(text_renderer *t);

#endif
