#include "gfx/text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gl/gl_util.h"

#define ATLAS_W 2048
#define ATLAS_H 1024
#define SCALE_PX 10.0f   /* text_print's SCALE 1 */

int text_init(text_renderer *t, sw_error *err)
{
    memset(t, 0, sizeof *t);
    if (!font_metrics_get(err) || font_atlas_create(&t->font, ATLAS_W, ATLAS_H, err)) return sw_wrap(err, "font: ");
    t->program = gl_program_vf("shaders/text.vert", "shaders/text.frag", NULL, err);
    if (!t->program) return -1;
    t->viewport_loc = glGetUniformLocation(t->program, "u_viewport");
    glCreateVertexArrays(1, &t->vao);
    glCreateBuffers(1, &t->vbo);
    glVertexArrayVertexBuffer(t->vao, 0, t->vbo, 0, sizeof(text_vertex));
    for (GLuint a = 0; a < 3; a++) {
        glEnableVertexArrayAttrib(t->vao, a);
        glVertexArrayAttribBinding(t->vao, a, 0);
    }
    glVertexArrayAttribFormat(t->vao, 0, 2, GL_FLOAT, GL_FALSE, offsetof(text_vertex, x));
    glVertexArrayAttribFormat(t->vao, 1, 2, GL_FLOAT, GL_FALSE, offsetof(text_vertex, u));
    glVertexArrayAttribFormat(t->vao, 2, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(text_vertex, rgba));
    glCreateTextures(GL_TEXTURE_2D, 1, &t->atlas_texture);
    glTextureStorage2D(t->atlas_texture, 1, GL_R8, ATLAS_W, ATLAS_H);
    glTextureParameteri(t->atlas_texture, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(t->atlas_texture, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(t->atlas_texture, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(t->atlas_texture, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    t->atlas_version = ~0u;   /* upload on the first text_end */
    return gl_check("creating the text renderer", err);
}

void text_shutdown(text_renderer *t)
{
    if (t->program) glDeleteProgram(t->program);
    if (t->vao) glDeleteVertexArrays(1, &t->vao);
    if (t->vbo) glDeleteBuffers(1, &t->vbo);
    if (t->atlas_texture) glDeleteTextures(1, &t->atlas_texture);
    font_atlas_destroy(t->font);
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

static void quad(text_renderer *t, const font_quad *q, const unsigned char c[4])
{
    text_vertex *v = reserve(t, 6);
    if (!v) return;
    const float xs[6] = {q->x0, q->x1, q->x1, q->x0, q->x1, q->x0}, ys[6] = {q->y0, q->y0, q->y1, q->y0, q->y1, q->y1};
    const float us[6] = {q->u0, q->u1, q->u1, q->u0, q->u1, q->u0}, vs[6] = {q->v0, q->v0, q->v1, q->v0, q->v1, q->v1};
    for (int i = 0; i < 6; i++) {
        v[i].x = xs[i];
        v[i].y = ys[i];
        v[i].u = us[i];
        v[i].v = vs[i];
        memcpy(v[i].rgba, c, 4);
    }
}

void text_rect(text_renderer *t, float x, float y, float w, float h, const unsigned char rgba[4])
{
    font_quad q = {x, y, x + w, y + h, -1, -1, -1, -1};
    quad(t, &q, rgba);
}

static const font_metrics *metrics(void)
{
    /* text_init failed without it, so NULL here means no text was ever drawn. */
    static const font_metrics fallback = {0.602f, 0.928f, -0.236f, 1.164f};
    const font_metrics *m = font_metrics_get(NULL);
    return m ? m : &fallback;
}

float text_advance_px(float px) { return metrics()->advance * (float)font_px(px); }
float text_line_px(float px) { return ceilf(metrics()->line * (float)font_px(px)); }

int text_fit_chars(float width, float px)
{
    float a = text_advance_px(px);
    return width <= 0 ? 0 : (int)floorf(width / a + 1e-3f);
}

float text_width_px(const char *str, float px)
{
    size_t widest = 0, run = 0;
    for (const char *s = str; *s; s++) {
        if (*s == '\n') run = 0;
        else if (++run > widest) widest = run;
    }
    return (float)widest * text_advance_px(px);
}

float text_print_px(text_renderer *t, float x, float y, float px, const char *str, const unsigned char rgba[4])
{
    if (!t->font) return x;
    int drawn;
    int set = font_atlas_set(t->font, px, &drawn);
    int want = font_px(px);
    float scale = (float)want / (float)drawn;   /* 1 unless the atlas is full */
    const font_metrics *m = metrics();
    float pen = x, line = text_line_px(px), baseline = y + ceilf(m->ascent * (float)want);
    for (const char *s = str; *s; s++) {
        if (*s == '\n') {
            pen = x;
            baseline += line;
            continue;
        }
        font_quad q;
        float before = pen;
        if (font_atlas_quad(t->font, set, (unsigned char)*s, &pen, baseline, scale, &q)) quad(t, &q, rgba);
        pen = before + text_advance_px(px);   /* the monospace grid, not float drift */
    }
    return pen;
}

void text_print(text_renderer *t, float x, float y, float scale, const char *str, const unsigned char rgba[4])
{
    text_print_px(t, x, y, scale * SCALE_PX, str, rgba);
}

float text_width(const char *str, float scale) { return text_width_px(str, scale * SCALE_PX); }

float text_height(const char *str, float scale)
{
    int lines = *str ? 1 : 0;
    for (const char *s = str; *s; s++) lines += *s == '\n';
    return (float)lines * text_line_px(scale * SCALE_PX);
}

static void upload_atlas(text_renderer *t)
{
    int w, h;
    unsigned version;
    const unsigned char *px = font_atlas_pixels(t->font, &w, &h, &version);
    if (version == t->atlas_version) return;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(t->atlas_texture, 0, 0, 0, w, h, GL_RED, GL_UNSIGNED_BYTE, px);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    t->atlas_version = version;
}

void text_end(text_renderer *t)
{
    if (!t->count || t->width < 1 || t->height < 1) return;
    upload_atlas(t);
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
    glBindTextureUnit(0, t->atlas_texture);
    glBindVertexArray(t->vao);
    glDrawArrays(GL_TRIANGLES, 0, (GLsizei)t->count);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    t->count = 0;
}
