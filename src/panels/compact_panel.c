/* Compaction panel: cells with random values; a predicate (N cycles it) flags some,
 * the flags are scanned into output addresses, the kept cells are scattered into a
 * packed row. Enter shows the next stage, P plays the stages in a loop with new data
 * each round. At small n every cell shows its number (value, flag, address, output);
 * at large n the cells are colours and each band says its counts. The data lives in
 * GL buffers: CUDA works on them in place through cudaGraphicsGLRegisterBuffer when it
 * can, else GL compute shaders do the same three passes. The compaction's GPU time
 * (CUDA events, or a GL timer query) is shown and goes to the HUD in the frame it runs;
 * the count (and at small n the numbers) come back once per new input. */
#include "gl/gl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "panels/panel_gl_span.h"
#include "panels/panel_text.h"
#include "prim/compact_gl.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include "prim/compact_plan_cuda.h"
#endif

#define MAX_CELLS 16384
#define MIN_CELLS 16
#define NUMBERS_MAX 128   /* cells read back for their numbers */
#define VALUE_RANGE 100

typedef struct keep_rule {
    compact_pred pred;
    int value;
    const char *label;
} keep_rule;
static const keep_rule rules[] = {{COMPACT_GT, 60, "value > 60"}, {COMPACT_LT, 25, "value < 25"},
                                  {COMPACT_GE, 50, "value >= 50"}, {COMPACT_EQ, 7, "value == 7"},
                                  {COMPACT_NE, 7, "value != 7"}};
#define RULE_COUNT (int)(sizeof rules / sizeof rules[0])

enum { B_IN, B_FLAGS, B_ADDR, B_OUT, B_SUMS, B_COUNT };

typedef struct compact_panel {
    GLuint buf[B_COUNT], prog, vao;
    panel_gl_span span;
    compact_gl gl;
    int n, rule, stage, playing, use_cuda;
    double clock;
    unsigned count;
    uint64_t seed;
    double compute_ms;     /* the last compaction's GPU time, < 0 before the first */
    bool pending, pending_new_data;   /* a recompute asked by a key, run in the next step */
    uint32_t host[4][NUMBERS_MAX];    /* B_IN, B_FLAGS, B_ADDR, B_OUT read back at small n */
#if SCANWORKS_HAVE_CUDA
    cudaGraphicsResource_t res[4];
    void *scan_temp;
    unsigned long long *d_count;
    cudaEvent_t ev[2];
#endif
    char status[160];
} compact_panel;

static int run_cuda(compact_panel *s, const compact_desc *d)
{
#if SCANWORKS_HAVE_CUDA
    sw_error err;
    void *ptr[4];
    size_t bytes;
    const char *why = NULL;   /* what failed */
    if (cudaGraphicsMapResources(4, s->res, 0) != cudaSuccess) {
        cudaGetLastError();
        snprintf(s->status, sizeof s->status, "cuda failed: mapping the buffers");
        return -1;
    }
    for (int i = 0; i < 4 && !why; i++)
        if (cudaGraphicsResourceGetMappedPointer(&ptr[i], &bytes, s->res[i]) != cudaSuccess) why = "mapped pointers";
    compact_kparams kp = {(int)d->type, (int)d->pred, d->value_bits, NULL};
    if (!why && cudaEventRecord(s->ev[0], 0) != cudaSuccess) why = "event record";
    if (!why && compact_kernel_flag_scan_scatter(&kp, ptr[B_IN], NULL, ptr[B_FLAGS], ptr[B_ADDR], ptr[B_OUT],
                                                 (size_t)s->n, s->d_count, s->scan_temp, NULL, &err))
        why = err.msg;
    if (!why && cudaEventRecord(s->ev[1], 0) != cudaSuccess) why = "event record";
    if (cudaGraphicsUnmapResources(4, s->res, 0) != cudaSuccess && !why) why = "unmapping the buffers";
    unsigned long long k = 0;
    float ms = 0;
    if (!why && cudaMemcpy(&k, s->d_count, sizeof k, cudaMemcpyDeviceToHost) != cudaSuccess) why = "count copy";
    if (!why && cudaEventElapsedTime(&ms, s->ev[0], s->ev[1]) != cudaSuccess) why = "event time";
    if (why) {
        cudaGetLastError();
        snprintf(s->status, sizeof s->status, "cuda failed: %.100s", why);
        return -1;
    }
    s->compute_ms = ms;
    s->count = (unsigned)k;
    return 0;
#else
    (void)s, (void)d;
    return -1;
#endif
}

/* New values into the input buffer, then the whole compaction (the stages only reveal
 * it). TIMER, when not NULL, gets the CUDA time (the frame's GL stage holds GL work). */
static void recompute(compact_panel *s, int new_data, gpu_timer *timer)
{
    if (new_data) {
        uint32_t *v = malloc((size_t)s->n * 4);
        if (!v) return;
        for (int i = 0; i < s->n; i++) {
            s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
            v[i] = (uint32_t)((s->seed >> 33) % VALUE_RANGE);
        }
        glNamedBufferSubData(s->buf[B_IN], 0, (GLsizeiptr)s->n * 4, v);
        free(v);
    }
    compact_desc d = {KEY_I32, rules[s->rule].pred, (uint32_t)rules[s->rule].value, NULL};
    bool cuda_ok = s->use_cuda && run_cuda(s, &d) == 0;
    if (!cuda_ok) {
        s->use_cuda = 0;
        panel_gl_span_begin(&s->span);
        compact_gl_dispatch(&s->gl, &d, s->buf[B_IN], 0, s->buf[B_FLAGS], s->buf[B_SUMS], s->buf[B_OUT],
                            s->buf[B_ADDR], (GLuint)s->n, COMPACT_GL_ALL);
        s->compute_ms = panel_gl_span_end(&s->span);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint k = 0;
        glGetNamedBufferSubData(s->buf[B_SUMS], (GLintptr)compact_gl_groups((GLuint)s->n) * 4, 4, &k);
        s->count = k;
        /* On llvmpipe the frame's GL stage misses compute work: the host-clock time goes in. */
        if (timer && s->span.host_clock) gpu_timer_add(timer, "compact (gl, host clock)", s->compute_ms);
    } else if (timer) {
        gpu_timer_add(timer, "compact (cuda)", s->compute_ms);   /* the GL stage has the GL work */
    }
    if (s->n <= NUMBERS_MAX) {
        static const int which[4] = {B_IN, B_FLAGS, B_ADDR, B_OUT};
        for (int i = 0; i < 4; i++)
            glGetNamedBufferSubData(s->buf[which[i]], 0, (GLsizeiptr)s->n * 4, s->host[i]);
    }
    GL_CHECK();
}

static int init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    compact_panel *s = sw_calloc(1, sizeof *s, "compaction panel", err);
    if (!s) return -1;
    s->n = 32;
    s->seed = 12345;
    s->stage = 3;
    s->playing = 1;   /* running live, as the other panels */
    s->compute_ms = -1;
    glCreateBuffers(B_COUNT, s->buf);
    for (int i = 0; i < B_COUNT; i++) glNamedBufferData(s->buf[i], MAX_CELLS * 4 + 64, NULL, GL_DYNAMIC_COPY);
    s->prog = gl_program_vf("shaders/panel_cells.vert", "shaders/panel_cells.frag", NULL, err);
    if (!s->prog || compact_gl_init(&s->gl, err)) {
        glDeleteBuffers(B_COUNT, s->buf);
        if (s->prog) glDeleteProgram(s->prog);
        free(s);
        return -1;
    }
    glCreateVertexArrays(1, &s->vao);
    panel_gl_span_init(&s->span);
#if SCANWORKS_HAVE_CUDA
    if (cuda && cuda->available) {
        s->use_cuda = 1;
        for (int i = 0; i < 4 && s->use_cuda; i++)
            s->use_cuda = cudaGraphicsGLRegisterBuffer(&s->res[i], s->buf[i], cudaGraphicsRegisterFlagsNone) ==
                          cudaSuccess;
        if (s->use_cuda)
            s->use_cuda = cudaMalloc(&s->scan_temp, compact_kernel_scan_temp_bytes(MAX_CELLS) + 16) == cudaSuccess &&
                          cudaMalloc((void **)&s->d_count, 8) == cudaSuccess &&
                          cudaEventCreate(&s->ev[0]) == cudaSuccess && cudaEventCreate(&s->ev[1]) == cudaSuccess;
        if (!s->use_cuda) cudaGetLastError();
    }
#endif
    recompute(s, 1, NULL);
    *state = s;
    return 0;
}

static void step(void *state, const panel_frame *f)
{
    compact_panel *s = state;
    if (s->pending) {
        s->pending = false;
        recompute(s, s->pending_new_data, f->timer);
        s->pending_new_data = false;
    }
    if (!s->playing) return;
    s->clock += f->dt;
    if (s->clock > 0.7) {
        s->clock = 0;
        if (++s->stage > 3) {
            s->stage = 0;
            recompute(s, 1, f->timer);
        }
    }
}

/* Cells COUNT of buffer VALS (AUX: the flags) in the box (X, TOP) .. (X + W, BOTTOM) of
 * the panel, straight from the GL buffers, in COLS columns. */
static void draw_grid(compact_panel *s, const panel_frame *f, float x, float w, float top, float bottom, GLuint vals,
                      GLuint aux, int count, int cols, int mode, int use_aux, float vmax, int reveal)
{
    if (count <= 0 || bottom - top < 2) return;
    float fw = (float)f->width, h = (float)f->height;
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, vals);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, aux);
    glUniform4f(glGetUniformLocation(s->prog, "u_rect"), 2.0f * x / fw - 1.0f, 1.0f - 2.0f * bottom / h,
                2.0f * (x + w) / fw - 1.0f, 1.0f - 2.0f * top / h);
    glUniform1i(glGetUniformLocation(s->prog, "u_cols"), cols);
    glUniform1i(glGetUniformLocation(s->prog, "u_count"), count);
    glUniform1i(glGetUniformLocation(s->prog, "u_grid"), s->n);
    glUniform1i(glGetUniformLocation(s->prog, "u_reveal"), reveal);
    glUniform1i(glGetUniformLocation(s->prog, "u_mode"), mode);
    glUniform1i(glGetUniformLocation(s->prog, "u_use_aux"), use_aux);
    glUniform1f(glGetUniformLocation(s->prog, "u_vmax"), vmax);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, count);
}

typedef struct band_grid {
    float x, w, top, cell_w, cell_h;
    int cols;
} band_grid;

/* Numbered cells of one band: row BAND of s->host (0 values, 2 addresses, 3 output);
 * cells whose flag is 0 are dim when FLAGGED. */
static void draw_numbers(const compact_panel *s, const panel_frame *f, const band_grid *g, int band, int count,
                         bool flagged, int reveal, float px)
{
    static const unsigned char on[4] = {60, 92, 150, 255}, off[4] = {34, 38, 48, 255}, dark[4] = {22, 24, 30, 255};
    for (int i = 0; i < count; i++) {
        float cx = g->x + (float)(i % g->cols) * g->cell_w, cy = g->top + (float)(i / g->cols) * g->cell_h;
        bool kept = !flagged || s->host[1][i];
        panel_rect(f, cx + 1, cy + 1, g->cell_w - 2, g->cell_h - 2, i >= reveal ? dark : kept ? on : off);
        if (i >= reveal) continue;
        char num[16];
        snprintf(num, sizeof num, "%u", s->host[band][i]);
        panel_print_px(f, cx + (g->cell_w - panel_text_w(num, px)) * 0.5f, cy + 1 + (g->cell_h - panel_line(px)) * 0.5f,
                       px, num, kept ? PANEL_TEXT : PANEL_DIM);
    }
}

static void draw(void *state, const panel_frame *f)
{
    compact_panel *s = state;
    float px = panel_px(f), lh = panel_line(px), x = 8, w = (float)f->width - 16, y = panel_content_y(f);
    float bottom = (float)f->height - 4;
    static const char *const stage_names[] = {"input", "1 flag", "2 scan the flags", "3 scatter"};
    char line[200];
    int pct = s->n ? (int)(100.0 * s->count / s->n + 0.5) : 0;
    snprintf(line, sizeof line, "keep %s: %u of %d (%d%%), %s", rules[s->rule].label, s->count, s->n, pct,
             stage_names[s->stage]);
    panel_print_fit(f, x, y, px, w, line, PANEL_TEXT);
    y += lh;
    if (s->compute_ms >= 0)
        snprintf(line, sizeof line, "%s: %.3f ms, three passes (%s)%s",
                 s->use_cuda ? "CUDA on the GL buffers" : "GL compute", s->compute_ms,
                 s->use_cuda ? "CUDA events" : panel_gl_span_how(&s->span), s->playing ? ", playing" : "");
    else
        snprintf(line, sizeof line, "%s", s->use_cuda ? "CUDA on the GL buffers" : "GL compute");
    float spx = panel_small_px(f), slh = panel_line(spx);
    panel_print_fit(f, x, y, spx, w, line, PANEL_DIM);
    y += slh;
    if (s->status[0]) {
        panel_print_fit(f, x, y, px, w, s->status, PANEL_ACCENT);
        y += lh;
    }
    /* Three bands, each a caption and its cells. */
    float band = (bottom - y) / 3.0f, grid_h = band - slh - 3;
    if (grid_h < 3) return;
    float num_px = spx, min_w = panel_text_w("99", num_px) + 4, cell_h = panel_line(num_px) + 2;
    band_grid g = {x, w, 0, 0, cell_h, 0};
    g.cols = (int)(w / min_w) < s->n ? (int)(w / min_w) : s->n;
    bool numbers = s->n <= NUMBERS_MAX && g.cols > 0 && (float)((s->n + g.cols - 1) / g.cols) * cell_h <= grid_h;
    if (numbers) {
        g.cell_w = w / (float)g.cols;
    } else {   /* colour cells: about square */
        float aspect = w / grid_h;
        int cols = 1;
        while (cols < s->n && (float)cols * (float)cols < (float)s->n * aspect) cols++;
        g.cols = cols;
    }
    int sweep = s->playing ? (int)(s->clock / 0.5 * s->n) : s->n;
    int reveal[3] = {s->stage == 1 ? sweep : s->n, s->stage == 2 ? sweep : s->n, s->stage == 3 ? sweep : s->n};
    char cap[3][160];
    if (s->stage >= 1)
        snprintf(cap[0], sizeof cap[0], "values, flag = %s: %u ones", rules[s->rule].label, s->count);
    else
        snprintf(cap[0], sizeof cap[0], "values: %d random, 0..%d", s->n, VALUE_RANGE - 1);
    snprintf(cap[1], sizeof cap[1], "scan of the flags = address of each kept (0..%u)",
             s->count ? s->count - 1 : 0);
    snprintf(cap[2], sizeof cap[2], "scatter: the %u kept, packed, in order", s->count);
    if (!numbers) {
        glUseProgram(s->prog);
        glBindVertexArray(s->vao);
    }
    for (int b = 0; b < 3; b++) {
        float top = y + (float)b * band;
        if (b > s->stage - 1 && !(b == 0)) continue;   /* a band appears with its stage */
        panel_print_fit(f, x, top, spx, w, cap[b], PANEL_DIM);
        g.top = top + slh + 2;
        int count = b == 2 ? (int)s->count : s->n;
        if (numbers) {
            draw_numbers(s, f, &g, b == 0 ? 0 : b == 1 ? 2 : 3, count, b < 2 && s->stage >= 1, reveal[b], num_px);
        } else if (b == 0) {
            draw_grid(s, f, x, w, g.top, top + band - 2, s->buf[B_IN], s->buf[B_FLAGS], s->n, g.cols, 0,
                      s->stage >= 1, VALUE_RANGE, reveal[0]);
        } else if (b == 1) {
            draw_grid(s, f, x, w, g.top, top + band - 2, s->buf[B_ADDR], s->buf[B_FLAGS], s->n, g.cols, 1, 1,
                      (float)(s->count ? s->count : 1), reveal[1]);
        } else {
            draw_grid(s, f, x, w, g.top, top + band - 2, s->buf[B_OUT], s->buf[B_OUT], (int)s->count, g.cols, 0, 0,
                      VALUE_RANGE, reveal[2]);
        }
    }
    if (!numbers) {
        glBindVertexArray(0);
        glUseProgram(0);
    }
}

static bool key(void *state, int k, int mods)
{
    compact_panel *s = state;
    (void)mods;
    switch (k) {
    case GLFW_KEY_N: s->rule = (s->rule + 1) % RULE_COUNT; s->pending = true; return true;
    case GLFW_KEY_R: s->pending = s->pending_new_data = true; return true;
    case GLFW_KEY_LEFT_BRACKET:
        if (s->n > MIN_CELLS) s->n /= 2;
        s->pending = s->pending_new_data = true;
        return true;
    case GLFW_KEY_RIGHT_BRACKET:
        if (s->n < MAX_CELLS) s->n *= 2;
        s->pending = s->pending_new_data = true;
        return true;
    case GLFW_KEY_ENTER: s->stage = (s->stage + 1) % 4; s->playing = 0; return true;
    case GLFW_KEY_P: s->playing = !s->playing; s->clock = 0; return true;
    default: return false;
    }
}

static void shutdown(void *state)
{
    compact_panel *s = state;
#if SCANWORKS_HAVE_CUDA
    if (s->use_cuda) {
        for (int i = 0; i < 4; i++) cudaGraphicsUnregisterResource(s->res[i]);
        cudaFree(s->scan_temp);
        cudaFree(s->d_count);
        cudaEventDestroy(s->ev[0]);
        cudaEventDestroy(s->ev[1]);
    }
#endif
    glDeleteBuffers(B_COUNT, s->buf);
    glDeleteProgram(s->prog);
    glDeleteVertexArrays(1, &s->vao);
    panel_gl_span_destroy(&s->span);
    compact_gl_destroy(&s->gl);
    free(s);
}

static const panel_key_help keys[] = {{"N", "next predicate"}, {"[ ]", "fewer / more cells"},
                                      {"R", "new values"}, {"Enter", "next stage"}, {"P", "play / pause"},
                                      {NULL, NULL}};

const panel compact_panel_def = {"compact", "Compaction: flag, scan, scatter", init, step, draw, key, shutdown, keys, NULL};
