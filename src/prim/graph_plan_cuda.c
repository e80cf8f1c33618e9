/* The launches of the graph kernels that kernels/graph/ hands over (bfs.cu, bfs_pool.cu,
 * sssp.cu, sssp_prep.cu): grids of GRAPH_K_THREADS-thread blocks sized to the work, one
 * cooperative grid for the BFS level loop, one thread-block cluster for its small
 * frontiers. The launchers are declared in bfs.h, sssp.h and sssp_prep.h. */
#include "kernels/common/cuda_util.cuh"
#include "kernels/graph/bfs.h"
#include "kernels/graph/sssp.h"
#include "kernels/graph/sssp_prep.h"

/* Blocks for a grid-stride loop over WORK items, PER_BLOCK a block. */
static unsigned grid_for(unsigned long long work, unsigned per_block)
{
    return cuda_grid_capped((work + per_block - 1) / per_block, 65535u * 16);
}

/* KERNEL over a grid-stride loop of WORK items; at most MAX_BLOCKS blocks (0: no cap). */
static int launch_over(const void *kernel, unsigned long long work, unsigned max_blocks, void **args,
                       cudaStream_t stream, const char *what, sw_error *err)
{
    unsigned blocks = grid_for(work, GRAPH_K_THREADS);
    if (max_blocks && blocks > max_blocks) blocks = max_blocks;
    return cuda_launch(kernel, blocks, GRAPH_K_THREADS, 0, args, stream, what, err);
}

int bfs_launch_init(int32_t *levels, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err)
{
    void *args[] = {&levels, &n, &source};
    return launch_over(bfs_kernel(BFS_K_INIT), n, 0, args, stream, "bfs_init", err);
}

int bfs_launch_edge_parallel(const uint32_t *st, const uint32_t *en, uint64_t m, int both, int32_t *levels, int iter,
                             int *modif, cudaStream_t stream, sw_error *err)
{
    if (!m) return 0;
    void *args[] = {&st, &en, &m, &both, &levels, &levels, &iter, &modif};   /* read and written through two aliases */
    return launch_over(bfs_kernel(BFS_K_EDGE), m, 0, args, stream, "bfs_edge_parallel", err);
}

int bfs_launch_start(const bfs_level_args *a, uint64_t m, uint32_t source, cudaStream_t stream, sw_error *err)
{
    bfs_level_args pa = *a;
    void *args[] = {&pa, &m, &source};
    return cuda_launch(bfs_kernel(BFS_K_START), 1, 1, 0, args, stream, "bfs_start", err);
}

int bfs_launch_run(const bfs_level_args *a, const bfs_rule *r, cudaStream_t stream, sw_error *err)
{
    bfs_level_args pa = *a;
    bfs_rule pr = *r;
    void *args[] = {&pa, &pr};
    return cuda_cooperative_launch(bfs_kernel(BFS_K_RUN), GRAPH_K_THREADS, 0, args, stream, "bfs_run", err);
}

int bfs_launch_colorize(const int32_t *levels, uint32_t n, int level, uint32_t *rgba, cudaStream_t stream,
                        sw_error *err)
{
    if (!n) return 0;
    void *args[] = {&levels, &n, &level, &rgba};
    return launch_over(bfs_kernel(BFS_K_COLORIZE), n, 0, args, stream, "bfs_colorize", err);
}

uint32_t bfs_pool_max_vertices(int cluster)
{
    return (uint32_t)(cluster > 0 ? cluster : 0) * BFS_POOL_THREADS * BFS_POOL_ITEMS;
}

uint32_t bfs_pool_max_arcs(int cluster) { return bfs_pool_max_vertices(cluster); }

int bfs_pool_prepare(int want, int *cluster, sw_error *err)
{
    return cuda_cluster_pick(bfs_pool_kernel(), BFS_POOL_THREADS, BFS_POOL_SMEM_BYTES, want, BFS_CLUSTER_MAX, cluster,
                             err);
}

int bfs_launch_pool_levels(int cluster, const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                           uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state, cudaStream_t stream,
                           sw_error *err)
{
    if (cluster < 1 || cluster > BFS_CLUSTER_MAX)
        return sw_fail(err, "bfs_pool_levels: a cluster of %d blocks; it takes 1..%d", cluster, BFS_CLUSTER_MAX);
    if (qn < 1 || qn > bfs_pool_max_vertices(cluster))
        return sw_fail(err, "bfs_pool_levels: a frontier of %u vertices; a cluster of %d takes 1..%u", qn, cluster,
                       bfs_pool_max_vertices(cluster));
    CUDA_TRY(cudaMemsetAsync(state, 0, sizeof *state, stream), err);
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t cfg = cuda_cluster_config(cluster, BFS_POOL_THREADS, BFS_POOL_SMEM_BYTES, stream, &attr);
    void *args[] = {&row, &col, &qin, &qn, &qout, &levels, &iter, &state};
    CUDA_TRY(cudaLaunchKernelExC(&cfg, bfs_pool_kernel(), args), err);
    CUDA_TRY_LAUNCH("bfs_pool_levels", err);
    return 0;
}

int sssp_launch_init(float *dist, float *expanded, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err)
{
    void *args[] = {&dist, &expanded, &n, &source};
    return launch_over(sssp_kernel(SSSP_K_INIT), n, 0, args, stream, "sssp_init", err);
}

int sssp_launch_bellman_ford(const uint32_t *st, const uint32_t *en, const float *w, uint64_t m, int both,
                             float *dist, int iter, int *modif, int ro, cudaStream_t stream, sw_error *err)
{
    if (!m) return 0;
    void *plain[] = {&st, &en, &w, &m, &both, &dist, &iter, &modif};
    void *aliased[] = {&st, &en, &w, &m, &both, &dist, &dist, &iter, &modif};   /* read, written */
    return launch_over(sssp_kernel(ro ? SSSP_K_BF_RO : SSSP_K_BF_PLAIN), m, 0, ro ? aliased : plain, stream,
                       "sssp_bellman_ford", err);
}

uint64_t sssp_ds_hub_capacity(uint32_t n, uint64_t m, uint32_t segment)
{
    return m / (segment ? segment : 1) + n + 1;
}

int sssp_launch_split_rows(const int64_t *row, const uint32_t *col, const float *w, uint32_t n, float delta,
                           int64_t *mid, uint32_t *out_col, float *out_w, cudaStream_t stream, sw_error *err)
{
    if (!n) return 0;
    void *args[] = {&row, &col, &w, &n, &delta, &mid, &out_col, &out_w};
    return launch_over(sssp_prep_kernel(SSSP_PREP_K_SPLIT_ROWS), (unsigned long long)n * 32, 0, args, stream,
                       "sssp_split_rows", err);
}

/* Blocks of SSSP_PREP_SORT_THREADS (its shared memory is sized to that), a warp a row. */
int sssp_launch_sort_heavy(const int64_t *row, const int64_t *mid, uint32_t n, float delta, uint32_t *col, float *w,
                           float *heavy_min, unsigned long long *heavy_rows, cudaStream_t stream, sw_error *err)
{
    if (!n) return 0;
    void *args[] = {&row, &mid, &n, &delta, &col, &w, &heavy_min, &heavy_rows};
    unsigned blocks = grid_for((unsigned long long)n * 32, SSSP_PREP_SORT_THREADS);
    return cuda_launch(sssp_prep_kernel(SSSP_PREP_K_SORT_HEAVY), blocks, SSSP_PREP_SORT_THREADS, 0, args, stream,
                       "sssp_sort_heavy", err);
}

/* The sums' grids: at most 8 blocks an SM of the current device (1056 on an H200). */
static int launch_sums(const void *kernel, unsigned long long count, void **args, cudaStream_t stream,
                       const char *what, sw_error *err)
{
    int sms;
    if (cuda_sm_count(&sms, err)) return -1;
    return launch_over(kernel, count, (unsigned)sms * 8, args, stream, what, err);
}

int sssp_launch_graph_sums(const int64_t *row, const float *w, uint32_t n, uint64_t m, sssp_graph_sums *sums,
                           cudaStream_t stream, sw_error *err)
{
    unsigned long long count = m > n ? m : n;
    if (!count) return 0;
    void *args[] = {&row, &w, &n, &m, &sums};
    return launch_sums(sssp_prep_kernel(SSSP_PREP_K_GRAPH_SUMS), count, args, stream, "sssp_graph_sums", err);
}

int sssp_launch_level_sums(const int32_t *levels, uint32_t n, sssp_graph_sums *sums, cudaStream_t stream,
                           sw_error *err)
{
    if (!n) return 0;
    void *args[] = {&levels, &n, &sums};
    return launch_sums(sssp_prep_kernel(SSSP_PREP_K_LEVEL_SUMS), n, args, stream, "sssp_level_sums", err);
}
