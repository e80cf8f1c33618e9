/* Radix sort panel: bars of random 16-bit heights sorted one pass at a time, each bar
 * coloured by its digit in the current pass: the split sort (one bit per pass, 16
 * passes, the chapter's) or 8-bit digits (2 passes). N switches, Enter does one pass,
 * P plays, R reshuffles, [ ] change the number of bars, C switches the backend. With
 * CUDA each pass is the GPU sort of that digit (split, or onesweep) carrying the keys'
 * indices: radix_digit_pass_host. Without it, or when a GPU pass fails (the reason is
 * shown), the passes run on the CPU (radix_cpu_pass). The time shown is the host call,
 * copies included. */
#include "gl/gl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "panels/panel_text.h"
#include "gfx/cuda_device.h"
#include "prim/radix_pass.h"
#include "prim/radix_sort.h"
#include "util/clock.h"

#define MAX_BARS 2048
#define KEY_BITS 16

typedef struct radix_panel {
    uint32_t keys[MAX_BARS], tmp[MAX_BARS];
    int n, bits, pass, playing;
    prim_backend backend;   /* PRIM_CUDA when available, else PRIM_CPU */
    bool have_cuda;
    char status[160];       /* why a GPU pass fell back to the CPU */
    double clock, pass_us;
    uint64_t seed;
} radix_panel;

static int passes(const radix_panel *s) { return KEY_BITS / s->bits; }

static void shuffle(radix_panel *s)
{
    for (int i = 0; i < s->n; i++) {
        s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
        s->keys[i] = (uint32_t)(s->seed >> 48) | 1u;
    }
    s->pass = 0;
}

static void one_pass(radix_panel *s)
{
    if (s->pass >= passes(s)) return;
    double t0 = sw_clock_ms();
    sw_error err;
    /* The cpu pass takes no algorithm name; the cuda one sorts the digit with split or onesweep. */
    if (radix_digit_pass_host(s->backend, s->bits == 1 ? "split" : NULL, s->keys, s->tmp, (size_t)s->n,
                              s->pass * s->bits, s->bits, &err)) {
        snprintf(s->status, sizeof s->status, "cuda pass failed, on the cpu now: %.110s", err.msg);
        s->backend = PRIM_CPU;
        s->have_cuda = false;
        radix_cpu_pass(s->keys, NULL, s->tmp, NULL, (size_t)s->n, s->pass * s->bits, s->bits);
    }
    s->pass_us = (sw_clock_ms() - t0) * 1e3;
    memcpy(s->keys, s->tmp, (size_t)s->n * 4);
    s->pass++;
}

static int init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    radix_panel *s = sw_calloc(1, sizeof *s, "radix panel", err);
    if (!s) return -1;
    s->n = 256;
    s->bits = 8;
    s->seed = 99;
    s->playing = 1;
    s->have_cuda = cuda && cuda->available;
    s->backend = s->have_cuda ? PRIM_CUDA : PRIM_CPU;
    shuffle(s);
    *state = s;
    return 0;
}

static void step(void *state, const panel_frame *f)
{
    radix_panel *s = state;
    if (!s->playing) return;
    s->clock += f->dt;
    if (s->clock < (s->bits == 1 ? 0.25 : 0.8)) return;
    s->clock = 0;
    if (s->pass < passes(s)) one_pass(s);
    else shuffle(s);
}

static void draw(void *state, const panel_frame *f)
{
    radix_panel *s = state;
    const float top = 44, bottom = (float)f->height - 8, w = (float)f->width - 16;
    const float bw = w / (float)s->n;
    /* The digit that the next pass sorts by (or the last one, when sorted). */
    int p = s->pass < passes(s) ? s->pass : passes(s) - 1;
    uint32_t mask = (1u << s->bits) - 1u;
    for (int i = 0; i < s->n; i++) {
        float h = (bottom - top) * (float)s->keys[i] / 65536.0f;
        unsigned char rgba[4];
        uint32_t digit = (s->keys[i] >> (p * s->bits)) & mask;
        panel_hue(s->bits == 1 ? (digit ? 0.55f : 0.05f) : (float)digit / 256.0f, rgba);
        panel_rect(f, 8 + bw * (float)i, bottom - h, bw > 2 ? bw - 1 : bw, h, rgba);
    }
    char line[200];
    if (s->pass < passes(s))
        snprintf(line, sizeof line, "%s: pass %d/%d, bits %d..%d  n %d  %.1f us (%s)",
                 s->bits == 1 ? "split" : "LSD 8-bit", s->pass + 1, passes(s), s->pass * s->bits,
                 s->pass * s->bits + s->bits - 1, s->n, s->pass_us, prim_backend_name(s->backend));
    else
        snprintf(line, sizeof line, "%s: sorted after %d passes   n %d", s->bits == 1 ? "split, 1 bit" : "LSD, 8-bit digits",
                 passes(s), s->n);
    panel_print(f, 8, 26, 1.1f, line, PANEL_TEXT);
    if (s->status[0]) panel_print(f, 8, 40, 0.9f, s->status, PANEL_TEXT);
}

static bool key(void *state, int k, int mods)
{
    radix_panel *s = state;
    switch (k) {
    case GLFW_KEY_N: s->bits = s->bits == 1 ? 8 : 1; shuffle(s); return true;
    case GLFW_KEY_R: shuffle(s); return true;
    case GLFW_KEY_LEFT_BRACKET: if (s->n > 32) s->n /= 2; shuffle(s); return true;
    case GLFW_KEY_RIGHT_BRACKET: if (s->n < MAX_BARS) s->n *= 2; shuffle(s); return true;
    case GLFW_KEY_ENTER: s->playing = 0; if (s->pass < passes(s)) one_pass(s); else shuffle(s); return true;
    case GLFW_KEY_P: s->playing = !s->playing; return true;
    case GLFW_KEY_C:
        if (s->have_cuda) s->backend = s->backend == PRIM_CUDA ? PRIM_CPU : PRIM_CUDA;
        return true;
    default: return false;
    }
}

static void shutdown(void *state) { free(state); }

static const panel_key_help keys[] = {{"N", "split (1 bit) / 8-bit digits"}, {"[ ]", "fewer / more bars"},
                                      {"R", "reshuffle"}, {"Enter", "one pass"}, {"P", "play / pause"},
                                      {"C", "cuda / cpu passes"},
                                      {NULL, NULL}};

const panel radix_panel_def = {"radix", "Radix sort: one digit per pass", init, step, draw, key, shutdown, keys, NULL};
