/* The float SAT in double: a row pass, then a column pass (kernels/sat/sat_float.h). */
#include "sat_float.h"

/* The row pass: the row's inclusive prefix sums, in double (IS_DOUBLE: IN holds float64). */
__global__ void sat_float_rows(const void *in, int is_double, int w, int h, int c, double *out)
{
    long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= (long long)h * c) return;
    long long y = r / c, k = r % c;
    size_t base = (size_t)y * w * c + (size_t)k;
    const float *f = (const float *)in;
    const double *d = (const double *)in;
    double acc = 0.0;
    for (int x = 0; x < w; x++) {
        size_t i = base + (size_t)x * c;
        acc += is_double ? d[i] : (double)f[i];
        out[i] = acc;
    }
}

/* The column pass: neighbouring threads touch neighbouring doubles, so the loads coalesce. */
__global__ void sat_float_columns(int w, int h, int c, double *out)
{
    long long q = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= (long long)w * c) return;
    size_t stride = (size_t)w * c;
    double acc = 0.0;
    for (int y = 0; y < h; y++) {
        size_t i = (size_t)y * stride + (size_t)q;
        acc += out[i];
        out[i] = acc;
    }
}

extern "C" const void *sat_float_kernel(int columns)
{
    return columns ? (const void *)sat_float_columns : (const void *)sat_float_rows;
}
