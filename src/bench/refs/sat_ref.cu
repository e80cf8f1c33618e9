/* CUB reference SAT (benchmark only): InclusiveScanByKey with the row index as the
 * key, over uint4 with a component-wise sum; transposes from sat.cu. */
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "kernels/common/cuda_util.cuh"
#include "kernels/sat/sat.h"
#include "sat_ref.h"

struct add_uint4 {
    __device__ uint4 operator()(const uint4 &a, const uint4 &b) const
    {
        return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
};

struct row_of {
    int len;
    __host__ __device__ int operator()(int i) const { return i / len; }
};

static int scan_rows(const uint4 *in, uint4 *out, int len, int rows, sat_ref_work *work, cudaStream_t stream,
                     sw_error *err)
{
    auto keys = thrust::make_transform_iterator(thrust::counting_iterator<int>(0), row_of{len});
    size_t need = 0;
    int n = len * rows;
    CUDA_TRY(cub::DeviceScan::InclusiveScanByKey(NULL, need, keys, in, out, add_uint4(), n, cuda::std::equal_to<>(),
                                                 stream),
             err);
    if (need > work->temp_bytes) {
        if (work->temp) cudaFree(work->temp);
        work->temp = NULL;
        work->temp_bytes = 0;
        if (cuda_alloc(&work->temp, need, "CUB temporary storage", err)) return -1;
        work->temp_bytes = need;
    }
    CUDA_TRY(cub::DeviceScan::InclusiveScanByKey(work->temp, need, keys, in, out, add_uint4(), n,
                                                 cuda::std::equal_to<>(), stream),
             err);
    return 0;
}

extern "C" int sat_ref_build(const void *in, void *out, int w, int h, sat_ref_work *work, cudaStream_t stream,
                             sw_error *err)
{
    size_t bytes = (size_t)w * h * sizeof(uint4);
    if (work->scratch_bytes < bytes) {
        if (work->scratch) cudaFree(work->scratch);
        work->scratch = NULL;
        if (cuda_alloc(&work->scratch, bytes, "CUB SAT scratch", err)) return -1;
        work->scratch_bytes = bytes;
    }
    uint4 *o = (uint4 *)out, *t = (uint4 *)work->scratch;
    /* Out of place throughout: rows into scratch, transposed into out, rows of the
     * transpose back into scratch, transposed into out. */
    if (scan_rows((const uint4 *)in, t, w, h, work, stream, err)) return -1;
    if (sat_cuda_transpose(t, o, h, w, stream, err)) return -1;
    if (scan_rows(o, t, h, w, work, stream, err)) return -1;
    return sat_cuda_transpose(t, o, w, h, stream, err);
}

extern "C" void sat_ref_free(sat_ref_work *work)
{
    if (work->temp) cudaFree(work->temp);
    if (work->scratch) cudaFree(work->scratch);
    work->temp = work->scratch = NULL;
    work->temp_bytes = work->scratch_bytes = 0;
}
