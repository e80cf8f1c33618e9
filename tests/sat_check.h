/* Shared by test_sat (cpu, gl) and test_sat_cuda: every SAT backend against a float64
 * reference on random images of awkward sizes and channel counts, and the 4K
 * precision bound. */
#ifndef SCANWORKS_TESTS_SAT_CHECK_H
#define SCANWORKS_TESTS_SAT_CHECK_H

#include <math.h>

#include "dof/sat.h"
#include "test_util.h"

static const int sat_sizes[][2] = {{1, 1}, {1, 777}, {513, 1}, {37, 29}, {33, 32}, {257, 255}, {300, 301}, {1031, 67},
                                   {2053, 131}};
#define SAT_SIZE_COUNT (int)(sizeof sat_sizes / sizeof sat_sizes[0])

/* The float64 reference: S[y][x][c] by the definition's recurrence, in doubles. */
static void sat_reference(const uint16_t *in, int w, int h, int c, double *ref)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int k = 0; k < c; k++) {
                size_t i = ((size_t)y * w + x) * c + k;
                double left = x ? ref[i - c] : 0, up = y ? ref[i - (size_t)w * c] : 0,
                       diag = x && y ? ref[i - (size_t)w * c - c] : 0;
                ref[i] = in[i] + left + up - diag;
            }
}

/* Random images of every size and channel count: the unwrapped table must equal the
 * float64 reference exactly (16-bit values make the uint32 sums wrap at 300x301). */
static void check_backend_sizes(prim_backend b, sat_variant v, uint64_t seed)
{
    for (int s = 0; s < SAT_SIZE_COUNT; s++)
        for (int c = 1; c <= 4; c++) {
            int w = sat_sizes[s][0], h = sat_sizes[s][1];
            size_t n = (size_t)w * h * c;
            uint16_t *in = malloc(n * sizeof *in);
            uint32_t *sat = malloc(n * sizeof *sat);
            uint64_t *wide = malloc(n * sizeof *wide);
            double *ref = malloc(n * sizeof *ref);
            if (!in || !sat || !wide || !ref) {
                CHECK_MSG(0, "out of memory");
                return;
            }
            bool full16 = (s + c) % 2;   /* alternate 16-bit and 8-bit values */
            for (size_t i = 0; i < n; i++)
                in[i] = (uint16_t)(test_rand(&seed) & (full16 ? 0xFFFFu : 0xFFu));
            test_poison(sat, n * sizeof *sat);
            sw_error err;
            int rc = sat_host(b, v, in, w, h, c, sat, &err);
            CHECK_MSG(rc == 0, "%s/%s %dx%dx%d: %s", prim_backend_name(b), sat_variant_name(v), w, h, c,
                      rc ? err.msg : "");
            if (!rc) {
                sat_reference(in, w, h, c, ref);
                sat_unwrap(sat, w, h, c, wide);
                size_t bad = 0, first = 0;
                for (size_t i = 0; i < n; i++)
                    if ((double)wide[i] != ref[i] && !bad++) first = i;
                CHECK_MSG(bad == 0, "%s/%s %dx%dx%d: %zu sums differ, first at %zu: %llu vs %.0f",
                          prim_backend_name(b), sat_variant_name(v), w, h, c, bad, first,
                          (unsigned long long)wide[first], ref[first]);
            }
            free(in);
            free(sat);
            free(wide);
            free(ref);
        }
}

/* 3840x2160x4 8-bit: box means from the table vs float64 box means, < 1/255. Also
 * reports what a float32 table would have done. */
static void check_precision_4k(prim_backend b, sat_variant v)
{
    const int w = 3840, h = 2160, c = 4;
    size_t n = (size_t)w * h * c;
    uint16_t *in = malloc(n * sizeof *in);
    uint32_t *sat = malloc(n * sizeof *sat);
    double *ref = malloc(n * sizeof *ref);
    float *f32 = malloc(n * sizeof *f32);
    if (!in || !sat || !ref || !f32) {
        CHECK_MSG(0, "out of memory");
        return;
    }
    uint64_t seed = 4242;
    for (size_t i = 0; i < n; i++) in[i] = (uint16_t)(test_rand(&seed) & 0xFF);
    test_poison(sat, n * sizeof *sat);
    sw_error err;
    int rc = sat_host(b, v, in, w, h, c, sat, &err);
    CHECK_MSG(rc == 0, "4K %s: %s", prim_backend_name(b), rc ? err.msg : "");
    if (!rc) {
        sat_reference(in, w, h, c, ref);
        for (size_t i = 0; i < n; i++) f32[i] = (float)ref[i];   /* a float32 table, rounded once */
        double worst = 0, worst_f32 = 0;
        for (int t = 0; t < 4000; t++) {
            int bw = 1 + (int)(test_rand(&seed) % (t < 3000 ? 129 : w)), bh = 1 + (int)(test_rand(&seed) % (t < 3000 ? 129 : h));
            int x1 = bw - 1 + (int)(test_rand(&seed) % (uint64_t)(w - bw + 1));
            int y1 = bh - 1 + (int)(test_rand(&seed) % (uint64_t)(h - bh + 1));
            int x0 = x1 - bw + 1, y0 = y1 - bh + 1, k = (int)(test_rand(&seed) % 4);
#define R(a, x, y) ((x) < 0 || (y) < 0 ? 0.0 : (double)a[((size_t)(y) * w + (x)) * c + k])
            double exact = (R(ref, x1, y1) - R(ref, x0 - 1, y1) - R(ref, x1, y0 - 1) + R(ref, x0 - 1, y0 - 1)) / (bw * (double)bh);
            double f = (R(f32, x1, y1) - R(f32, x0 - 1, y1) - R(f32, x1, y0 - 1) + R(f32, x0 - 1, y0 - 1)) / (bw * (double)bh);
#undef R
            double got = sat_box_sum(sat, w, h, c, k, x0, y0, x1, y1) / (bw * (double)bh);
            if (fabs(got - exact) / 255.0 > worst) worst = fabs(got - exact) / 255.0;
            if (fabs(f - exact) / 255.0 > worst_f32) worst_f32 = fabs(f - exact) / 255.0;
        }
        printf("4K %s/%s: worst box-mean error %.3g (bound 1/255 = %.3g); a float32 table: %.3g\n",
               prim_backend_name(b), sat_variant_name(v), worst, 1.0 / 255, worst_f32);
        CHECK_MSG(worst < 1.0 / 255.0, "4K box means off by %g", worst);
    }
    free(in);
    free(sat);
    free(ref);
    free(f32);
}

#endif
