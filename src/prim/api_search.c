/* include/scanworks/search.h over the cpu backend and kernels/search's production tree. */
#include "scanworks/search.h"

#include "prim/api_internal.h"
#include "prim/search.h"

#if SCANWORKS_HAVE_CUDA
#include "prim/search_plan_cuda.h"
#endif

int sw_search_temp_bytes(size_t n, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
#if SCANWORKS_HAVE_CUDA
    (void)err;
    *temp_bytes = search_kernel_temp_bytes(SEARCH_K_TREE, n);
    return 0;
#else
    (void)n;
    return sw_fail(err, "sw_search_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_search_device(sw_type type, const void *d_keys, size_t n, const void *d_queries, size_t q, int64_t *d_out,
                     void *temp, size_t temp_bytes, sw_stream stream, sw_error *err)
{
    key_type kt;
    if (api_key_type(type, "sw_search_device", &kt, err) || api_require_cuda("sw_search_device", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    const size_t need = search_kernel_temp_bytes(SEARCH_K_TREE, n);
    if (temp_bytes < need || (need && !temp))
        return sw_fail(err, "sw_search_device: %zu keys need %zu bytes of temp storage, %zu given (ask "
                       "sw_search_temp_bytes)", n, need, temp_bytes);
    return search_kernel_run(SEARCH_K_TREE, (int)kt, d_keys, n, d_queries, q, d_out, temp, 0, stream, err);
#else
    (void)d_keys, (void)n, (void)d_queries, (void)q, (void)d_out, (void)temp, (void)temp_bytes, (void)stream;
    return -1;
#endif
}

int sw_search(sw_backend b, sw_type type, const void *keys, size_t n, const void *queries, size_t q,
              int64_t *out, sw_error *err)
{
    key_type kt;
    if (api_key_type(type, "sw_search", &kt, err)) return -1;
    if ((n && !keys) || (q && (!queries || !out))) return sw_fail(err, "sw_search: NULL array");
    if (search_check_sorted(kt, keys, n, "sw_search's keys", err)) return -1;
    search_desc sd = {kt, NULL};
    if (b == SW_BACKEND_CPU) return search_cpu_host(&sd, keys, n, queries, q, out, err);
    if (b != SW_BACKEND_CUDA) return sw_fail(err, "sw_search: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", (int)b);
    if (api_require_cuda("sw_search", err)) return -1;
    size_t temp_bytes;
    void *k = NULL, *qs = NULL, *o = NULL, *temp = NULL;
    int rc = -1;
    if (!sw_search_temp_bytes(n, &temp_bytes, err) && !api_device_copy(&k, keys, n * 4, "sw_search's keys", err) &&
        !api_device_copy(&qs, queries, q * 4, "sw_search's queries", err) &&
        !api_device_copy(&o, NULL, q * 8, "sw_search's results", err) &&
        !api_device_copy(&temp, NULL, temp_bytes, "sw_search's index", err) &&
        !sw_search_device(type, k, n, qs, q, o, temp, temp_bytes, NULL, err))
        rc = api_host_copy(out, o, q * 8, err);
    api_device_free(k), api_device_free(qs), api_device_free(o), api_device_free(temp);
    return rc;
}
