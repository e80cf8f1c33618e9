#include "panels/bfs_panel_gpu.h"

#include <stdlib.h>
#include <string.h>

#include <cuda_gl_interop.h>

#include "kernels/graph/bfs.h"
#include "graph/graph_bfs.h"
#include "graph/graph_cuda.h"

struct bfs_panel_gpu {
    bfs_cuda_graph *g;
    uint32_t n;
    struct cudaGraphicsResource *colors;
    cudaEvent_t ev[2];
};

void bfs_panel_gpu_destroy(bfs_panel_gpu *p)
{
    if (!p) return;
    if (p->colors) cudaGraphicsUnregisterResource(p->colors);
    if (p->ev[0]) cudaEventDestroy(p->ev[0]);
    if (p->ev[1]) cudaEventDestroy(p->ev[1]);
    bfs_cuda_free(p->g);
    free(p);
}

static int create(const graph_csr *g, GLuint vbo, bfs_panel_gpu *p, sw_error *err)
{
    p->n = g->n;
    if (bfs_cuda_upload(g, &p->g, err)) return -1;
    GCUDA_TRY(cudaGraphicsGLRegisterBuffer(&p->colors, vbo, cudaGraphicsRegisterFlagsWriteDiscard), err);
    GCUDA_TRY(cudaEventCreate(&p->ev[0]), err);
    GCUDA_TRY(cudaEventCreate(&p->ev[1]), err);
    return 0;
}

int bfs_panel_gpu_create(const graph_csr *g, GLuint color_vbo, bfs_panel_gpu **out, sw_error *err)
{
    *out = NULL;
    bfs_panel_gpu *p = sw_calloc(1, sizeof *p, "BFS panel GPU state", err);
    if (!p) return -1;
    if (create(g, color_vbo, p, err)) {
        bfs_panel_gpu_destroy(p);
        return -1;
    }
    *out = p;
    return 0;
}

int bfs_panel_gpu_start(bfs_panel_gpu *p, const char *algo, uint32_t source, int32_t *host_levels, sw_error *err)
{
    if (!strcmp(algo, "edge-parallel")) return bfs_cuda_begin(p->g, source, err);
    return bfs_cuda_run(p->g, algo, source, host_levels, NULL, err);
}

int bfs_panel_gpu_step(bfs_panel_gpu *p, int iter, int *changed, uint64_t *edges, sw_error *err)
{
    return bfs_cuda_step_edge_parallel(p->g, iter, changed, edges, err);
}

int bfs_panel_gpu_colorize(bfs_panel_gpu *p, int level, double *ms, sw_error *err)
{
    void *ptr = NULL;
    size_t bytes = 0;
    GCUDA_TRY(cudaGraphicsMapResources(1, &p->colors, 0), err);
    cudaError_t e = cudaGraphicsResourceGetMappedPointer(&ptr, &bytes, p->colors);
    int rc = 0;
    if (e != cudaSuccess) rc = sw_fail(err, "mapping the colour buffer: %s", cudaGetErrorString(e));
    else if (bytes < (size_t)p->n * 4) rc = sw_fail(err, "colour buffer too small (%zu bytes)", bytes);
    if (!rc && (e = cudaEventRecord(p->ev[0], 0)) != cudaSuccess)
        rc = sw_fail(err, "recording an event: %s", cudaGetErrorString(e));
    if (!rc) rc = bfs_launch_colorize(bfs_cuda_levels(p->g), p->n, level, ptr, 0, err);
    if (!rc && (e = cudaEventRecord(p->ev[1], 0)) != cudaSuccess)
        rc = sw_fail(err, "recording an event: %s", cudaGetErrorString(e));
    GCUDA_TRY(cudaGraphicsUnmapResources(1, &p->colors, 0), err);
    if (!rc && ms) {
        float t = 0;
        GCUDA_TRY(cudaEventSynchronize(p->ev[1]), err);
        GCUDA_TRY(cudaEventElapsedTime(&t, p->ev[0], p->ev[1]), err);
        *ms = t;
    }
    return rc;
}
