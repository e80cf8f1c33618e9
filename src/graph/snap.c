/* SNAP-style edge lists: one "src dst" or "src dst weight" per line, whitespace
 * separated, '#' (or '%') comment lines, ids used as they are (0-based or not), and
 * n = largest id + 1. The first edge line decides whether weights are present. */
#include "graph/graph_load.h"

int graph_read_snap(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err)
{
    (void)file_bytes;   /* nothing is declared: arrays grow as lines arrive */
    graph_lines l = {fp, name, 0, NULL, 0, err};
    int rc = -1, got, columns = 0;
    uint64_t max_id = 0;
    bool any = false;
    while ((got = graph_lines_next(&l)) == 1) {
        if (l.buf[0] == '#' || l.buf[0] == '%' || graph_token_end(l.buf)) continue;
        const char *p = l.buf;
        uint64_t s, d;
        double w = 1.0;
        if (graph_token_u64(&p, &s) || graph_token_u64(&p, &d)) {
            graph_lines_fail(&l, "bad edge: expected 'src dst' or 'src dst weight' (non-negative integer ids)");
            goto done;
        }
        int cols = graph_token_end(p) ? 2 : 3;
        if (cols == 3 && (graph_token_f64(&p, &w) || !graph_token_end(p))) {
            graph_lines_fail(&l, "bad edge: expected 'src dst' or 'src dst weight'");
            goto done;
        }
        if (!columns) columns = cols;
        if (cols != columns) {
            graph_lines_fail(&l, "%d columns here but %d on the first edge line", cols, columns);
            goto done;
        }
        if (s >= GRAPH_MAX_VERTICES || d >= GRAPH_MAX_VERTICES) {
            graph_lines_fail(&l, "vertex id %llu out of range: ids must be < %u",
                             (unsigned long long)(s > d ? s : d), GRAPH_MAX_VERTICES);
            goto done;
        }
        if (cols == 3 && graph_check_weight(&l, w)) goto done;
        if (graph_coo_push(out, (uint32_t)s, (uint32_t)d, (float)w, cols == 3, err)) goto done;
        if (s > max_id) max_id = s;
        if (d > max_id) max_id = d;
        any = true;
    }
    if (got < 0) goto done;
    out->n = any ? (uint32_t)(max_id + 1) : 0;
    rc = 0;
done:
    return graph_lines_end(&l, rc, NULL, NULL, 0, 0, out);
}
