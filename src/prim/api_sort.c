/* include/scanworks/sort.h over the cpu backend and kernels/sort's production onesweep. */
#include "scanworks/sort.h"

#include "prim/api_internal.h"
#include "prim/radix_sort.h"

#if SCANWORKS_HAVE_CUDA
#include "prim/radix_sort_plan_cuda.h"
#endif

int sw_sort_temp_bytes(size_t n, int with_values, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
#if SCANWORKS_HAVE_CUDA
    (void)err;
    *temp_bytes = radix_kernel_temp_bytes(RADIX_K_ONESWEEP, n, with_values);
    return 0;
#else
    (void)n, (void)with_values;
    return sw_fail(err, "sw_sort_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_sort_device(sw_type type, const void *d_keys_in, void *d_keys_out, const uint32_t *d_vals_in,
                   uint32_t *d_vals_out, size_t n, void *temp, size_t temp_bytes, sw_stream stream, sw_error *err)
{
    key_type kt;
    if (api_key_type(type, "sw_sort_device", &kt, err) || api_require_cuda("sw_sort_device", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    if (n > RADIX_K_ONESWEEP_MAX)
        return sw_fail(err, "sw_sort_device: %zu keys, the limit is 2^30 (sort in parts and merge, or use sw_sort "
                       "on the cpu backend)", n);
    const size_t need = radix_kernel_temp_bytes(RADIX_K_ONESWEEP, n, d_vals_in != NULL);
    if (temp_bytes < need || (need && !temp))
        return sw_fail(err, "sw_sort_device: %zu keys need %zu bytes of temp storage, %zu given (ask "
                       "sw_sort_temp_bytes)", n, need, temp_bytes);
    return radix_kernel_sort(RADIX_K_ONESWEEP, (int)kt, d_keys_in, d_keys_out, d_vals_in, d_vals_out, n, temp, stream,
                             err);
#else
    (void)d_keys_in, (void)d_keys_out, (void)d_vals_in, (void)d_vals_out, (void)n, (void)temp, (void)temp_bytes,
        (void)stream;
    return -1;
#endif
}

int sw_sort(sw_backend b, sw_type type, const void *keys_in, void *keys_out, const uint32_t *vals_in,
            uint32_t *vals_out, size_t n, sw_error *err)
{
    key_type kt;
    if (api_key_type(type, "sw_sort", &kt, err)) return -1;
    if ((vals_in == NULL) != (vals_out == NULL)) return sw_fail(err, "sw_sort: give both value arrays or neither");
    if (n && (!keys_in || !keys_out)) return sw_fail(err, "sw_sort: NULL key array");
    radix_desc rd = {kt, NULL};
    if (b == SW_BACKEND_CPU) return radix_sort_cpu_host(&rd, keys_in, keys_out, vals_in, vals_out, n, err);
    if (b != SW_BACKEND_CUDA) return sw_fail(err, "sw_sort: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", (int)b);
    if (api_require_cuda("sw_sort", err)) return -1;
    size_t temp_bytes;
    void *k = NULL, *ko = NULL, *v = NULL, *vo = NULL, *temp = NULL;
    int rc = -1;
    if (!sw_sort_temp_bytes(n, vals_in != NULL, &temp_bytes, err) &&
        !api_device_copy(&k, keys_in, n * 4, "sw_sort's keys", err) &&
        !api_device_copy(&ko, NULL, n * 4, "sw_sort's keys", err) &&
        (!vals_in || (!api_device_copy(&v, vals_in, n * 4, "sw_sort's values", err) &&
                      !api_device_copy(&vo, NULL, n * 4, "sw_sort's values", err))) &&
        !api_device_copy(&temp, NULL, temp_bytes, "sw_sort's temp storage", err) &&
        !sw_sort_device(type, k, ko, v, vo, n, temp, temp_bytes, NULL, err) &&
        !api_host_copy(keys_out, ko, n * 4, err))
        rc = vals_in ? api_host_copy(vals_out, vo, n * 4, err) : 0;
    api_device_free(k), api_device_free(ko), api_device_free(v), api_device_free(vo), api_device_free(temp);
    return rc;
}
