/* BFS and SSSP by backend: the algorithm lists, argument checks, and dispatch. */
#include "graph/graph_bfs.h"
#include "graph/graph_sssp.h"

#include <string.h>

static const char *const bfs_cpu_list[] = {"queue", NULL};
static const char *const sssp_cpu_list[] = {"dijkstra", NULL};
#if SCANWORKS_HAVE_CUDA
#define BFS_CUDA_LIST bfs_cuda_algorithms
#define SSSP_CUDA_LIST sssp_cuda_algorithms
#else
static const char *const no_list[] = {NULL};
#define BFS_CUDA_LIST no_list
#define SSSP_CUDA_LIST no_list
#endif

const char *const *bfs_algorithms(prim_backend b)
{
    static const char *const none[] = {NULL};
    return b == PRIM_CPU ? bfs_cpu_list : b == PRIM_CUDA ? BFS_CUDA_LIST : none;
}

const char *const *sssp_algorithms(prim_backend b)
{
    static const char *const none[] = {NULL};
    return b == PRIM_CPU ? sssp_cpu_list : b == PRIM_CUDA ? SSSP_CUDA_LIST : none;
}

static int known(const char *const *list, const char *algo)
{
    for (; *list; list++)
        if (!strcmp(*list, algo)) return 1;
    return 0;
}

static int check_source(const graph_csr *g, uint32_t source, sw_error *err)
{
    if (source < g->n) return 0;
    if (!g->n) return sw_fail(err, "source %u out of range: the graph has no vertices", source);
    return sw_fail(err, "source %u out of range: the graph has %u vertices (0..%u)", source, g->n, g->n - 1);
}

static int list_fail(const char *what, const char *algo, prim_backend b, const char *const *list, sw_error *err)
{
    char names[256] = "";
    for (; *list; list++) {
        strncat(names, *list, sizeof names - strlen(names) - 3);
        if (list[1]) strcat(names, ", ");
    }
    return sw_fail(err, "%s algorithm '%s' is not one of the %s backend's: %s", what, algo, prim_backend_name(b),
                   names[0] ? names : "(none)");
}

int graph_bfs(prim_backend b, const char *algo, const graph_csr *g, uint32_t source, int32_t *levels,
              bfs_stats *st, sw_error *err)
{
    const char *const *list = bfs_algorithms(b);
    if (!list[0] && b == PRIM_CUDA) return sw_fail(err, "cuda backend unavailable: this build has no CUDA backend");
    if (!list[0]) return sw_fail(err, "BFS has no %s backend (use cpu or cuda)", prim_backend_name(b));
    if (!algo) algo = list[0];
    if (!known(list, algo)) return list_fail("BFS", algo, b, list, err);
    if (check_source(g, source, err)) return -1;
    if (b == PRIM_CPU) return bfs_cpu(g, source, levels, st, err);
#if SCANWORKS_HAVE_CUDA
    const char *why;
    if (!prim_cuda_available(&why)) return sw_fail(err, "cuda backend unavailable: %s", why);
    bfs_cuda_graph *dg;
    if (bfs_cuda_upload(g, &dg, err)) return -1;
    int rc = bfs_cuda_run(dg, algo, source, levels, st, err);
    bfs_cuda_free(dg);
    return rc;
#else
    return sw_fail(err, "cuda backend unavailable: this build has no CUDA backend");
#endif
}

int graph_sssp(prim_backend b, const char *algo, const graph_csr *g, uint32_t source, double *dist,
               sssp_stats *st, sw_error *err)
{
    const char *const *list = sssp_algorithms(b);
    if (!list[0] && b == PRIM_CUDA) return sw_fail(err, "cuda backend unavailable: this build has no CUDA backend");
    if (!list[0]) return sw_fail(err, "SSSP has no %s backend (use cpu or cuda)", prim_backend_name(b));
    if (!algo) algo = list[0];
    if (!known(list, algo)) return list_fail("SSSP", algo, b, list, err);
    if (check_source(g, source, err)) return -1;
    if (b == PRIM_CPU) return sssp_cpu(g, source, dist, st, err);
#if SCANWORKS_HAVE_CUDA
    const char *why;
    if (!prim_cuda_available(&why)) return sw_fail(err, "cuda backend unavailable: %s", why);
    sssp_cuda_graph *dg;
    if (sssp_cuda_upload(g, algo, &dg, err)) return -1;
    int rc = sssp_cuda_run(dg, algo, source, dist, st, err);
    sssp_cuda_free(dg);
    return rc;
#else
    return sw_fail(err, "cuda backend unavailable: this build has no CUDA backend");
#endif
}
