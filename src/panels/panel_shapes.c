#include "panels/panel_shapes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int panel_shapes_init(panel_shapes *s, sw_error *err)
{
    memset(s, 0, sizeof *s);
    s->program = gl_program_vf("shaders/panel_shapes.vert", "shaders/panel_shapes.frag", NULL, err);
    if (!s->program) return -1;
    s->size_loc = glGetUniformLocation(s->program, "u_size");
    glCreateVertexArrays(1, &s->vao);
    glCreateBuffers(1, &s->vbo);
    glVertexArrayVertexBuffer(s->vao, 0, s->vbo, 0, sizeof(panel_shape_vertex));
    glEnableVertexArrayAttrib(s->vao, 0);
    glVertexArrayAttribFormat(s->vao, 0, 2, GL_FLOAT, GL_FALSE, (GLuint)offsetof(panel_shape_vertex, x));
    glVertexArrayAttribBinding(s->vao, 0, 0);
    glEnableVertexArrayAttrib(s->vao, 1);
    glVertexArrayAttribFormat(s->vao, 1, 4, GL_UNSIGNED_BYTE, GL_TRUE, (GLuint)offsetof(panel_shape_vertex, rgba));
    glVertexArrayAttribBinding(s->vao, 1, 0);
    if (gl_check("panel shapes: vertex layout", err)) {
        panel_shapes_destroy(s);
        return -1;
    }
    return 0;
}

void panel_shapes_destroy(panel_shapes *s)
{
    if (s->program) glDeleteProgram(s->program);
    if (s->vao) glDeleteVertexArrays(1, &s->vao);
    if (s->vbo) glDeleteBuffers(1, &s->vbo);
    free(s->verts);
    memset(s, 0, sizeof *s);
}

void panel_shapes_begin(panel_shapes *s) { s->count = 0; }

static void triangle(panel_shapes *s, const float *p, const unsigned char rgba[4])
{
    if (s->count + 3 > s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 768;
        panel_shape_vertex *v = realloc(s->verts, cap * sizeof *v);
        if (!v) return;   /* out of memory: the shape is left out, the panel still draws */
        s->verts = v, s->capacity = cap;
    }
    for (int i = 0; i < 3; i++) {
        panel_shape_vertex *v = &s->verts[s->count++];
        v->x = p[2 * i], v->y = p[2 * i + 1];
        memcpy(v->rgba, rgba, 4);
    }
}

void panel_shapes_line(panel_shapes *s, float x0, float y0, float x1, float y1, float width,
                       const unsigned char rgba[4])
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0) return;
    float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
    float a[6] = {x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny};
    float b[6] = {x0 + nx, y0 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny};
    triangle(s, a, rgba);
    triangle(s, b, rgba);
}

void panel_shapes_arrow(panel_shapes *s, float x0, float y0, float x1, float y1, float width, float head,
                        const unsigned char rgba[4])
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0) return;
    float ux = dx / len, uy = dy / len;
    if (head > len * 0.6f) head = len * 0.6f;
    float bx = x1 - ux * head, by = y1 - uy * head;
    panel_shapes_line(s, x0, y0, bx, by, width, rgba);
    float w = head * 0.55f;
    float t[6] = {x1, y1, bx - uy * w, by + ux * w, bx + uy * w, by - ux * w};
    triangle(s, t, rgba);
}

void panel_shapes_draw(panel_shapes *s, const panel_frame *f)
{
    if (!s->count) return;
    GLsizeiptr bytes = (GLsizeiptr)(s->count * sizeof *s->verts);
    if ((size_t)bytes > s->vbo_capacity) {
        glNamedBufferData(s->vbo, bytes, NULL, GL_STREAM_DRAW);
        s->vbo_capacity = (size_t)bytes;
    }
    glNamedBufferSubData(s->vbo, 0, bytes, s->verts);
    glUseProgram(s->program);
    glUniform2f(s->size_loc, (float)f->width, (float)f->height);
    glBindVertexArray(s->vao);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDrawArrays(GL_TRIANGLES, 0, (GLsizei)s->count);
    glDisable(GL_BLEND);
    glBindVertexArray(0);
    glUseProgram(0);
    GL_CHECK();
    s->count = 0;
}
