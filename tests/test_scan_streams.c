/* Two host threads, each on a stream and a temp buffer of its own, scan at the same
 * time through the device entries (the public sw_scan_device, the production kernel;
 * and the ladder's "tuned" through kernels/scan/scan.h),
 * round after round, each result checked against the sequential reference: no state is
 * shared between calls. Skips (exit 77) when no CUDA device can be used. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "prim/backend.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "scan_cuda_case.h"
#include "scanworks/scan.h"

#define ROUNDS 12

typedef struct {
    size_t n;
    scan_type type;
    uint64_t seed;
    int failures;
    char msg[768];
} worker;

static void *scan_rounds(void *arg)
{
    worker *w = arg;
    const size_t bytes = w->n * elem_size[w->type];
    char *h_in = malloc(bytes), *h_out = malloc(bytes), *want = malloc(bytes);
    void *d_in = NULL, *d_out = NULL, *temp = NULL;
    size_t temp_bytes = 0, tb;
    cudaStream_t s = NULL;
    sw_error err = {{0}};
    const char *algos[] = {"lookback", "tuned"};
    for (int a = 0; a < 2; a++) {
        scan_desc d = {w->type, SCAN_ADD, SCAN_EXCLUSIVE, algos[a]};
        if (scan_cuda_temp_bytes(&d, NULL, w->n, &tb, &err) == 0 && tb > temp_bytes) temp_bytes = tb;
    }
    if (!h_in || !h_out || !want || cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess ||
        cudaMalloc(&d_in, bytes) != cudaSuccess || cudaMalloc(&d_out, bytes) != cudaSuccess ||
        cudaMalloc(&temp, temp_bytes) != cudaSuccess) {
        w->failures++;
        snprintf(w->msg, sizeof w->msg, "cannot allocate for n=%zu", w->n);
    }
    uint64_t rng = w->seed;
    for (int r = 0; r < ROUNDS && !w->failures; r++) {
        scan_desc d = {w->type, (scan_op)(r % 3), (scan_kind)(r & 1), algos[r & 1 ? 0 : 1]};
        if (r % 4 < 2) d.algo = "lookback";
        fill(d.type, d.op, h_in, w->n, &rng);
        ref_scan(d.type, d.op, d.kind, h_in, want, w->n);
        int rc = cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, s) != cudaSuccess ||
                 cudaMemsetAsync(d_out, 0xA5, bytes, s) != cudaSuccess;
        const sw_scan_desc pd = {(sw_type)d.type, (sw_scan_op)d.op, d.kind == SCAN_INCLUSIVE};
        if (!rc && !strcmp(d.algo, "lookback"))
            rc = sw_scan_device(&pd, d_in, d_out, w->n, temp, temp_bytes, s, &err);
        else if (!rc)
            rc = scan_cuda_device(&d, NULL, d_in, d_out, w->n, temp, temp_bytes, s, &err);
        if (!rc) rc = cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, s) != cudaSuccess;
        if (!rc) rc = cudaStreamSynchronize(s) != cudaSuccess;
        const size_t i = rc ? 0 : first_mismatch(d.type, h_out, want, w->n);
        if (rc || i != w->n) {
            w->failures++;
            snprintf(w->msg, sizeof w->msg, "%s %s %s n=%zu round %d: %s out[%zu] = %.17g, want %.17g", d.algo,
                     type_names[d.type], op_names[d.op], w->n, r, rc ? err.msg : "wrong result:", i,
                     rc ? 0.0 : value_at(d.type, h_out, i), rc ? 0.0 : value_at(d.type, want, i));
        }
    }
    if (s) cudaStreamDestroy(s);
    cudaFree(d_in), cudaFree(d_out), cudaFree(temp);
    free(h_in), free(h_out), free(want);
    return NULL;
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);
    (void)run_case;   /* scan_cuda_case.h's host-array case: not used here */
    const int small = getenv("SCANWORKS_TEST_SMALL") && atoi(getenv("SCANWORKS_TEST_SMALL"));
    worker w[2] = {{small ? 70001 : ((size_t)1 << 22) + 5, SCAN_I32, 0x1234, 0, ""},
                   {small ? 40009 : 3 * ((size_t)1 << 20) + 11, SCAN_I64, 0x9876, 0, ""}};
    pthread_t th[2];
    int started[2] = {0, 0};
    for (int i = 0; i < 2; i++) started[i] = pthread_create(&th[i], NULL, scan_rounds, &w[i]) == 0;
    for (int i = 0; i < 2; i++) {
        CHECK_MSG(started[i], "cannot start thread %d", i);
        if (started[i]) pthread_join(th[i], NULL);
        CHECK_MSG(w[i].failures == 0, "thread %d: %s", i, w[i].msg);
    }
    if (!test_failures)
        printf("  two threads on two streams: %d rounds each of lookback and tuned checked\n", ROUNDS);
    return test_finish("test_scan_streams");
}

#else

TEST_MAIN_WITHOUT_CUDA()

#endif
