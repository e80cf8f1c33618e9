/* scanworks bench search: 2^22 random queries into N sorted uint32 keys (keys[i] = 2i),
 * batched (tree, binary, pary, single-key) against thrust::lower_bound
 * and a memcpy; then single-query latency: one block answering queries one after another.
 * The tree rows time the search alone against an index built beforehand (thrust builds
 * nothing); "-build" rows time the index build alone and "-total" rows build + search
 * (search_kernel_run), the fair comparison when the keys are searched only once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_gpu.h"
#include "prim/key_type.h"

#define BATCH_QUERIES ((size_t)1 << 22)
#define LATENCY_QUERIES 64

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "bench/refs/csearch_ref.h"
#include "kernels/common/cuda_util.cuh"
#include "kernels/search/search_kernel.h"

typedef struct search_ctx {
    uint32_t *keys, *queries;
    int64_t *out;
    void *temp;
    size_t n, q;
    int algo, one_block;
} search_ctx;

static int run_ours(void *p, sw_error *err)
{
    search_ctx *c = p;
    return search_kernel_run(c->algo, KEY_U32, c->keys, c->n, c->queries, c->q, c->out, c->temp, c->one_block, NULL,
                             err);
}

/* The search alone: the index in c->temp is built already. */
static int run_query(void *p, sw_error *err)
{
    search_ctx *c = p;
    return search_kernel_query(c->algo, KEY_U32, c->keys, c->n, c->queries, c->q, c->out, c->temp, c->one_block,
                               NULL, err);
}

static int run_build(void *p, sw_error *err)
{
    search_ctx *c = p;
    return search_kernel_build(c->algo, KEY_U32, c->keys, c->n, c->temp, NULL, err);
}

static int run_thrust(void *p, sw_error *err)
{
#if SCANWORKS_HAVE_CUB_REF
    search_ctx *c = p;
    return ref_thrust_lower_bound_u32(c->keys, c->n, c->queries, c->q, c->out, err);
#else
    return sw_fail(err, "built without the thrust references (SCANWORKS_CUB_BENCH=OFF)");
#endif
}

/* keys[i] = 2i, so the lower bound of x is ceil(x / 2), at most n. */
static int check(search_ctx *c, bench_gpu_fn fn, const uint32_t *hq, int64_t *ho, char *note, size_t size,
                 sw_error *err)
{
    if (fn(c, err)) return -1;
    CUDA_TRY(cudaMemcpy(ho, c->out, c->q * 8, cudaMemcpyDeviceToHost), err);
    size_t bad = 0;
    for (size_t i = 0; i < c->q; i++) {
        uint64_t want = ((uint64_t)hq[i] + 1) / 2;
        bad += ho[i] != (int64_t)(want < c->n ? want : c->n);
    }
    snprintf(note, size, "%zu queries, %s", c->q, bad ? "MISMATCH with CPU" : "equals CPU");
    return 0;
}

static size_t temp_bytes(size_t n)
{
    size_t most = 0;
    for (int a = 0; a < SEARCH_K_COUNT; a++)
        if (search_kernel_temp_bytes(a, n) > most) most = search_kernel_temp_bytes(a, n);
    return most;
}

static int bench_one(bench_report *r, size_t n, int reps, sw_error *err)
{
    static const char *const names[] = {"binary", "single-key", "pary", "tree"};
    search_ctx c = {0};
    uint32_t *hk = NULL, *hq = NULL;
    int64_t *ho = NULL;
    int rc = -1;
    char note[96];
    c.n = n;
    c.q = BATCH_QUERIES;
    if (cuda_alloc((void **)&c.keys, n * 4, "keys", err) || cuda_alloc((void **)&c.queries, c.q * 4, "queries", err) ||
        cuda_alloc((void **)&c.out, c.q * 8, "results", err) ||
        cuda_alloc(&c.temp, temp_bytes(n), "scratch", err))
        goto done;
    hk = sw_malloc(n * 4, "keys", err), hq = sw_malloc(c.q * 4, "queries", err), ho = sw_malloc(c.q * 8, "out", err);
    if (!hk || !hq || !ho) goto done;
    for (size_t i = 0; i < n; i++) hk[i] = (uint32_t)(2 * i);
    uint64_t s = 0x1234567ull;
    for (size_t i = 0; i < c.q; i++) {
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        hq[i] = (uint32_t)(((s * 0x2545F4914F6CDD1Dull) >> 32) % (2 * (uint64_t)n + 2));
    }
    CUDA_TRY(cudaMemcpy(c.keys, hk, n * 4, cudaMemcpyHostToDevice), err);
    CUDA_TRY(cudaMemcpy(c.queries, hq, c.q * 4, cudaMemcpyHostToDevice), err);
    double bytes = 12.0 * c.q;   /* read each query, write its int64 index */
    if (bench_gpu_memcpy_row(r, "search", (int64_t)n, bytes, reps, err)) goto done;
    if (SCANWORKS_HAVE_CUB_REF && (check(&c, run_thrust, hq, ho, note, sizeof note, err) ||
                                   bench_gpu_row(r, "search", "thrust", (int64_t)n, bytes, note, run_thrust, &c, reps, err)))
        goto done;
    for (int a = 0; a < SEARCH_K_COUNT; a++) {
        c.algo = a;
        int tree = a == SEARCH_K_TREE;
        /* the tree rows: build once (not timed), then time the search alone */
        if ((tree && run_build(&c, err)) || check(&c, tree ? run_query : run_ours, hq, ho, note, sizeof note, err))
            goto done;
        if (tree) strncat(note, ", search alone (index built before)", sizeof note - strlen(note) - 1);
        if (bench_gpu_row(r, "search", names[a], (int64_t)n, bytes, note, tree ? run_query : run_ours, &c, reps, err))
            goto done;
        if (!tree) continue;
        char name[32];
        snprintf(name, sizeof name, "%s-build", names[a]);
        snprintf(note, sizeof note, "index build alone, %.1f MB", search_kernel_temp_bytes(a, n) / 1e6);
        if (bench_gpu_row(r, "search", name, (int64_t)n, bytes, note, run_build, &c, reps, err)) goto done;
        snprintf(name, sizeof name, "%s-total", names[a]);
        if (check(&c, run_ours, hq, ho, note, sizeof note, err)) goto done;
        strncat(note, ", build + search", sizeof note - strlen(note) - 1);
        if (bench_gpu_row(r, "search", name, (int64_t)n, bytes, note, run_ours, &c, reps, err)) goto done;
    }
    /* Latency: one block answers LATENCY_QUERIES queries in turn; the time per query. */
    c.q = LATENCY_QUERIES;
    c.one_block = 1;
    for (int a = 0; a < 3; a++) {   /* the ladder; the tree is a throughput design: no latency row */
        c.algo = a;
        snprintf(note, sizeof note, "ms per query, one %s, %d in turn", a == 0 ? "thread" : a == 1 ? "warp" : "block",
                 LATENCY_QUERIES);
        if (bench_gpu_row(r, "search-latency", names[a], (int64_t)n, 12.0, note, run_ours, &c, reps, err)) goto done;
        r->rows[r->count - 1].median_ms /= LATENCY_QUERIES;
        r->rows[r->count - 1].min_ms /= LATENCY_QUERIES;
    }
    rc = 0;
done:
    free(hk), free(hq), free(ho);
    cudaFree(c.keys), cudaFree(c.queries), cudaFree(c.out), cudaFree(c.temp);
    return rc;
}
#endif

int bench_search(int argc, char **argv)
{
    bench_gpu_opts o;
    int rc = bench_gpu_parse("search", argc, argv, "2^20,2^24,2^28", &o);
    if (rc >= 0) return rc;
    sw_error err = {{0}};
    if (prim_require_cuda("bench search", &err)) {
        fprintf(stderr, "scanworks %s\n", err.msg);
        return 1;
    }
#if SCANWORKS_HAVE_CUDA
    bench_report r;
    memset(&r, 0, sizeof r);
    bench_gpu_environment(&r, "lower bound of 2^22 random uint32 queries in n sorted keys; latency rows per query");
    for (int i = 0; i < o.size_count; i++)
        if (bench_one(&r, (size_t)o.sizes[i], (int)o.reps, &err)) {
            fprintf(stderr, "scanworks bench search: %s\n", err.msg);
            bench_free(&r);
            return 1;
        }
    return bench_gpu_finish("search", &r, &o, "thrust");
#else
    return 1;
#endif
}
