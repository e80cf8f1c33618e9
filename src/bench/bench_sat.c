/* scanworks bench sat: SAT builds at 720p, 1080p and 4K on every backend and
 * variant, stage by stage, beside the floor and the CUB reference, plus the GL-CUDA
 * hand-over measured on its own. */
#include "gl/gl.h"
#include "bench/bench_sat.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/commands_ops.h"
#include "app/compute_context.h"
#include "dof/sat_frame.h"
#include "gfx/context.h"
#include "gl/gl_util.h"
#include "util/clock.h"

const int bench_sat_sizes[BENCH_SAT_SIZES][2] = {{1280, 720}, {1920, 1080}, {3840, 2160}};

double bench_sat_floor_bytes(int w, int h) { return (double)w * h * (8.0 + 16.0); }

void bench_sat_picture(float *rgba, int w, int h)
{
    uint64_t s = 0x5A7u;
    for (size_t i = 0; i < (size_t)w * h * 4; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        rgba[i] = (float)(s >> 40) / (float)(1u << 24);
    }
}

uint16_t bench_sat_to_half(float f)
{
    if (f < 6.2e-5f) return 0;
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)((((u >> 23) & 0xFF) - 112) << 10 | ((u >> 13) & 0x3FF));
}

static float half_value(uint16_t h)   /* the normal halves and zero of bench_sat_to_half */
{
    if (!h) return 0.0f;
    return ldexpf(1.0f + (float)(h & 0x3FF) / 1024.0f, ((h >> 10) & 31) - 15);
}

static int gl_mismatches;

static int add_row(bench_report *r, const char *variant, const char *backend, int w, int h, int reps, double *ms,
                   const char *note, sw_error *err)
{
    bench_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.op, sizeof row.op, "sat");
    snprintf(row.variant, sizeof row.variant, "%s", variant);
    snprintf(row.backend, sizeof row.backend, "%s", backend);
    row.n = (int64_t)w * h;
    row.reps = reps;
    row.median_ms = bench_median(ms, reps);
    row.min_ms = ms[0];
    row.bytes = bench_sat_floor_bytes(w, h);
    snprintf(row.note, sizeof row.note, "%dx%d %s", w, h, note ? note : "");
    return bench_add(r, &row, err);
}

static int bench_cpu(bench_report *r, int w, int h, sw_error *err)
{
    size_t n = (size_t)w * h * 4;
    uint32_t *in = sw_malloc(n * 4, "bench input", err), *out = in ? sw_malloc(n * 4, "bench output", err) : NULL;
    if (!out) {
        free(in);
        return -1;
    }
    for (size_t i = 0; i < n; i++) in[i] = (uint32_t)(i * 2654435761u >> 20) & 0xFFFFu;
    double ms[3];
    for (int k = 0; k < 3; k++) {
        double t0 = sw_clock_ms();
        sat_cpu_rgba(in, w, h, out);
        ms[k] = sw_clock_ms() - t0;
    }
    free(in);
    free(out);
    return add_row(r, "one-loop", "cpu", w, h, 3, ms, "wall time", err);
}

typedef struct gl_collect {
    double total[64];
    double stage[4][64];
    int count;
} gl_collect;

static void on_frame(const gpu_frame_times *t, void *user)
{
    gl_collect *c = user;
    if (c->count >= 64) return;
    double sum = 0;
    for (int i = 0; i < t->count && i < 4; i++) {
        c->stage[i][c->count] = t->ms[i];
        sum += t->ms[i];
    }
    c->total[c->count++] = sum;
}

/* The table the GL build must write: the shader's quantization (sat_load.glsl) of the
 * halves HALF, summed on the CPU. */
void bench_sat_quantize(const uint16_t *half, size_t n, uint32_t *q)
{
    for (size_t i = 0; i < n; i++) {
        float v = half_value(half[i]) * SAT_FRAME_SCALE + 0.5f;
        q[i] = (uint32_t)(v < 65535.0f ? v : 65535.0f);
    }
}

static int expected_gl_table(const uint16_t *half, int w, int h, uint32_t *want, sw_error *err)
{
    size_t n = (size_t)w * h * 4;
    uint32_t *q = sw_malloc(n * 4, "the quantized picture", err);
    if (!q) return -1;
    bench_sat_quantize(half, n, q);
    int rc = sat_cpu_rgba(q, w, h, want);
    free(q);
    return rc ? sw_fail(err, "the CPU table failed") : 0;
}

static int bench_gl(bench_report *r, sat_variant v, int w, int h, int reps, sw_error *err)
{
    size_t n = (size_t)w * h * 4;
    float *pic = sw_malloc(n * 4, "bench picture", err);
    uint16_t *half = pic ? sw_malloc(n * 2, "bench picture (half)", err) : NULL;
    uint32_t *want = half ? sw_malloc(n * 4, "the expected table", err) : NULL;
    uint32_t *got = want ? sw_malloc(n * 4, "the GL table", err) : NULL;
    if (!got) {
        free(pic), free(half), free(want);
        return -1;
    }
    bench_sat_picture(pic, w, h);
    for (size_t i = 0; i < n; i++) half[i] = bench_sat_to_half(pic[i]);
    free(pic);
    if (expected_gl_table(half, w, h, want, err)) {
        free(half), free(want), free(got);
        return -1;
    }
    GLuint tex = gl_texture_2d(GL_RGBA16F, w, h), buf;
    glTextureSubImage2D(tex, 0, 0, 0, w, h, GL_RGBA, GL_HALF_FLOAT, half);
    free(half);
    glCreateBuffers(1, &buf);
    glNamedBufferStorage(buf, (GLsizeiptr)w * h * 16, NULL, 0);
    const uint32_t poison = 0xA5A5A5A5u;   /* the timed builds must write it all */
    glClearNamedBufferData(buf, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &poison);
    sat_gl g;
    memset(&g, 0, sizeof g);
    gpu_timer t;
    gpu_timer_init(&t);
    gl_collect c;
    memset(&c, 0, sizeof c);
    int rc = 0;
    if (reps > 64) reps = 64;
    for (int k = 0; k < reps + 2 && !rc; k++) {
        gpu_frame_times done;
        if (gpu_timer_begin_frame(&t, k, &done) && done.frame >= 2) on_frame(&done, &c);
        rc = sat_gl_build(&g, v, tex, 0, SAT_FRAME_SCALE, buf, w, h, &t, err);
        gpu_timer_end_frame(&t);
    }
    gpu_timer_flush(&t, on_frame, &c);
    if (!rc) {   /* the last build's table against the CPU's */
        glGetNamedBufferSubData(buf, 0, (GLsizeiptr)n * 4, got);
        rc = gl_check("bench sat: reading the GL table", err);
    }
    size_t bad = 0;
    while (!rc && bad < n && got[bad] == want[bad]) bad++;
    if (!rc && bad < n) {
        fprintf(stderr, "\n*** MISMATCH: gl sat %s at %dx%d after %d builds: pixel (%zu, %zu) channel %zu: %u, want %u ***\n\n",
                sat_variant_name(v), w, h, reps + 2, bad / 4 % w, bad / 4 / w, bad % 4, got[bad], want[bad]);
        gl_mismatches++;
        c.count = 0;   /* no row */
    }
    free(want);
    free(got);
    char note[96];
    double st[4];
    for (int i = 0; i < 4; i++) st[i] = bench_median(c.stage[i], c.count);
    snprintf(note, sizeof note, "ms: %.3f %.3f %.3f %.3f (%s)", st[0], st[1], st[2], st[3],
             v == SAT_TILED ? "tile sums, carries, carry down, tile scan" : "rows, transpose, columns, back");
    if (!rc && c.count) rc = add_row(r, sat_variant_name(v), "gl", w, h, c.count, c.total, note, err);
    gpu_timer_shutdown(&t);
    sat_gl_shutdown(&g);
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &buf);
    return rc;
}

int bench_sat(int argc, char **argv)
{
    const char *json = NULL, *csv = NULL, *svg = NULL;
    long long reps = 50;
    bool no_cpu = false, no_gl = false, ref_only = false;
    cli_flag flags[] = {
        {"--json", CLI_STRING, &json, "FILE  results as JSON", 0, 0, false, false},
        {"--csv", CLI_STRING, &csv, "FILE  results as CSV", 0, 0, false, false},
        {"--plot", CLI_STRING, &svg, "FILE.svg  time against pixels, one line per backend and variant", 0, 0, false,
         false},
        {"--reps", CLI_LONG, &reps, "N  timed repetitions per GPU row (default 50)", 3, 10000, false, false},
        {"--no-cpu", CLI_FLAG, &no_cpu, "skip the (slow) CPU rows", 0, 0, false, false},
        {"--no-gl", CLI_FLAG, &no_gl, "skip the GL compute-shader rows", 0, 0, false, false},
        {"--ref-only", CLI_FLAG, &ref_only,
         "cuda: only the memcpy floor, the CUB reference and the hand-over (a short run for the sanitizers)", 0, 0,
         false, false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    int rc = cli_parse(argc, argv, 1, flags, "scanworks bench sat [--json F] [--csv F] [--plot F.svg] [--reps N]", &err);
    if (rc) {
        if (rc > 0) return 0;
        fprintf(stderr, "scanworks bench sat: %s\n", err.msg);
        return rc < 0 ? cli_exit_code(rc) : 2;
    }
    bench_report r;
    memset(&r, 0, sizeof r);
    snprintf(r.title, sizeof r.title, "summed-area table, RGBA (16-bit values, uint32 sums)");
    snprintf(r.x_label, sizeof r.x_label, "pixels");
    gfx_context *ctx;
    rc = 1;
    if (compute_gl_context(&ctx, &err)) goto done;
    const gfx_context_info *info = gfx_context_get_info(ctx);
    snprintf(r.environment, sizeof r.environment, "GL %.100s (%.100s)", info->gl_renderer, info->gl_version);
    for (int s = 0; s < BENCH_SAT_SIZES; s++) {
        int w = bench_sat_sizes[s][0], h = bench_sat_sizes[s][1];
        fprintf(stderr, "scanworks bench sat: %dx%d\n", w, h);
        if (!no_cpu && bench_cpu(&r, w, h, &err)) goto done;
        for (int v = 0; v < SAT_VARIANT_COUNT && !no_gl; v++)
            if (bench_gl(&r, (sat_variant)v, w, h, (int)reps, &err)) goto done;
    }
#if SCANWORKS_HAVE_CUDA
    const char *why;
    if (prim_cuda_available(&why)) {
        if (bench_sat_cuda(&r, (int)reps, ref_only, &err)) goto done;
    } else {
        fprintf(stderr, "scanworks bench sat: no cuda rows: %s\n", why);
    }
#else
    fprintf(stderr, "scanworks bench sat: no cuda rows: this build has no CUDA backend\n");
#endif
    bench_compute_ratios(&r, "memcpy", "cub");
    bench_print(&r, stdout);
    if (json && bench_write_json(&r, json, &err)) goto done;
    if (csv && bench_write_csv(&r, csv, &err)) goto done;
    if (svg && bench_write_svg(&r, svg, &err)) goto done;
    rc = 0;
    if (gl_mismatches) {
        rc = 1;
        sw_fail(&err, "%d gl build(s) differed from the CPU table (MISMATCH above); their rows are left out",
                gl_mismatches);
    }
#if SCANWORKS_HAVE_CUDA
    if (bench_sat_cuda_mismatches()) {
        rc = 1;
        sw_fail(&err, "%d cuda variant(s) differed from the CPU table (MISMATCH above); their rows are left out",
                bench_sat_cuda_mismatches());
    }
#endif
done:
    if (rc) fprintf(stderr, "scanworks bench sat: %s\n", err.msg);
    bench_free(&r);
    return rc;
}
