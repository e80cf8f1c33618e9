#include "gfx/text.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include <stb_easy_font.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#include "gl/gl_util.h"

int text_init(text_renderer *t, sw_error *err)
{
    memset(t, 0, sizeof *t);
    t->program = gl_program_vf("shaders/text.vert", "shaders/text.frag", NULL, err);
    if (!t->program) return -1;
    t->viewport_loc = glGetUniformLocation(t->program, "u_viewport");
    glCreateVertexArrays(1, &t->vao);
    glCreateBuffers(1, &t->vbo);
    glVertexArrayVertexBuffer(t->vao, 0, t->vbo, 0, sizeof(text_vertex));
    glEnableVertexArrayAttrib(t->vao, 0);
    glEnableVertexArrayAttrib(t->vao, 1);
    glVertexArrayAttribFormat(t->vao, 0, 2, GL_FLOAT, GL_FALSE, 0);
    glVertexArrayAttribFormat(t->vao, 1, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(text_vertex, rgba));
    glVertexArrayAttribBinding(t->vao, 0, 0);
    glVertexArrayAttribBinding(t->vao, 1, 0);
    return gl_check("creating the text renderer", err);
}

void text_shutdown(text_renderer *t)
{
    if (t->program) glDeleteProgram(t->program);
    if (t->vao) glDeleteVertexArrays(1, &t->vao);
    if (t->vbo) glDeleteBuffers(1, &t->vbo);
    free(t->verts);
    memset(t, 0, sizeof *t);
}

void text_begin(text_renderer *t, int width, int height)
{
    t->count = 0;
    t->width = width;
    t->height = height;
}

static text_vertex *reserve(text_renderer *t, size_t n)
{
    if (t->count + n > t->capacity) {
        size_t cap = t->capacity ? t->capacity * 2 : 6 * 1024;
        while (cap < t->count + n) cap *= 2;
        text_vertex *grown = realloc(t->verts, cap * sizeof *grown);
        if (!grown) {
            t->overflowed = 1;   /* text is dropped, never a crash */
            return NULL;
        }
        t->verts = grown;
        t->capacity = cap;
    }
    text_vertex *v = t->verts + t->count;
    t->count += n;
    return v;
}

static void quad(text_renderer *t, float x0, float y0, float x1, float y1, const unsigned char c[4])
{
    text_vertex *v = reserve(t, 6);
    if (!v) return;
    const float xs[6] = {x0, x1, x1, x0, x1, x0}, ys[6] = {y0, y0, y1, y0, y1, y1};
    for (int i = 0; i < 6; i++) {
        v[i].x = xs[i];
        v[i].y = ys[i];
        memcpy(v[i].rgba, c, 4);
    }
}

void text_rect(text_renderer *t, float x, float y, float w, float h, const unsigned char rgba[4])
{
    quad(t, x, y, x + w, y + h, rgba);
}

void text_print(text_renderer *t, float x, float y, float scale, const char *str, const unsigned char rgba[4])
{
    /* stb_easy_font writes 4 vertices of 16 bytes per quad; about 270 bytes a glyph. */
    static char buffer[160000];
    size_t len = strlen(str);
    if (len > 500) len = 500;
    char line[512];
    memcpy(line, str, len);
    line[len] = 0;
    unsigned char c[4];
    memcpy(c, rgba, 4);
    int quads = stb_easy_font_print(0, 0, line, c, buffer, sizeof buffer);
    for (int q = 0; q < quads; q++) {
        const float *p = (const float *)(buffer + q * 64);
        float x0 = p[0], y0 = p[1], x1 = p[8], y1 = p[9];
        quad(t, x + x0 * scale, y + y0 * scale, x + x1 * scale, y + y1 * scale, rgba);
    }
}

float text_width(const char *str, float scale) { return (float)stb_easy_font_width((char *)str) * scale; }
float text_height(const char *str, float scale) { return (float)stb_easy_font_height((char *)str) * scale; }

void text_end(text_renderer *t)
{
    if (!t->count || t->width < 1 || t->height < 1) return;
    size_t bytes = t->count * sizeof(text_vertex);
    if (bytes > t->vbo_capacity) {
        glNamedBufferData(t->vbo, (GLsizeiptr)bytes, NULL, GL_STREAM_DRAW);
        t->vbo_capacity = bytes;
    }
    glNamedBufferSubData(t->vbo, 0, (GLsizeiptr)bytes, t->verts);
    glViewport(0, 0, t->width, t->height);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(t->program);
    glUniform2f(t->viewport_loc, (float)t->width, (float)t->height);
    glBindVertexArray(t->vao);
    glDrawArrays(GL_TRIANGLES, 0, (GLsizei)t->count);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    t->count = 0;
}
