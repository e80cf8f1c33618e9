/* The gl backend's "fragment" scan: the chapter's OpenGL approach (GPU Gems 3 ch. 39,
 * section 39.2.6, after Sengupta, Lefohn and Owens 2006), every step a fragment-shader
 * pass that renders to a texture:
 *   1. reduction (Algorithm 5): level d = pairs of level d-1 combined, each level a
 *      texture of half the elements, until a level holds at most NAIVE_MAX elements;
 *   2. the double-buffered naive scan (Hillis-Steele, Algorithm 2) of that top level,
 *      ping-ponging between two framebuffers, log2 of its size passes;
 *   3. down-sweep (Algorithm 6): the inclusive scan of each level from the level above,
 *      down to level 0. An exclusive scan shifts by one in the very last pass.
 * A level of m elements is laid out row by row in a 2D texture of width the power of two
 * at or above sqrt(m) (R32I, R32UI, RG32UI for int64 as lo/hi words, or R32F). The input
 * buffer is uploaded through a pixel unpack buffer and the result read back through a
 * pixel pack buffer, so the data never leave the GPU. Textures and framebuffers are
 * kept for the next call of the same size and type. */
#include <stdint.h>
#include <string.h>

#include "prim/scan_gl_internal.h"

/* Reduce until a level has at most this many elements, then scan it naively. A
 * reduction level costs two passes (reduce, down-sweep) over half its elements; the
 * naive scan costs log2(m) passes over all m top-level elements. At 4096 the naive
 * stage is 12 passes of 4096 texels, small next to the reduction of a large array,
 * and it saves the 24 tiny passes the last 12 levels would cost. */
#define NAIVE_MAX 4096
#define MAX_LEVELS 40

typedef struct level {
    size_t n;
    int w, h;
    GLuint red, red_fbo;     /* the reduced level (level 0: the input) */
    GLuint scan, scan_fbo;   /* its inclusive scan (levels below the top) */
} level;

static struct {
    level lv[MAX_LEVELS];
    int levels;
    GLuint ping[2], ping_fbo[2];
    size_t n;
    scan_type type;
    GLuint vao;
} f;

static GLenum internal_format(scan_type t)
{
    static const GLenum formats[SCAN_TYPE_COUNT] = {GL_R32I, GL_R32UI, GL_RG32UI, GL_R32F};
    return formats[t];
}

static void pixel_format(scan_type t, GLenum *format, GLenum *type)
{
    *format = t == SCAN_F32 ? GL_RED : t == SCAN_I64 ? GL_RG_INTEGER : GL_RED_INTEGER;
    *type = t == SCAN_F32 ? GL_FLOAT : t == SCAN_I32 ? GL_INT : GL_UNSIGNED_INT;
}

static GLuint make_texture(scan_type t, int w, int h, GLuint *fbo)
{
    GLuint tex;
    glCreateTextures(GL_TEXTURE_2D, 1, &tex);
    glTextureStorage2D(tex, 1, internal_format(t), w, h);
    glTextureParameteri(tex, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    if (fbo) {
        glCreateFramebuffers(1, fbo);
        glNamedFramebufferTexture(*fbo, GL_COLOR_ATTACHMENT0, tex, 0);
    }
    return tex;
}

static void delete_pair(GLuint *tex, GLuint *fbo)
{
    if (*tex) glDeleteTextures(1, tex);
    if (*fbo) glDeleteFramebuffers(1, fbo);
    *tex = *fbo = 0;
}

void scan_gl_fragment_shutdown(void)
{
    for (int i = 0; i < MAX_LEVELS; i++) {
        delete_pair(&f.lv[i].red, &f.lv[i].red_fbo);
        delete_pair(&f.lv[i].scan, &f.lv[i].scan_fbo);
    }
    for (int i = 0; i < 2; i++) delete_pair(&f.ping[i], &f.ping_fbo[i]);
    if (f.vao) glDeleteVertexArrays(1, &f.vao);
    memset(&f, 0, sizeof f);
}

static int prepare(scan_type t, size_t n, sw_error *err)
{
    if (f.levels && f.n == n && f.type == t) return 0;
    scan_gl_fragment_shutdown();
    GLint max_tex = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_tex);
    size_t m = n;
    int top = 0;
    for (;; top++) {
        level *lv = &f.lv[top];
        int w = 1;
        while ((size_t)w * (size_t)w < m && w < max_tex) w <<= 1;
        size_t h = (m + (size_t)w - 1) / (size_t)w;
        if (h > (size_t)max_tex) {
            scan_gl_fragment_shutdown();
            return sw_fail(err, "scan (gl fragment): %zu elements need a %dx%zu texture, over this driver's limit "
                           "of %d; use the compute algorithm", n, w, h, max_tex);
        }
        lv->n = m;
        lv->w = w;
        lv->h = (int)h;
        lv->red = make_texture(t, w, lv->h, top ? &lv->red_fbo : NULL);
        if (m <= NAIVE_MAX) break;
        lv->scan = make_texture(t, w, lv->h, &lv->scan_fbo);
        m = (m + 1) / 2;
    }
    for (int i = 0; i < 2; i++) f.ping[i] = make_texture(t, f.lv[top].w, f.lv[top].h, &f.ping_fbo[i]);
    glCreateVertexArrays(1, &f.vao);
    f.levels = top + 1;
    f.n = n;
    f.type = t;
    if (gl_check("scan (gl fragment): allocating the level textures", err)) {
        scan_gl_fragment_shutdown();
        return -1;
    }
    if (glCheckNamedFramebufferStatus(f.ping_fbo[0], GL_DRAW_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        scan_gl_fragment_shutdown();
        return sw_fail(err, "scan (gl fragment): this driver cannot render to %s textures", scan_type_name(t));
    }
    return 0;
}

static void set_int(GLuint prog, const char *name, long long v)
{
    glProgramUniform1i(prog, glGetUniformLocation(prog, name), (GLint)v);
}

static void draw_into(GLuint fbo, const level *lv)
{
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    glViewport(0, 0, lv->w, lv->h);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

/* Copies the first N elements between a buffer and a level-shaped texture: full rows,
 * then the last partial row. */
static void transfer(bool upload, GLuint tex, const level *lv, scan_type t, size_t n)
{
    GLenum format, type;
    pixel_format(t, &format, &type);
    size_t es = scan_type_size(t), full = n / (size_t)lv->w, rem = n % (size_t)lv->w;
    size_t rows[2][3] = {{0, (size_t)lv->w, full}, {full, rem, 1}};   /* y, width, height */
    for (int i = 0; i < 2; i++) {
        size_t y = rows[i][0], w = rows[i][1], h = rows[i][2];
        if (!w || !h) continue;
        const void *at = (const void *)(uintptr_t)(y * (size_t)lv->w * es);
        if (upload)
            glTextureSubImage2D(tex, 0, 0, (GLint)y, (GLsizei)w, (GLsizei)h, format, type, at);
        else
            glGetTextureSubImage(tex, 0, 0, (GLint)y, 0, (GLsizei)w, (GLsizei)h, 1, format, type,
                                 (GLsizei)(w * h * es), (void *)at);
    }
}

int scan_gl_fragment(const scan_desc *d, GLuint in_ssbo, GLuint out_ssbo, size_t n, sw_error *err)
{
    GLuint reduce = scan_gl_program("shaders/scan_reduce.frag", d->type, d->op, err);
    GLuint naive = reduce ? scan_gl_program("shaders/scan_naive.frag", d->type, d->op, err) : 0;
    GLuint down = naive ? scan_gl_program("shaders/scan_down.frag", d->type, d->op, err) : 0;
    if (!down || prepare(d->type, n, err)) return -1;
    bool exclusive = d->kind == SCAN_EXCLUSIVE;
    int top = f.levels - 1;

    /* The caller's state that these passes change. */
    GLint viewport[4], draw_fbo, vao, unpack_align, pack_align;
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fbo);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpack_align);
    glGetIntegerv(GL_PACK_ALIGNMENT, &pack_align);
    static const GLenum caps[] = {GL_SCISSOR_TEST, GL_DEPTH_TEST, GL_BLEND, GL_CULL_FACE, GL_STENCIL_TEST};
    GLboolean enabled[5];
    for (int i = 0; i < 5; i++) {
        enabled[i] = glIsEnabled(caps[i]);
        glDisable(caps[i]);
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);

    glMemoryBarrier(GL_PIXEL_BUFFER_BARRIER_BIT);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, in_ssbo);
    transfer(true, f.lv[0].red, &f.lv[0], d->type, n);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glBindVertexArray(f.vao);

    glUseProgram(reduce);   /* 1. reduction */
    set_int(reduce, "u_src", 0);
    for (int l = 1; l <= top; l++) {
        set_int(reduce, "u_src_w", f.lv[l - 1].w);
        set_int(reduce, "u_src_n", (long long)f.lv[l - 1].n);
        set_int(reduce, "u_dst_w", f.lv[l].w);
        set_int(reduce, "u_dst_n", (long long)f.lv[l].n);
        glBindTextureUnit(0, f.lv[l - 1].red);
        draw_into(f.lv[l].red_fbo, &f.lv[l]);
    }

    glUseProgram(naive);    /* 2. double-buffered naive scan of the top level */
    const level *tl = &f.lv[top];
    int passes = 1;
    while (((size_t)1 << passes) < tl->n) passes++;
    set_int(naive, "u_src", 0);
    set_int(naive, "u_w", tl->w);
    set_int(naive, "u_n", (long long)tl->n);
    GLuint src = tl->red;
    for (int p = 0; p < passes; p++) {
        set_int(naive, "u_offset", 1LL << p);
        set_int(naive, "u_shift", exclusive && top == 0 && p == passes - 1);
        glBindTextureUnit(0, src);
        draw_into(f.ping_fbo[p & 1], tl);
        src = f.ping[p & 1];
    }

    glUseProgram(down);     /* 3. down-sweep */
    set_int(down, "u_red", 0);
    set_int(down, "u_up", 1);
    int up_w = tl->w;
    for (int l = top - 1; l >= 0; l--) {
        set_int(down, "u_w", f.lv[l].w);
        set_int(down, "u_n", (long long)f.lv[l].n);
        set_int(down, "u_up_w", up_w);
        set_int(down, "u_shift", exclusive && l == 0);
        glBindTextureUnit(0, f.lv[l].red);
        glBindTextureUnit(1, src);
        draw_into(f.lv[l].scan_fbo, &f.lv[l]);
        src = f.lv[l].scan;
        up_w = f.lv[l].w;
    }

    glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, out_ssbo);
    transfer(false, src, &f.lv[0], d->type, n);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);

    glBindTextureUnit(0, 0);
    glBindTextureUnit(1, 0);
    glBindVertexArray((GLuint)vao);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, (GLuint)draw_fbo);
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    glPixelStorei(GL_UNPACK_ALIGNMENT, unpack_align);
    glPixelStorei(GL_PACK_ALIGNMENT, pack_align);
    for (int i = 0; i < 5; i++)
        if (enabled[i]) glEnable(caps[i]);
    return gl_check("scan (gl fragment)", err);
}
