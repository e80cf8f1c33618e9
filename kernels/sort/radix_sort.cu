/* The ladder's radix sort, "split" (the chapter, 39.3.3).
 * split: one bit per pass, 32 passes; each pass flags the keys whose bit is 0, scans the
 * flags (the scan ladder's "tuned" rung, compact_kernel_scan_flags) and scatters: zeros to their scanned address, ones after all zeros in
 * order. Stable because both groups keep order. What the production sort, onesweep
 * (radix_onesweep2.cu), fixes: 8 bits a pass instead of 1, so 4 passes instead of 32,
 * and one kernel a pass (ranking, look-back and scatter together). */
#include "radix_sort_kernel.h"
#include "kernels/common/block_scan.cuh"   /* key_to_ordered */
#include "kernels/common/cuda_util.cuh"
#include "kernels/compact/compact_kernel.h"

static unsigned int rs_grid(size_t n, unsigned int threads)
{
    size_t g = (n + threads - 1) / threads;
    return g < 65535u * 16 ? (unsigned int)(g ? g : 1) : 65535u * 16;
}

/* ---- split ------------------------------------------------------------------------- */

static __global__ void rs_map_keys(const uint32_t *in, uint32_t *out, size_t n, int mode, int to_ordered)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out[i] = to_ordered ? key_to_ordered(in[i], mode) : key_from_ordered(in[i], mode);
}

static __global__ void rs_split_flags(const uint32_t *keys, size_t n, int bit, uint32_t *flags)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        flags[i] = ((keys[i] >> bit) & 1u) ^ 1u;
}

static __global__ void rs_split_scatter(const uint32_t *kin, const uint32_t *vin, const uint32_t *flags,
                                        const uint32_t *addr, size_t n, uint32_t *kout, uint32_t *vout)
{
    const size_t nz = (size_t)addr[n - 1] + flags[n - 1];   /* the zeros: n >= 1 */
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        size_t dst = flags[i] ? addr[i] : nz + i - addr[i];
        kout[dst] = kin[i];
        if (vin) vout[dst] = vin[i];
    }
}

/* ---- launcher -------------------------------------------------------------------------- */

static size_t rs_round(size_t bytes) { return (bytes + 255) & ~(size_t)255; }

extern "C" int radix_split_sort(int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin, uint32_t *vout,
                                size_t n, void *temp, void *stream, sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    char *t = (char *)temp;
    uint32_t *kalt = (uint32_t *)t;
    t += rs_round(n * 4);
    uint32_t *valt = NULL;
    if (vin) {
        valt = (uint32_t *)t;
        t += rs_round(n * 4);
    }
    uint32_t *flags = (uint32_t *)t, *addr = (uint32_t *)(t + rs_round(n * 4));
    void *scan_temp = t + 2 * rs_round(n * 4);
    unsigned int grid = rs_grid(n, 256);
    rs_map_keys<<<grid, 256, 0, s>>>(kin, kout, n, mode, 1);
    CUDA_TRY_LAUNCH("rs_map_keys", err);
    if (vin) CUDA_TRY(cudaMemcpyAsync(vout, vin, n * 4, cudaMemcpyDeviceToDevice, s), err);
    uint32_t *ka = kout, *kb = kalt, *va = vout, *vb = valt;
    for (int bit = 0; bit < 32; bit++) {   /* 32 passes: the result ends in kout */
        rs_split_flags<<<grid, 256, 0, s>>>(ka, n, bit, flags);
        CUDA_TRY_LAUNCH("rs_split_flags", err);
        if (compact_kernel_scan_flags(flags, addr, n, scan_temp, s, err)) return -1;
        rs_split_scatter<<<grid, 256, 0, s>>>(ka, va, flags, addr, n, kb, vb);
        CUDA_TRY_LAUNCH("rs_split_scatter", err);
        uint32_t *x = ka; ka = kb; kb = x;
        x = va; va = vb; vb = x;
    }
    rs_map_keys<<<grid, 256, 0, s>>>(kout, kout, n, mode, 0);
    CUDA_TRY_LAUNCH("rs_map_keys", err);
    return 0;
}
