/* Shared by the kernels and their C host side: error checks that turn a CUDA failure into
 * an sw_error naming the call, device queries, allocation, launches. */
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

/* The host helpers, each described where src/prim/cuda_util_cuda.c defines it: allocation,
 * point-sampling textures and surfaces, the current device's compute capability (tune.h's key), memory
 * bandwidth and SM count, the dynamic shared memory a kernel may take and the blocks a
 * device holds, launches: 1-D, a grid-stride loop's capped grid, cooperative, a cluster. */
int cuda_alloc(void **p, size_t bytes, const char *what, sw_error *err);
int cuda_point_texture(cudaArray_t array, cudaTextureObject_t *tex, sw_error *err);
int cuda_point_texture_over(const struct cudaResourceDesc *rd, cudaTextureObject_t *tex, sw_error *err);
int cuda_array_surface(cudaArray_t array, cudaSurfaceObject_t *surf, sw_error *err);
int cuda_device_arch(void);
int cuda_pdl_ok(const void *kernel);
int cuda_device_mem_gbps(void);
int cuda_sm_count(int *sms, sw_error *err);
int cuda_allow_dyn_smem(const void *kernel, size_t dyn_smem, int *fits, size_t *max_dyn, sw_error *err);
int cuda_resident_blocks(const void *kernel, int threads, size_t dyn_smem, int *blocks, sw_error *err);
int cuda_launch(const void *kernel, unsigned grid, unsigned threads, size_t smem, void **args, cudaStream_t stream,
                const char *what, sw_error *err);
unsigned cuda_grid_capped(size_t blocks, unsigned max_blocks);
int cuda_cooperative_launch(const void *kernel, unsigned threads, int max_per_sm, void **args, cudaStream_t stream,
                            const char *what, sw_error *err);
cudaLaunchConfig_t cuda_cluster_config(int cluster, unsigned threads, size_t smem, cudaStream_t stream,
                                       cudaLaunchAttribute *attr);
cudaLaunchConfig_t cuda_pdl_config(dim3 grid, dim3 block, cudaStream_t stream, const void *kernel, int pdl,
                                   cudaLaunchAttribute *attr);
int cuda_cluster_pick(const void *kernel, unsigned threads, size_t smem, int want, int max, int *cluster,
                      sw_error *err);

#ifdef __cplusplus
}
#endif

/* Threads an SM holds (2048 in the host pass): 2048 on sm_80 and sm_90, 1536 on sm_86/87/89,
 * 1024 on sm_75. SW_MIN_BLOCKS: the blocks an SM to ask of __launch_bounds__ for blocks of
 * THREADS, BLOCKS or fewer where the SM holds fewer (ptxas drops a bound it cannot meet). */
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
