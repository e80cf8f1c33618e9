/* Pieces of `scanworks bench sat` shared by its host and CUDA halves. */
#ifndef SCANWORKS_BENCH_BENCH_SAT_H
#define SCANWORKS_BENCH_BENCH_SAT_H

#include <stdbool.h>
#include <stdint.h>
#include "bench/bench.h"

#define BENCH_SAT_SIZES 3
extern const int bench_sat_sizes[BENCH_SAT_SIZES][2];

/* Bytes the fastest possible build must move: read RGBA16F, write RGBA32UI. */
double bench_sat_floor_bytes(int w, int h);

/* Adds the cuda rows: each variant by stage, the memcpy floor, the CUB
 * reference, and the GL-CUDA hand-over on its own (needs the GL context current). */
int bench_sat_cuda(bench_report *r, int reps, bool ref_only, sw_error *err);
/* How many cuda variants differed from the CPU table (each printed as MISMATCH and
 * left out of the rows); the run then ends with exit code 1 after writing them. */
int bench_sat_cuda_mismatches(void);

/* Fills a w x h RGBA float picture with seeded values in 0..1. */
void bench_sat_picture(float *rgba, int w, int h);
/* F (0 <= F < 2) as a half float, truncated; values below the smallest normal half
 * become 0. The pictures go to the GPU as these halves, so that what a build reads is
 * known exactly. */
uint16_t bench_sat_to_half(float f);
/* The N halves quantized as the kernels do (min(round(v * 4096), 65535)) into Q. */
void bench_sat_quantize(const uint16_t *half, size_t n, uint32_t *q);

#endif
