/* The cuda backend of the float SAT: copies in, the kernels, copies out. */
#include "prim/sat_float.h"

#include <cuda_runtime.h>

#include "kernels/common/cuda_util.cuh"
#include "kernels/sat/sat_float.h"
#include "prim/key_type.h"

/* The row pass, then the column pass, of D_IN into D_OUT (device memory) on STREAM. */
static int sat_float_cuda_build(const void *d_in, int in_is_double, int w, int h, int c, double *d_out,
                                cudaStream_t stream, sw_error *err)
{
    if (w < 1 || h < 1 || c < 1 || c > 4)
        return sw_fail(err, "float SAT: %dx%d with %d channels; sides must be >= 1 and channels 1..4", w, h, c);
    long long rows = (long long)h * c, cols = (long long)w * c;
    unsigned row_blocks = (unsigned)((rows + SAT_FLOAT_BLOCK - 1) / SAT_FLOAT_BLOCK);
    unsigned col_blocks = (unsigned)((cols + SAT_FLOAT_BLOCK - 1) / SAT_FLOAT_BLOCK);
    void *row_args[] = {&d_in, &in_is_double, &w, &h, &c, &d_out}, *col_args[] = {&w, &h, &c, &d_out};
    if (cuda_launch(sat_float_kernel(0), row_blocks, SAT_FLOAT_BLOCK, 0, row_args, stream, "sat_float_rows", err))
        return -1;
    return cuda_launch(sat_float_kernel(1), col_blocks, SAT_FLOAT_BLOCK, 0, col_args, stream, "sat_float_columns", err);
}

int sat_float_cuda_host(const void *in, bool in_is_double, int w, int h, int c, double *out, sw_error *err)
{
    if (prim_require_cuda("the float SAT", err)) return -1;
    size_t n = (size_t)w * h * c, in_bytes = n * (in_is_double ? 8 : 4);
    void *d_in = NULL;
    double *d_out = NULL;
    cudaError_t e = cudaMalloc(&d_in, in_bytes);
    if (e == cudaSuccess) e = cudaMalloc((void **)&d_out, n * sizeof *d_out);
    if (e != cudaSuccess) {
        cudaGetLastError();
        cudaFree(d_in);
        return sw_fail(err, "float SAT: cannot allocate %.1f MiB on the GPU (%s)",
                       (in_bytes + n * 8.0) / 1048576.0, cudaGetErrorString(e));
    }
    int rc = -1;
    e = cudaMemcpy(d_in, in, in_bytes, cudaMemcpyHostToDevice);
    if (e != cudaSuccess) {
        sw_fail(err, "float SAT: copy to the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    if (sat_float_cuda_build(d_in, in_is_double, w, h, c, d_out, 0, err)) goto done;
    e = cudaMemcpy(out, d_out, n * sizeof *d_out, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        sw_fail(err, "float SAT: running on the GPU failed: %s", cudaGetErrorString(e));
        goto done;
    }
    rc = 0;
done:
    cudaFree(d_in);
    cudaFree(d_out);
    return rc;
}
