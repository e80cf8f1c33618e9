/* Delta-stepping's preparation on the device (sssp_ds_split: the light | heavy split,
 * then the sort of each heavy part of at most SSSP_PULL_SORT_MAX arcs and heavy_min),
 * against a CPU reference, on random weighted graphs whose rows have 0, 1, 31, 32, 33,
 * 1000, 1024, 1025 and 3000 heavy arcs among random ones (tied weights, repeated arcs,
 * a weight of exactly delta, a few +inf), and on unweighted ones (w NULL). The work
 * buffer is poisoned (0xff) before every run. Skips (exit 77) without a CUDA device. */
#include <stdio.h>
#include <stdlib.h>

#include "prim/backend.h"
#include "test_util.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include <math.h>
#include "graph/sssp_device.h"
#include "kernels/graph/sssp_prep.h"

/* A CSR graph on the host; W NULL: weight 1. */
typedef struct {
    uint32_t n;
    uint64_t m;
    int64_t *row;
    uint32_t *col;
    float *w;
} host_graph;

static const uint32_t special_heavy[] = {0, 1, 31, 32, 33, 1000, 1024, 1025, 3000};
#define SPECIAL_COUNT (sizeof special_heavy / sizeof special_heavy[0])
#define N_VERTICES 4099u
#define DELTA 0.75f

static uint32_t bits_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* The kernel's order: weight bits, then column. */
static uint64_t arc_key(uint32_t c, float w) { return (uint64_t)bits_of(w) << 32 | c; }

static float key_weight(uint64_t key)
{
    uint32_t b = (uint32_t)(key >> 32);
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Row u's heavy and light counts: the special counts on every 97th vertex (3 rounds of
 * the list), else small random ones; a few rows of many light arcs. */
static void row_counts(uint32_t u, uint64_t *rng, uint32_t *heavy, uint32_t *light)
{
    if (u % 97 == 5 && u / 97 < 3 * SPECIAL_COUNT) {
        *heavy = special_heavy[(u / 97) % SPECIAL_COUNT];
        *light = (uint32_t)(test_rand(rng) % 50);
    } else {
        *heavy = (uint32_t)(test_rand(rng) % 41);
        *light = u % 211 == 7 ? 1500 : (uint32_t)(test_rand(rng) % 41);
    }
}

/* Weighted (WEIGHTED) or not; the weights are quantized so that ties are common, and
 * every fourth row draws its columns from 8 so that whole arcs repeat. */
static int build(int weighted, host_graph *g)
{
    uint64_t rng = weighted ? 0x5eed : 0xfeed;
    g->n = N_VERTICES;
    g->row = malloc(((size_t)g->n + 1) * sizeof *g->row);
    if (!g->row) return -1;
    uint32_t *heavy = malloc(g->n * sizeof *heavy), *light = malloc(g->n * sizeof *light);
    if (!heavy || !light) return free(heavy), free(light), -1;
    g->row[0] = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        row_counts(u, &rng, &heavy[u], &light[u]);
        g->row[u + 1] = g->row[u] + heavy[u] + light[u];
    }
    g->m = (uint64_t)g->row[g->n];
    g->col = malloc(g->m * sizeof *g->col + 4);
    g->w = weighted ? malloc(g->m * sizeof *g->w + 4) : NULL;
    if (!g->col || (weighted && !g->w)) return free(heavy), free(light), -1;
    for (uint32_t u = 0; u < g->n; u++) {
        uint32_t h = heavy[u], l = light[u], cols = u % 4 == 1 ? 8 : g->n;
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) {
            /* heavy or light at random, in the proportion still left */
            int is_heavy = test_rand(&rng) % (h + l) < h;
            if (is_heavy) h--;
            else l--;
            g->col[k] = (uint32_t)(test_rand(&rng) % cols);
            if (!weighted) continue;
            uint32_t q = (uint32_t)(test_rand(&rng) % 16);
            g->w[k] = is_heavy ? (test_rand(&rng) % 101 == 0 ? INFINITY : DELTA * (1.0f + (float)q / 4.0f))
                               : DELTA * (float)q / 16.0f;
        }
    }
    free(heavy), free(light);
    return 0;
}

static void release(host_graph *g) { free(g->row), free(g->col), free(g->w); }

/* Runs sssp_ds_split at DELTA on G and checks each row against the CPU. */
static void check_split(const host_graph *g, float delta, const char *name)
{
    const size_t n = g->n, m = g->m, n1 = (n + 1) * sizeof(int64_t);
    const int weighted = g->w != NULL;
    void *d_row = NULL, *d_col = NULL, *d_w = NULL, *temp = NULL;
    int64_t *mid = malloc(n * sizeof *mid);
    uint32_t *col = malloc(m * sizeof *col + 4);
    float *w = malloc(m * sizeof *w + 4), *hmin = malloc(n * sizeof *hmin);
    uint64_t *want = malloc(m * sizeof *want + 8), *got = malloc(m * sizeof *got + 8);
    const size_t bytes = sssp_ds_work_bytes(g->n, g->m, weighted, SSSP_DS_SEGMENT);
    sw_error err = {{0}};
    int rc = !mid || !col || !w || !hmin || !want || !got;
    if (!rc)
        rc = cudaMalloc(&d_row, n1) != cudaSuccess || cudaMalloc(&d_col, m * 4 + 4) != cudaSuccess ||
             (weighted && cudaMalloc(&d_w, m * 4 + 4) != cudaSuccess) || cudaMalloc(&temp, bytes) != cudaSuccess ||
             cudaMemcpy(d_row, g->row, n1, cudaMemcpyHostToDevice) != cudaSuccess ||
             cudaMemcpy(d_col, g->col, m * 4, cudaMemcpyHostToDevice) != cudaSuccess ||
             (weighted && cudaMemcpy(d_w, g->w, m * 4, cudaMemcpyHostToDevice) != cudaSuccess) ||
             cudaMemset(temp, 0xff, bytes) != cudaSuccess;
    CHECK_MSG(!rc, "%s: cannot set up", name);
    sssp_ds_work ds;
    unsigned long long heavy_rows[2] = {0, 0};   /* rows with a heavy arc, heavy arcs */
    if (!rc) {
        sssp_ds_work_carve(temp, g->n, g->m, weighted, SSSP_DS_BIG_DEGREE, SSSP_DS_SEGMENT, &ds);
        const sssp_dev_graph dg = {g->n, g->m, d_row, d_col, d_w, 0};
        rc = sssp_ds_split(&dg, delta, &ds, 0, &err);
        CHECK_MSG(rc == 0, "%s: sssp_ds_split: %s", name, err.msg);
    }
    if (!rc) {
        rc = cudaMemcpy(mid, ds.mid, n * 8, cudaMemcpyDeviceToHost) != cudaSuccess ||
             cudaMemcpy(col, ds.col, m * 4, cudaMemcpyDeviceToHost) != cudaSuccess ||
             (weighted && cudaMemcpy(w, ds.w, m * 4, cudaMemcpyDeviceToHost) != cudaSuccess) ||
             cudaMemcpy(hmin, ds.heavy_min, n * 4, cudaMemcpyDeviceToHost) != cudaSuccess ||
             cudaMemcpy(heavy_rows, ds.heavy_rows, sizeof heavy_rows, cudaMemcpyDeviceToHost) != cudaSuccess;
        CHECK_MSG(!rc, "%s: the run or a copy back failed: %s", name, cudaGetErrorString(cudaGetLastError()));
    }
    int bad_rows = 0;
    unsigned long long want_rows = 0, want_arcs = 0;
    for (uint32_t u = 0; !rc && u < g->n; u++) {
        unsigned long long h = 0;
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) h += !((weighted ? g->w[k] : 1.0f) < delta);
        want_rows += h > 0;
        want_arcs += h;
    }
    CHECK_MSG(rc || (heavy_rows[0] == want_rows && heavy_rows[1] == want_arcs),
              "%s: %llu rows with a heavy arc and %llu heavy arcs counted, want %llu and %llu", name, heavy_rows[0],
              heavy_rows[1], want_rows, want_arcs);
    for (uint32_t u = 0; !rc && u < g->n && bad_rows < 10; u++) {
        const int64_t a = g->row[u], b = g->row[u + 1];
        /* the reference: light arcs in CSR order, then heavy ones (sorted when short) */
        int64_t nl = 0, nh = 0;
        for (int64_t k = a; k < b; k++)
            if ((weighted ? g->w[k] : 1.0f) < delta) want[a + nl++] = arc_key(g->col[k], weighted ? g->w[k] : 1.0f);
        for (int64_t k = a; k < b; k++)
            if (!((weighted ? g->w[k] : 1.0f) < delta))
                want[a + nl + nh++] = arc_key(g->col[k], weighted ? g->w[k] : 1.0f);
        const int sorted = weighted && nh <= (int64_t)SSSP_PULL_SORT_MAX;
        if (sorted) qsort(want + a + nl, (size_t)nh, sizeof *want, cmp_u64);
        const float want_min = nh == 0 ? INFINITY : !weighted ? 1.0f : sorted ? key_weight(want[a + nl]) : delta;
        for (int64_t k = a; k < b; k++) got[k] = arc_key(col[k], weighted ? w[k] : 1.0f);
        int ok = mid[u] == a + nl;
        CHECK_MSG(ok, "%s: row %u (%lld light, %lld heavy): mid %lld, want %lld", name, u, (long long)nl,
                  (long long)nh, (long long)mid[u], (long long)(a + nl));
        if (ok && memcmp(got + a, want + a, (size_t)(b - a) * sizeof *got)) {
            int64_t k = a;
            while (got[k] == want[k]) k++;
            CHECK_MSG(0, "%s: row %u (%lld light, %lld heavy%s): arc %lld is (%u, %g), want (%u, %g)", name, u,
                      (long long)nl, (long long)nh, sorted ? ", sorted" : "", (long long)(k - a), (uint32_t)got[k],
                      (double)key_weight(got[k]), (uint32_t)want[k], (double)key_weight(want[k]));
            ok = 0;
        }
        if (bits_of(hmin[u]) != bits_of(want_min)) {
            CHECK_MSG(0, "%s: row %u (%lld heavy): heavy_min %g, want %g", name, u, (long long)nh, (double)hmin[u],
                      (double)want_min);
            ok = 0;
        }
        bad_rows += !ok;
    }
    if (!rc && !bad_rows) printf("  %s: %u rows, %llu arcs split and sorted as the CPU does\n", name, g->n,
                                 (unsigned long long)g->m);
    cudaFree(d_row), cudaFree(d_col), cudaFree(d_w), cudaFree(temp);
    free(mid), free(col), free(w), free(hmin), free(want), free(got);
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("no CUDA: %s", why);
    host_graph g = {0};
    CHECK_MSG(build(1, &g) == 0, "out of memory");
    if (!test_failures) {
        check_split(&g, DELTA, "weighted, delta 0.75");
        check_split(&g, 1e30f, "weighted, delta 1e30 (only the +inf arcs heavy)");
        check_split(&g, 1e-30f, "weighted, almost every arc heavy");
    }
    release(&g);
    host_graph u = {0};
    CHECK_MSG(build(0, &u) == 0, "out of memory");
    if (!test_failures) {
        check_split(&u, 1.0f, "unweighted, delta 1 (every arc heavy)");
        check_split(&u, 1.5f, "unweighted, delta 1.5 (every arc light)");
    }
    release(&u);
    return test_finish("test_sssp_prep");
}

#else

TEST_MAIN_WITHOUT_CUDA()

#endif
