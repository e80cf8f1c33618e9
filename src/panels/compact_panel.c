/* Compaction panel: a grid of cells with random values; a predicate (N cycles it)
 * flags some, the flags are scanned into output addresses, the kept cells are
 * scattered into a packed row. Enter shows the next stage, P plays the stages in a
 * loop with new data each round. The data lives in GL buffers: CUDA works on them in
 * place through cudaGraphicsGLRegisterBuffer when it can, else GL compute shaders do
 * the same three passes. The count comes back once per new input. */
#include "gl/gl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "panels/panel_text.h"
#include "prim/compact_gl.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include "kernels/compact/compact_kernel.h"
#include "kernels/compact/flag_scan.h"
#endif

#define MAX_CELLS 16384
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
    compact_gl gl;
    int n, rule, stage, playing, use_cuda;
    double clock;
    unsigned count;
    uint64_t seed;
    double compute_ms;
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

/* New values into the input buffer, then the whole compaction (the stages only reveal it). */
static void recompute(compact_panel *s, int new_data)
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
    if (s->use_cuda && run_cuda(s, &d) == 0) return;
    s->use_cuda = 0;
    compact_gl_dispatch(&s->gl, &d, s->buf[B_IN], 0, s->buf[B_FLAGS], s->buf[B_SUMS], s->buf[B_OUT], s->buf[B_ADDR],
                        (GLuint)s->n, COMPACT_GL_ALL);
    GLuint k = 0;
    glGetNamedBufferSubData(s->buf[B_SUMS], (GLintptr)compact_gl_groups((GLuint)s->n) * 4, 4, &k);
    s->count = k;
    s->compute_ms = 0;
}

static int init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    compact_panel *s = sw_calloc(1, sizeof *s, "compaction panel", err);
    if (!s) return -1;
    s->n = 2048;
    s->seed = 12345;
    s->stage = 3;
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
#if SCANWORKS_HAVE_CUDA
    if (cuda && cuda->available) {
        s->use_cuda = 1;
        for (int i = 0; i < 4 && s->use_cuda; i++)
            s->use_cuda = cudaGraphicsGLRegisterBuffer(&s->res[i], s->buf[i], cudaGraphicsRegisterFlagsNone) ==
                          cudaSuccess;
        if (s->use_cuda)
            s->use_cuda = cudaMalloc(&s->scan_temp, flag_scan_temp_bytes(MAX_CELLS)) == cudaSuccess &&
                          cudaMalloc((void **)&s->d_count, 8) == cudaSuccess &&
                          cudaEventCreate(&s->ev[0]) == cudaSuccess && cudaEventCreate(&s->ev[1]) == cudaSuccess;
        if (!s->use_cuda) cudaGetLastError();
    }
#endif
    recompute(s, 1);
    *state = s;
    return 0;
}

static void step(void *state, const panel_frame *f)
{
    compact_panel *s = state;
    if (!s->playing) return;
    s->clock += f->dt;
    if (s->clock > 0.7) {
        s->clock = 0;
        if (++s->stage > 3) {
            s->stage = 0;
            recompute(s, 1);
        }
    }
    if (s->use_cuda && s->compute_ms > 0) gpu_timer_add(f->timer, "compact (cuda)", s->compute_ms);
}

static void draw_grid(compact_panel *s, const panel_frame *f, float top, float bottom, GLuint vals, GLuint aux,
                      int count, int mode, int use_aux, float vmax, int reveal)
{
    if (count <= 0) return;
    float h = (float)f->height;
    int cols = f->width / 6 > 8 ? f->width / 6 : 8;
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, vals);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, aux);
    glUniform4f(glGetUniformLocation(s->prog, "u_rect"), -0.98f, 1.0f - 2.0f * bottom / h, 0.98f,
                1.0f - 2.0f * top / h);
    glUniform1i(glGetUniformLocation(s->prog, "u_cols"), cols);
    glUniform1i(glGetUniformLocation(s->prog, "u_count"), count);
    glUniform1i(glGetUniformLocation(s->prog, "u_grid"), s->n);
    glUniform1i(glGetUniformLocation(s->prog, "u_reveal"), reveal);
    glUniform1i(glGetUniformLocation(s->prog, "u_mode"), mode);
    glUniform1i(glGetUniformLocation(s->prog, "u_use_aux"), use_aux);
    glUniform1f(glGetUniformLocation(s->prog, "u_vmax"), vmax);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, count);
}

static void draw(void *state, const panel_frame *f)
{
    compact_panel *s = state;
    float h = (float)f->height, band = (h - 40.0f) / 3.0f;
    int sweep = s->playing ? (int)(s->clock / 0.5 * s->n) : s->n;
    glUseProgram(s->prog);
    glBindVertexArray(s->vao);
    draw_grid(s, f, 40, 40 + band - 14, s->buf[B_IN], s->buf[B_FLAGS], s->n, 0, s->stage >= 1,
              VALUE_RANGE, s->stage == 1 ? sweep : s->n);
    if (s->stage >= 2)
        draw_grid(s, f, 40 + band, 40 + 2 * band - 14, s->buf[B_ADDR], s->buf[B_FLAGS], s->n, 1, 1,
                  (float)(s->count ? s->count : 1), s->stage == 2 ? sweep : s->n);
    if (s->stage >= 3)
        draw_grid(s, f, 40 + 2 * band, h - 14, s->buf[B_OUT], s->buf[B_OUT], (int)s->count, 0, 0, VALUE_RANGE,
                  sweep);
    glBindVertexArray(0);
    glUseProgram(0);
    static const char *const stage_names[] = {"input", "1 flag", "2 scan flags", "3 scatter"};
    char line[200];
    snprintf(line, sizeof line, "keep %s  n %d  kept %u  %s  %s%s", rules[s->rule].label, s->n, s->count,
             stage_names[s->stage], s->use_cuda ? "cuda on GL buffers" : "gl compute",
             s->playing ? "  playing" : "");
    panel_print(f, 8, 26, 1.1f, line, PANEL_TEXT);
    if (s->status[0]) panel_print(f, 8, 12, 1.0f, s->status, PANEL_ACCENT);
    panel_print(f, 8, 40 + band - 12, 1.0f, "flags over the values", PANEL_DIM);
    panel_print(f, 8, 40 + 2 * band - 12, 1.0f, "exclusive scan of the flags = output address", PANEL_DIM);
    panel_print(f, 8, h - 12, 1.0f, "scatter: the kept values, packed, order kept", PANEL_DIM);
}

static bool key(void *state, int k, int mods)
{
    compact_panel *s = state;
    switch (k) {
    case GLFW_KEY_N: s->rule = (s->rule + 1) % RULE_COUNT; recompute(s, 0); return true;
    case GLFW_KEY_R: recompute(s, 1); return true;
    case GLFW_KEY_LEFT_BRACKET: if (s->n > 256) s->n /= 2; recompute(s, 1); return true;
    case GLFW_KEY_RIGHT_BRACKET: if (s->n < MAX_CELLS) s->n *= 2; recompute(s, 1); return true;
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
    compact_gl_destroy(&s->gl);
    free(s);
}

static const panel_key_help keys[] = {{"N", "next predicate"}, {"[ ]", "fewer / more cells"},
                                      {"R", "new values"}, {"Enter", "next stage"}, {"P", "play / pause"},
                                      {NULL, NULL}};

const panel compact_panel_def = {"compact", "Compaction: flag, scan, scatter", init, step, draw, key, shutdown, keys, NULL};
