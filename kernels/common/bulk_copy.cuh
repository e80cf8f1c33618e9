/* Bulk copies between global and shared memory (cp.async.bulk, the Tensor Memory
 * Accelerator, sm_90 and later) and the shared-memory mbarriers they complete on, as
 * the bulk-copy and warp-specialized look-back scans use them. Below sm_90 the
 * functions compile to nothing: their callers copy with the threads there instead, or
 * are never launched. */
#ifndef SCANWORKS_KERNELS_BULK_COPY_CUH
#define SCANWORKS_KERNELS_BULK_COPY_CUH

#include <cuda_runtime.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define BULK_COPY_ARCH 1
#endif

static __device__ __forceinline__ unsigned smem_addr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

/* An L2 policy that evicts the lines it touches first (createpolicy): for data read or
 * written once, so that it does not push the look-back's status words out. */
static __device__ __forceinline__ unsigned long long bulk_evict_first_policy(void)
{
    unsigned long long policy = 0;
#ifdef BULK_COPY_ARCH
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
#endif
    return policy;
}

/* Sets up BAR to complete a phase after COUNT arrivals (and the bytes they expect). */
static __device__ __forceinline__ void mbar_init(unsigned long long *bar, unsigned count)
{
#ifdef BULK_COPY_ARCH
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count) : "memory");
#endif
}

/* After the mbar_init calls, before any other thread or the bulk copies use them. */
static __device__ __forceinline__ void mbar_init_fence(void)
{
#ifdef BULK_COPY_ARCH
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}

static __device__ __forceinline__ void mbar_arrive(unsigned long long *bar)
{
#ifdef BULK_COPY_ARCH
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
#endif
}

/* An arrival on BAR that also expects BYTES from bulk copies completing on it. */
static __device__ __forceinline__ void mbar_arrive_expect_tx(unsigned long long *bar, unsigned bytes)
{
#ifdef BULK_COPY_ARCH
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(bar)), "r"(bytes)
                 : "memory");
#endif
}

/* Waits until the phase of parity PARITY of BAR has completed. */
static __device__ __forceinline__ void mbar_wait(unsigned long long *bar, unsigned parity)
{
#ifdef BULK_COPY_ARCH
    asm volatile("{\n\t.reg .pred done;\n\t"
                 "MBAR_WAIT:\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n\t"
                 "@!done bra MBAR_WAIT;\n\t}" ::"r"(smem_addr(bar)),
                 "r"(parity)
                 : "memory");
#endif
}

/* Orders this thread's plain shared-memory accesses before later bulk copies (the
 * async proxy) touching the same bytes: before a bulk store of what the threads wrote,
 * or before a bulk copy refills a buffer the threads read. */
static __device__ __forceinline__ void fence_proxy_async_smem(void)
{
#ifdef BULK_COPY_ARCH
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

/* Starts the bulk copy of BYTES (a multiple of 16, not 0) from global SRC to shared
 * DST, completing its bytes on BAR; EVICT_FIRST: with the evict-first L2 policy. */
static __device__ __forceinline__ void bulk_copy_to_smem(void *dst, const void *src, unsigned bytes,
                                                         unsigned long long *bar, int evict_first)
{
#ifdef BULK_COPY_ARCH
    if (evict_first)
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint"
                     " [%0], [%1], %2, [%3], %4;" ::"r"(smem_addr(dst)),
                     "l"(src), "r"(bytes), "r"(smem_addr(bar)), "l"(bulk_evict_first_policy())
                     : "memory");
    else
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [%0], [%1], %2, [%3];" ::"r"(smem_addr(dst)),
                     "l"(src), "r"(bytes), "r"(smem_addr(bar))
                     : "memory");
#else
    (void)dst, (void)src, (void)bytes, (void)bar, (void)evict_first;
#endif
}

#endif
