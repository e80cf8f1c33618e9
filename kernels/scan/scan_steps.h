/* One level of the chapter's two small scans, for the scan panel's figure: one block runs
 * a level of Hillis-Steele (Algorithm 2: it reads one row and writes the next) or of
 * Blelloch (Algorithm 3's up-sweep, the clearing of the last element, Algorithm 4's
 * down-sweep). shaders/panel_scan_step.comp runs the same levels; the panel's CPU model
 * (src/panels/scan_steps.c) checks both. int32 values, N a power of two, 2..SCAN_STEPS_MAX_N. */
#ifndef SCANWORKS_KERNELS_SCAN_STEPS_H
#define SCANWORKS_KERNELS_SCAN_STEPS_H

#include <stdint.h>

#define SCAN_STEPS_MAX_N 64

/* What a level does; OFFSET is the chapter's 2^d, the distance between the two elements added. */
enum {
    SCAN_STEP_NAIVE = 0,   /* x[k] = x[k - offset] + x[k] for k >= offset, else copied */
    SCAN_STEP_UP = 1,      /* x[k + 2 offset - 1] += x[k + offset - 1] for k = 0, 2 offset, ... */
    SCAN_STEP_CLEAR = 2,   /* x[n - 1] = 0 */
    SCAN_STEP_DOWN = 3,    /* t = x[ai]; x[ai] = x[bi]; x[bi] += t (ai, bi as in UP) */
};

typedef struct scan_step {
    int phase;    /* SCAN_STEP_* */
    int offset;   /* 2^d; unused by CLEAR */
} scan_step;

/* The level's kernel (scan_steps.cu): (scan_step step, const int32_t *in, int32_t *out,
 * int n), one block of SCAN_STEPS_MAX_N threads; src/panels/scan_steps_cuda.c launches it. */
#ifdef __cplusplus
extern "C"
#endif
const void *scan_steps_kernel(void);

#endif
