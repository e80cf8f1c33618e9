/* Programmatic dependent launch (tiled-v2; sm_90, nothing on older chips, whose launches
 * never set it). pdl_trigger: this block no longer holds back the next kernel's launch.
 * pdl_wait: returns once the previous kernel is done and its writes are visible. */
#ifndef SCANWORKS_KERNELS_PDL_CUH
#define SCANWORKS_KERNELS_PDL_CUH

static __device__ __forceinline__ void pdl_trigger(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaTriggerProgrammaticLaunchCompletion();
#endif
}

static __device__ __forceinline__ void pdl_wait(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    cudaGridDependencySynchronize();
#endif
}

#endif
