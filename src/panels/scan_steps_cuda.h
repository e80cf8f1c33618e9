/* The scan panel's CUDA levels (scan_steps_cuda.c) around kernels/scan/scan_steps.cu. */
#ifndef SCANWORKS_PANELS_SCAN_STEPS_CUDA_H
#define SCANWORKS_PANELS_SCAN_STEPS_CUDA_H

#include <stdint.h>
#include "kernels/scan/scan_steps.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Device buffers and events for the levels, made once by the panel. */
typedef struct scan_steps_cuda scan_steps_cuda;

int scan_steps_cuda_create(scan_steps_cuda **out, sw_error *err);
void scan_steps_cuda_destroy(scan_steps_cuda *c);
/* Host IN (N values) -> device -> one level STEP -> host OUT, synchronous. *MS, when
 * not NULL, gets the kernel's time between CUDA events. */
int scan_steps_cuda_level(scan_steps_cuda *c, scan_step step, const int32_t *in, int32_t *out, int n, float *ms,
                          sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
