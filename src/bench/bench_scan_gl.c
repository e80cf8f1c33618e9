/* The GL rows of `bench scan` timed on the GPU: scan_gl_buffer (the gl backend's
 * device entry, prim/scan_gl.h) between GL_TIME_ELAPSED queries, on buffers that
 * stay on the GPU, so the rows compare with the CUDA rows (no upload or read-back). */
#include "bench/bench_scan.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl/gl.h"
#include "gl/gl_util.h"
#include "prim/scan_gl.h"
#include "util/clock.h"

#define GL_WARMUP 3
#define GL_MAX_REPS 20

static struct {
    GLuint in, out, query;
    size_t bytes;
} G;

void bench_scan_gl_release(void)
{
    if (G.in) glDeleteBuffers(1, &G.in);
    if (G.out) glDeleteBuffers(1, &G.out);
    if (G.query) glDeleteQueries(1, &G.query);
    memset(&G, 0, sizeof G);
    scan_gl_shutdown();
}

static int reserve(size_t bytes, sw_error *err)
{
    if (!G.query) glCreateQueries(GL_TIME_ELAPSED, 1, &G.query);
    if (G.bytes >= bytes) return 0;
    if (G.in) glDeleteBuffers(1, &G.in);
    if (G.out) glDeleteBuffers(1, &G.out);
    glCreateBuffers(1, &G.in);
    glCreateBuffers(1, &G.out);
    glNamedBufferData(G.in, (GLsizeiptr)bytes, NULL, GL_STATIC_DRAW);
    glNamedBufferData(G.out, (GLsizeiptr)bytes, NULL, GL_DYNAMIC_COPY);
    if (gl_check("bench scan: GL buffers", err)) return -1;
    G.bytes = bytes;
    return 0;
}

int bench_scan_gl_rows(bench_report *r, const bench_scan_input *in, void *check, int *mismatches, sw_error *err)
{
    const size_t bytes = in->n * scan_type_size(in->desc.type);
    if (reserve(bytes, err)) return -1;
    glNamedBufferSubData(G.in, 0, (GLsizeiptr)bytes, in->in);
    const char *const *algos = scan_algorithms(PRIM_GL);
    for (int a = 0; algos[a]; a++) {
        scan_desc d = in->desc;
        d.algo = algos[a];
        memset(check, 0xA5, bytes);
        glNamedBufferSubData(G.out, 0, (GLsizeiptr)bytes, check);
        if (scan_gl_buffer(&d, G.in, G.out, in->n, err)) {
            fprintf(stderr, "  gl %s n=%zu: skipped: %s\n", algos[a], in->n, err->msg);
            continue;
        }
        glGetNamedBufferSubData(G.out, 0, (GLsizeiptr)bytes, check);
        if (gl_check("bench scan: reading the GL result", err)) return -1;
        if (memcmp(check, in->want, bytes)) {
            fprintf(stderr, "\n*** MISMATCH: gl %s, %s %s, n=%zu ***\n\n", algos[a], scan_type_name(d.type),
                    scan_op_name(d.op), in->n);
            (*mismatches)++;
            continue;
        }
        for (int i = 0; i < GL_WARMUP; i++)
            if (scan_gl_buffer(&d, G.in, G.out, in->n, err)) return -1;
        memset(check, 0xA5, bytes);   /* poisoned again: the timed runs must write it all */
        glNamedBufferSubData(G.out, 0, (GLsizeiptr)bytes, check);
        int reps = in->reps < GL_MAX_REPS ? in->reps : GL_MAX_REPS;
        /* Timer query, and the wall clock between two glFinish as a fallback for
         * drivers whose timer queries do not cover compute work (Mesa llvmpipe
         * reads 0 or a few nanoseconds). */
        double t[GL_MAX_REPS], wall[GL_MAX_REPS];
        const char *renderer = (const char *)glGetString(GL_RENDERER);
        bool timer_ok = !(renderer && strstr(renderer, "llvmpipe"));
        for (int i = 0; i < reps; i++) {
            GLuint64 ns = 0;
            glFinish();
            double t0 = sw_clock_ms();
            glBeginQuery(GL_TIME_ELAPSED, G.query);
            if (scan_gl_buffer(&d, G.in, G.out, in->n, err)) return -1;
            glEndQuery(GL_TIME_ELAPSED);
            glFinish();
            wall[i] = sw_clock_ms() - t0;
            glGetQueryObjectui64v(G.query, GL_QUERY_RESULT, &ns);
            t[i] = ns * 1e-6;
        }
        if (gl_check("bench scan: GL timer queries", err)) return -1;
        glGetNamedBufferSubData(G.out, 0, (GLsizeiptr)bytes, check);
        if (gl_check("bench scan: reading the GL result", err)) return -1;
        if (memcmp(check, in->want, bytes)) {
            fprintf(stderr, "\n*** MISMATCH: gl %s, %s %s, n=%zu, after the timed runs ***\n\n", algos[a],
                    scan_type_name(d.type), scan_op_name(d.op), in->n);
            (*mismatches)++;
            continue;
        }
        if (!timer_ok) memcpy(t, wall, sizeof t);   /* llvmpipe: see above */
        bench_row row = {.op = "scan", .backend = "gl", .n = (int64_t)in->n, .reps = reps, .bytes = 2.0 * bytes};
        snprintf(row.variant, sizeof row.variant, "%s", algos[a]);
        row.min_ms = t[0];
        for (int i = 1; i < reps; i++)
            if (t[i] < row.min_ms) row.min_ms = t[i];
        row.median_ms = bench_median(t, reps);
        snprintf(row.note, sizeof row.note, "%s, data on the GPU",
                 timer_ok ? "GL timer query" : "wall clock between glFinish (llvmpipe)");
        if (bench_add(r, &row, err)) return -1;
    }
    return 0;
}
