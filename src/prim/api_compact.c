/* include/scanworks/compact.h over the cpu backend and kernels/compact's single pass. */
#include "scanworks/compact.h"

#include "prim/api_internal.h"
#include "prim/compact.h"

#if SCANWORKS_HAVE_CUDA
#include "prim/compact_plan_cuda.h"
#endif

int sw_compact_temp_bytes(size_t n, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
#if SCANWORKS_HAVE_CUDA
    (void)err;
    *temp_bytes = compact_kernel_temp_bytes(COMPACT_K_SINGLE_PASS, n);
    return 0;
#else
    (void)n;
    return sw_fail(err, "sw_compact_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_compact_device(const sw_compact_desc *d, const void *d_in, void *d_out, size_t n, unsigned long long *d_count,
                      void *temp, size_t temp_bytes, sw_stream stream, sw_error *err)
{
    key_type kt;
    if (!d || (unsigned)d->keep > SW_KEEP_NE) return sw_fail(err, "sw_compact_device: invalid description");
    if (api_key_type(d->type, "sw_compact_device", &kt, err) || api_require_cuda("sw_compact_device", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    const size_t need = compact_kernel_temp_bytes(COMPACT_K_SINGLE_PASS, n);
    if (temp_bytes < need || !temp)
        return sw_fail(err, "sw_compact_device: %zu elements need %zu bytes of temp storage, %zu given (ask "
                       "sw_compact_temp_bytes)", n, need, temp_bytes);
    compact_kparams p = {(int)kt, (int)d->keep, d->value_bits, NULL};
    return compact_kernel_run(COMPACT_K_SINGLE_PASS, &p, d_in, NULL, d_out, n, d_count, temp, stream, err);
#else
    (void)d_in, (void)d_out, (void)n, (void)d_count, (void)temp, (void)temp_bytes, (void)stream;
    return -1;
#endif
}

int sw_compact(sw_backend b, const sw_compact_desc *d, const void *in, void *out, size_t n, size_t *count,
               sw_error *err)
{
    key_type kt;
    *count = 0;
    if (!d || (unsigned)d->keep > SW_KEEP_NE) return sw_fail(err, "sw_compact: invalid description");
    if (api_key_type(d->type, "sw_compact", &kt, err)) return -1;
    if (n && (!in || !out)) return sw_fail(err, "sw_compact: NULL array");
    compact_desc cd = {kt, (compact_pred)d->keep, d->value_bits, NULL};
    if (b == SW_BACKEND_CPU) return compact_cpu_host(&cd, in, NULL, out, n, count, err);
    if (b != SW_BACKEND_CUDA) return sw_fail(err, "sw_compact: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", (int)b);
    if (api_require_cuda("sw_compact", err)) return -1;
    size_t temp_bytes;
    unsigned long long c = 0;
    void *di = NULL, *dout = NULL, *dc = NULL, *temp = NULL;
    int rc = -1;
    if (!sw_compact_temp_bytes(n, &temp_bytes, err) && !api_device_copy(&di, in, n * 4, "sw_compact's input", err) &&
        !api_device_copy(&dout, NULL, n * 4, "sw_compact's output", err) &&
        !api_device_copy(&dc, NULL, 8, "sw_compact's count", err) &&
        !api_device_copy(&temp, NULL, temp_bytes, "sw_compact's temp storage", err) &&
        !sw_compact_device(d, di, dout, n, dc, temp, temp_bytes, NULL, err) && !api_host_copy(&c, dc, 8, err) &&
        !api_host_copy(out, dout, (c < n ? c : n) * 4, err)) {
        *count = (size_t)c;
        rc = 0;
    }
    api_device_free(di), api_device_free(dout), api_device_free(dc), api_device_free(temp);
    return rc;
}
