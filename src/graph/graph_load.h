/* Reading graphs: Matrix Market (.mtx), SNAP-style edge lists (.txt, .el, .snap) and
 * DIMACS shortest-path files (.gr), or a built-in generator: R-MAT ("rmat:SCALE:EF"
 * or "rmat:SCALE:EF:SEED", graph/rmat.h) or the road-like grid ("grid:W:H" or
 * "grid:W:H:SEED", graph/grid.h).
 *
 * Vertex ids are 0-based everywhere in the program: Matrix Market and DIMACS vertex k
 * (1-based in the file) becomes k - 1; an edge list's ids are used as they are, with
 * n = largest id + 1. Graphs are directed as given; a symmetric .mtx, R-MAT, and the
 * UNDIRECTED option give each edge both directions. Weights must be finite and >= 0.
 *
 * A malformed file (bad header, out-of-range id, a count that does not match the
 * entries, a negative/NaN weight, a declared size out of proportion to the file) is
 * one error "FILE:LINE: what is wrong". Nothing is allocated from a declared count
 * before it is checked against the file's size: arrays grow as lines arrive. */
#ifndef SCANWORKS_GRAPH_GRAPH_LOAD_H
#define SCANWORKS_GRAPH_GRAPH_LOAD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "graph/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum graph_format { GRAPH_FMT_AUTO, GRAPH_FMT_MTX, GRAPH_FMT_SNAP, GRAPH_FMT_DIMACS } graph_format;

/* "auto", "mtx", "snap" (also "el", "txt"), "dimacs" (also "gr"). */
int graph_format_parse(const char *s, graph_format *out, sw_error *err);

/* SPEC is a file name, "rmat:SCALE:EF[:SEED]" or "grid:W:H[:SEED]" (seed default 1;
 * the generators' weights are made when WEIGHTED). FMT AUTO picks by extension. */
int graph_load(const char *spec, graph_format fmt, bool undirected, bool weighted, graph_coo *out, sw_error *err);
/* Checks a generator spec ("rmat:..." or "grid:...") as graph_load would, without
 * generating: 0 for a good one or a file name, else -1 with the message. */
int graph_generator_check(const char *spec, sw_error *err);
/* graph_load, then graph_csr_from_coo. */
int graph_load_csr(const char *spec, graph_format fmt, bool undirected, bool weighted, graph_csr *g, sw_error *err);

/* The readers behind graph_load (NAME is used in messages; FILE_BYTES caps counts). */
int graph_read_mtx(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err);
int graph_read_snap(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err);
int graph_read_dimacs(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err);
/* Each reader leaves OUT empty (nothing allocated) when it fails. */

/* ---- shared by the readers ---------------------------------------------------- */
typedef struct graph_lines {
    FILE *fp;
    const char *name;
    long line;        /* 1-based number of the line in buf */
    char *buf;
    size_t cap;
    sw_error *err;
} graph_lines;

/* Reads the next line into l->buf (newline stripped): 1, or 0 at the end, -1 error. */
int graph_lines_next(graph_lines *l);
void graph_lines_free(graph_lines *l);
/* A reader's end: RC 0 turns into -1 ("the WHERE declares N WHAT but the file has M")
 * when WHERE is not NULL and the file held SEEN entries instead of the DECLARED ones;
 * frees the line buffer and, on failure, the partly read OUT. Returns RC. */
int graph_lines_end(graph_lines *l, int rc, const char *where, const char *what, uint64_t declared, uint64_t seen,
                    graph_coo *out);
/* "NAME:LINE: message"; returns -1. */
int graph_lines_fail(graph_lines *l, const char *fmt, ...) SW_PRINTF(2, 3);
/* Token readers: skip blanks, parse, advance *P. Return 0, or -1 (nothing written to
 * err) when the token is missing or not a number of that kind. */
int graph_token_u64(const char **p, uint64_t *out);
int graph_token_f64(const char **p, double *out);
/* True when only blanks remain. */
bool graph_token_end(const char *p);
/* Largest vertex count accepted for a file of FILE_BYTES bytes (declared sizes beyond
 * it are taken as a lie): 16 per byte plus 2^20, at most GRAPH_MAX_VERTICES. */
uint64_t graph_vertex_cap(uint64_t file_bytes);
/* A vertex count declared in a file's header: within graph_vertex_cap(FILE_BYTES). */
int graph_check_vertex_count(graph_lines *l, uint64_t n, uint64_t file_bytes);
/* A weight read from a file: finite and >= 0, and within float range. */
int graph_check_weight(graph_lines *l, double w);

#ifdef __cplusplus
}
#endif

#endif
