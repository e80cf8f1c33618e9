/* Host side of the CUDA radix sort: copy in, kernels/sort/radix_sort.cu, copy out. */
#include "prim/radix_sort.h"

#include <cuda_runtime.h>

#include "kernels/common/cuda_util.cuh"
#include "prim/radix_sort_plan_cuda.h"

/* The production sort, then the chapter's. */
const char *const radix_sort_cuda_algorithms[] = {"onesweep", "split", NULL};
static const int radix_cuda_kernels[] = {RADIX_K_ONESWEEP, RADIX_K_SPLIT};

int radix_sort_cuda_host(const radix_desc *d, const void *keys_in, void *keys_out, const uint32_t *vals_in,
                         uint32_t *vals_out, size_t n, sw_error *err)
{
    if (n == 0) return 0;
    int a = prim_algorithm_index(radix_sort_cuda_algorithms, d->algo);
    int algo = radix_cuda_kernels[a < 0 ? 0 : a];
    if (algo != RADIX_K_SPLIT && n > RADIX_K_ONESWEEP_MAX)
        return sw_fail(err, "sort: onesweep takes at most 2^30 keys, got %zu (use --algo split)", n);
    void *dk_in = NULL, *dk_out = NULL, *dv_in = NULL, *dv_out = NULL, *d_temp = NULL;
    int rc = -1;
    if (cuda_alloc(&dk_in, n * 4, "sort keys", err) || cuda_alloc(&dk_out, n * 4, "sort keys", err) ||
        cuda_alloc(&d_temp, radix_kernel_temp_bytes(algo, n, vals_in != NULL), "sort scratch", err))
        goto done;
    if (vals_in && (cuda_alloc(&dv_in, n * 4, "sort values", err) || cuda_alloc(&dv_out, n * 4, "sort values", err)))
        goto done;
    cudaError_t e = cudaMemcpy(dk_in, keys_in, n * 4, cudaMemcpyHostToDevice);
    if (e == cudaSuccess && vals_in) e = cudaMemcpy(dv_in, vals_in, n * 4, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
        sw_fail(err, "sort: copy to the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    if (radix_kernel_sort(algo, (int)d->type, dk_in, dk_out, dv_in, dv_out, n, d_temp, NULL, err)) goto done;
    e = cudaMemcpy(keys_out, dk_out, n * 4, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess && vals_in) e = cudaMemcpy(vals_out, dv_out, n * 4, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        sw_fail(err, "sort: running on the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    rc = 0;
done:
    cudaFree(dk_in);
    cudaFree(dk_out);
    cudaFree(dv_in);
    cudaFree(dv_out);
    cudaFree(d_temp);
    return rc;
}
