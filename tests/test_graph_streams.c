/* Two host threads, each on a stream and a temp buffer of its own, run BFS at the same
 * time through the public device entry (sw_bfs_device: its level loop reads each
 * frontier size back on its own stream), one on an R-MAT graph (a few wide levels,
 * bottom-up steps) and one on a road-like grid (hundreds of narrow levels), round
 * after round from different sources, each result checked against the CPU queue BFS:
 * no state is shared between calls. SCANWORKS_TEST_SMALL=1: smaller graphs. Skips (exit
 * 77) when no CUDA device can be used. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "prim/backend.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "graph/graph_bfs.h"
#include "graph/graph_check.h"
#include "graph/grid.h"
#include "graph/rmat.h"
#include "scanworks/graph.h"

#define ROUNDS 8

typedef struct {
    const char *name;
    graph_csr g;
    uint64_t seed;
    int failures;
    char msg[768];
} worker;

static void *bfs_rounds(void *arg)
{
    worker *w = arg;
    const graph_csr *g = &w->g;
    const size_t n = g->n, n1 = (n + 1) * 8;
    int32_t *lv = malloc(n * 4), *want = malloc(n * 4);
    void *row = NULL, *col = NULL, *out = NULL, *temp = NULL;
    size_t temp_bytes = 0;
    cudaStream_t s = NULL;
    sw_error err = {{0}};
    if (!lv || !want || sw_bfs_temp_bytes(g->n, g->m, &temp_bytes, &err) ||
        cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess || cudaMalloc(&row, n1) != cudaSuccess ||
        cudaMalloc(&col, g->m * 4 + 4) != cudaSuccess || cudaMalloc(&out, n * 4) != cudaSuccess ||
        cudaMalloc(&temp, temp_bytes) != cudaSuccess ||
        cudaMemcpyAsync(row, g->row, n1, cudaMemcpyHostToDevice, s) != cudaSuccess ||
        cudaMemcpyAsync(col, g->col, g->m * 4, cudaMemcpyHostToDevice, s) != cudaSuccess) {
        w->failures++;
        snprintf(w->msg, sizeof w->msg, "%s: cannot set up (%s)", w->name, err.msg);
    }
    const sw_csr dg = {g->n, g->m, row, col, NULL, 1, NULL, NULL};
    uint64_t rng = w->seed;
    for (int r = 0; r < ROUNDS && !w->failures; r++) {
        uint32_t source = (uint32_t)(test_rand(&rng) % n);
        int rc = cudaMemsetAsync(out, 0xA5, n * 4, s) != cudaSuccess;
        if (!rc) rc = sw_bfs_device(&dg, source, out, temp, temp_bytes, s, &err);
        if (!rc) rc = cudaMemcpyAsync(lv, out, n * 4, cudaMemcpyDeviceToHost, s) != cudaSuccess;
        if (!rc) rc = cudaStreamSynchronize(s) != cudaSuccess;
        if (!rc) rc = bfs_cpu(g, source, want, NULL, &err) || graph_levels_equal(g->n, lv, want, &err);
        if (rc) {
            w->failures++;
            snprintf(w->msg, sizeof w->msg, "%s round %d from %u: %s", w->name, r, source, err.msg);
        }
    }
    if (s) cudaStreamDestroy(s);
    cudaFree(row), cudaFree(col), cudaFree(out), cudaFree(temp);
    free(lv), free(want);
    return NULL;
}

/* SMALL (SCANWORKS_TEST_SMALL, the sanitizer run): smaller graphs. */
static int make(int grid, int small, graph_csr *g, sw_error *err)
{
    graph_coo e = {0};
    int rc = grid ? graph_grid(small ? 61 : 301, small ? 41 : 203, 5, false, &e, err)
                  : graph_rmat(small ? 10 : 14, 16, 3, false, &e, err);
    if (!rc) rc = graph_csr_from_coo(&e, g, err);
    graph_coo_free(&e);
    return rc;
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);
    const int small = getenv("SCANWORKS_TEST_SMALL") && atoi(getenv("SCANWORKS_TEST_SMALL"));
    worker w[2] = {{small ? "rmat-10" : "rmat-14", {0}, 0x1234, 0, ""},
                   {small ? "grid-61x41" : "grid-301x203", {0}, 0x9876, 0, ""}};
    sw_error err = {{0}};
    for (int i = 0; i < 2; i++)
        if (make(i, small, &w[i].g, &err)) {
            CHECK_MSG(0, "%s: %s", w[i].name, err.msg);
            return test_finish("test_graph_streams");
        }
    pthread_t th[2];
    int started[2] = {0, 0};
    for (int i = 0; i < 2; i++) started[i] = pthread_create(&th[i], NULL, bfs_rounds, &w[i]) == 0;
    for (int i = 0; i < 2; i++) {
        CHECK_MSG(started[i], "cannot start thread %d", i);
        if (started[i]) pthread_join(th[i], NULL);
        CHECK_MSG(w[i].failures == 0, "thread %d: %s", i, w[i].msg);
        graph_csr_free(&w[i].g);
    }
    if (!test_failures) printf("  two threads on two streams: %d BFS rounds each checked\n", ROUNDS);
    return test_finish("test_graph_streams");
}

#else

TEST_MAIN_WITHOUT_CUDA()

#endif
