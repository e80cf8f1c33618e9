/* Radix sort panel: bars of random 16-bit keys sorted one LSD pass at a time. Before a
 * pass the bars are coloured by the bucket of the digit that pass sorts by, and under
 * them are that digit's histogram and its exclusive scan (where each bucket starts in
 * the output, drawn as a strip of the buckets' ranges); after the pass the same colours
 * stand in contiguous groups, exactly over the strip. N: 1-bit digits (the chapter's
 * split sort, 16 passes), 4-bit (4 passes) or 8-bit (2 passes); Enter steps, P plays,
 * R reshuffles, [ ] change the number of bars, C switches the backend. With CUDA each
 * pass is the GPU sort of that digit (split, or onesweep) carrying the keys' indices
 * (radix_digit_pass_host), timed with CUDA events (copies included) for the HUD.
 * Without it, or when a GPU pass fails (the reason is shown), the passes run on the
 * CPU (radix_cpu_pass), which is no GPU work. */
#include "gl/gl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "gfx/cuda_device.h"
#include "panels/panel_cuda_span.h"
#include "panels/panel_text.h"
#include "prim/radix_pass.h"
#include "prim/radix_sort.h"
#include "util/clock.h"

#define MAX_BARS 2048
#define MIN_BARS 32
#define KEY_BITS 16

typedef struct radix_panel {
    uint32_t keys[MAX_BARS], tmp[MAX_BARS];
    int n, bits, pass, playing;
    bool after;             /* showing the bars just after pass - 1, by its digit */
    bool step_requested;
    prim_backend backend;   /* PRIM_CUDA when available, else PRIM_CPU */
    bool have_cuda;
    char status[160];       /* why a GPU pass fell back to the CPU */
    double clock, pass_ms;  /* the last pass: device time (cuda) or host time (cpu) */
    prim_backend pass_backend;
    uint64_t seed;
} radix_panel;

static int passes(const radix_panel *s) { return KEY_BITS / s->bits; }
static int buckets(const radix_panel *s) { return 1 << s->bits; }
/* The digit the picture is about: the next pass's, or after a pass the one it sorted. */
static int shown_digit(const radix_panel *s) { return s->after ? s->pass - 1 : s->pass < passes(s) ? s->pass : passes(s) - 1; }
static uint32_t digit_of(const radix_panel *s, uint32_t key, int d) { return (key >> (d * s->bits)) & ((1u << s->bits) - 1u); }

static void shuffle(radix_panel *s)
{
    for (int i = 0; i < s->n; i++) {
        s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
        s->keys[i] = (uint32_t)(s->seed >> 48);   /* every digit value can occur */
    }
    s->pass = 0;
    s->after = false;
}

static void one_pass(radix_panel *s, gpu_timer *timer)
{
    if (s->pass >= passes(s)) return;
    sw_error err;
    double t0 = sw_clock_ms(), ms = 0;
    panel_cuda_span span;
    bool cuda = s->backend == PRIM_CUDA;
    if (cuda) panel_cuda_span_begin(&span);
    /* The cpu pass takes no algorithm name; the cuda one sorts the digit with split or onesweep. */
    int rc = radix_digit_pass_host(s->backend, s->bits == 1 ? "split" : NULL, s->keys, s->tmp, (size_t)s->n,
                                   s->pass * s->bits, s->bits, &err);
    bool timed = cuda && panel_cuda_span_end(&span, &ms) == 0;
    if (rc) {
        snprintf(s->status, sizeof s->status, "cuda pass failed, on the cpu now: %.110s", err.msg);
        s->backend = PRIM_CPU;
        s->have_cuda = false;
        timed = false;
        t0 = sw_clock_ms();
        radix_cpu_pass(s->keys, NULL, s->tmp, NULL, (size_t)s->n, s->pass * s->bits, s->bits);
    }
    s->pass_backend = rc ? PRIM_CPU : s->backend;
    s->pass_ms = timed ? ms : sw_clock_ms() - t0;
    if (timed && timer) gpu_timer_add(timer, "radix pass (cuda)", ms);
    memcpy(s->keys, s->tmp, (size_t)s->n * 4);
    s->pass++;
    s->after = true;
}

/* One step of the picture: run the pass, or move on to the next digit, or start over. */
static void advance(radix_panel *s, gpu_timer *timer)
{
    if (s->after) s->after = false;
    else if (s->pass < passes(s)) one_pass(s, timer);
    else shuffle(s);
    if (!s->after && s->pass >= passes(s)) shuffle(s);
}

static int init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    radix_panel *s = sw_calloc(1, sizeof *s, "radix panel", err);
    if (!s) return -1;
    s->n = 256;
    s->bits = 4;
    s->seed = 99;
    s->playing = 1;
    s->pass_ms = -1;
    s->have_cuda = cuda && cuda->available;
    s->backend = s->have_cuda ? PRIM_CUDA : PRIM_CPU;
    shuffle(s);
    *state = s;
    return 0;
}

static void step(void *state, const panel_frame *f)
{
    radix_panel *s = state;
    if (s->step_requested) {
        s->step_requested = false;
        advance(s, f->timer);
        return;
    }
    if (!s->playing) return;
    s->clock += f->dt;
    if (s->clock < (s->bits == 1 ? 0.4 : 0.9)) return;
    s->clock = 0;
    advance(s, f->timer);
}

static void bucket_color(const radix_panel *s, uint32_t b, unsigned char rgba[4])
{
    if (s->bits == 1) panel_hue(b ? 0.55f : 0.05f, rgba);
    else panel_hue(0.8f * (float)b / (float)(buckets(s) - 1), rgba);
}

/* The histogram of digit D and its exclusive scan, in the box (X, Y, W, H): bars of the
 * counts, then a strip of the buckets' output ranges [offset, offset + count). */
static void draw_histogram(const radix_panel *s, const panel_frame *f, int d, float x, float y, float w, float h,
                           float px)
{
    int nb = buckets(s);
    uint32_t count[256] = {0}, offset[256], run = 0, most = 1;
    for (int i = 0; i < s->n; i++) count[digit_of(s, s->keys[i], d)]++;
    for (int b = 0; b < nb; b++) {
        offset[b] = run;
        run += count[b];
        most = count[b] > most ? count[b] : most;
    }
    float lh = panel_line(px), strip_h = fmaxf(6.0f, fminf(h * 0.25f, lh)), bars_h = h - 2 * lh - strip_h - 4;
    char line[160];
    if (bars_h >= lh) {   /* else (a small panel) the strip of offsets only */
        snprintf(line, sizeof line, "histogram: %d buckets, at most %u keys", nb, most);
        panel_print_fit(f, x, y, px, w, line, PANEL_DIM);
        y += lh;
    } else {
        bars_h = 0;
    }
    float bw = w / (float)nb;
    bool labels = panel_text_w("000", px) + 2 <= bw && bars_h > 2 * lh;
    float room = labels ? lh : 0;   /* for the counts over the bars */
    if (bars_h > 3)
        for (int b = 0; b < nb; b++) {
            unsigned char rgba[4];
            bucket_color(s, (uint32_t)b, rgba);
            float bh = (bars_h - room) * (float)count[b] / (float)most;
            panel_rect(f, x + bw * (float)b, y + bars_h - bh, bw > 3 ? bw - 1 : bw, bh, rgba);
            char num[16];
            snprintf(num, sizeof num, "%u", count[b]);
            if (labels)
                panel_print_px(f, x + bw * (float)b + (bw - panel_text_w(num, px)) * 0.5f, y + bars_h - bh - lh, px, num,
                               PANEL_TEXT);
        }
    y += fmaxf(bars_h, 0) + 2;
    panel_print_fit(f, x, y, px, w, "offsets = exclusive scan of the histogram", PANEL_DIM);
    y += lh;
    float scale = w / (float)s->n;
    for (int b = 0; b < nb; b++) {
        if (!count[b]) continue;
        unsigned char rgba[4];
        bucket_color(s, (uint32_t)b, rgba);
        panel_rect(f, x + scale * (float)offset[b], y, fmaxf(scale * (float)count[b] - 1, 1), strip_h, rgba);
        char num[16];
        snprintf(num, sizeof num, "%u", offset[b]);
        if (panel_text_w(num, px) + 2 <= scale * (float)count[b] && strip_h >= lh - 2)
            panel_print_px(f, x + scale * (float)offset[b] + 1, y + (strip_h - lh) * 0.5f, px, num, PANEL_TEXT);
    }
}

static void draw(void *state, const panel_frame *f)
{
    radix_panel *s = state;
    float px = panel_px(f), lh = panel_line(px), x = 8, w = (float)f->width - 16, y = panel_content_y(f);
    float bottom = (float)f->height - 4;
    int d = shown_digit(s), lo = d * s->bits, hi = lo + s->bits - 1;
    char line[200];
    const char *name = s->bits == 1 ? "split, 1-bit digits" : s->bits == 4 ? "LSD, 4-bit digits" : "LSD, 8-bit digits";
    if (s->after && s->pass == passes(s))
        snprintf(line, sizeof line, "%s: sorted after %d passes", name, passes(s));
    else if (s->after)
        snprintf(line, sizeof line, "%s: pass %d/%d done, grouped by bits %d..%d", name, s->pass, passes(s), lo, hi);
    else
        snprintf(line, sizeof line, "%s: pass %d/%d sorts by bits %d..%d", name, s->pass + 1, passes(s), lo, hi);
    panel_print_fit(f, x, y, px, w, line, PANEL_TEXT);
    y += lh;
    if (s->pass_ms < 0)
        snprintf(line, sizeof line, "n %d, passes on the %s", s->n, prim_backend_name(s->backend));
    else if (s->pass_backend == PRIM_CUDA)
        snprintf(line, sizeof line, "n %d: pass on the GPU %.3f ms (CUDA events, with copies)", s->n, s->pass_ms);
    else
        snprintf(line, sizeof line, "n %d: pass on the CPU %.1f us, no GPU work", s->n, s->pass_ms * 1e3);
    panel_print_fit(f, x, y, panel_small_px(f), w, line, PANEL_DIM);
    y += panel_line(panel_small_px(f));
    if (s->status[0]) {
        panel_print_fit(f, x, y, px, w, s->status, PANEL_ACCENT);
        y += lh;
    }
    int detail = panel_detail(f);
    /* The histogram and offsets under the bars; in a small panel the offsets' strip only. */
    float avail = bottom - y, strip_only = lh + fmaxf(6.0f, lh * 0.6f) + 2;
    float hist_h = detail == 0 || avail * 0.42f < 3 * lh + 6 ? strip_only : avail * 0.42f;
    if (avail - hist_h < 2 * lh) hist_h = 0;   /* no room: the bars only */
    float bars_bottom = bottom - hist_h - (hist_h > 0 ? 4 : 0);
    const float bw = w / (float)s->n;
    for (int i = 0; i < s->n; i++) {
        float h = fmaxf(1.0f, (bars_bottom - y) * (float)s->keys[i] / 65536.0f);
        unsigned char rgba[4];
        bucket_color(s, digit_of(s, s->keys[i], d), rgba);
        panel_rect(f, x + bw * (float)i, bars_bottom - h, bw > 2 ? bw - 1 : bw, h, rgba);
    }
    if (hist_h > 0) draw_histogram(s, f, d, x, bars_bottom + 4, w, hist_h, panel_small_px(f));
}

static bool key(void *state, int k, int mods)
{
    radix_panel *s = state;
    (void)mods;
    switch (k) {
    case GLFW_KEY_N: s->bits = s->bits == 1 ? 4 : s->bits == 4 ? 8 : 1; shuffle(s); return true;
    case GLFW_KEY_R: shuffle(s); return true;
    case GLFW_KEY_LEFT_BRACKET: if (s->n > MIN_BARS) s->n /= 2; shuffle(s); return true;
    case GLFW_KEY_RIGHT_BRACKET: if (s->n < MAX_BARS) s->n *= 2; shuffle(s); return true;
    case GLFW_KEY_ENTER: case GLFW_KEY_KP_ENTER: s->playing = 0; s->step_requested = true; return true;
    case GLFW_KEY_P: s->playing = !s->playing; return true;
    case GLFW_KEY_C:
        if (s->have_cuda) s->backend = s->backend == PRIM_CUDA ? PRIM_CPU : PRIM_CUDA;
        else snprintf(s->status, sizeof s->status, "C: no CUDA here; the passes run on the CPU");
        return true;
    default: return false;
    }
}

static void shutdown(void *state) { free(state); }

static const panel_key_help keys[] = {{"N", "1-bit (split) / 4-bit / 8-bit digits"}, {"[ ]", "fewer / more bars"},
                                      {"R", "reshuffle"}, {"Enter", "one step: the pass, then the next digit"},
                                      {"P", "play / pause"}, {"C", "cuda / cpu passes"},
                                      {NULL, NULL}};

const panel radix_panel_def = {"radix", "Radix sort: one digit per pass", init, step, draw, key, shutdown, keys, NULL};
