/* The CUDA runtime helpers of kernels/common/cuda_util.cuh: allocation, texture objects,
 * device queries, the dynamic shared memory a kernel may take, plain, cooperative and
 * one-cluster grids. */
#include "kernels/common/cuda_util.cuh"

#include <stdatomic.h>
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

/* A texture object over RD (an array, linear or pitched memory; cuda_point_texture: over
 * ARRAY) that reads the elements as they are stored: unnormalized coordinates, clamped at
 * the edges, no filtering. */
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

/* A surface object over ARRAY (made with cudaArraySurfaceLoadStore), for surf2Dwrite. */
int cuda_array_surface(cudaArray_t array, cudaSurfaceObject_t *surf, sw_error *err)
{
    struct cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = array;
    cudaError_t e = cudaCreateSurfaceObject(surf, &rd);
    if (e != cudaSuccess) {
        cudaGetLastError();
        return sw_fail(err, "cudaCreateSurfaceObject failed: %s", cudaGetErrorString(e));
    }
    return 0;
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

/* Whether KERNEL may be launched as a programmatic dependent of the kernel before it
 * (kernels/common/pdl.cuh): the device is sm_90 or later and KERNEL was compiled for one
 * (built for an older chip it would never wait). The answer is kept for each kernel and
 * device in a small table (a slot is claimed atomically and read once marked ready); a
 * kernel past the table is asked each time. */
int cuda_pdl_ok(const void *kernel)
{
    enum { SLOTS = 32 };
    static struct {
        const void *kernel;
        int device, ok;
        atomic_int ready;
    } seen[SLOTS];
    static atomic_int claimed;
    int dev;
    if (cudaGetDevice(&dev) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    for (int i = 0; i < SLOTS; i++)
        if (atomic_load_explicit(&seen[i].ready, memory_order_acquire) && seen[i].kernel == kernel &&
            seen[i].device == dev)
            return seen[i].ok;
    struct cudaFuncAttributes fa;
    int ok = cuda_device_arch() >= 90 && cudaFuncGetAttributes(&fa, kernel) == cudaSuccess && fa.ptxVersion >= 90;
    cudaGetLastError();
    int i = atomic_load(&claimed) < SLOTS ? atomic_fetch_add(&claimed, 1) : SLOTS;   /* a full table stays full */
    if (i < SLOTS) {
        seen[i].kernel = kernel, seen[i].device = dev, seen[i].ok = ok;
        atomic_store_explicit(&seen[i].ready, 1, memory_order_release);
    }
    return ok;
}

/* The current device's peak memory bandwidth in GB/s (its memory clock, double data
 * rate, times its bus width: 3,352 on an H100 SXM), 0 when no device answers: the second
 * key of a tuning row where one architecture ships with different memories. Asked once
 * a device (the clock query took ~0.6 ms a call on an H100, in every sort's time) and
 * kept; two threads asking at once store the same value. */
int cuda_device_mem_gbps(void)
{
    enum { DEVICES = 64 };
    static _Atomic int known[DEVICES];   /* GB/s + 1 by device ordinal; 0: not asked yet */
    int dev, khz = 0, bits = 0;
    if (cudaGetDevice(&dev) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    int cached = dev >= 0 && dev < DEVICES ? atomic_load(&known[dev]) : 0;
    if (cached) return cached - 1;
    if (cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&bits, cudaDevAttrGlobalMemoryBusWidth, dev) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    int gbps = (int)((double)khz * 1e3 * 2.0 * bits / 8.0 / 1e9);
    if (dev >= 0 && dev < DEVICES) atomic_store(&known[dev], gbps + 1);
    return gbps;
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

/* KERNEL on GRID blocks of THREADS (1-D), SMEM bytes of dynamic shared memory, ARGS its
 * arguments' addresses, on STREAM, launch errors checked; WHAT names it in messages. */
int cuda_launch(const void *kernel, unsigned grid, unsigned threads, size_t smem, void **args, cudaStream_t stream,
                const char *what, sw_error *err)
{
    CUDA_TRY(cudaLaunchKernel(kernel, (dim3){grid, 1, 1}, (dim3){threads, 1, 1}, args, smem, stream), err);
    CUDA_TRY_LAUNCH(what, err);
    return 0;
}

/* A grid-stride loop's grid: BLOCKS capped at MAX_BLOCKS, at least one block (0 blocks is
 * no launch configuration). The caps are the callers', each the grid its kernels' loops
 * are sized for. */
unsigned cuda_grid_capped(size_t blocks, unsigned max_blocks)
{
    return blocks < 1 ? 1u : blocks > max_blocks ? max_blocks : (unsigned)blocks;
}

/* A cooperative launch of KERNEL (ARGS: its arguments' addresses), THREADS a block, as
 * many blocks as the current device holds at once (at most MAX_PER_SM an SM; 0: no cap),
 * fewer when the launch says too large; WHAT names it in messages. Sized on every call (a
 * few microseconds against a run of milliseconds), so that the grid follows the device. */
int cuda_cooperative_launch(const void *kernel, unsigned threads, int max_per_sm, void **args, cudaStream_t stream,
                            const char *what, sw_error *err)
{
    int sms, per_sm = 0;
    if (cuda_sm_count(&sms, err)) return -1;
    CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, (int)threads, 0), err);
    if (per_sm < 1) return sw_fail(err, "kernel %s does not fit on a multiprocessor", what);
    if (max_per_sm > 0 && per_sm > max_per_sm) per_sm = max_per_sm;
    dim3 grid = {(unsigned)(sms * per_sm), 1, 1}, block = {threads, 1, 1};
    cudaError_t e;
    /* fewer blocks when a tool (a sanitizer) leaves less room than the occupancy query said */
    while ((e = cudaLaunchCooperativeKernel(kernel, grid, block, args, 0, stream)) == cudaErrorCooperativeLaunchTooLarge &&
           grid.x > 1) {
        cudaGetLastError();
        grid.x /= 2;
    }
    CUDA_TRY(e, err);
    CUDA_TRY_LAUNCH(what, err);
    return 0;
}

/* A launch of KERNEL over GRID x BLOCK on STREAM, as a programmatic dependent of the
 * kernel queued before it where PDL asks and the device and KERNEL allow (cuda_pdl_ok);
 * ATTR holds the attribute (a later launch with the same config may set numAttrs). */
cudaLaunchConfig_t cuda_pdl_config(dim3 grid, dim3 block, cudaStream_t stream, const void *kernel, int pdl,
                                   cudaLaunchAttribute *attr)
{
    memset(attr, 0, sizeof *attr);
    attr->id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr->val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.stream = stream;
    cfg.attrs = attr;
    cfg.numAttrs = pdl && cuda_pdl_ok(kernel) ? 1 : 0;
    return cfg;
}

/* A grid of one cluster of CLUSTER blocks of THREADS with SMEM bytes of dynamic shared
 * memory each, on STREAM (CLUSTER 1: a plain one-block launch). ATTR is its storage. */
cudaLaunchConfig_t cuda_cluster_config(int cluster, unsigned threads, size_t smem, cudaStream_t stream,
                                       cudaLaunchAttribute *attr)
{
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDim.x = (unsigned)cluster, cfg.gridDim.y = cfg.gridDim.z = 1;
    cfg.blockDim.x = threads, cfg.blockDim.y = cfg.blockDim.z = 1;
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    if (cluster > 1) {
        memset(attr, 0, sizeof *attr);
        attr->id = cudaLaunchAttributeClusterDimension;
        attr->val.clusterDim.x = (unsigned)cluster;
        attr->val.clusterDim.y = attr->val.clusterDim.z = 1;
        cfg.attrs = attr;
        cfg.numAttrs = 1;
    }
    return cfg;
}

/* The cluster size KERNEL runs with on this device (*CLUSTER 1..MAX; 0: SMEM does not fit
 * a block), its dynamic shared memory (and above 8 blocks the non-portable sizes)
 * allowed: the largest the device places, from MAX (or WANT, when not 0) down; sm_90 and
 * later only, one block elsewhere. */
int cuda_cluster_pick(const void *kernel, unsigned threads, size_t smem, int want, int max, int *cluster,
                      sw_error *err)
{
    int fits, major = cuda_device_arch() / 10;
    *cluster = 0;
    if (cuda_allow_dyn_smem(kernel, smem, &fits, NULL, err)) return -1;
    if (!fits) return 0;
    int top = want > 0 && want < max ? want : max;
    *cluster = 1;
    if (major < 9 || top < 2) return 0;
    if (top > 8) CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1), err);
    for (int c = top; c > 1; c--) {
        cudaLaunchAttribute attr;
        cudaLaunchConfig_t cfg = cuda_cluster_config(c, threads, smem, 0, &attr);
        int active = 0;
        if (cudaOccupancyMaxActiveClusters(&active, kernel, &cfg) != cudaSuccess) {
            cudaGetLastError();
            continue;
        }
        if (active >= 1) {
            *cluster = c;
            return 0;
        }
    }
    return 0;
}
