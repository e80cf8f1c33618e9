/* Matrix Market coordinate files: "%%MatrixMarket matrix coordinate FIELD SYMMETRY"
 * with FIELD pattern | integer | real and SYMMETRY general | symmetric, '%' comments,
 * a "rows cols entries" line (rows == cols), then one "i j [value]" line per entry,
 * 1-based. A symmetric file stores one triangle: each entry stands for both arcs. */
#include "graph/graph_load.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static int lower_word(const char **p, char *out, size_t cap)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    size_t k = 0;
    while (*s && *s != ' ' && *s != '\t') {
        if (k + 1 < cap) out[k++] = (char)tolower((unsigned char)*s);
        s++;
    }
    out[k] = '\0';
    *p = s;
    return k ? 0 : -1;
}

int graph_read_mtx(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err)
{
    graph_lines l = {fp, name, 0, NULL, 0, err};
    int rc = -1;
    uint64_t nnz = 0, seen = 0;   /* entries the size line declares, and read */
    char w[5][32];
    if (graph_lines_next(&l) != 1) {
        if (!l.line) sw_fail(err, "%s:1: empty file: expected a '%%%%MatrixMarket' header", name);
        goto done;
    }
    const char *p = l.buf;
    for (int i = 0; i < 5; i++)
        if (lower_word(&p, w[i], sizeof w[i])) w[i][0] = '\0';
    if (strcmp(w[0], "%%matrixmarket") || strcmp(w[1], "matrix")) {
        graph_lines_fail(&l, "bad header: expected '%%%%MatrixMarket matrix coordinate FIELD SYMMETRY'");
        goto done;
    }
    if (strcmp(w[2], "coordinate")) {
        graph_lines_fail(&l, "format '%s' not supported: a graph needs 'coordinate' (sparse) entries", w[2]);
        goto done;
    }
    bool weighted;
    if (!strcmp(w[3], "pattern")) weighted = false;
    else if (!strcmp(w[3], "integer") || !strcmp(w[3], "real")) weighted = true;
    else {
        graph_lines_fail(&l, "field '%s' not supported: expected pattern, integer or real", w[3]);
        goto done;
    }
    bool symmetric;
    if (!strcmp(w[4], "general")) symmetric = false;
    else if (!strcmp(w[4], "symmetric")) symmetric = true;
    else {
        graph_lines_fail(&l, "symmetry '%s' not supported: expected general or symmetric", w[4]);
        goto done;
    }
    /* comments, then the size line */
    int got;
    while ((got = graph_lines_next(&l)) == 1 && (l.buf[0] == '%' || graph_token_end(l.buf))) {
    }
    if (got != 1) {
        if (got == 0) sw_fail(err, "%s:%ld: missing the 'rows cols entries' line", name, l.line);
        goto done;
    }
    uint64_t rows, cols;
    p = l.buf;
    if (graph_token_u64(&p, &rows) || graph_token_u64(&p, &cols) || graph_token_u64(&p, &nnz) || !graph_token_end(p)) {
        graph_lines_fail(&l, "bad size line: expected 'rows cols entries'");
        goto done;
    }
    if (rows != cols) {
        graph_lines_fail(&l, "matrix is %llu x %llu: an adjacency matrix must be square", (unsigned long long)rows,
                         (unsigned long long)cols);
        goto done;
    }
    if (graph_check_vertex_count(&l, rows, file_bytes)) goto done;
    if (nnz > file_bytes / 4) {   /* each entry needs at least "1 1\n" */
        graph_lines_fail(&l, "declares %llu entries but the file has only %llu bytes", (unsigned long long)nnz,
                         (unsigned long long)file_bytes);
        goto done;
    }
    out->n = (uint32_t)rows;
    out->both_directions = symmetric;
    if (graph_coo_reserve(out, nnz ? nnz : 1, weighted, err)) goto done;
    while ((got = graph_lines_next(&l)) == 1) {
        if (l.buf[0] == '%' || graph_token_end(l.buf)) continue;
        if (seen == nnz) {
            graph_lines_fail(&l, "more entries than the %llu the size line declares", (unsigned long long)nnz);
            goto done;
        }
        uint64_t i, j;
        double v = 1.0;
        p = l.buf;
        if (graph_token_u64(&p, &i) || graph_token_u64(&p, &j) || (weighted && graph_token_f64(&p, &v)) ||
            !graph_token_end(p)) {
            graph_lines_fail(&l, "bad entry: expected 'row col%s'", weighted ? " value" : "");
            goto done;
        }
        if (i < 1 || i > rows || j < 1 || j > rows) {
            graph_lines_fail(&l, "entry (%llu, %llu) out of range: ids are 1..%llu", (unsigned long long)i,
                             (unsigned long long)j, (unsigned long long)rows);
            goto done;
        }
        if (weighted && graph_check_weight(&l, v)) goto done;
        if (graph_coo_push(out, (uint32_t)(i - 1), (uint32_t)(j - 1), (float)v, weighted, err)) goto done;
        seen++;
    }
    if (got < 0) goto done;
    rc = 0;
done:
    return graph_lines_end(&l, rc, "size line", "entries", nnz, seen, out);
}
