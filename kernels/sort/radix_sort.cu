/* The ladder's radix sort, "split" (the chapter, 39.3.3): one bit a pass, 32 passes;
 * each pass flags the keys whose bit is 0, scans the flags (the scan ladder's "tuned"
 * rung, compact_kernel_scan_flags) and scatters: zeros to their scanned address, ones
 * after all zeros, both groups in order, so stable. The production sort, onesweep
 * (onesweep.cu), takes 8 bits a pass (4 passes) in one kernel a pass. */
#include "radix_sort_kernel.h"
#include "kernels/common/block_scan.cuh"   /* key_to_ordered */

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

extern "C" const void *radix_split_kernel(int which)
{
    const void *k[] = {(const void *)rs_map_keys, (const void *)rs_split_flags, (const void *)rs_split_scatter};
    return which >= 0 && which < 3 ? k[which] : NULL;
}
