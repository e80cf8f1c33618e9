/* include/scanworks/sat.h: the host-array entry (the CPU loop, or the device entry with
 * copies) and the device entry over kernels/sat/'s production tiled-v2 build. */
#include "scanworks/sat.h"

#include "prim/api_internal.h"
#include "prim/sat_cpu.h"
#include "util/error.h"

#if SCANWORKS_HAVE_CUDA
#include "prim/sat_plan_cuda.h"
#endif

static int check_size(const char *op, int w, int h, sw_error *err)
{
    if (w < 1 || h < 1 || w > SW_SAT_MAX_SIDE || h > SW_SAT_MAX_SIDE)
        return sw_fail(err, "%s: image %dx%d: each side must be 1..%d", op, w, h, SW_SAT_MAX_SIDE);
    return 0;
}

int sw_sat_temp_bytes(int w, int h, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
    if (check_size("sw_sat_temp_bytes", w, h, err)) return -1;
#if SCANWORKS_HAVE_CUDA
    *temp_bytes = sat_cuda_scratch_bytes(w, h);
    return 0;
#else
    return sw_fail(err, "sw_sat_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_sat_device(const uint32_t *d_in, uint32_t *d_out, int w, int h, void *temp, size_t temp_bytes,
                  sw_stream stream, sw_error *err)
{
    if (check_size("sw_sat_device", w, h, err) || api_require_cuda("sw_sat_device", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    const size_t need = sat_cuda_scratch_bytes(w, h);
    if (!temp || temp_bytes < need)
        return sw_fail(err, "sw_sat_device: a %dx%d image needs %zu bytes of temp storage, %zu given "
                       "(ask sw_sat_temp_bytes)", w, h, need, temp ? temp_bytes : 0);
    if (!d_in || !d_out || (((uintptr_t)d_in | (uintptr_t)d_out | (uintptr_t)temp) & 15))
        return sw_fail(err, "sw_sat_device: the input, output and temp storage must be 16-byte aligned device "
                       "memory (cudaMalloc's pointers are)");
    const size_t bytes = (size_t)w * h * 16;
    if ((const char *)d_out < (const char *)d_in + bytes && (const char *)d_in < (const char *)d_out + bytes)
        return sw_fail(err, "sw_sat_device: the output overlaps the input; give it its own %zu bytes", bytes);
    const sat_cuda_src src = {.rgba_u32 = d_in, .scale = 1.0f};
    sat_cuda_scratch scratch = {temp, temp_bytes};   /* large enough: sat_cuda_build allocates nothing */
    return sat_cuda_build(SAT_CUDA_TILED_V2, &src, d_out, w, h, &scratch, (cudaStream_t)stream, NULL, err);
#else
    (void)d_in, (void)d_out, (void)temp, (void)temp_bytes, (void)stream;
    return -1;
#endif
}

/* sw_sat's builders on the packed quadruples IN4 -> OUT4: the CPU loop, or the device
 * entry with copies. */
static int sat_on_host(const uint32_t *in4, int w, int h, uint32_t *out4, void *ctx, sw_error *err)
{
    (void)ctx, (void)err;
    return sat_cpu_rgba(in4, w, h, out4);
}

static int sat_on_device(const uint32_t *in4, int w, int h, uint32_t *out4, void *ctx, sw_error *err)
{
    const size_t bytes = (size_t)w * h * 16;
    size_t temp_bytes;
    void *d_in = NULL, *d_out = NULL, *temp = NULL;
    int rc = -1;
    (void)ctx;
    if (!sw_sat_temp_bytes(w, h, &temp_bytes, err) && !api_device_copy(&d_in, in4, bytes, "sw_sat's image", err) &&
        !api_device_copy(&d_out, NULL, bytes, "sw_sat's table", err) &&
        !api_device_copy(&temp, NULL, temp_bytes, "sw_sat's temp storage", err) &&
        !sw_sat_device(d_in, d_out, w, h, temp, temp_bytes, NULL, err))
        rc = api_host_copy(out4, d_out, bytes, err);
    api_device_free(d_in);
    api_device_free(d_out);
    api_device_free(temp);
    return rc;
}

int sw_sat(sw_backend b, const uint16_t *in, int w, int h, int c, uint32_t *out, sw_error *err)
{
    if (check_size("sw_sat", w, h, err)) return -1;
    if (c < 1 || c > 4) return sw_fail(err, "sw_sat: %d channels: expected 1..4", c);
    if (!in || !out) return sw_fail(err, "sw_sat: NULL array");
    if (b != SW_BACKEND_CPU && b != SW_BACKEND_CUDA)
        return sw_fail(err, "sw_sat: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", (int)b);
    if (b == SW_BACKEND_CUDA && api_require_cuda("sw_sat", err)) return -1;
    return sat_packed(in, w, h, c, out, b == SW_BACKEND_CPU ? sat_on_host : sat_on_device, NULL, err);
}
