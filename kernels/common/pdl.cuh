/* Programmatic dependent launch (tiled-v2; sm_90, nothing on older chips, whose launches
 * never set it). pdl_trigger: this block no longer holds back the next kernel's launch.
 * pdl_wait: returns once the previous kernel is done and its writes are visible, to the
 * loads after it: global and surface loads stay after it, but ptxas moves texture fetches
 * above it (to ptxas a texture is read-only while the kernel runs), so a kernel reads
 * what the previous one writes through a pointer or a surface, never a texture
 * (measured 2026-12-06 in SASS; the half composite reads the gather's output by plain
 * loads after its own finer wait, kernels/dof/half_ready.cuh). */
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
