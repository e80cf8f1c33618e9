/* The CUDA runtime helpers of kernels/common/cuda_util.cuh: allocation, texture objects,
 * device queries and the dynamic shared memory a kernel may take. */
#include "kernels/common/cuda_util.cuh"

#include <string.h>

/* cudaMalloc with a message that says how much was asked and that it did not fit. */
int cuda_alloc(void **p, size_t bytes, const char *what, sw_error *err)
{
    *p = NULL;
    cudaError_t e = cudaMalloc(p, bytes ? bytes : 1);
    if (e != cudaSuccess) {
        cudaGetLastError();
        *p = NULL;
        return sw_fail(err, "GPU memory: cannot allocate %.1f MiB for %s (%s)", bytes / 1048576.0, what,
                       cudaGetErrorString(e));
    }
    return 0;
}

/* A texture object that reads ARRAY's elements as they are stored: unnormalized
 * coordinates, clamped at the edges, no filtering. */
int cuda_point_texture_over(const struct cudaResourceDesc *rd, cudaTextureObject_t *tex, sw_error *err)
{
    struct cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = 0;
    cudaError_t e = cudaCreateTextureObject(tex, rd, &td, NULL);
    if (e != cudaSuccess) {
        cudaGetLastError();
        return sw_fail(err, "cudaCreateTextureObject failed: %s", cudaGetErrorString(e));
    }
    return 0;
}

int cuda_point_texture(cudaArray_t array, cudaTextureObject_t *tex, sw_error *err)
{
    struct cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = array;
    return cuda_point_texture_over(&rd, tex, err);
}

/* The current device's compute capability as major * 10 + minor (90 on an H200), 0 when
 * no device answers (cleared as above): the key of the kernels' tune.h tables. */
int cuda_device_arch(void)
{
    int dev, major = 0, minor = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return major * 10 + minor;
}

/* The current device's multiprocessor count (132 on an H200), for grids sized to the
 * GPU. Asked on every call (about a microsecond): a cache would have to follow the
 * current device. */
int cuda_sm_count(int *sms, sw_error *err)
{
    int dev;
    *sms = 0;
    CUDA_TRY(cudaGetDevice(&dev), err);
    CUDA_TRY(cudaDeviceGetAttribute(sms, cudaDevAttrMultiProcessorCount, dev), err);
    return 0;
}

/* Lets KERNEL take DYN_SMEM bytes of dynamic shared memory on the current device, when
 * that and the kernel's static shared memory fit the device's opt-in limit: then the
 * attribute is set (always, also under the 48 KB default) and *fits = 1. Else nothing
 * is set and *fits = 0. MAX_DYN (may be NULL) gets the most dynamic shared memory the
 * kernel may take on this device. Callers keep a per-device cache: the attribute
 * belongs to the device that is current when it is set. */
int cuda_allow_dyn_smem(const void *kernel, size_t dyn_smem, int *fits, size_t *max_dyn,
                                      sw_error *err)
{
    int dev, optin = 0;
    struct cudaFuncAttributes fa;
    *fits = 0;
    if (max_dyn) *max_dyn = 0;
    CUDA_TRY(cudaGetDevice(&dev), err);
    CUDA_TRY(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev), err);
    CUDA_TRY(cudaFuncGetAttributes(&fa, kernel), err);
    const size_t limit = (size_t)optin > fa.sharedSizeBytes ? (size_t)optin - fa.sharedSizeBytes : 0;
    if (max_dyn) *max_dyn = limit;
    if (dyn_smem > limit) return 0;
    CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dyn_smem), err);
    *fits = 1;
    return 0;
}

/* The blocks of KERNEL (THREADS threads, DYN_SMEM bytes of dynamic shared memory) that
 * the current device holds at once: SMs x blocks per SM, for grids that must be
 * co-resident. Sets the dynamic shared memory attribute (cuda_allow_dyn_smem); *blocks
 * = 0 when a block does not fit. Asked on every call: callers cache it per device. */
int cuda_resident_blocks(const void *kernel, int threads, size_t dyn_smem, int *blocks, sw_error *err)
{
    int sms, fits, per_sm = 0;
    *blocks = 0;
    if (cuda_sm_count(&sms, err)) return -1;
    if (cuda_allow_dyn_smem(kernel, dyn_smem, &fits, NULL, err)) return -1;
    if (!fits) return 0;
    CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, dyn_smem), err);
    *blocks = sms * per_sm;
    return 0;
}
