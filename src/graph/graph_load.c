#include "graph/graph_load.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "graph/grid.h"
#include "graph/rmat.h"
#include "util/escape.h"

#define GRAPH_MAX_LINE (1 << 16)

int graph_lines_next(graph_lines *l)
{
    size_t len = 0;
    for (;;) {
        if (len + 2 > l->cap) {
            size_t cap = l->cap ? l->cap * 2 : 256;
            char *b = realloc(l->buf, cap);
            if (!b) return sw_fail(l->err, "%s: out of memory reading line %ld", l->name, l->line + 1);
            l->buf = b;
            l->cap = cap;
        }
        int c = fgetc(l->fp);
        if (c == EOF) {
            if (ferror(l->fp)) return sw_fail(l->err, "%s:%ld: read error", l->name, l->line + 1);
            if (len == 0) return 0;
            break;
        }
        if (c == '\n') break;
        if (c == '\0') return sw_fail(l->err, "%s:%ld: NUL byte: not a text file", l->name, l->line + 1);
        if (len >= GRAPH_MAX_LINE)
            return sw_fail(l->err, "%s:%ld: line longer than %d characters", l->name, l->line + 1, GRAPH_MAX_LINE);
        l->buf[len++] = (char)c;
    }
    if (len && l->buf[len - 1] == '\r') len--;
    l->buf[len] = '\0';
    l->line++;
    return 1;
}

void graph_lines_free(graph_lines *l)
{
    free(l->buf);
    l->buf = NULL;
    l->cap = 0;
}

int graph_lines_end(graph_lines *l, int rc, const char *where, const char *what, uint64_t declared, uint64_t seen,
                    graph_coo *out)
{
    if (!rc && where && seen != declared)
        rc = sw_fail(l->err, "%s:%ld: the %s declares %llu %s but the file has %llu", l->name, l->line, where,
                     (unsigned long long)declared, what, (unsigned long long)seen);
    graph_lines_free(l);
    if (rc) graph_coo_free(out);   /* a failed read leaves nothing allocated */
    return rc;
}

int graph_lines_fail(graph_lines *l, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* The message may quote the file's bytes: shown escaped, so a terminal prints text. */
    char shown[400];
    sw_escape(msg, strlen(msg), shown, sizeof shown);
    return sw_fail(l->err, "%s:%ld: %s", l->name, l->line, shown);
}

static const char *skip_blank(const char *p)
{
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

int graph_token_u64(const char **p, uint64_t *out)
{
    const char *s = skip_blank(*p);
    if (!isdigit((unsigned char)*s)) return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || (*end && *end != ' ' && *end != '\t')) return -1;
    *out = v;
    *p = end;
    return 0;
}

int graph_token_f64(const char **p, double *out)
{
    const char *s = skip_blank(*p);
    if (!*s) return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || (*end && *end != ' ' && *end != '\t')) return -1;
    *out = v;   /* overflow gives inf, caught by graph_check_weight */
    *p = end;
    return 0;
}

bool graph_token_end(const char *p) { return *skip_blank(p) == '\0'; }

uint64_t graph_vertex_cap(uint64_t file_bytes)
{
    uint64_t cap = file_bytes * 16 + ((uint64_t)1 << 20);
    return cap < GRAPH_MAX_VERTICES ? cap : GRAPH_MAX_VERTICES;
}

int graph_check_vertex_count(graph_lines *l, uint64_t n, uint64_t file_bytes)
{
    uint64_t cap = graph_vertex_cap(file_bytes);
    if (n <= cap) return 0;
    return graph_lines_fail(l, "declares %llu vertices, more than this %llu-byte file can mean (limit %llu)",
                            (unsigned long long)n, (unsigned long long)file_bytes, (unsigned long long)cap);
}

int graph_check_weight(graph_lines *l, double w)
{
    if (isnan(w)) return graph_lines_fail(l, "weight is NaN (weights must be finite and >= 0)");
    if (w < 0) return graph_lines_fail(l, "negative weight %g (weights must be finite and >= 0)", w);
    if (!isfinite(w) || w > FLT_MAX) return graph_lines_fail(l, "weight %g is not a finite float", w);
    return 0;
}

int graph_format_parse(const char *s, graph_format *out, sw_error *err)
{
    static const struct {
        const char *name;
        graph_format f;
    } names[] = {{"auto", GRAPH_FMT_AUTO}, {"mtx", GRAPH_FMT_MTX},       {"snap", GRAPH_FMT_SNAP},
                 {"el", GRAPH_FMT_SNAP},   {"txt", GRAPH_FMT_SNAP},      {"dimacs", GRAPH_FMT_DIMACS},
                 {"gr", GRAPH_FMT_DIMACS}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (s && !strcmp(s, names[i].name)) {
            *out = names[i].f;
            return 0;
        }
    return sw_fail(err, "format '%s': expected auto, mtx, snap (el, txt) or dimacs (gr)", s ? s : "");
}

static int format_from_name(const char *path, graph_format *out, sw_error *err)
{
    const char *dot = strrchr(path, '.');
    const char *ext = dot ? dot + 1 : "";
    if (!strcmp(ext, "mtx")) *out = GRAPH_FMT_MTX;
    else if (!strcmp(ext, "gr")) *out = GRAPH_FMT_DIMACS;
    else if (!strcmp(ext, "txt") || !strcmp(ext, "el") || !strcmp(ext, "snap") || !strcmp(ext, "edges"))
        *out = GRAPH_FMT_SNAP;
    else
        return sw_fail(err, "%s: cannot tell the graph format from the extension '.%s' (use .mtx, .gr, .txt, .el, "
                       ".snap, or --format)", path, ext);
    return 0;
}

/* The numbers of a generator spec "NAME:A:B[:SEED]" after its prefix P: 2 or 3 of
 * them (the seed defaults to 1). */
static int parse_numbers(const char *spec, const char *p, long long v[3], const char *expected, sw_error *err)
{
    v[0] = v[1] = 0;
    v[2] = 1;
    int k = 0;
    while (k < 3) {
        char *end;
        errno = 0;
        v[k] = strtoll(p, &end, 10);
        if (errno || end == p) break;
        k++;
        p = end;
        if (*p != ':') break;
        p++;
    }
    if (k < 2 || *p) return sw_fail(err, "graph '%s': expected %s", spec, expected);
    return 0;
}

static int rmat_numbers(const char *spec, long long v[3], sw_error *err)
{
    if (parse_numbers(spec, spec + 5, v, "rmat:SCALE:EDGE_FACTOR or rmat:SCALE:EDGE_FACTOR:SEED", err)) return -1;
    if (v[0] < 0 || v[0] > RMAT_MAX_SCALE || v[1] < 1 || v[1] > RMAT_MAX_EDGE_FACTOR)
        return sw_fail(err, "graph '%s': scale must be 0..%d and edge factor 1..%d", spec, RMAT_MAX_SCALE,
                       RMAT_MAX_EDGE_FACTOR);
    return 0;
}

static int grid_numbers(const char *spec, long long v[3], sw_error *err)
{
    if (parse_numbers(spec, spec + 5, v, "grid:WIDTH:HEIGHT or grid:WIDTH:HEIGHT:SEED", err)) return -1;
    if (v[0] < 1 || v[0] > GRID_MAX_SIDE || v[1] < 1 || v[1] > GRID_MAX_SIDE)
        return sw_fail(err, "graph '%s': width and height must be 1..%u", spec, GRID_MAX_SIDE);
    return 0;
}

int graph_generator_check(const char *spec, sw_error *err)
{
    long long v[3];
    if (!strncmp(spec, "rmat:", 5)) return rmat_numbers(spec, v, err);
    if (!strncmp(spec, "grid:", 5)) return grid_numbers(spec, v, err);
    return 0;
}

static int parse_rmat(const char *spec, bool weighted, graph_coo *out, sw_error *err)
{
    long long v[3];
    if (rmat_numbers(spec, v, err)) return -1;
    return graph_rmat((int)v[0], (int)v[1], (uint64_t)v[2], weighted, out, err);
}

static int parse_grid(const char *spec, bool weighted, graph_coo *out, sw_error *err)
{
    long long v[3];
    if (grid_numbers(spec, v, err)) return -1;
    return graph_grid((uint32_t)v[0], (uint32_t)v[1], (uint64_t)v[2], weighted, out, err);
}

int graph_load(const char *spec, graph_format fmt, bool undirected, bool weighted, graph_coo *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    if (!strncmp(spec, "rmat:", 5)) return parse_rmat(spec, weighted, out, err);
    if (!strncmp(spec, "grid:", 5)) return parse_grid(spec, weighted, out, err);
    if (fmt == GRAPH_FMT_AUTO && format_from_name(spec, &fmt, err)) return -1;
    FILE *fp = fopen(spec, "rb");
    if (!fp) return sw_fail(err, "%s: cannot open: %s", spec, strerror(errno));
    struct stat st;
    if (fstat(fileno(fp), &st) || !S_ISREG(st.st_mode)) {
        fclose(fp);
        return sw_fail(err, "%s: not a regular file", spec);
    }
    uint64_t bytes = (uint64_t)st.st_size;
    int rc = fmt == GRAPH_FMT_MTX ? graph_read_mtx(fp, spec, bytes, out, err)
             : fmt == GRAPH_FMT_DIMACS ? graph_read_dimacs(fp, spec, bytes, out, err)
                                       : graph_read_snap(fp, spec, bytes, out, err);
    fclose(fp);
    if (rc) {
        graph_coo_free(out);
        return -1;
    }
    if (undirected) out->both_directions = true;
    return 0;
}

int graph_load_csr(const char *spec, graph_format fmt, bool undirected, bool weighted, graph_csr *g, sw_error *err)
{
    graph_coo e;
    if (graph_load(spec, fmt, undirected, weighted, &e, err)) return -1;
    int rc = graph_csr_from_coo(&e, g, err);
    graph_coo_free(&e);
    return rc ? sw_wrap(err, "%s: ", spec) : 0;
}
