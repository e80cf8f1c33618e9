/* One thread reads %globaltimer (see globaltimer.h). */
#include "kernels/common/globaltimer.h"
#include "kernels/common/cuda_util.cuh"

__global__ void globaltimer_stamp(unsigned long long *dst)
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    *dst = t;
    __threadfence_system();   /* the host may read it through a mapping */
}

extern "C" int cuda_stamp_globaltimer(unsigned long long *dst, cudaStream_t stream, sw_error *err)
{
    if (!dst) return sw_fail(err, "globaltimer stamp: no destination");
    globaltimer_stamp<<<1, 1, 0, stream>>>(dst);
    CUDA_TRY_LAUNCH("globaltimer_stamp", err);
    return 0;
}
