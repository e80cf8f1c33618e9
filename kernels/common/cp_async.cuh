/* Asynchronous 16-byte copies from global to shared memory (cp.async, sm_80 and
 * later), in commit groups; on older chips the copy is a plain load and store at issue
 * time and the group calls do nothing. Used by the pipelined look-back kernels. */
#ifndef SCANWORKS_KERNELS_CP_ASYNC_CUH
#define SCANWORKS_KERNELS_CP_ASYNC_CUH

#include <cuda_runtime.h>

static __device__ __forceinline__ void cpa_commit(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}

template <int N> static __device__ __forceinline__ void cpa_wait(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
}

/* Copies 16 bytes from global SRC (16-byte aligned) to shared DST. */
static __device__ __forceinline__ void cpa_copy16(int4 *dst, const int4 *src, bool cs)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = (unsigned)__cvta_generic_to_shared(dst);
    if (cs) {
        asm volatile("{\n\t.reg .b64 pol;\n\t"
                     "createpolicy.fractional.L2::evict_first.b64 pol, 1.0;\n\t"
                     "cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, pol;\n\t}" ::"r"(d),
                     "l"(src)
                     : "memory");
    } else {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(src) : "memory");
    }
#else
    *dst = cs ? __ldcs(src) : *src;
#endif
}

#endif
