/* The cuda backend of the float SAT: copies in, the kernels, copies out. */
#include "prim/sat_float.h"

#include <cuda_runtime.h>

#include "kernels/sat/sat_float.h"
#include "prim/key_type.h"

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
