#define _POSIX_C_SOURCE 200809L   /* sysconf */
#include "graph/graph_check.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

int graph_host_threads(void)
{
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c < 1 ? 1 : c > 64 ? 64 : (int)c;
}

typedef struct bfs_check_part {
    const graph_csr *g, *rt;
    uint32_t source, lo, hi;
    const int32_t *lv;
    uint64_t bad;
    uint32_t first;   /* first vertex in [lo, hi) breaking a rule */
    int rule;
} bfs_check_part;

static void note_bad(bfs_check_part *p, uint32_t u, int rule)
{
    if (!p->bad++) p->first = u, p->rule = rule;
}

static void *check_range(void *arg)
{
    bfs_check_part *p = arg;
    const graph_csr *g = p->g, *rt = p->rt ? p->rt : p->g;
    const int32_t *lv = p->lv;
    for (uint32_t u = p->lo; u < p->hi; u++) {
        int32_t l = lv[u];
        if (u == p->source ? l != 0 : l == 0 || l < -1) {
            note_bad(p, u, 1);
            continue;
        }
        if (l < 0) continue;
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) {
            int32_t lw = lv[g->col[k]];
            if (lw < 0 || lw > l + 1) {
                note_bad(p, u, 2);
                break;
            }
        }
        if (u == p->source) continue;
        int parent = 0;
        for (int64_t k = rt->row[u]; k < rt->row[u + 1] && !parent; k++) parent = lv[rt->col[k]] == l - 1;
        if (!parent) note_bad(p, u, 3);
    }
    return NULL;
}

#define CHECK_MAX_PARTS 64
#define CHECK_SERIAL_ARCS (1u << 22)   /* below this, one thread */

int graph_bfs_check(const graph_csr *g, const graph_csr *rt, uint32_t source, const int32_t *levels, sw_error *err)
{
    if (source >= g->n) return sw_fail(err, "BFS check: source %u out of range (%u vertices)", source, g->n);
    bfs_check_part parts[CHECK_MAX_PARTS];
    int np = g->m < CHECK_SERIAL_ARCS ? 1 : graph_host_threads();
    pthread_t th[CHECK_MAX_PARTS];
    int started[CHECK_MAX_PARTS] = {0};
    for (int i = 0; i < np; i++) {
        parts[i] = (bfs_check_part){g, rt, source, (uint32_t)((uint64_t)g->n * i / np),
                                    (uint32_t)((uint64_t)g->n * (i + 1) / np), levels, 0, 0, 0};
        if (i > 0) started[i] = pthread_create(&th[i], NULL, check_range, &parts[i]) == 0;
    }
    check_range(&parts[0]);
    for (int i = 1; i < np; i++) {
        if (started[i]) pthread_join(th[i], NULL);
        else check_range(&parts[i]);   /* no thread: check it here */
    }
    uint64_t bad = 0;
    const bfs_check_part *first = NULL;
    for (int i = 0; i < np; i++) {
        bad += parts[i].bad;
        if (!first && parts[i].bad) first = &parts[i];
    }
    if (!bad) return 0;
    static const char *const rules[] = {"", "level 0 is the source's alone (others -1 or > 0)",
                                        "every arc from a reached vertex goes at most one level down",
                                        "a reached vertex has an in-neighbour one level up"};
    return sw_fail(err, "BFS from %u breaks the Graph500 rules at %llu vertices; the first, %u (level %d), breaks: %s",
                   source, (unsigned long long)bad, first->first, levels[first->first], rules[first->rule]);
}

int graph_levels_equal(uint32_t n, const int32_t *levels, const int32_t *ref, sw_error *err)
{
    uint64_t bad = 0;
    uint32_t first = 0;
    for (uint32_t v = 0; v < n; v++)
        if (levels[v] != ref[v] && !bad++) first = v;
    if (!bad) return 0;
    return sw_fail(err, "%llu levels differ from the CPU BFS; the first at vertex %u: %d, the CPU's %d",
                   (unsigned long long)bad, first, levels[first], ref[first]);
}

int graph_dist_equal(uint32_t n, const double *dist, const double *ref, sw_error *err)
{
    uint64_t bad = 0;
    uint32_t first = 0;
    for (uint32_t v = 0; v < n; v++) {
        bool ok = isinf(ref[v]) ? isinf(dist[v]) : fabs(dist[v] - ref[v]) <= GRAPH_DIST_RTOL * (1.0 + ref[v]);
        if (!ok && !bad++) first = v;
    }
    if (!bad) return 0;
    return sw_fail(err, "%llu distances differ from Dijkstra's; the first at vertex %u: %.9g, Dijkstra's %.9g",
                   (unsigned long long)bad, first, dist[first], ref[first]);
}

uint64_t graph_component_arcs(const graph_csr *g, const int32_t *levels)
{
    uint64_t arcs = 0;
    for (uint32_t v = 0; v < g->n; v++)
        if (levels[v] >= 0) arcs += (uint64_t)(g->row[v + 1] - g->row[v]);
    return arcs;
}

double graph_harmonic_mean(const double *x, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) {
        if (!(x[i] > 0)) return 0;
        s += 1.0 / x[i];
    }
    return n > 0 ? n / s : 0;
}
