/* Search panel: a sorted array drawn as a strip, one query, and the probes of binary
 * search (left) and P-ary search (right) drawn one row per step: grey the range still
 * open, yellow ticks the probes. Enter does one step of both, P plays, R picks a new
 * query and array, N changes P, [ ] change n. The probes are the CPU's trace of the
 * kernels' loops, so the animation itself is no GPU work; with CUDA, the single-query
 * latency of both on the GPU (one thread vs one block of 256, 64 queries of the array in
 * turn) is measured with CUDA events once per query shown, and goes to the HUD in that
 * frame. */
#include "gl/gl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "panels/panel_text.h"
#include "prim/search.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "prim/search_plan_cuda.h"
#endif

#define MAX_KEYS (1 << 16)
#define MAX_STEPS 40
#define MAX_P 32

typedef struct probe_row {
    size_t lo, hi;           /* the range before the step */
    size_t probe[MAX_P];
    int probes;
} probe_row;

typedef struct search_run {
    probe_row rows[MAX_STEPS];
    int steps;
    size_t answer;
} search_run;

typedef struct search_panel {
    uint32_t keys[MAX_KEYS];
    uint32_t query;
    int n, p, shown, playing;
    bool have_cuda, measure_pending;
    double clock, lat_ms[2], measured_ms;   /* per query; the whole measurement's device time */
    search_run bin, pary;
    uint64_t seed;
} search_panel;

/* The kernels' loops, recorded: P = 1 is binary search (probe the middle). */
static void trace(const search_panel *s, int p, search_run *r)
{
    size_t lo = 0, hi = (size_t)s->n;
    r->steps = 0;
    while (lo < hi && r->steps < MAX_STEPS) {
        probe_row *row = &r->rows[r->steps++];
        row->lo = lo, row->hi = hi;
        if (p == 1) {
            size_t mid = lo + (hi - lo) / 2;
            row->probe[0] = mid, row->probes = 1;
            if (s->keys[mid] < s->query) lo = mid + 1;
            else hi = mid;
            continue;
        }
        size_t step = (hi - lo + (size_t)p - 1) / (size_t)p, c = 0;
        row->probes = 0;
        for (int t = 0; t < p; t++) {
            size_t q = lo + (size_t)t * step;
            if (q >= hi) break;
            row->probe[row->probes++] = q;
            c += s->keys[q] < s->query;
        }
        if (c == 0) break;
        size_t next_hi = lo + c * step;
        lo = lo + (c - 1) * step + 1;
        hi = next_hi < hi ? next_hi : hi;
    }
    r->answer = lo;
}

static void measure_latency(search_panel *s)
{
    s->lat_ms[0] = s->lat_ms[1] = 0;
    s->measured_ms = 0;
#if SCANWORKS_HAVE_CUDA
    uint32_t *d_keys = NULL, *d_q = NULL;
    int64_t *d_out = NULL;
    cudaEvent_t a, b;
    sw_error err;
    uint32_t qs[64];
    for (int i = 0; i < 64; i++) qs[i] = s->keys[(i * 977) % s->n] + (uint32_t)(i & 1);
    if (cudaMalloc((void **)&d_keys, (size_t)s->n * 4) == cudaSuccess && cudaMalloc((void **)&d_q, 256) == cudaSuccess &&
        cudaMalloc((void **)&d_out, 512) == cudaSuccess && cudaEventCreate(&a) == cudaSuccess &&
        cudaEventCreate(&b) == cudaSuccess) {
        const int algos[2] = {SEARCH_K_BINARY, SEARCH_K_PARY};
        bool ok = cudaMemcpy(d_keys, s->keys, (size_t)s->n * 4, cudaMemcpyHostToDevice) == cudaSuccess &&
                  cudaMemcpy(d_q, qs, 256, cudaMemcpyHostToDevice) == cudaSuccess;
        for (int k = 0; k < 2 && ok; k++) {   /* a latency stays 0 (not shown) when anything fails */
            float ms = 0;
            if (!search_kernel_run(algos[k], 0, d_keys, (size_t)s->n, d_q, 64, d_out, NULL, 1, NULL, &err) &&
                cudaEventRecord(a, 0) == cudaSuccess &&
                !search_kernel_run(algos[k], 0, d_keys, (size_t)s->n, d_q, 64, d_out, NULL, 1, NULL, &err) &&
                cudaEventRecord(b, 0) == cudaSuccess && cudaEventSynchronize(b) == cudaSuccess &&
                cudaEventElapsedTime(&ms, a, b) == cudaSuccess)
                s->lat_ms[k] = ms / 64.0, s->measured_ms += ms;
        }
        cudaEventDestroy(a);
        cudaEventDestroy(b);
    }
    cudaGetLastError();
    cudaFree(d_keys), cudaFree(d_q), cudaFree(d_out);
#endif
}

static void new_query(search_panel *s, int new_keys, int cuda)
{
    s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
    if (new_keys) {
        uint32_t v = 0;
        for (int i = 0; i < s->n; i++) {
            s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
            v += (uint32_t)(s->seed >> 60);   /* steps of 0..15: sorted, with repeats */
            s->keys[i] = v;
        }
    }
    s->measure_pending = cuda && s->have_cuda;   /* in the next step, so the HUD sees it */
    s->query = (uint32_t)((s->seed >> 33) % (s->keys[s->n - 1] + 2));
    trace(s, 1, &s->bin);
    trace(s, s->p, &s->pary);
    s->shown = 0;
}

static int init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    search_panel *s = sw_calloc(1, sizeof *s, "search panel", err);
    if (!s) return -1;
    s->n = 4096;
    s->p = 8;
    s->seed = 7;
    s->playing = 1;
    s->have_cuda = SCANWORKS_HAVE_CUDA && cuda && cuda->available;
    new_query(s, 1, 1);
    *state = s;
    return 0;
}

static void step(void *state, const panel_frame *f)
{
    search_panel *s = state;
    if (s->measure_pending) {
        s->measure_pending = false;
        measure_latency(s);
        if (s->measured_ms > 0) gpu_timer_add(f->timer, "search latency (cuda)", s->measured_ms);
    }
    if (!s->playing) return;
    s->clock += f->dt;
    if (s->clock < 0.35) return;
    s->clock = 0;
    int most = s->bin.steps > s->pary.steps ? s->bin.steps : s->pary.steps;
    if (s->shown < most + 3) s->shown++;
    else new_query(s, 0, 1);
}

static void draw_run(const search_panel *s, const panel_frame *f, const search_run *r, float x0, float w, float y0,
                     float row_h, float px, const char *name)
{
    const float scale = w / (float)s->n, lh = panel_line(px);
    static const unsigned char range_rgba[4] = {90, 90, 100, 255};
    int shown = s->shown < r->steps ? s->shown : r->steps;
    char line[120];
    snprintf(line, sizeof line, "%s: step %d/%d", name, shown, r->steps);
    panel_print_fit(f, x0, y0, px, w, line, PANEL_TEXT);
    if (shown >= r->steps) snprintf(line, sizeof line, "found: index %zu", r->answer);
    else snprintf(line, sizeof line, "open range %zu wide", r->rows[shown].hi - r->rows[shown].lo);
    panel_print_fit(f, x0, y0 + lh, px * 0.85f, w, line, shown >= r->steps ? PANEL_ACCENT : PANEL_DIM);
    y0 += 2 * lh + 2;
    for (int i = 0; i < shown; i++) {
        const probe_row *row = &r->rows[i];
        float y = y0 + (float)i * row_h;
        panel_rect(f, x0 + (float)row->lo * scale, y, (float)(row->hi - row->lo) * scale + 1, row_h - 1, range_rgba);
        for (int k = 0; k < row->probes; k++)
            panel_rect(f, x0 + (float)row->probe[k] * scale - 0.5f, y, 2, row_h, PANEL_ACCENT);
    }
    if (shown >= r->steps) panel_rect(f, x0 + (float)r->answer * scale - 1, y0, 2, (float)shown * row_h, PANEL_TEXT);
}

static void draw(void *state, const panel_frame *f)
{
    search_panel *s = state;
    float px = panel_px(f), lh = panel_line(px), x = 8, w = (float)f->width - 16, y = panel_content_y(f);
    float bottom = (float)f->height - 4;
    char line[200];
    snprintf(line, sizeof line, "n %d sorted keys, query %u -> index %zu", s->n, s->query, s->bin.answer);
    panel_print_fit(f, x, y, px, w, line, PANEL_TEXT);
    y += lh;
    if (s->lat_ms[0] > 0)
        snprintf(line, sizeof line, "GPU per query: binary %.2f us, P-ary (256 threads) %.2f us (CUDA events)",
                 s->lat_ms[0] * 1e3, s->lat_ms[1] * 1e3);
    else
        snprintf(line, sizeof line, "no GPU work: the CPU traces the probes%s",
                 s->have_cuda ? "" : " (no CUDA to time the kernels)");
    panel_print_fit(f, x, y, panel_small_px(f), w, line, PANEL_DIM);
    y += panel_line(panel_small_px(f)) + 2;
    /* The sorted array: colour by key, in 256 segments. */
    if (bottom - y < 3 * lh + 8) return;   /* a small panel: the numbers only */
    float strip_h = fminf(14.0f, fmaxf(4.0f, (bottom - y) * 0.08f));
    for (int i = 0; i < 256; i++) {
        unsigned char rgba[4];
        panel_hue(0.75f * (float)s->keys[(size_t)i * (size_t)s->n / 256] / (float)(s->keys[s->n - 1] + 1), rgba);
        panel_rect(f, x + w * (float)i / 256, y, w / 256 + 1, strip_h, rgba);
    }
    y += strip_h + 4;
    int most = s->bin.steps > s->pary.steps ? s->bin.steps : s->pary.steps;
    float gap = 16, half = (w - gap) / 2, rows_h = bottom - y - 2 * lh - 2;
    float row_h = most ? fminf(14.0f, rows_h / (float)most) : 14.0f;
    if (row_h < 2) row_h = 2;
    draw_run(s, f, &s->bin, x, half, y, row_h, px, "binary");
    char name[40];
    snprintf(name, sizeof name, "P-ary P=%d", s->p);
    draw_run(s, f, &s->pary, x + half + gap, half, y, row_h, px, name);
}

static bool key(void *state, int k, int mods)
{
    search_panel *s = state;
    switch (k) {
    case GLFW_KEY_N: s->p = s->p >= MAX_P ? 4 : s->p * 2; new_query(s, 0, 0); return true;
    case GLFW_KEY_R: new_query(s, 1, 1); return true;
    case GLFW_KEY_LEFT_BRACKET: if (s->n > 256) s->n /= 4; new_query(s, 1, 1); return true;
    case GLFW_KEY_RIGHT_BRACKET: if (s->n < MAX_KEYS) s->n *= 4; new_query(s, 1, 1); return true;
    case GLFW_KEY_ENTER: s->playing = 0; s->shown++; return true;
    case GLFW_KEY_P: s->playing = !s->playing; return true;
    default: return false;
    }
}

static void shutdown(void *state) { free(state); }

static const panel_key_help keys[] = {{"N", "P for P-ary (4..32)"}, {"[ ]", "smaller / larger array"},
                                      {"R", "new array and query"}, {"Enter", "one step"}, {"P", "play / pause"},
                                      {NULL, NULL}};

const panel search_panel_def = {"search", "Search: binary vs P-ary", init, step, draw, key, shutdown, keys, NULL};
