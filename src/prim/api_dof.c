/* include/scanworks/dof.h: the host-array entry (the SAT and the C gather of
 * src/dof/dof_cpu.c, or the device entries with copies) and the device entry over
 * kernels/dof/gather_ptr.cu. */
#include "scanworks/dof.h"

#include <math.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "prim/api_internal.h"
#include "prim/sat_cpu.h"
#include "scanworks/sat.h"
#include "util/error.h"

#if SCANWORKS_HAVE_CUDA
#include "kernels/dof/gather_ptr.h"
#endif

_Static_assert(SW_DOF_MAX_RADIUS == DOF_MAX_RADIUS && SW_DOF_MAX_BOXES == DOF_MAX_BOXES &&
                   SW_DOF_MAX_SIDE == SW_SAT_MAX_SIDE,
               "dof.h's limits are the gather's");

/* D as the gather's parameters (scale 1: the table of 8-bit values). */
static int params_of(const char *op, const sw_dof_desc *d, dof_params *p, sw_error *err)
{
    if (!d) return sw_fail(err, "%s: the description is NULL", op);
    if (!(d->focus > 0.0f) || isinf(d->focus)) return sw_fail(err, "%s: focus %g: give a finite F > 0", op, (double)d->focus);
    if (!(d->aperture >= 0.0f) || isinf(d->aperture))
        return sw_fail(err, "%s: aperture %g: give a finite A >= 0 (pixels)", op, (double)d->aperture);
    if (d->kernel != SW_DOF_DISC && d->kernel != SW_DOF_BOXES)
        return sw_fail(err, "%s: kernel %d is not SW_DOF_DISC or SW_DOF_BOXES", op, (int)d->kernel);
    if (d->kernel == SW_DOF_BOXES && (d->boxes < 1 || d->boxes > SW_DOF_MAX_BOXES))
        return sw_fail(err, "%s: %d boxes: the box kernel takes 1..%d", op, d->boxes, SW_DOF_MAX_BOXES);
    *p = (dof_params){d->focus, d->aperture, 1.0f, DOF_VIEW_EFFECT, d->kernel == SW_DOF_BOXES ? d->boxes : 1,
                      d->guard != 0, d->kernel == SW_DOF_BOXES ? DOF_KERNEL_BOXES : DOF_KERNEL_DISC,
                      d->near_field != 0, 0, 0};
    return 0;
}

static int check_size(const char *op, int w, int h, sw_error *err)
{
    if (w < 1 || h < 1 || w > SW_DOF_MAX_SIDE || h > SW_DOF_MAX_SIDE)
        return sw_fail(err, "%s: picture %dx%d: each side must be 1..%d", op, w, h, SW_DOF_MAX_SIDE);
    return 0;
}

int sw_dof_gather_temp_bytes(int w, int h, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
    if (check_size("sw_dof_gather_temp_bytes", w, h, err)) return -1;
#if SCANWORKS_HAVE_CUDA
    return 0;
#else
    return sw_fail(err, "sw_dof_gather_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_dof_gather_device(const sw_dof_desc *d, const uint32_t *d_sat, const uint8_t *d_rgba, const float *d_depth,
                         uint8_t *d_out, int w, int h, void *temp, size_t temp_bytes, sw_stream stream, sw_error *err)
{
    dof_params p;
    if (params_of("sw_dof_gather_device", d, &p, err) || check_size("sw_dof_gather_device", w, h, err) ||
        api_require_cuda("sw_dof_gather_device", err))
        return -1;
    (void)temp, (void)temp_bytes;   /* none needed */
    if (!d_sat || !d_rgba || !d_depth || !d_out ||
        (((uintptr_t)d_sat | (uintptr_t)d_rgba | (uintptr_t)d_depth | (uintptr_t)d_out) & 15))
        return sw_fail(err, "sw_dof_gather_device: the table, picture, depth and output must be 16-byte aligned "
                       "device memory (cudaMalloc's pointers are)");
    const size_t px = (size_t)w * h;
    const char *o = (const char *)d_out, *oe = o + px * 4;
    const char *in[3] = {(const char *)d_sat, (const char *)d_rgba, (const char *)d_depth};
    const size_t in_bytes[3] = {px * 16, px * 4, px * 4};
    for (int i = 0; i < 3; i++)
        if (o < in[i] + in_bytes[i] && in[i] < oe)
            return sw_fail(err, "sw_dof_gather_device: the output overlaps an input; give it its own %zu bytes", px * 4);
#if SCANWORKS_HAVE_CUDA
    const dof_ptr_args a = {d_sat, d_rgba, d_depth, d_out, w, h, p};
    return dof_cuda_gather_ptr(&a, (cudaStream_t)stream, err);
#else
    (void)stream;
    return -1;
#endif
}

/* The cuda backend of sw_dof: the picture as RGBA uint32 quadruples (IN4, host), its
 * table by sw_sat_device, then the gather. */
static int dof_on_device(const sw_dof_desc *d, const uint32_t *in4, const uint8_t *rgba, const float *depth, int w,
                         int h, uint8_t *out, sw_error *err)
{
    const size_t px = (size_t)w * h;
    size_t sat_temp, gather_temp;
    void *d_in = NULL, *d_sat = NULL, *d_rgba = NULL, *d_depth = NULL, *d_out = NULL, *temp = NULL;
    int rc = -1;
    if (!sw_sat_temp_bytes(w, h, &sat_temp, err) && !sw_dof_gather_temp_bytes(w, h, &gather_temp, err) &&
        !api_device_copy(&d_in, in4, px * 16, "sw_dof's picture as RGBA values", err) &&
        !api_device_copy(&d_sat, NULL, px * 16, "sw_dof's table", err) &&
        !api_device_copy(&d_rgba, rgba, px * 4, "sw_dof's picture", err) &&
        !api_device_copy(&d_depth, depth, px * 4, "sw_dof's depth", err) &&
        !api_device_copy(&d_out, NULL, px * 4, "sw_dof's result", err) &&
        !api_device_copy(&temp, NULL, sat_temp > gather_temp ? sat_temp : gather_temp, "sw_dof's temp storage",
                         err) &&
        !sw_sat_device(d_in, d_sat, w, h, temp, sat_temp, NULL, err) &&
        !sw_dof_gather_device(d, d_sat, d_rgba, d_depth, d_out, w, h, temp, gather_temp, NULL, err))
        rc = api_host_copy(out, d_out, px * 4, err);
    void *p[] = {d_in, d_sat, d_rgba, d_depth, d_out, temp};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) api_device_free(p[i]);
    return rc;
}

int sw_dof(sw_backend b, const sw_dof_desc *d, const uint8_t *rgba, const float *depth, int w, int h, uint8_t *out,
           sw_error *err)
{
    dof_params p;
    if (params_of("sw_dof", d, &p, err) || check_size("sw_dof", w, h, err)) return -1;
    if (!rgba || !depth || !out) return sw_fail(err, "sw_dof: NULL array");
    if (b != SW_BACKEND_CPU && b != SW_BACKEND_CUDA)
        return sw_fail(err, "sw_dof: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", (int)b);
    if (b == SW_BACKEND_CUDA && api_require_cuda("sw_dof", err)) return -1;
    const size_t px = (size_t)w * h;
    for (size_t i = 0; i < px; i++)
        if (!(depth[i] > 0.0f) || isinf(depth[i]))
            return sw_fail(err, "sw_dof: depth[%zu] = %g: depths must be finite and > 0", i, (double)depth[i]);
    uint32_t *in4 = sw_malloc(px * 16, "sw_dof's picture as RGBA values", err);
    uint32_t *sat = in4 && b == SW_BACKEND_CPU ? sw_malloc(px * 16, "sw_dof's table", err) : NULL;
    int rc = -1;
    if (in4 && (sat || b == SW_BACKEND_CUDA)) {
        for (size_t i = 0; i < px * 4; i++) in4[i] = rgba[i];
        if (b == SW_BACKEND_CUDA) {
            rc = dof_on_device(d, in4, rgba, depth, w, h, out, err);
        } else {
            rc = sat_cpu_rgba(in4, w, h, sat);
            if (!rc) dof_cpu_apply(&p, rgba, sat, NULL, depth, w, h, 4, out);
        }
    }
    free(in4);
    free(sat);
    return rc;
}
