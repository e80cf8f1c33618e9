/* The scan panel's state (scan_panel.c steps it) and its drawing (scan_figure.c): the
 * rows of the figure, one per level done, the current level's adds and swaps
 * highlighted and named, and the timing comparison below. */
#ifndef SCANWORKS_PANELS_SCAN_FIGURE_H
#define SCANWORKS_PANELS_SCAN_FIGURE_H

#include "panels/panel.h"
#include "panels/panel_shapes.h"
#include "panels/scan_steps.h"
#include "panels/scan_steps_gl.h"
#include "panels/scan_timing.h"

typedef struct scan_panel {
    scan_timing *timing;
    scan_steps_gl gl;
    bool gl_ready, shapes_ready;
    scan_steps_cuda *cuda;           /* NULL without CUDA */
    bool cuda_possible, use_cuda;
    char cuda_why[200];
    panel_shapes shapes;
    int config;                      /* 0..3: bit 0 Blelloch, bit 1 32 values (else 16) */
    scan_steps_algo algo;
    int n, done;                     /* values; levels done */
    int32_t rows[SCAN_STEPS_MAX_LEVELS + 1][SCAN_STEPS_MAX_N];   /* row 0: the input */
    char row_backend[SCAN_STEPS_MAX_LEVELS + 1];                 /* 'g' GL, 'c' CUDA */
    bool row_ok[SCAN_STEPS_MAX_LEVELS + 1];   /* the level equals the CPU model's */
    int mismatches;
    bool result_checked, result_ok;  /* the last row against the sequential CPU scan */
    double level_ms;                 /* the last level's GPU time */
    bool playing, step_requested;
    double clock;
    uint64_t rng;
    char status[200];
} scan_panel;

void scan_figure_draw(void *state, const panel_frame *f);

#endif
