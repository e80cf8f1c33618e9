/* Surfaces poisoned (poison.h): a thread an element, every bit set. */
#include "kernels/common/poison.h"
#include "kernels/common/cuda_util.cuh"

template <typename T> __global__ void poison_surface_kernel(cudaSurfaceObject_t s, int w, int h, T ones)
{
    int x = (int)(blockIdx.x * blockDim.x + threadIdx.x), y = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    if (x < w && y < h) surf2Dwrite(ones, s, x * (int)sizeof(T), y);
}

extern "C" int cuda_poison_surface(cudaSurfaceObject_t s, int w, int h, int elem_bytes, cudaStream_t stream,
                                   sw_error *err)
{
    const dim3 block = {16, 16, 1}, grid = {cuda_div_up((size_t)w, 16), cuda_div_up((size_t)h, 16), 1};
    const unsigned all = 0xFFFFFFFFu;
    if (elem_bytes == 4) {
        poison_surface_kernel<unsigned><<<grid, block, 0, stream>>>(s, w, h, all);
    } else if (elem_bytes == 8) {
        poison_surface_kernel<uint2><<<grid, block, 0, stream>>>(s, w, h, make_uint2(all, all));
    } else if (elem_bytes == 16) {
        poison_surface_kernel<uint4><<<grid, block, 0, stream>>>(s, w, h, make_uint4(all, all, all, all));
    } else {
        return sw_fail(err, "poison: no %d-byte surface elements", elem_bytes);
    }
    CUDA_TRY_LAUNCH("poison_surface_kernel", err);
    return 0;
}
