/* sssp_sim: one bucket's pricing of a pull, a pruned push and the GPU's estimates (sssp_sim.c). */
#include "sssp_sim.h"

/* one heavy-arc pull/prune/estimate pricing pass over all vertices, before the heavy round */
void price(sim *s, bucket_rec *r, float lo, float hi, const uint32_t *hist_fin, uint64_t hist_inf)
{
    const graph_csr *g = s->g;
    uint64_t fin_total = 0;
    float bmax = 0;
    double est2 = 0;
    for (uint32_t v = 0; v < s->n; v++) {
        float d = s->dist[v];
        if (d < hi) {
            fin_total++;
            continue;
        }
        int64_t a = s->mid[v], e = g->row[v + 1];
        uint64_t c;
        if (isinf(d)) {
            r->unset_inf++;
            c = (uint64_t)(e - a);
            r->unset_inf_deg += c;
            r->pull_inf += c;
        } else {
            fin_total++;
            if (d > bmax) bmax = d;
            r->unset_fin++;
            c = (uint64_t)(lower(g->w, a, e, d - lo) - a);
            r->pull_fin += c;
            double gap = d - lo, f = gap >= 1 ? 1 : (gap - s->delta) / (1 - s->delta);
            if (f > 0) est2 += s->mean_heavy_fin * f;
        }
        if (c) r->pull_active++;
        if (c > PULL_HUB) r->pull_hub++, r->pull_hub_arcs += c;
        if (c > r->pull_max) r->pull_max = c;
    }
    r->all_finite = fin_total >= s->comp;
    /* est2: the inf part exact (the GPU can keep the heavy degree of the unreached as a
       counter: all minus those reached, added when an atomicMin returns inf), the finite
       part from the unsettled dist at the decision times the mean heavy degree */
    r->est2 = est2 + (double)r->pull_inf;
    /* push cut at B - du */
    for (uint64_t i = 0; i < r->members; i++) {
        uint32_t u = s->members[i];
        int64_t a = s->mid[u], e = g->row[u + 1];
        r->prune_arcs += r->all_finite ? (uint64_t)(lower(g->w, a, e, bmax - s->dist[u]) - a) : (uint64_t)(e - a);
    }
    /* estimate from the scan's histogram (GPU-computable: counts in the scan, mean degree) */
    double est = (double)hist_inf * s->mean_heavy;
    for (int k = 0; k < HIST; k++) {
        double gap = (k + 1) * (double)s->delta;   /* upper end of the bin's gap d - lo */
        double f = gap >= 1 ? 1 : (gap - s->delta) / (1 - s->delta);
        if (f < 0) f = 0;
        est += hist_fin[k] * s->mean_heavy * f;
    }
    r->est = est;
    /* tight pull, scanned for real, only where pull could win */
    r->tight = -1;
    if (r->pull_fin + r->pull_inf <= 4 * r->heavy_arcs + 1000) {
        uint64_t t = 0;
        for (uint32_t v = 0; v < s->n; v++) {
            float best = s->dist[v];
            if (best < hi) continue;
            for (int64_t k = s->mid[v], e = g->row[v + 1]; k < e; k++) {
                float w = g->w[k];
                if (!(w < best - lo)) break;
                t++;
                float du = s->dist[g->col[k]];
                if (du >= lo && du < hi && du + w < best) best = du + w;
            }
        }
        r->tight = (int64_t)t;
    }
}
