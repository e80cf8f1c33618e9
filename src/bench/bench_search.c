/* scanworks bench search: 2^22 random queries into N sorted uint32 keys (keys[i] = 2i),
 * batched (tree, binary, pary, single-key) against thrust::lower_bound
 * (thrust::device and par_nosync: the faster is the reference) and a memcpy; the same
 * rows again as "search-skewed" for a Zipf-like query set; then single-query latency:
 * one block answering queries one after another. Every row is checked against the
 * CPU before and after its timed runs (outputs poisoned before them).
 * The tree rows time the search alone against an index built beforehand (thrust builds
 * nothing); "-build" rows time the index build alone and "-total" rows build + search
 * (search_kernel_run), the fair comparison when the keys are searched only once. */
#include <math.h>
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
#include "prim/search_plan_cuda.h"

typedef struct search_ctx {
    uint32_t *keys, *queries;
    int64_t *out;
    void *temp;
    size_t n, q, temp_bytes;
    int algo, one_block, nosync;
    const uint32_t *hq;   /* the queries (host) */
    int64_t *ho;          /* host copy of the results */
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
    return ref_thrust_lower_bound_u32(c->keys, c->n, c->queries, c->q, c->out, c->nosync, err);
#else
    (void)p;
    return sw_fail(err, "built without the thrust references (SCANWORKS_CUB_BENCH=OFF)");
#endif
}

static int poison(void *p, sw_error *err)
{
    search_ctx *c = p;
    CUDA_TRY(cudaMemset(c->out, 0xA5, c->q * 8), err);
    return 0;
}

/* keys[i] = 2i, so the lower bound of x is ceil(x / 2), at most n. */
static int verify(void *p, char *why, size_t size, sw_error *err)
{
    search_ctx *c = p;
    CUDA_TRY(cudaMemcpy(c->ho, c->out, c->q * 8, cudaMemcpyDeviceToHost), err);
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < c->q; i++) {
        uint64_t want = ((uint64_t)c->hq[i] + 1) / 2;
        if (c->ho[i] != (int64_t)(want < c->n ? want : c->n) && !bad++) first = i;
    }
    if (bad)
        snprintf(why, size, "%zu of %zu results differ from the CPU's, the first at query %zu (%u: %lld)", bad, c->q,
                 first, c->hq[first], (long long)c->ho[first]);
    return bad != 0;
}

/* The index build's rows: the index is poisoned, and checked by a search through it. */
static int poison_index(void *p, sw_error *err)
{
    search_ctx *c = p;
    CUDA_TRY(cudaMemset(c->temp, 0xA5, c->temp_bytes), err);
    return poison(p, err);
}

static int verify_index(void *p, char *why, size_t size, sw_error *err)
{
    if (run_query(p, err)) return -1;
    CUDA_TRY(cudaDeviceSynchronize(), err);
    return verify(p, why, size, err);
}

static const bench_gpu_check search_check = {poison, verify}, index_check = {poison_index, verify_index};

static size_t temp_bytes(size_t n)
{
    size_t most = 0;
    for (int a = 0; a < SEARCH_K_COUNT; a++)
        if (search_kernel_temp_bytes(a, n) > most) most = search_kernel_temp_bytes(a, n);
    return most;
}

static const char *const names[] = {"binary", "single-key", "pary", "tree"};

/* Every batched row of one query set (HQ, c->q queries) as op OP: memcpy, thrust (as
 * thrust::device and with par_nosync), every algorithm. */
static int query_rows(bench_report *r, search_ctx *c, const char *op, const uint32_t *hq, int reps, sw_error *err)
{
    char note[96], name[32];
    c->hq = hq;
    CUDA_TRY(cudaMemcpy(c->queries, hq, c->q * 4, cudaMemcpyHostToDevice), err);
    double bytes = 12.0 * c->q;   /* read each query, write its int64 index */
    int64_t n = (int64_t)c->n;
    snprintf(note, sizeof note, "%zu queries", c->q);
    if (bench_gpu_memcpy_row(r, op, n, bytes, reps, err)) return -1;
    for (c->nosync = 0; SCANWORKS_HAVE_CUB_REF && c->nosync < 2; c->nosync++)
        if (bench_gpu_checked_row(r, op, c->nosync ? "thrust-nosync" : "thrust", n, bytes,
                                  c->nosync ? "thrust::lower_bound, par_nosync" : "thrust::lower_bound, thrust::device",
                                  run_thrust, c, reps, &search_check, err))
            return -1;
    for (int a = 0; a < SEARCH_K_COUNT; a++) {
        c->algo = a;
        int tree = a == SEARCH_K_TREE;
        if (!tree) {
            if (bench_gpu_checked_row(r, op, names[a], n, bytes, note, run_ours, c, reps, &search_check, err)) return -1;
            continue;
        }
        /* the tree rows: the index built once (not timed), then the search alone */
        if (run_build(c, err) ||
            bench_gpu_checked_row(r, op, names[a], n, bytes, "search alone (index built before)", run_query, c, reps,
                                  &search_check, err))
            return -1;
        snprintf(name, sizeof name, "%s-build", names[a]);
        snprintf(note, sizeof note, "index build alone, %.1f MB", search_kernel_temp_bytes(a, n) / 1e6);
        if (bench_gpu_checked_row(r, op, name, n, bytes, note, run_build, c, reps, &index_check, err)) return -1;
        snprintf(name, sizeof name, "%s-total", names[a]);
        if (bench_gpu_checked_row(r, op, name, n, bytes, "build + search", run_ours, c, reps, &search_check, err))
            return -1;
        snprintf(note, sizeof note, "%zu queries", c->q);
    }
    return 0;
}

/* Uniform queries over the keys and one past them, or (SKEWED) a Zipf-like draw:
 * u^8 of a uniform u in [0, 1), so that about 42% of the queries fall in the lowest
 * 0.1% of the key range and the hot keys stay in cache. */
static void make_queries(uint32_t *hq, size_t q, size_t n, int skewed)
{
    uint64_t s = skewed ? 0x7654321ull : 0x1234567ull;
    const double range = 2.0 * (double)n + 2.0;
    for (size_t i = 0; i < q; i++) {
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        uint64_t x = (s * 0x2545F4914F6CDD1Dull) >> 32;
        if (!skewed) {
            hq[i] = (uint32_t)(x % (2 * (uint64_t)n + 2));
            continue;
        }
        double u = (double)x / 4294967296.0, u8 = u * u;
        u8 *= u8, u8 *= u8;
        double v = floor(u8 * range);
        hq[i] = (uint32_t)(v < range - 1 ? v : range - 1);
    }
}

static int bench_one(bench_report *r, size_t n, int reps, sw_error *err)
{
    search_ctx c = {0};
    uint32_t *hk = NULL, *hq = NULL, *hs = NULL;
    int rc = -1;
    char note[96];
    c.n = n;
    c.q = BATCH_QUERIES;
    c.temp_bytes = temp_bytes(n);
    if (cuda_alloc((void **)&c.keys, n * 4, "keys", err) || cuda_alloc((void **)&c.queries, c.q * 4, "queries", err) ||
        cuda_alloc((void **)&c.out, c.q * 8, "results", err) || cuda_alloc(&c.temp, c.temp_bytes, "scratch", err))
        goto done;
    hk = sw_malloc(n * 4, "keys", err), hq = sw_malloc(c.q * 4, "queries", err);
    hs = sw_malloc(c.q * 4, "skewed queries", err), c.ho = sw_malloc(c.q * 8, "out", err);
    if (!hk || !hq || !hs || !c.ho) goto done;
    for (size_t i = 0; i < n; i++) hk[i] = (uint32_t)(2 * i);
    make_queries(hq, c.q, n, 0);
    make_queries(hs, c.q, n, 1);
    if (cudaMemcpy(c.keys, hk, n * 4, cudaMemcpyHostToDevice) != cudaSuccess) {
        sw_fail(err, "copy of the keys failed");
        goto done;
    }
    if (query_rows(r, &c, "search", hq, reps, err) || query_rows(r, &c, "search-skewed", hs, reps, err)) goto done;
    /* Latency: one block answers LATENCY_QUERIES queries in turn; the time per query. */
    if (cudaMemcpy(c.queries, hq, LATENCY_QUERIES * 4, cudaMemcpyHostToDevice) != cudaSuccess) {
        sw_fail(err, "copy of the queries failed");
        goto done;
    }
    c.hq = hq;
    c.q = LATENCY_QUERIES;
    c.one_block = 1;
    for (int a = 0; a < 3; a++) {   /* the ladder; the tree is a throughput design: no latency row */
        c.algo = a;
        snprintf(note, sizeof note, "ms per query, one %s, %d in turn", a == 0 ? "thread" : a == 1 ? "warp" : "block",
                 LATENCY_QUERIES);
        size_t before = r->count;
        if (bench_gpu_checked_row(r, "search-latency", names[a], (int64_t)n, 12.0, note, run_ours, &c, reps,
                                  &search_check, err))
            goto done;
        if (r->count == before) continue;   /* a mismatch: no row */
        r->rows[r->count - 1].median_ms /= LATENCY_QUERIES;
        r->rows[r->count - 1].min_ms /= LATENCY_QUERIES;
    }
    rc = 0;
done:
    free(hk), free(hq), free(hs), free(c.ho);
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
    bench_gpu_environment(&r, "lower bound of 2^22 uint32 queries (uniform; skewed) in n sorted keys; latency per query");
    snprintf(r.x_label, sizeof r.x_label, "sorted keys");
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
