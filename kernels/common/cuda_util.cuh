/* Shared by the kernels and their host side: error checks that turn a CUDA failure into
 * an sw_error naming the call, device queries, allocation. Kernels are CUDA C; each file
 * exposes extern "C" launchers that the C host calls. */
#ifndef SCANWORKS_KERNELS_CUDA_UTIL_CUH
#define SCANWORKS_KERNELS_CUDA_UTIL_CUH

#include <cuda_runtime.h>
#include <string.h>
#include "util/error.h"

/* Inside a function returning int (0 ok, -1 error): */
#define CUDA_TRY(call, err)                                                                      \
    do {                                                                                         \
        cudaError_t cuda_try_e_ = (call);                                                        \
        if (cuda_try_e_ != cudaSuccess)                                                          \
            return sw_fail((err), "%s failed: %s (%s:%d)", #call,                                \
                           cudaGetErrorString(cuda_try_e_), __FILE__, __LINE__);                 \
    } while (0)

/* After every kernel launch: configuration errors show up here. */
#define CUDA_TRY_LAUNCH(name, err)                                                               \
    do {                                                                                         \
        cudaError_t cuda_try_e_ = cudaGetLastError();                                            \
        if (cuda_try_e_ != cudaSuccess)                                                          \
            return sw_fail((err), "kernel %s failed to launch: %s", (name),                      \
                           cudaGetErrorString(cuda_try_e_));                                     \
    } while (0)

#ifdef __cplusplus
extern "C" {
#endif

/* src/prim/cuda_util_cuda.c. cudaMalloc with a message that says how much was asked
 * and that it did not fit. */
int cuda_alloc(void **p, size_t bytes, const char *what, sw_error *err);
/* A texture object that reads ARRAY's elements as they are stored: unnormalized
 * coordinates, clamped at the edges, no filtering. */
int cuda_point_texture(cudaArray_t array, cudaTextureObject_t *tex, sw_error *err);
/* The same over any resource (RD: an array, linear or pitched memory). */
int cuda_point_texture_over(const struct cudaResourceDesc *rd, cudaTextureObject_t *tex, sw_error *err);
/* The current device's compute capability as major * 10 + minor (90 on an H200), 0 when
 * no device answers (the query's error is cleared): the key of the tune.h tables. */
int cuda_device_arch(void);
/* Its peak memory bandwidth in GB/s (memory clock x 2 x bus width), 0 when none answers:
 * the second key of a tuning row (kernels/sort/tune.h). */
int cuda_device_mem_gbps(void);
/* The current device's multiprocessor count (132 on an H200), asked on every call. */
int cuda_sm_count(int *sms, sw_error *err);
/* Lets KERNEL take DYN_SMEM bytes of dynamic shared memory on the current device when
 * that and its static shared memory fit the opt-in limit (then *FITS = 1; else nothing
 * is set and *FITS = 0). MAX_DYN (may be NULL): the most it may take. The attribute
 * belongs to the current device: callers cache per device. */
int cuda_allow_dyn_smem(const void *kernel, size_t dyn_smem, int *fits, size_t *max_dyn, sw_error *err);
/* The blocks of KERNEL (THREADS threads, DYN_SMEM bytes) the current device holds at
 * once, SMs x blocks an SM, with the attribute set as above; 0 when a block does not fit. */
int cuda_resident_blocks(const void *kernel, int threads, size_t dyn_smem, int *blocks, sw_error *err);
/* KERNEL on GRID blocks of THREADS (1-D), SMEM bytes of dynamic shared memory, ARGS its
 * arguments' addresses, on STREAM, launch errors checked; WHAT names it in messages. */
int cuda_launch(const void *kernel, unsigned grid, unsigned threads, size_t smem, void **args, cudaStream_t stream,
                const char *what, sw_error *err);
/* A grid-stride loop's grid: BLOCKS capped at MAX_BLOCKS, at least one block (0 blocks
 * is no launch configuration). */
unsigned cuda_grid_capped(size_t blocks, unsigned max_blocks);
/* A cooperative launch of KERNEL (ARGS: its arguments' addresses), THREADS a block, as
 * many blocks as the current device holds at once (at most MAX_PER_SM an SM; 0: no cap),
 * fewer when the launch says too large; WHAT names it in messages. */
int cuda_cooperative_launch(const void *kernel, unsigned threads, int max_per_sm, void **args, cudaStream_t stream,
                            const char *what, sw_error *err);
/* A grid of one cluster of CLUSTER blocks of THREADS with SMEM bytes of dynamic shared
 * memory each, on STREAM (CLUSTER 1: a plain one-block launch). ATTR is its storage. */
cudaLaunchConfig_t cuda_cluster_config(int cluster, unsigned threads, size_t smem, cudaStream_t stream,
                                       cudaLaunchAttribute *attr);
/* The cluster size KERNEL runs with on this device (*CLUSTER 1..MAX; 0: SMEM does not
 * fit a block), its dynamic shared memory (and above 8 blocks the non-portable sizes)
 * allowed. WANT 0 takes the largest the device places; otherwise at most WANT. */
int cuda_cluster_pick(const void *kernel, unsigned threads, size_t smem, int want, int max, int *cluster,
                      sw_error *err);

#ifdef __cplusplus
}
#endif

/* Threads an SM holds (device passes; 2048 in the host pass): 2048 on sm_80 and sm_90,
 * 1536 on sm_86/87/89, 1024 on sm_75. SW_MIN_BLOCKS: the blocks an SM to ask of
 * __launch_bounds__ for blocks of THREADS, BLOCKS or fewer where the SM holds fewer
 * (ptxas drops a bound it cannot meet, with a warning). */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900 || __CUDA_ARCH__ == 800
#define SW_SM_THREADS 2048
#elif __CUDA_ARCH__ > 800
#define SW_SM_THREADS 1536
#else
#define SW_SM_THREADS 1024
#endif
#define SW_MIN_BLOCKS(THREADS, BLOCKS) (SW_SM_THREADS / (THREADS) < (BLOCKS) ? SW_SM_THREADS / (THREADS) : (BLOCKS))

static inline unsigned int cuda_div_up(size_t a, size_t b) { return (unsigned int)((a + b - 1) / b); }

#endif
