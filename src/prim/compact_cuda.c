/* Host side of the CUDA compaction: copy in, run kernels/compact/compact.cu, copy the kept
 * elements and their count back. */
#include "prim/compact.h"

#include <cuda_runtime.h>

#include "prim/compact_plan_cuda.h"
#include "kernels/common/cuda_util.cuh"

/* The production single pass (kernels/compact/compact.cu), then the chapter's. */
const char *const compact_cuda_algorithms[] = {"single-pass", "flag-scan-scatter", NULL};
static const int kernel_algo[] = {COMPACT_K_SINGLE_PASS, COMPACT_K_FLAG_SCAN_SCATTER};

int compact_cuda_check_algorithm(const char *algo, sw_error *err)
{
    return prim_check_algorithm("compact", PRIM_CUDA, compact_cuda_algorithms, algo, err);
}

int compact_cuda_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                      size_t *count, sw_error *err)
{
    const int index = prim_algorithm_index(compact_cuda_algorithms, d->algo);
    const int algo = index < 0 ? COMPACT_K_SINGLE_PASS : kernel_algo[index];
    compact_kparams p = {(int)d->type, (int)d->pred, d->value_bits, NULL};
    void *d_in = NULL, *d_out = NULL, *d_flags = NULL, *d_temp = NULL, *d_count = NULL;
    unsigned long long h_count = 0;
    int rc = -1;
    if (cuda_alloc(&d_in, n * 4, "compact input", err) || cuda_alloc(&d_out, n * 4, "compact output", err) ||
        cuda_alloc(&d_count, sizeof h_count, "compact count", err) ||
        cuda_alloc(&d_temp, compact_kernel_temp_bytes(algo, n), "compact scratch", err))
        goto done;
    if (d->pred == COMPACT_FLAGS && cuda_alloc(&d_flags, n, "compact flags", err)) goto done;
    if (n) {
        cudaError_t e = cudaMemcpy(d_in, in, n * 4, cudaMemcpyHostToDevice);
        if (e == cudaSuccess && d_flags) e = cudaMemcpy(d_flags, flags, n, cudaMemcpyHostToDevice);
        if (e != cudaSuccess) {
            sw_fail(err, "compact: copy to the GPU failed: %s", cudaGetErrorString(e));
            goto done;
        }
    }
    if (compact_kernel_run(algo, &p, d_in, d_flags, d_out, n, d_count, d_temp, NULL, err)) goto done;
    cudaError_t e = cudaMemcpy(&h_count, d_count, sizeof h_count, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess && h_count > n) {
        sw_fail(err, "compact: the kernel reported %llu kept of %zu", h_count, n);
        goto done;
    }
    if (e == cudaSuccess && h_count) e = cudaMemcpy(out, d_out, h_count * 4, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        sw_fail(err, "compact: running on the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    *count = (size_t)h_count;
    rc = 0;
done:
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_flags);
    cudaFree(d_temp);
    cudaFree(d_count);
    return rc;
}
