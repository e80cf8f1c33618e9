/* sssp_sim: a CPU simulator of the GPU delta-stepping SSSP (kernels/graph/sssp_delta.cu)
 * on the bench's own graph, counting per bucket what a push, a pull or a pruned heavy
 * round would touch, so that algorithmic changes can be priced before they are built.
 *
 * Graph: exactly `scanworks bench sssp --graph rmat:22:16`: graph_rmat(scale, ef, seed 1,
 * weighted), graph_csr_from_coo (both directions, self loops dropped), roots as
 * bench_graph.c picks them (mix64(seed * 7919 + index), degree > 0), delta as
 * sssp_bucket_width computes it (max of 2 w / d and 6000 L w / R, as a float).
 *
 * Semantics (as the kernel): per bucket [lo, hi) a scan queues lo <= dist < hi (an empty
 * bucket jumps lo to the smallest dist >= hi); light rounds expand each queued vertex
 * whose dist is below the dist it was last expanded from (EXPANDED), relaxing its
 * light arcs (w < delta); an improved vertex below hi is queued once for the next
 * round; when the queue is empty, one heavy round relaxes every member's heavy arcs.
 * Within a round vertices are processed in queue order and see earlier relaxations
 * (atomicMin order); dist is float as on the GPU. A vertex of more than 32 arcs in a
 * phase is a hub (SSSP_DS_BIG_DEGREE), which adds the hub-segment phase.
 *
 * Per bucket it also prices, on the same dist (push and pull give the same result):
 *  pull   every unsettled v (dist >= hi) scans its heavy arcs, sorted by weight, while
 *         w < dist[v] - lo: counted by binary search (pull_fin / pull_inf arcs,
 *         pull_active vertices with at least one such arc, pull_hub: one over PULL_HUB);
 *  tight  the same pull stopping at w >= best - lo, best = min(dist[v], candidates
 *         found so far) (scanned for real, where pull <= 4 x push);
 *  prune  push cut at w >= B - du, B the largest finite dist, valid once every vertex of
 *         the root's component is finite (else the full push);
 *  est    a pull estimate the GPU could make from the bucket's scan: a histogram of the
 *         unsettled dist (in units of delta from lo) times the mean heavy degree times
 *         the fraction of heavy weights below the gap (weights uniform in (0, 1]);
 *  est2   the inf part exact (a counter of the unreached vertices' heavy degree, kept
 *         where an atomicMin returns inf) plus the finite part at decision time.
 * It also checks that weights are symmetric (the runs of v in row u and of u in row v
 * hold the same weights), which pull over out-arcs needs.
 * The result of every root is checked against a float Dijkstra (first root only).
 *
 * Build (from the repository root):
 *   gcc -O2 -std=c11 -fopenmp -Isrc -Iinclude scripts/sssp-sim/sssp_sim*.c src/graph/rmat.c \
 *       src/graph/csr.c src/util/error.c -lm -o /tmp/sssp_sim
 * Run:
 *   /tmp/sssp_sim SCALE EF ROOTS DELTA[,DELTA...] BUCKETS.csv ROUNDS.csv [HYB[,HYB...]]
 *   DELTA 0 is the bench's derived width; HYB > 0 adds runs that switch to a Bellman-Ford
 *   tail (all arcs light, hi = inf: Chakaravarthy et al.'s hybridization) once the finite
 *   unsettled vertices are at most HYB x the settled ones. The runs of the report (2 cores,
 *   ~6 + ~7 + ~3 minutes, ~3 GB):
 *   /tmp/sssp_sim 22 16 8 0,0.02,0.045,0.05,0.0625,0.09,0.1,0.2 /tmp/b22.csv /tmp/r22.csv
 *   /tmp/sssp_sim 22 16 4 0,0.05,0.1 /tmp/h22.csv /tmp/hr22.csv 0.01,0.03,0.1,0.3
 *   /tmp/sssp_sim 22 16 4 0 /tmp/h22b.csv /tmp/hr22b.csv 0.3,1,3,10
 *   scripts/sssp-sim/sssp_sim_eval.py /tmp/b22.csv /tmp/r22.csv /tmp/h22.csv /tmp/hr22.csv
 * prints the cost model and the tables (scripts/sssp-sim/results-2026-12-03.txt). */
#include "sssp_sim.h"

/* runs one root; appends its bucket records to *RECS (count *NREC), rounds to FR */
static int run_root(sim *s, uint32_t root, int ri, FILE *fr, bucket_rec **recs, int *nrec)
{
    const graph_csr *g = s->g;
    const uint32_t n = s->n;
    for (uint32_t v = 0; v < n; v++) {
        s->dist[v] = INFINITY;
        s->expanded[v] = INFINITY;
        s->stamp[v] = s->bstamp[v] = 0;
    }
    s->dist[root] = 0;
    uint32_t it = 0, b = 0;
    float lo = 0;
    int jumps = 0, cap = 0;
    *recs = NULL;
    *nrec = 0;
    uint32_t hist_fin[HIST];
    uint64_t settled = 0;
    int tail = 0;
    for (;;) {
        float hi = lo + s->delta;
        if (!(hi > lo)) hi = bitsf(fbits(lo) + 1);
        uint64_t tail_far = 0;
        if (s->hyb > 0 && settled && !tail) {   /* hybridization: the rest as Bellman-Ford */
            uint64_t far_fin = 0;
            for (uint32_t v = 0; v < n; v++) far_fin += s->dist[v] >= lo && !isinf(s->dist[v]);
            if ((double)far_fin <= s->hyb * (double)settled) tail = 1, hi = INFINITY, tail_far = far_fin;
        }
        /* scan */
        uint64_t nq = 0, hist_inf = 0;
        float far = INFINITY;
        memset(hist_fin, 0, sizeof hist_fin);
        for (uint32_t v = 0; v < n; v++) {
            float d = s->dist[v];
            if (d >= lo && d < hi && !isinf(d)) s->q[0][nq++] = v;
            else if (d >= hi) {
                if (d < far) far = d;
                if (isinf(d)) hist_inf++;
                else {
                    int k = (int)((d - lo) / s->delta);
                    hist_fin[k < HIST ? k : HIST - 1]++;
                }
            }
        }
        it++;
        if (!nq) {
            if (isinf(far)) break;
            lo = far;
            jumps++;
            continue;
        }
        if (*nrec == cap) {
            cap = cap ? 2 * cap : 64;
            *recs = realloc(*recs, cap * sizeof **recs);
        }
        bucket_rec *r = &(*recs)[(*nrec)++];
        memset(r, 0, sizeof *r);
        r->b = (int)b;
        r->jumps = jumps;
        jumps = 0;
        r->lo = lo;
        r->hi = hi;
        r->scan_q = nq;
        r->tail = tail;
        r->tail_settled = tail ? settled : 0;
        r->tail_far = tail_far;
        uint64_t nm = 0;
        int cur = 0;
        for (;;) {
            while (nq) {
                uint64_t nn = 0, exp = 0, arcs = 0, hub = 0, hub_arcs = 0;
                uint32_t *in = s->q[cur], *out = s->q[cur ^ 1];
                it++;
                for (uint64_t i = 0; i < nq; i++) {
                    uint32_t u = in[i];
                    float du = s->dist[u];
                    if (!(du < s->expanded[u])) continue;
                    s->expanded[u] = du;
                    exp++;
                    int64_t a = g->row[u], e = tail ? g->row[u + 1] : s->mid[u];
                    if (e - a > BIG_DEGREE) hub = 1, hub_arcs += (uint64_t)(e - a);
                    arcs += (uint64_t)(e - a);
                    for (int64_t k = a; k < e; k++) {
                        uint32_t v = g->col[k];
                        float nd = du + g->w[k];
                        if (nd < s->dist[v]) {
                            s->dist[v] = nd;
                            r->light_improved++;
                            if (nd < hi && s->stamp[v] != it) {
                                s->stamp[v] = it;
                                out[nn++] = v;
                            }
                        }
                    }
                    if (s->bstamp[u] != b + 1) {
                        s->bstamp[u] = b + 1;
                        s->members[nm++] = u;
                    }
                }
                fprintf(fr, "%d,%g,%g,%u,%llu,%llu,%llu,%llu,%llu,%llu\n", ri, s->delta, s->hyb, b,
                        (unsigned long long)r->rounds, (unsigned long long)nq, (unsigned long long)exp,
                        (unsigned long long)arcs, (unsigned long long)hub, (unsigned long long)hub_arcs);
                r->rounds++;
                r->light_hub_rounds += hub;
                r->light_queued += nq;
                r->light_expanded += exp;
                r->light_arcs += arcs;
                nq = nn;
                cur ^= 1;
            }
            r->members = nm;
            if (tail) break;   /* no heavy arcs */
            for (uint64_t i = 0; i < nm; i++) {
                uint32_t u = s->members[i];
                uint64_t d = (uint64_t)(g->row[u + 1] - s->mid[u]);
                r->heavy_arcs += d;
                if (d > BIG_DEGREE) r->heavy_hub = 1, r->heavy_hub_arcs += d;
                if (d > r->heavy_max_deg) r->heavy_max_deg = d;
            }
            price(s, r, lo, hi, hist_fin, hist_inf);
            /* heavy round (push) */
            it++;
            for (uint64_t i = 0; i < nm; i++) {
                uint32_t u = s->members[i];
                float du = s->dist[u];
                for (int64_t k = s->mid[u], e = g->row[u + 1]; k < e; k++) {
                    uint32_t v = g->col[k];
                    float nd = du + g->w[k];
                    if (nd < s->dist[v]) {
                        s->dist[v] = nd;
                        r->heavy_improved++;
                        if (nd < hi && s->stamp[v] != it) {   /* only if delta was lost in rounding */
                            s->stamp[v] = it;
                            s->q[cur][nq++] = v;
                        }
                    }
                }
            }
            if (!nq) break;
            fprintf(stderr, "bucket %u: heavy arcs landed below hi (rounding); looping\n", b);
        }
        settled += r->members;
        b++;
        if (tail) break;
        lo = hi;
    }
    return 0;
}

/* float Dijkstra (binary heap with lazy deletion) for the check */
int main(int argc, char **argv)
{
    if (argc < 7) {
        fprintf(stderr, "usage: %s SCALE EF ROOTS DELTA[,DELTA...] BUCKETS.csv ROUNDS.csv [HYB[,HYB...]]\n",
                argv[0]);
        return 2;
    }
    int scale = atoi(argv[1]), ef = atoi(argv[2]), nroots = atoi(argv[3]);
    sw_error err;
    double t0 = now_s();
    graph_coo e;
    graph_csr g;
    if (graph_rmat(scale, ef, 1, true, &e, &err) || graph_csr_from_coo(&e, &g, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    graph_coo_free(&e);
    const uint32_t n = g.n;
    fprintf(stderr, "rmat:%d:%d: %u vertices, %llu arcs (%.1f s)\n", scale, ef, n, (unsigned long long)g.m,
            now_s() - t0);
    /* weights symmetric? rows are sorted by (col, w): the run of v in row u must equal
       the run of u in row v */
    uint64_t asym = 0, pairs = 0, long_runs = 0;
    for (uint32_t u = 0; u < n; u++)
        for (int64_t k = g.row[u]; k < g.row[u + 1];) {
            uint32_t v = g.col[k];
            int64_t k2 = k;
            while (k2 < g.row[u + 1] && g.col[k2] == v) k2++;
            if (v > u) {
                int64_t a = g.row[v], b = g.row[v + 1];
                while (a < b) {
                    int64_t m = a + (b - a) / 2;
                    if (g.col[m] < u) a = m + 1;
                    else b = m;
                }
                /* the two runs as multisets of weights (a run keeps edge order, not weight order) */
                int64_t j2 = a;
                while (j2 < g.row[v + 1] && g.col[j2] == u) j2++;
                if (j2 - a != k2 - k) asym += (uint64_t)(k2 - k);
                else if (k2 - k == 1) asym += g.w[a] != g.w[k];
                else {
                    float x1[256], x2[256];
                    int64_t len = k2 - k < 256 ? k2 - k : 256;   /* runs are short */
                    memcpy(x1, g.w + k, len * 4);
                    memcpy(x2, g.w + a, len * 4);
                    qsort(x1, len, 4, cmp_f32);
                    qsort(x2, len, 4, cmp_f32);
                    for (int64_t x = 0; x < len; x++) asym += x1[x] != x2[x];
                    if (k2 - k > 256) long_runs++;
                }
                pairs++;
            }
            k = k2;
        }
    fprintf(stderr, "symmetry: %llu vertex pairs, %llu arcs whose weight has no twin, %llu runs over 256\n",
            (unsigned long long)pairs, (unsigned long long)asym, (unsigned long long)long_runs);
    /* the bench's delta (sssp_bucket_width): work and parallelism terms */
    double wsum = 0;
    for (uint64_t k = 0; k < g.m; k++) wsum += g.w[k];
    double mean_w = wsum / (double)g.m, deg = (double)g.m / n;
    uint32_t hub = 0;
    for (uint32_t v = 1; v < n; v++)
        if (g.row[v + 1] - g.row[v] > g.row[hub + 1] - g.row[hub]) hub = v;
    int32_t *lv = malloc((size_t)n * sizeof *lv);
    uint32_t *bq = malloc((size_t)n * sizeof *bq);
    int levels = 0;
    uint64_t reached = bfs_count(&g, hub, lv, bq, &levels);
    double work = mean_w * 2.0 / deg, par = 6000.0 * levels * mean_w / (double)reached;
    float delta0 = (float)(work > par ? work : par);
    fprintf(stderr, "mean w %.6f, deg %.3f, hub %u (deg %lld), BFS levels %d reached %llu: work %.6f par %.6f -> "
            "delta %.6f\n", mean_w, deg, hub, (long long)(g.row[hub + 1] - g.row[hub]), levels,
            (unsigned long long)reached, work, par, delta0);
    /* rows sorted by weight (light | heavy is then a split point per delta) */
    t0 = now_s();
    {
        uint64_t *tmp = malloc(sizeof(uint64_t) * 1);
        size_t tcap = 1;
        for (uint32_t u = 0; u < n; u++) {
            int64_t a = g.row[u], b = g.row[u + 1];
            if (b - a < 2) continue;
            if ((size_t)(b - a) > tcap) tmp = realloc(tmp, (tcap = (size_t)(b - a)) * sizeof *tmp);
            for (int64_t k = a; k < b; k++) tmp[k - a] = (uint64_t)fbits(g.w[k]) << 32 | g.col[k];
            qsort(tmp, (size_t)(b - a), sizeof *tmp, cmp_u64);
            for (int64_t k = a; k < b; k++) g.w[k] = bitsf((uint32_t)(tmp[k - a] >> 32)), g.col[k] = (uint32_t)tmp[k - a];
        }
        free(tmp);
    }
    fprintf(stderr, "rows sorted by weight (%.1f s)\n", now_s() - t0);
    uint32_t roots[64];
    int nr = 0;
    uint64_t r = graph_mix64((uint64_t)1 * 7919 + 0);
    for (long tries = 0; nr < nroots && nr < 64 && tries < 1000000; tries++) {
        r = graph_mix64(r);
        uint32_t v = (uint32_t)(r % n);
        if (g.row[v + 1] - g.row[v] > 0) roots[nr++] = v;
    }
    uint64_t comp[64];
    for (int i = 0; i < nr; i++) comp[i] = bfs_count(&g, roots[i], lv, bq, NULL);
    free(lv);
    free(bq);
    FILE *fb = fopen(argv[5], "w"), *fr = fopen(argv[6], "w");
    fprintf(fb, "root,delta,b,jumps,lo,hi,scan_q,members,rounds,light_hub_rounds,light_queued,light_expanded,"
                "light_arcs,light_improved,heavy_arcs,heavy_improved,heavy_hub,heavy_hub_arcs,heavy_max_deg,"
                "unset_fin,unset_inf,unset_inf_deg,pull_fin,pull_inf,pull_active,pull_hub,pull_hub_arcs,pull_max,"
                "tight,prune_arcs,all_finite,est,est2,hyb,tail,tail_settled,tail_far\n");
    fprintf(fr, "root,delta,hyb,b,round,queued,expanded,arcs,hub,hub_arcs\n");
    /* deltas */
    float deltas[16];
    int nd = 0;
    for (char *p = argv[4]; *p && nd < 16;) {
        double d = strtod(p, &p);
        deltas[nd++] = d > 0 ? (float)d : delta0;
        if (*p == ',') p++;
    }
    double hybs[8] = {0};
    int nh = 1;
    if (argc > 7)
        for (char *p = argv[7]; *p && nh < 8;) {
            hybs[nh++] = strtod(p, &p);
            if (*p == ',') p++;
        }
    int64_t *mids[16];
    for (int di = 0; di < nd; di++) {
        mids[di] = malloc(((size_t)n + 1) * sizeof(int64_t));
        for (uint32_t u = 0; u < n; u++) mids[di][u] = lower(g.w, g.row[u], g.row[u + 1], deltas[di]);
    }
    float *ref = malloc((size_t)n * sizeof *ref);
    t0 = now_s();
    dijkstra(&g, roots[0], ref);
    fprintf(stderr, "Dijkstra from %u: %.1f s\n", roots[0], now_s() - t0);
    int jobs = nd * nr * nh;
#pragma omp parallel
    {
        sim s = {&g, NULL, 0, n, malloc(n * 4ul), malloc(n * 4ul), malloc(n * 4ul), malloc(n * 4ul),
                 {malloc(n * 4ul), malloc(n * 4ul)}, malloc(n * 4ul), 0, 0, 0, 0};
#pragma omp for schedule(dynamic, 1)
        for (int j = 0; j < jobs; j++) {
            int di = j / (nr * nh), ri = j % nr, hi_ = j / nr % nh;
            s.hyb = hybs[hi_];
            s.mid = mids[di];
            s.delta = deltas[di];
            s.comp = comp[ri];
            uint64_t heavy = 0, withdeg = 0;
            for (uint32_t u = 0; u < n; u++) heavy += (uint64_t)(g.row[u + 1] - s.mid[u]), withdeg += g.row[u + 1] > g.row[u];
            s.mean_heavy = (double)heavy / n;
            s.mean_heavy_fin = (double)heavy / (double)withdeg;
            double t1 = now_s();
            bucket_rec *recs;
            int nrec;
            char *rbuf = NULL;
            size_t rlen = 0;
            FILE *mem = open_memstream(&rbuf, &rlen);
            run_root(&s, roots[ri], ri, mem, &recs, &nrec);
            fclose(mem);
            uint64_t bad = 0, fin = 0;
            for (uint32_t v = 0; v < n; v++) {
                fin += !isinf(s.dist[v]);
                if (ri == 0 && s.dist[v] != ref[v]) bad++;
            }
#pragma omp critical
            {
                fputs(rbuf, fr);
                for (int i = 0; i < nrec; i++) {
                    bucket_rec *q = &recs[i];
                    fprintf(fb, "%d,%g,%d,%d,%.9g,%.9g,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,"
                                "%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%lld,%llu,%llu,%.0f,%.0f,%g,%d,%llu,%llu\n",
                            ri, s.delta, q->b, q->jumps, q->lo, q->hi, (unsigned long long)q->scan_q,
                            (unsigned long long)q->members, (unsigned long long)q->rounds,
                            (unsigned long long)q->light_hub_rounds, (unsigned long long)q->light_queued,
                            (unsigned long long)q->light_expanded, (unsigned long long)q->light_arcs,
                            (unsigned long long)q->light_improved, (unsigned long long)q->heavy_arcs,
                            (unsigned long long)q->heavy_improved, (unsigned long long)q->heavy_hub,
                            (unsigned long long)q->heavy_hub_arcs, (unsigned long long)q->heavy_max_deg,
                            (unsigned long long)q->unset_fin, (unsigned long long)q->unset_inf,
                            (unsigned long long)q->unset_inf_deg, (unsigned long long)q->pull_fin,
                            (unsigned long long)q->pull_inf, (unsigned long long)q->pull_active,
                            (unsigned long long)q->pull_hub, (unsigned long long)q->pull_hub_arcs,
                            (unsigned long long)q->pull_max, (long long)q->tight,
                            (unsigned long long)q->prune_arcs, (unsigned long long)q->all_finite, q->est, q->est2,
                            s.hyb, q->tail, (unsigned long long)q->tail_settled, (unsigned long long)q->tail_far);
                }
                fflush(fb);
                fflush(fr);
                fprintf(stderr, "root %u delta %g hyb %g: %d buckets, %llu reached (component %llu), %s, %.1f s\n",
                        roots[ri], s.delta, s.hyb, nrec, (unsigned long long)fin, (unsigned long long)comp[ri],
                        ri == 0 ? (bad ? "DIFFERS from Dijkstra" : "equals Dijkstra") : "unchecked",
                        now_s() - t1);
                if (bad) fprintf(stderr, "  %llu vertices differ\n", (unsigned long long)bad);
            }
            free(recs);
            free(rbuf);
        }
    }
    fclose(fb);
    fclose(fr);
    return 0;
}
