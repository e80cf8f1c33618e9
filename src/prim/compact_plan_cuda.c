/* Host side of the CUDA compaction (kernels/compact/compact_kernel.h): the checks, the
 * temp sizes, the device's tuning row and the launches of the kernels that
 * kernels/compact/ hands over. */
#include "prim/compact_plan_cuda.h"

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_util.cuh"
#include "prim/scan_plan_cuda.h"

size_t compact_kernel_temp_bytes(int algo, size_t n)
{
    if (algo != COMPACT_K_FLAG_SCAN_SCATTER) {
        const size_t tiles = (n + COMPACT_K_MIN_TILE - 1) / COMPACT_K_MIN_TILE;
        return ((tiles << COMPACT_K_MAX_SPREAD) + 1) * sizeof(unsigned long long);
    }
    return 2 * ((n + 63) & ~(size_t)63) * sizeof(uint32_t) + compact_kernel_scan_temp_bytes(n) + 256;
}

int compact_kernel_run(int algo, const compact_kparams *p, const uint32_t *in, const uint8_t *flags, uint32_t *out,
                       size_t n, unsigned long long *count, void *temp, void *stream, sw_error *err)
{
    if (n >= ((size_t)1 << 32)) return sw_fail(err, "compact (cuda): %zu elements, the limit is 2^32 - 1", n);
    if (n == 0) {
        CUDA_TRY(cudaMemsetAsync(count, 0, sizeof *count, (cudaStream_t)stream), err);
        return 0;
    }
    if (algo == COMPACT_K_SINGLE_PASS) {
        if ((unsigned)p->type > 2 || (unsigned)p->pred > 6) return sw_fail(err, "compact (cuda): bad type or predicate");
        const compact_tune *tu = p->tune ? p->tune : compact_tune_for(cuda_device_arch());
        const void *kernel = compact_single_pass_kernel(tu, p->type, p->pred);
        if (!kernel)
            return sw_fail(err, "compact (cuda): tile %dx%d with %d blocks an SM and spread %d is not compiled "
                           "(kernels/compact/compact.cu, CP_SHAPES)", tu->threads, tu->items, tu->min_blocks,
                           tu->spread);
        const size_t tile = (size_t)tu->threads * tu->items;
        const size_t tiles = (n + tile - 1) / tile;   /* at most compact_kernel_temp_bytes's */
        unsigned long long *status = (unsigned long long *)temp;
        CUDA_TRY(cudaMemsetAsync(status, 0, (tiles << tu->spread) * sizeof(unsigned long long), (cudaStream_t)stream),
                 err);
        uint32_t value = p->value_bits;
        void *args[] = {&in, &flags, &n, &value, &out, &status, &count};
        CUDA_TRY(cudaLaunchKernel(kernel, (dim3){(unsigned)tiles, 1, 1}, (dim3){(unsigned)tu->threads, 1, 1}, args, 0,
                                  (cudaStream_t)stream),
                 err);
        CUDA_TRY_LAUNCH("cp_single_pass", err);
        return 0;
    }
    size_t padded = (n + 63) & ~(size_t)63;
    uint32_t *flag_bits = (uint32_t *)temp, *addr = flag_bits + padded;
    return compact_kernel_flag_scan_scatter(p, in, flags, flag_bits, addr, out, n, count, addr + padded, stream, err);
}

int compact_kernel_flag_scan_scatter(const compact_kparams *p, const uint32_t *in, const uint8_t *flags,
                                     uint32_t *flag_bits, uint32_t *addr, uint32_t *out, size_t n,
                                     unsigned long long *count, void *scan_temp, void *stream, sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    if (n == 0) {
        CUDA_TRY(cudaMemsetAsync(count, 0, sizeof *count, s), err);
        return 0;
    }
    const unsigned grid = cuda_grid_capped(cuda_div_up(n, 256), 65535u * 8);
    compact_kparams kp = *p;
    void *flag_args[] = {&in, &flags, &n, &kp, &flag_bits}, *scatter_args[] = {&in, &flag_bits, &addr, &n, &out, &count};
    if (cuda_launch(compact_flag_scan_scatter_kernel(0), grid, 256, 0, flag_args, s, "cp_flags", err) ||
        compact_kernel_scan_flags(flag_bits, addr, n, scan_temp, stream, err))
        return -1;
    return cuda_launch(compact_flag_scan_scatter_kernel(1), grid, 256, 0, scatter_args, s, "cp_scatter", err);
}

static const scan_desc flag_scan = {SCAN_U32, SCAN_ADD, SCAN_EXCLUSIVE, "tuned"};

size_t compact_kernel_scan_temp_bytes(size_t n)
{
    size_t bytes = 0;
    sw_error ignored;   /* n < 2^32 here: within the limit of "tuned" */
    if (scan_cuda_temp_bytes(&flag_scan, NULL, n, &bytes, &ignored)) return 0;
    return bytes;
}

int compact_kernel_scan_flags(const uint32_t *flags, uint32_t *addr, size_t n, void *temp, void *stream, sw_error *err)
{
    return scan_cuda_device(&flag_scan, NULL, flags, addr, n, temp, compact_kernel_scan_temp_bytes(n), stream, err);
}
