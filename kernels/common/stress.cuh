/* Race-provoking delays (docs/reliability.md): SW_STRESS_POINT(site) is nothing unless
 * SCANWORKS_STRESS is defined (test_scan_stress's scan.cu); then the whole warp sleeps
 * 0..4 us one time in three and meets again (its first active lane's draw, seeded by
 * block, warp, site and %globaltimer): a point never splits a warp. */
#ifndef SCANWORKS_KERNELS_COMMON_STRESS_CUH
#define SCANWORKS_KERNELS_COMMON_STRESS_CUH

#ifdef SCANWORKS_STRESS
static __device__ __forceinline__ unsigned sw_stress_hash(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static __device__ __forceinline__ void sw_stress_point(unsigned site)
{
    const unsigned active = __activemask();
    unsigned long long now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    unsigned h = sw_stress_hash(blockIdx.x * 0x9e3779b9u ^ (threadIdx.x >> 5) * 0x85ebca6bu ^ site * 0xc2b2ae35u ^
                                (unsigned)(now >> 6) ^ (unsigned)(now >> 38));
    h = __shfl_sync(active, h, __ffs(active) - 1);
    if (h % 3 == 0) __nanosleep((h >> 8) & 4095);
    __syncwarp(active);
}
#define SW_STRESS_POINT(site) sw_stress_point(site)
#else
#define SW_STRESS_POINT(site) ((void)0)
#endif

#endif
