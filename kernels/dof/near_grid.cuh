/* The near field's sample grid (step 0 of its tile pass, gather.h) for the two kernels
 * that write it: gather.cu's dof_near_grid_kernel and, at half size, the downsample
 * (half.cu), so both write the same values. Include after dof/dof_radius.h. */
#ifndef SCANWORKS_KERNELS_DOF_NEAR_GRID_CUH
#define SCANWORKS_KERNELS_DOF_NEAR_GRID_CUH

/* A sample at depth D: its CoC where it lies before the focus and is at least 1/2 (else
 * 0), and D. */
__device__ static inline float2 dof_near_grid_value(float aperture, float focus, float d)
{
    float r = d < focus ? dof_radius(aperture, focus, d) : 0.0f;
    return make_float2(r >= 0.5f ? r : 0.0f, d);
}

#endif
