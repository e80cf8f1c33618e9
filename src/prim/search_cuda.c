/* Host side of the CUDA search: copy keys and queries in, kernels/search/search.cu, copy the
 * indices out. */
#include "prim/search.h"

#include <cuda_runtime.h>

#include "kernels/common/cuda_util.cuh"
#include "prim/search_plan_cuda.h"

/* The first name is the default (algo NULL). */
const char *const search_cuda_algorithms[] = {"tree", "binary", "pary", "single-key", NULL};
static const int kernel_of[] = {SEARCH_K_TREE, SEARCH_K_BINARY, SEARCH_K_PARY, SEARCH_K_SINGLE_KEY};

int search_cuda_host(const search_desc *d, const void *keys, size_t n, const void *queries, size_t q, int64_t *out,
                     sw_error *err)
{
    if (q == 0) return 0;
    int algo = kernel_of[prim_algorithm_index(search_cuda_algorithms, d->algo)];
    void *d_keys = NULL, *d_q = NULL, *d_out = NULL, *d_temp = NULL;
    int rc = -1;
    if (cuda_alloc(&d_keys, n * 4, "search keys", err) || cuda_alloc(&d_q, q * 4, "search queries", err) ||
        cuda_alloc(&d_out, q * 8, "search results", err) ||
        cuda_alloc(&d_temp, search_kernel_temp_bytes(algo, n), "search scratch", err))
        goto done;
    cudaError_t e = n ? cudaMemcpy(d_keys, keys, n * 4, cudaMemcpyHostToDevice) : cudaSuccess;
    if (e == cudaSuccess) e = cudaMemcpy(d_q, queries, q * 4, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
        sw_fail(err, "search: copy to the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    if (search_kernel_run(algo, (int)d->type, d_keys, n, d_q, q, d_out, d_temp, 0, NULL, err)) goto done;
    e = cudaMemcpy(out, d_out, q * 8, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        sw_fail(err, "search: running on the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    rc = 0;
done:
    cudaFree(d_keys);
    cudaFree(d_q);
    cudaFree(d_out);
    cudaFree(d_temp);
    return rc;
}
