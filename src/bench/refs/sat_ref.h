/* A library-built SAT for the benchmark, as one would write it with CUB: a row
 * kernel of cub::BlockScan, a transpose, the same again, a transpose back. */
#ifndef SCANWORKS_KERNELS_SAT_REF_H
#define SCANWORKS_KERNELS_SAT_REF_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sat_ref_work {
    void *scratch;       /* w*h uint4 */
    size_t scratch_bytes;
} sat_ref_work;

/* IN and OUT: w*h uint4 (already quantized values) in device memory. */
int sat_ref_build(const void *in, void *out, int w, int h, sat_ref_work *work, cudaStream_t stream, sw_error *err);
void sat_ref_free(sat_ref_work *work);

#ifdef __cplusplus
}
#endif

#endif
