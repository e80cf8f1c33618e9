/* DIMACS shortest-path files (.gr): "c" comment lines, one "p sp N M" line before any
 * arc, then M lines "a U V W" with 1-based ids and a non-negative weight. */
#include "graph/graph_load.h"

int graph_read_dimacs(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err)
{
    graph_lines l = {fp, name, 0, NULL, 0, err};
    int rc = -1, got;
    bool have_p = false;
    uint64_t n = 0, m = 0, seen = 0;
    while ((got = graph_lines_next(&l)) == 1) {
        const char *p = l.buf;
        if (p[0] == 'c' || graph_token_end(p)) continue;
        if (p[0] == 'p') {
            if (have_p) {
                graph_lines_fail(&l, "a second 'p' line");
                goto done;
            }
            p++;
            while (*p == ' ' || *p == '\t') p++;
            if (p[0] != 's' || p[1] != 'p' || (p[2] != ' ' && p[2] != '\t')) {
                graph_lines_fail(&l, "bad problem line: expected 'p sp VERTICES ARCS'");
                goto done;
            }
            p += 2;
            if (graph_token_u64(&p, &n) || graph_token_u64(&p, &m) || !graph_token_end(p)) {
                graph_lines_fail(&l, "bad problem line: expected 'p sp VERTICES ARCS'");
                goto done;
            }
            if (graph_check_vertex_count(&l, n, file_bytes)) goto done;
            if (m > file_bytes / 8) {   /* each arc needs at least "a 1 1 0\n" */
                graph_lines_fail(&l, "declares %llu arcs but the file has only %llu bytes", (unsigned long long)m,
                                 (unsigned long long)file_bytes);
                goto done;
            }
            if (graph_coo_reserve(out, m ? m : 1, true, err)) goto done;
            out->n = (uint32_t)n;
            have_p = true;
            continue;
        }
        if (p[0] != 'a' || (p[1] != ' ' && p[1] != '\t')) {
            graph_lines_fail(&l, "unexpected line: expected 'c', 'p sp N M' or 'a U V W'");
            goto done;
        }
        if (!have_p) {
            graph_lines_fail(&l, "arc before the 'p sp N M' line");
            goto done;
        }
        p++;
        uint64_t u, v;
        double w;
        if (graph_token_u64(&p, &u) || graph_token_u64(&p, &v) || graph_token_f64(&p, &w) || !graph_token_end(p)) {
            graph_lines_fail(&l, "bad arc: expected 'a U V WEIGHT'");
            goto done;
        }
        if (u < 1 || u > n || v < 1 || v > n) {
            graph_lines_fail(&l, "arc (%llu, %llu) out of range: ids are 1..%llu", (unsigned long long)u,
                             (unsigned long long)v, (unsigned long long)n);
            goto done;
        }
        if (graph_check_weight(&l, w)) goto done;
        if (seen == m) {
            graph_lines_fail(&l, "more arcs than the %llu the 'p' line declares", (unsigned long long)m);
            goto done;
        }
        if (graph_coo_push(out, (uint32_t)(u - 1), (uint32_t)(v - 1), (float)w, true, err)) goto done;
        seen++;
    }
    if (got < 0) goto done;
    if (!have_p) {
        sw_fail(err, "%s:%ld: no 'p sp VERTICES ARCS' line", name, l.line);
        goto done;
    }
    rc = 0;
done:
    return graph_lines_end(&l, rc, "'p' line", "arcs", m, seen, out);
}
