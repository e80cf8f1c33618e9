/* The cuda backend of the SAT for host arrays (the CLI and tests): upload, build with
 * the production kernels, read back. Compiled only in builds with CUDA. */
#include "dof/sat.h"

#include <cuda_runtime_api.h>

#include "prim/sat_plan_cuda.h"

/* "tiled" on cuda is the production tiled-v2 (docs/perf/sat.md), "three-pass" the chapter's. */
static int variant_of(sat_variant v) { return v == SAT_TILED ? SAT_CUDA_TILED_V2 : SAT_CUDA_THREE_PASS; }

int sat_cuda_host_rgba(sat_variant v, const uint32_t *in4, int w, int h, uint32_t *out4, sw_error *err)
{
    size_t bytes = (size_t)w * h * 16;
    void *d_in = NULL, *d_out = NULL;
    sat_cuda_scratch s = {0};
    int rc = -1;
    cudaError_t e;
    if (cudaMalloc(&d_in, bytes) != cudaSuccess || cudaMalloc(&d_out, bytes) != cudaSuccess) {
        cudaGetLastError();
        sw_fail(err, "GPU memory: cannot allocate 2 x %.1f MiB for the SAT", bytes / 1048576.0);
        goto done;
    }
    if ((e = cudaMemcpy(d_in, in4, bytes, cudaMemcpyHostToDevice)) != cudaSuccess) {
        sw_fail(err, "copying the SAT input to the GPU: %s", cudaGetErrorString(e));
        goto done;
    }
    sat_cuda_src src = {.rgba_u32 = d_in, .scale = 1.0f};
    if (sat_cuda_build(variant_of(v), &src, d_out, w, h, &s, 0, NULL, err)) goto done;
    if ((e = cudaMemcpy(out4, d_out, bytes, cudaMemcpyDeviceToHost)) != cudaSuccess) {
        sw_fail(err, "SAT kernels or copy back failed: %s", cudaGetErrorString(e));
        goto done;
    }
    rc = 0;
done:
    cudaGetLastError();
    cudaFree(d_in);
    cudaFree(d_out);
    sat_cuda_scratch_free(&s);
    return rc;
}
