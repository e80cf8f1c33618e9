/* The BFS panel's GPU side (bfs_panel_cuda.c, built with CUDA only): the graph on the
 * device, the levels, and the vertex colour buffer that GL draws from, written by a
 * CUDA kernel through cudaGraphicsGLRegisterBuffer. */
#ifndef SCANWORKS_PANELS_BFS_PANEL_GPU_H
#define SCANWORKS_PANELS_BFS_PANEL_GPU_H

#include "gl/gl.h"
#include "graph/csr.h"
#include "util/error.h"

typedef struct bfs_panel_gpu bfs_panel_gpu;

int bfs_panel_gpu_create(const graph_csr *g, GLuint color_vbo, bfs_panel_gpu **out, sw_error *err);
void bfs_panel_gpu_destroy(bfs_panel_gpu *p);
/* "edge-parallel" steps live (bfs_panel_gpu_step); another ALGO runs whole now and
 * copies its levels into HOST_LEVELS so that the panel can reveal them level by level. */
int bfs_panel_gpu_start(bfs_panel_gpu *p, const char *algo, uint32_t source, int32_t *host_levels, sw_error *err);
int bfs_panel_gpu_step(bfs_panel_gpu *p, int iter, int *changed, uint64_t *edges, sw_error *err);
/* Colours from the device levels (LEVEL is the frontier); *MS gets the CUDA time. */
int bfs_panel_gpu_colorize(bfs_panel_gpu *p, int level, double *ms, sw_error *err);

#endif
