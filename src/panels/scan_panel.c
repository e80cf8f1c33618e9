/* The scan panel: the chapter's small scans stepped one level at a time on the GPU
 * (Figures 39-2 to 39-4: Hillis-Steele, double-buffered; Blelloch's up-sweep, the
 * clear and the down-sweep), every level checked against the CPU model of that level,
 * and below it the live CPU / GL / CUDA timing comparison (Figure 39-7, scan_timing.c).
 * Each level is one GL compute dispatch (shaders/panel_scan_step.comp) or, with C where
 * CUDA is present, one CUDA kernel (kernels/scan/scan_steps.cu); the row it writes is
 * read back and drawn. Enter steps, P runs/pauses, N picks the algorithm and size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "panels/scan_figure.h"
#include "panels/scan_timing.h"
#include "prim/scan.h"

#define STEP_EVERY 0.9    /* seconds between levels while running */
#define HOLD_DONE 2.5     /* seconds on the finished figure before new values */

static void new_values(scan_panel *s)
{
    s->algo = (scan_steps_algo)(s->config & 1);
    s->n = s->config & 2 ? 32 : 16;
    for (int i = 0; i < s->n; i++) {
        s->rng = s->rng * 6364136223846793005ull + 1442695040888963407ull;
        s->rows[0][i] = (int32_t)((s->rng >> 33) % 10);
    }
    s->done = 0;
    s->mismatches = 0;
    s->result_checked = false;
    s->clock = 0;
}

static void check_result(scan_panel *s)
{
    scan_desc d = {SCAN_I32, SCAN_ADD, s->algo == SCAN_STEPS_HILLIS_STEELE ? SCAN_INCLUSIVE : SCAN_EXCLUSIVE,
                   "sequential"};
    int32_t want[SCAN_STEPS_MAX_N];
    sw_error err;
    s->result_ok = scan_cpu_host(&d, s->rows[0], want, (size_t)s->n, &err) == 0 &&
                   !memcmp(want, s->rows[s->done], (size_t)s->n * 4);
    s->result_checked = true;
}

/* Runs the next level on the GPU: GL compute, or the CUDA kernel when chosen. */
static void run_level(scan_panel *s, const panel_frame *f)
{
    int count = scan_steps_count(s->algo, s->n);
    if (s->done >= count || !s->gl_ready) return;
    scan_step st = scan_steps_at(s->algo, s->n, s->done);
    const int32_t *in = s->rows[s->done];
    int32_t *out = s->rows[s->done + 1];
    sw_error err;
    int rc = -1;
    double ms = 0;
#if SCANWORKS_HAVE_CUDA
    if (s->use_cuda) {
        float cms = 0;
        rc = scan_steps_cuda_level(s->cuda, st, in, out, s->n, &cms, &err);
        if (rc) {
            snprintf(s->status, sizeof s->status, "CUDA level failed, on GL now: %.150s", err.msg);
            s->use_cuda = false;
        } else {
            ms = cms;
            gpu_timer_add(f->timer, "scan level (cuda)", ms);
            s->row_backend[s->done + 1] = 'c';
        }
    }
#endif
    if (rc) {
        rc = scan_steps_gl_level(&s->gl, st, in, out, s->n, &ms, &err);
        s->row_backend[s->done + 1] = 'g';
        /* On llvmpipe the frame's GL stage misses compute work: the host-clock time goes in. */
        if (!rc && s->gl.span.host_clock) gpu_timer_add(f->timer, "scan level (gl, host clock)", ms);
    }
    if (rc) {
        snprintf(s->status, sizeof s->status, "GL level failed: %.170s", err.msg);
        s->playing = false;
        return;
    }
    int32_t want[SCAN_STEPS_MAX_N];
    scan_steps_cpu(st, in, want, s->n);
    s->row_ok[s->done + 1] = !memcmp(want, out, (size_t)s->n * 4);
    s->mismatches += !s->row_ok[s->done + 1];
    s->level_ms = ms;
    s->done++;
    if (s->done == count) check_result(s);
}

static void scan_panel_shutdown(void *state);

static int scan_panel_init(void **state, const cuda_device_info *cuda, sw_error *err)
{
    scan_panel *s = sw_calloc(1, sizeof *s, "scan panel", err);
    if (!s) return -1;
    s->rng = 2026;
    s->playing = true;
    s->config = 1;   /* Blelloch, 16 values */
    new_values(s);
    if (scan_timing_create(&s->timing, cuda, err) || panel_shapes_init(&s->shapes, err)) {
        scan_panel_shutdown(s);
        return -1;
    }
    s->shapes_ready = true;
    if (scan_steps_gl_init(&s->gl, err)) {
        scan_panel_shutdown(s);
        return -1;
    }
    s->gl_ready = true;
    const char *why = "this build has no CUDA backend";
    sw_error cerr;   /* lives until why is copied */
#if SCANWORKS_HAVE_CUDA
    if (cuda && !cuda->available) why = cuda->why_unavailable;
    else if (prim_cuda_available(&why)) {
        if (scan_steps_cuda_create(&s->cuda, &cerr)) why = cerr.msg;
        else s->cuda_possible = s->use_cuda = true;
    }
#else
    (void)cerr;
#endif
    snprintf(s->cuda_why, sizeof s->cuda_why, "%.190s", why ? why : "no CUDA device");
    *state = s;
    return 0;
}

static void scan_panel_step(void *state, const panel_frame *f)
{
    scan_panel *s = state;
    scan_timing_step(s->timing, f->timer);
    int count = scan_steps_count(s->algo, s->n);
    if (s->step_requested) {
        s->step_requested = false;
        if (s->done < count) run_level(s, f);
        else new_values(s);
        return;
    }
    if (!s->playing) return;
    s->clock += f->dt;
    if (s->done < count && s->clock >= STEP_EVERY) {
        s->clock = 0;
        run_level(s, f);
    } else if (s->done >= count && s->clock >= HOLD_DONE) {
        new_values(s);
    }
}

static bool scan_panel_key(void *state, int key, int mods)
{
    scan_panel *s = state;
    (void)mods;
    switch (key) {
    case GLFW_KEY_LEFT_BRACKET: scan_timing_resize(s->timing, -1); return true;
    case GLFW_KEY_RIGHT_BRACKET: scan_timing_resize(s->timing, +1); return true;
    case GLFW_KEY_N:
        s->config = (s->config + 1) % 4;
        new_values(s);
        return true;
    case GLFW_KEY_R:
        new_values(s);
        scan_timing_new_data(s->timing);
        return true;
    case GLFW_KEY_ENTER:
    case GLFW_KEY_KP_ENTER:
        s->playing = false;
        s->step_requested = true;
        return true;
    case GLFW_KEY_P: s->playing = !s->playing; s->clock = 0; return true;
    case GLFW_KEY_C:
        if (s->cuda_possible) {
            s->use_cuda = !s->use_cuda;
            snprintf(s->status, sizeof s->status, "the next levels run on %s", s->use_cuda ? "CUDA" : "GL compute");
        } else {
            snprintf(s->status, sizeof s->status, "C: no CUDA here (%.120s); the levels run on GL compute",
                     s->cuda_why);
        }
        return true;
    default: return false;
    }
}

static void scan_panel_shutdown(void *state)
{
    scan_panel *s = state;
    if (!s) return;
    scan_timing_destroy(s->timing);
    if (s->shapes_ready) panel_shapes_destroy(&s->shapes);
    if (s->gl_ready) scan_steps_gl_destroy(&s->gl);
#if SCANWORKS_HAVE_CUDA
    scan_steps_cuda_destroy(s->cuda);
#endif
    free(s);
}

static const panel_key_help scan_panel_keys[] = {
    {"Enter", "one level of the figure, on the GPU"},
    {"P", "run / pause the figure"},
    {"N", "Hillis-Steele / Blelloch, 16 / 32 values"},
    {"C", "the figure's levels on CUDA / GL compute"},
    {"R", "new values"},
    {"[ ]", "timed array 2^10 .. 2^24"},
    {NULL, NULL},
};

const panel scan_panel_def = {
    "scan", "Scan: Hillis-Steele, Blelloch", scan_panel_init, scan_panel_step,
    scan_figure_draw, scan_panel_key, scan_panel_shutdown, scan_panel_keys, NULL,
};
