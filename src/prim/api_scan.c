/* include/scanworks/scan.h: the host-array entry (cpu backend, or the device entry with
 * copies) and the device entry over kernels/scan/scan.cu's production kernel. */
#include "scanworks/scan.h"

#include "prim/api_internal.h"
#include "prim/scan.h"

#if SCANWORKS_HAVE_CUDA
#include "prim/scan_plan_cuda.h"
#endif

/* D as the internal description (the production algorithm on cuda). */
static int desc_of(const sw_scan_desc *d, scan_desc *out, sw_error *err)
{
    static const scan_type types[] = {SCAN_I32, SCAN_U32, SCAN_I64, SCAN_F32};
    if (!d || (unsigned)d->type > SW_FLOAT32 || (unsigned)d->op > SW_SCAN_MIN)
        return sw_fail(err, "sw_scan: invalid description (type 0..3, op 0..2)");
    out->type = types[d->type];
    out->op = (scan_op)d->op;
    out->kind = d->inclusive ? SCAN_INCLUSIVE : SCAN_EXCLUSIVE;
    out->algo = NULL;
    return 0;
}

int sw_scan_temp_bytes(const sw_scan_desc *d, size_t n, size_t *temp_bytes, sw_error *err)
{
    scan_desc sd;
    *temp_bytes = 0;
    if (desc_of(d, &sd, err)) return -1;
#if SCANWORKS_HAVE_CUDA
    return scan_cuda_temp_bytes(&sd, NULL, n, temp_bytes, err);
#else
    (void)n;
    return sw_fail(err, "sw_scan_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_scan_device(const sw_scan_desc *d, const void *d_in, void *d_out, size_t n, void *temp, size_t temp_bytes,
                   sw_stream stream, sw_error *err)
{
    scan_desc sd;
    if (desc_of(d, &sd, err) || api_require_cuda("sw_scan_device", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    return scan_cuda_device(&sd, NULL, d_in, d_out, n, temp, temp_bytes, stream, err);
#else
    (void)d_in, (void)d_out, (void)n, (void)temp, (void)temp_bytes, (void)stream;
    return -1;
#endif
}

int sw_scan(sw_backend b, const sw_scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    scan_desc sd;
    if (desc_of(d, &sd, err)) return -1;
    if (n > SCAN_MAX_ELEMENTS) return sw_fail(err, "sw_scan: %zu elements is over the limit of %zu", n, SCAN_MAX_ELEMENTS);
    if (n && (!in || !out)) return sw_fail(err, "sw_scan: NULL array");
    if (b == SW_BACKEND_CPU) return scan_cpu_host(&sd, in, out, n, err);
    if (b != SW_BACKEND_CUDA) return sw_fail(err, "sw_scan: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", (int)b);
    if (api_require_cuda("sw_scan", err)) return -1;
    const size_t bytes = n * (sd.type == SCAN_I64 ? 8 : 4);
    size_t temp_bytes;
    void *dev = NULL, *temp = NULL;
    int rc = -1;
    if (!sw_scan_temp_bytes(d, n, &temp_bytes, err) && !api_device_copy(&dev, in, bytes, "sw_scan's array", err) &&
        !api_device_copy(&temp, NULL, temp_bytes, "sw_scan's temp storage", err) &&
        !sw_scan_device(d, dev, dev, n, temp, temp_bytes, NULL, err))
        rc = api_host_copy(out, dev, bytes, err);
    api_device_free(dev);
    api_device_free(temp);
    return rc;
}
