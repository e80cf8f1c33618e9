#include "prim/sat_float.h"

#include <stddef.h>

#include "prim/key_type.h"

bool sat_float_supported(prim_backend b) { return b == PRIM_CPU || (b == PRIM_CUDA && SCANWORKS_HAVE_CUDA); }

double sat_float_error_bound(int x, int y, double abs_sum)
{
    double k = (double)x + (double)y + 1.0, u = 0x1p-53;
    return k * u / (1.0 - k * u) * abs_sum;
}

static void sat_float_cpu(const void *in, bool in_is_double, int w, int h, int c, double *out)
{
    const float *f = in;
    const double *d = in;
    size_t stride = (size_t)w * c;
    for (int y = 0; y < h; y++)
        for (int k = 0; k < c; k++) {
            double acc = 0.0;
            for (int x = 0; x < w; x++) {
                size_t i = (size_t)y * stride + (size_t)x * c + (size_t)k;
                acc += in_is_double ? d[i] : (double)f[i];
                out[i] = acc;
            }
        }
    for (size_t q = 0; q < stride; q++) {
        double acc = 0.0;
        for (int y = 0; y < h; y++) {
            size_t i = (size_t)y * stride + q;
            acc += out[i];
            out[i] = acc;
        }
    }
}

int sat_float_host(prim_backend b, const void *in, bool in_is_double, int w, int h, int c, double *out,
                   sw_error *err)
{
    if (w < 1 || h < 1 || c < 1 || c > 4)
        return sw_fail(err, "float SAT: %dx%d with %d channels; sides must be >= 1 and channels 1..4", w, h, c);
    if (b == PRIM_CPU) {
        sat_float_cpu(in, in_is_double, w, h, c, out);
        return 0;
    }
#if SCANWORKS_HAVE_CUDA
    if (b == PRIM_CUDA) return sat_float_cuda_host(in, in_is_double, w, h, c, out, err);
#endif
    if (b == PRIM_CUDA) return prim_require_cuda("the float SAT", err);
    return sw_fail(err, "the float SAT runs on cpu or cuda, not %s (use --backend cpu or cuda)",
                   prim_backend_name(b));
}
