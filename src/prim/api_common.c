/* The public API's shared part (include/scanworks/common.h). */
#include "prim/api_internal.h"

#include "prim/backend.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "kernels/common/cuda_util.cuh"
#endif

int sw_cuda_available(sw_error *err)
{
    const char *why;
    if (prim_cuda_available(&why)) return 1;
    sw_fail(err, "cuda backend unavailable: %s", why);
    return 0;
}

int api_require_cuda(const char *op, sw_error *err)
{
    const char *why;
    return prim_cuda_available(&why) ? 0 : sw_fail(err, "%s: cuda backend unavailable: %s", op, why);
}

int api_key_type(sw_type t, const char *what, key_type *out, sw_error *err)
{
    switch (t) {
    case SW_INT32: *out = KEY_I32; return 0;
    case SW_UINT32: *out = KEY_U32; return 0;
    case SW_FLOAT32: *out = KEY_F32; return 0;
    case SW_INT64: return sw_fail(err, "%s: int64 elements are not taken here; use int32, uint32 or float32", what);
    default: return sw_fail(err, "%s: element type %d is not int32, uint32 or float32", what, (int)t);
    }
}

int api_device_copy(void **d, const void *src, size_t bytes, const char *what, sw_error *err)
{
#if SCANWORKS_HAVE_CUDA
    if (cuda_alloc(d, bytes < 16 ? 16 : bytes, what, err)) return -1;
    if (src && bytes) CUDA_TRY(cudaMemcpy(*d, src, bytes, cudaMemcpyHostToDevice), err);
    return 0;
#else
    (void)src, (void)bytes;
    *d = NULL;
    return sw_fail(err, "%s: this build has no CUDA backend", what);
#endif
}

int api_host_copy(void *dst, const void *d, size_t bytes, sw_error *err)
{
#if SCANWORKS_HAVE_CUDA
    CUDA_TRY(cudaDeviceSynchronize(), err);
    if (bytes) CUDA_TRY(cudaMemcpy(dst, d, bytes, cudaMemcpyDeviceToHost), err);
    return 0;
#else
    (void)dst, (void)d, (void)bytes;
    return sw_fail(err, "this build has no CUDA backend");
#endif
}

void api_device_free(void *d)
{
#if SCANWORKS_HAVE_CUDA
    if (d) cudaFree(d);
#else
    (void)d;
#endif
}
