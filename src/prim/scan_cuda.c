/* The cuda backend of the scan: the production kernel (a single-pass decoupled
 * look-back scan) and chapter 39's ladder, kernels/scan/scan.cu, on host arrays (copies
 * in and out, and the timed form the CLI and the panel report).
 * Built only with CUDA (the file name ends in _cuda.c). */
#include "prim/scan.h"

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_util.cuh"
#include "prim/scan_plan_cuda.h"

/* Production first: scan_host uses the first when no algorithm is named. The order is
 * also the index kernels/scan/scan.cu switches on. */
const char *const scan_cuda_algorithms[] = {"lookback", "tuned", "large", "blelloch-cf", "blelloch", "naive", NULL};

int scan_cuda_host(const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    return scan_cuda_host_copy(d, in, out, n, NULL, err);
}

static size_t round16(size_t b) { return (b + 15) & ~(size_t)15; }
static size_t type_size(scan_type t) { return t == SCAN_I64 ? 8 : 4; }

/* The scan from IN into OUT: once to warm the clocks and caches, then TIMED_RUNS times
 * between events on the default stream; *MS is the fastest run (the GPU may switch to
 * another context, such as the frame's GL work, in the middle of any one). */
#define TIMED_RUNS 3
static int timed_scan(const scan_desc *d, const void *in, void *out, size_t n, void *temp, size_t temp_bytes,
                      float *ms, sw_error *err)
{
    if (scan_cuda_device(d, NULL, in, out, n, temp, temp_bytes, NULL, err)) return -1;
    cudaEvent_t ev[TIMED_RUNS + 1] = {NULL, NULL, NULL, NULL};
    cudaError_t e = cudaSuccess;
    for (int i = 0; i <= TIMED_RUNS && e == cudaSuccess; i++) e = cudaEventCreate(&ev[i]);
    int rc = 0;
    if (e == cudaSuccess) e = cudaEventRecord(ev[0], 0);
    for (int i = 1; i <= TIMED_RUNS && e == cudaSuccess && !rc; i++) {
        rc = scan_cuda_device(d, NULL, in, out, n, temp, temp_bytes, NULL, err);
        if (!rc) e = cudaEventRecord(ev[i], 0);
    }
    if (e == cudaSuccess && !rc) e = cudaEventSynchronize(ev[TIMED_RUNS]);
    *ms = 0;
    for (int i = 1; i <= TIMED_RUNS && e == cudaSuccess && !rc; i++) {
        float t = 0;
        e = cudaEventElapsedTime(&t, ev[i - 1], ev[i]);
        if (i == 1 || t < *ms) *ms = t;
    }
    for (int i = 0; i <= TIMED_RUNS; i++)
        if (ev[i]) cudaEventDestroy(ev[i]);
    if (rc) return -1;
    CUDA_TRY(e, err);
    return 0;
}

static int host_copy(const scan_desc *d, const void *in, void *out, size_t n, float *scan_ms, char *dev,
                     size_t bytes, size_t temp_bytes, sw_error *err)
{
    /* The timed path keeps its input: the output goes to a second array. */
    char *d_out = scan_ms ? dev + round16(bytes) : dev;
    char *temp = d_out + round16(bytes);
    CUDA_TRY(cudaMemcpy(dev, in, bytes, cudaMemcpyHostToDevice), err);
    if (scan_ms) {
        if (timed_scan(d, dev, d_out, n, temp, temp_bytes, scan_ms, err)) return -1;
    } else if (scan_cuda_device(d, NULL, dev, dev, n, temp, temp_bytes, NULL, err)) {
        return -1;
    }
    CUDA_TRY(cudaDeviceSynchronize(), err);
    CUDA_TRY(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost), err);
    return 0;
}

int scan_cuda_host_copy(const scan_desc *d, const void *in, void *out, size_t n, float *scan_ms,
                                   sw_error *err)
{
    if (scan_ms) *scan_ms = 0;
    size_t temp_bytes;
    if (scan_cuda_temp_bytes(d, NULL, n, &temp_bytes, err)) return -1;
    if (n == 0) return 0;
    const size_t bytes = n * type_size(d->type);
    void *dev;
    if (cuda_alloc(&dev, (scan_ms ? 2 : 1) * round16(bytes) + temp_bytes, "the array to scan", err)) return -1;
    const int rc = host_copy(d, in, out, n, scan_ms, (char *)dev, bytes, temp_bytes, err);
    cudaFree(dev);
    return rc;
}
