/* sssp_sim's shared parts (sssp_sim.c says what it simulates and how to build it): the
 * graph helpers, a bucket's record, the simulator's state, and the functions of
 * sssp_sim_price.c (a bucket's pull / prune / estimate pricing) and sssp_sim_ref.c (the
 * Dijkstra and BFS references). */
#ifndef SSSP_SIM_H
#define SSSP_SIM_H

#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph/csr.h"
#include "graph/rmat.h"

#define BIG_DEGREE 32    /* SSSP_DS_BIG_DEGREE: hub segments above this many arcs */
#define PULL_HUB 1024    /* a pulling vertex of more arcs than this needs a segment phase */
#define HIST 64          /* estimate histogram bins (in delta units from lo) */

static inline double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static inline int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static inline int cmp_f32(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static inline uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* first k in [a, b) with w[k] >= x (w sorted ascending there) */
static inline int64_t lower(const float *w, int64_t a, int64_t b, float x)
{
    while (a < b) {
        int64_t m = a + (b - a) / 2;
        if (w[m] < x) a = m + 1;
        else b = m;
    }
    return a;
}

typedef struct bucket_rec {
    int b, jumps;
    float lo, hi;
    uint64_t scan_q, members, rounds, light_hub_rounds, light_queued, light_expanded, light_arcs, light_improved;
    uint64_t heavy_arcs, heavy_improved, heavy_hub, heavy_hub_arcs, heavy_max_deg;
    uint64_t unset_fin, unset_inf, unset_inf_deg, pull_fin, pull_inf, pull_active, pull_hub, pull_hub_arcs,
        pull_max;
    int64_t tight;   /* -1: not counted */
    uint64_t prune_arcs, all_finite;
    double est, est2;
    int tail;        /* the Bellman-Ford tail (hybridization): all arcs light, hi = inf */
    uint64_t tail_settled, tail_far;
} bucket_rec;

typedef struct sim {
    const graph_csr *g;
    const int64_t *mid;
    float delta;
    uint32_t n;
    float *dist, *expanded;
    uint32_t *stamp, *bstamp, *q[2], *members;
    uint64_t comp;   /* vertices of the root's component */
    double mean_heavy, mean_heavy_fin;
    double hyb;      /* > 0: switch to a Bellman-Ford tail once finite unsettled <= hyb x settled */
} sim;

void price(sim *s, bucket_rec *r, float lo, float hi, const uint32_t *hist_fin, uint64_t hist_inf);
void dijkstra(const graph_csr *g, uint32_t src, float *dist);
uint64_t bfs_count(const graph_csr *g, uint32_t src, int32_t *lv, uint32_t *queue, int *levels);

#endif
