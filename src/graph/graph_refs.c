#include "graph/graph_refs.h"

#include <pthread.h>
#include <stdlib.h>

#include "graph/graph_bfs.h"
#include "graph/graph_check.h"
#include "graph/graph_sssp.h"

#define REFS_MAX_THREADS 64

typedef struct refs_job {
    const graph_csr *g;
    const uint32_t *roots;
    int count, next, failed;
    int32_t **levels;
    double **dist;
    pthread_mutex_t mu;
    sw_error err;
} refs_job;

static void *refs_worker(void *arg)
{
    refs_job *j = arg;
    for (;;) {
        pthread_mutex_lock(&j->mu);
        int i = j->failed ? j->count : j->next++;
        pthread_mutex_unlock(&j->mu);
        if (i >= j->count) return NULL;
        sw_error e;
        int rc = 0;
        if (j->levels && j->levels[i]) rc = bfs_cpu(j->g, j->roots[i], j->levels[i], NULL, &e);
        if (!rc && j->dist && j->dist[i]) rc = sssp_cpu(j->g, j->roots[i], j->dist[i], NULL, &e);
        if (rc) {
            pthread_mutex_lock(&j->mu);
            if (!j->failed++) j->err = e;
            pthread_mutex_unlock(&j->mu);
        }
    }
}

int graph_cpu_refs(const graph_csr *g, const uint32_t *roots, int count, int32_t **levels, double **dist,
                   sw_error *err)
{
    refs_job j = {g, roots, count, 0, 0, levels, dist, PTHREAD_MUTEX_INITIALIZER, {{0}}};
    int threads = graph_host_threads();
    if (dist) {   /* Dijkstra's heap holds up to m + 1 entries of 16 bytes */
        uint64_t heap = ((uint64_t)g->m + 1) * 16, fit = GRAPH_REFS_HEAP_BUDGET / (heap ? heap : 1);
        if (fit < (uint64_t)threads) threads = fit < 1 ? 1 : (int)fit;
    }
    if (threads > count) threads = count;
    if (threads > REFS_MAX_THREADS) threads = REFS_MAX_THREADS;
    pthread_t th[REFS_MAX_THREADS];
    int started = 0;
    for (int t = 1; t < threads; t++, started++)
        if (pthread_create(&th[t - 1], NULL, refs_worker, &j)) break;
    refs_worker(&j);   /* this thread works too; with no other thread it does it all */
    for (int t = 0; t < started; t++) pthread_join(th[t], NULL);
    pthread_mutex_destroy(&j.mu);
    if (j.failed) {
        *err = j.err;
        return -1;
    }
    return 0;
}
