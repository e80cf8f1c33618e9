/* The scan panel's timing comparison (the chapter's Figure 39-7, live): the same int32
 * add exclusive scan of 2^10 .. 2^24 random values on the sequential CPU scan, the GL
 * compute and fragment scans and the CUDA scans, every result checked against the CPU
 * one, drawn as bars on a log scale, with the ladder of CUDA variants (Figure 39-8)
 * where there is room.
 *
 * It must not stall the scene: each backend is measured at most every half second, at
 * most one GPU measurement starts per frame, the CPU scan runs on a worker thread, GL
 * times come from a timer query read when ready, and arrays and buffers are kept. The
 * CUDA runs copy the array both ways; their bars are the scan's own device time (the
 * fastest of three runs between CUDA events after a warm-up), as Figure 39-8 compares
 * kernels; the HUD gets the whole call's device time, copies included. */
#ifndef SCANWORKS_PANELS_SCAN_TIMING_H
#define SCANWORKS_PANELS_SCAN_TIMING_H

#include "panels/panel.h"

typedef struct scan_timing scan_timing;

int scan_timing_create(scan_timing **out, const cuda_device_info *cuda, sw_error *err);
void scan_timing_destroy(scan_timing *t);
/* At most one GPU measurement; CUDA device time goes to TIMER as "scan bars (cuda)". */
void scan_timing_step(scan_timing *t, gpu_timer *timer);
/* DELTA: -1 halves, +1 doubles the array (2^10 .. 2^24). */
void scan_timing_resize(scan_timing *t, int delta);
void scan_timing_new_data(scan_timing *t);
/* Draws the bars into the box (X, Y, W, H) of F (panel pixels) at text size PX, the
 * CUDA ladder too when LADDER and it fits. */
void scan_timing_draw(scan_timing *t, const panel_frame *f, float x, float y, float w, float h, float px, bool ladder);
/* Rows the draw needs without the ladder (a title and one per backend). */
int scan_timing_rows(const scan_timing *t);

#endif
