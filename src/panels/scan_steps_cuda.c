/* Host side of the scan panel's CUDA levels (kernels/scan/scan_steps.h): device rows,
 * events, the checks of a level; kernels/scan/scan_steps.cu runs it. */
#include "panels/scan_steps_cuda.h"

#include <stdbool.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_util.cuh"

struct scan_steps_cuda {
    int32_t *d_in, *d_out;
    cudaEvent_t ev[2];
    bool ev_made[2];
};

void scan_steps_cuda_destroy(scan_steps_cuda *c)
{
    if (!c) return;
    cudaFree(c->d_in);
    cudaFree(c->d_out);
    for (int i = 0; i < 2; i++)
        if (c->ev_made[i]) cudaEventDestroy(c->ev[i]);
    cudaGetLastError();
    free(c);
}

int scan_steps_cuda_create(scan_steps_cuda **out, sw_error *err)
{
    *out = NULL;
    scan_steps_cuda *c = calloc(1, sizeof *c);
    if (!c) return sw_fail(err, "scan steps: out of host memory (%zu bytes)", sizeof *c);
    int rc = cuda_alloc((void **)&c->d_in, SCAN_STEPS_MAX_N * sizeof(int32_t), "the scan panel's input row", err);
    if (!rc) rc = cuda_alloc((void **)&c->d_out, SCAN_STEPS_MAX_N * sizeof(int32_t), "the scan panel's output row", err);
    for (int i = 0; i < 2 && !rc; i++) {
        cudaError_t e = cudaEventCreate(&c->ev[i]);
        if (e != cudaSuccess) rc = sw_fail(err, "scan steps: cudaEventCreate failed: %s", cudaGetErrorString(e));
        c->ev_made[i] = e == cudaSuccess;
    }
    if (rc) {
        scan_steps_cuda_destroy(c);
        return -1;
    }
    *out = c;
    return 0;
}

static int check_step(scan_step st, int n, sw_error *err)
{
    if (n < 2 || n > SCAN_STEPS_MAX_N || (n & (n - 1)))
        return sw_fail(err, "scan steps: n = %d; it must be a power of two from 2 to %d", n, SCAN_STEPS_MAX_N);
    if (st.phase < SCAN_STEP_NAIVE || st.phase > SCAN_STEP_DOWN)
        return sw_fail(err, "scan steps: phase %d is not one of 0..3", st.phase);
    if (st.phase != SCAN_STEP_CLEAR && (st.offset < 1 || st.offset >= n || (st.offset & (st.offset - 1))))
        return sw_fail(err, "scan steps: offset %d; it must be a power of two below n = %d", st.offset, n);
    return 0;
}

int scan_steps_cuda_level(scan_steps_cuda *c, scan_step st, const int32_t *in, int32_t *out, int n,
                                     float *ms, sw_error *err)
{
    if (check_step(st, n, err)) return -1;
    size_t bytes = (size_t)n * sizeof(int32_t);
    CUDA_TRY(cudaMemcpy(c->d_in, in, bytes, cudaMemcpyHostToDevice), err);
    CUDA_TRY(cudaEventRecord(c->ev[0], 0), err);
    void *args[] = {&st, &c->d_in, &c->d_out, &n};
    if (cuda_launch(scan_steps_kernel(), 1, SCAN_STEPS_MAX_N, 0, args, 0, "scan_step", err)) return -1;
    CUDA_TRY(cudaEventRecord(c->ev[1], 0), err);
    CUDA_TRY(cudaMemcpy(out, c->d_out, bytes, cudaMemcpyDeviceToHost), err);
    if (ms) CUDA_TRY(cudaEventElapsedTime(ms, c->ev[0], c->ev[1]), err);
    return 0;
}
