/* The half-resolution DoF in C (src/dof/dof_half.c, dof_half_math.h), the reference the
 * GPU versions will follow:
 * - an all-in-focus picture (aperture 0, or every depth at the focus) comes out byte for
 *   byte as it went in, at odd and even sizes, and so does the in-focus side of a picture
 *   whose other side is blurred, wherever its four half taps are in focus;
 * - a picture of one colour stays that colour at any depth;
 * - where every pixel is blurred (CoC >= 3/2) the composite is the upsampled half result:
 *   it ignores the full pixels, the half colour and the near coverage, it is the plain
 *   bilinear upsampling (weights 1/16, 3/16, 3/16, 9/16) where the depth is uniform, and
 *   within the four taps' range elsewhere;
 * - the half DoF agrees with the full one on a random picture over a smooth random depth,
 *   within a mean tolerance (below, with why);
 * - odd sizes read nothing outside the images (run under ASan and UBSan; every output
 *   byte is written: the outputs are poisoned first). */
#include <math.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "dof/dof_cpu_run.h"
#include "dof/dof_half.h"
#include "dof/dof_params.h"
#include "test_util.h"

/* Half against full (test_against_full), mean absolute difference of the 8-bit values.
 * Over the frame: the half blur is the full one convolved with the 2x2 box of the
 * downsample and sampled on the coarser grid (about half a pixel wider, and the guard and
 * the near field decide per half pixel), and the pixels of CoC 1/2..3/2 blend the two;
 * measured 0.63-0.69 on the three rounds (2026-12-06), where (with the depth weight's K
 * at 0.1, 0.66-0.74 correct) a composite without the sharp detail gave 7.2-9.8, the
 * aperture left unhalved 1.1-2.9 and the taps' weights swapped 1.9-2.6; since the rounds
 * draw the layer tables too (2026-12-07), 0.40-0.80 with the near field and 0.44-0.85
 * with the layer tables. Where in focus the half DoF keeps each pixel's own value unless
 * a tap is blurred: measured below 0.0005 (0.021 at most with the layer tables), 13.5
 * without the sharp detail. */
#define HALF_FULL_MEAN 1.0
#define HALF_FULL_SHARP 0.1

static const int sizes[][2] = {{1, 1}, {2, 3}, {3, 2}, {1, 7}, {33, 17}, {64, 35}, {640, 360}};
#define NSIZES (int)(sizeof sizes / sizeof sizes[0])

/* NEAR: 0 off, 1 the probes' near field, 2 the layer tables (DOF_NEAR_*) */
static dof_params params(float focus, float aperture, int near)
{
    dof_params p = {focus, aperture, 1.0f, DOF_VIEW_EFFECT, 3, 1, DOF_KERNEL_DISC, near == DOF_NEAR_ON,
                    near == DOF_NEAR_LAYERS, 0};
    return p;
}

static void random_picture(uint8_t *img, size_t n, uint64_t *seed)
{
    for (size_t i = 0; i < n; i++) img[i] = (uint8_t)(test_rand(seed) >> 56);
}

/* A smooth random depth between 0.45 F and 3 F (a few sinusoids), flat at F over a fifth of
 * its range, so that the picture has sharp, near-blurred and far-blurred parts and gradual
 * edges between them. */
static void smooth_depth(float *depth, int w, int h, float focus, uint64_t *seed)
{
    float ph[4], fr[4];
    for (int k = 0; k < 4; k++)
        ph[k] = (float)(test_rand(seed) % 1000) * 0.00628f, fr[k] = 0.01f + (float)(test_rand(seed) % 100) * 0.0004f;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float s = sinf(fr[0] * x + ph[0]) + sinf(fr[1] * y + ph[1]) + sinf(fr[2] * (x + y) + ph[2]) +
                      sinf(fr[3] * (x - y) + ph[3]);   /* -4..4 */
            float t = (s + 4.0f) / 8.0f;   /* 0..1 */
            depth[(size_t)y * w + x] = focus * (t < 0.4f ? 0.45f + 0.55f * t / 0.4f : t < 0.6f ? 1.0f
                                                                                   : 1.0f + 2.0f * (t - 0.6f) / 0.4f);
        }
}

static int half(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *out)
{
    sw_error err;
    test_poison(out, (size_t)w * h * c);
    int rc = dof_half_apply(p, img, depth, w, h, c, out, &err);
    CHECK_MSG(rc == 0, "dof_half_apply %dx%d: %s", w, h, err.msg);
    return rc;
}

/* The full-resolution DoF (compute dof's cpu path). */
static int full(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *out)
{
    sw_error err;
    int rc = dof_cpu_run(p, img, depth, w, h, c, out, NULL, &err);
    CHECK_MSG(rc == 0, "dof_cpu_run %dx%d: %s", w, h, err.msg);
    return rc;
}

static void test_in_focus(uint64_t *seed)
{
    for (int s = 0; s < NSIZES; s++)
        for (int c = 3; c <= 4; c++) {
            int w = sizes[s][0], h = sizes[s][1];
            size_t n = (size_t)w * h;
            uint8_t *img = malloc(n * c), *out = malloc(n * c);
            float *depth = malloc(n * sizeof *depth);
            random_picture(img, n * c, seed);
            for (int near = 0; near <= DOF_NEAR_LAYERS; near++) {
                /* aperture 0 over a varied depth */
                smooth_depth(depth, w, h, 5.0f, seed);
                dof_params p = params(5.0f, 0.0f, near);
                if (!half(&p, img, depth, w, h, c, out))
                    CHECK_MSG(!memcmp(out, img, n * c), "%dx%dx%d near %d aperture 0: changed", w, h, c, near);
                /* every depth at the focus */
                for (size_t i = 0; i < n; i++) depth[i] = 5.0f;
                p = params(5.0f, 12.0f, near);
                if (!half(&p, img, depth, w, h, c, out))
                    CHECK_MSG(!memcmp(out, img, n * c), "%dx%dx%d near %d depth at focus: changed", w, h, c, near);
                /* the left part at the focus, the right part far behind it (CoC 8): the
                 * columns whose half taps all lie in the left part are unchanged */
                int edge = w / 2 & ~1;   /* even: half column edge/2 is the first far one */
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) depth[(size_t)y * w + x] = x < edge ? 5.0f : 15.0f;
                if (half(&p, img, depth, w, h, c, out)) continue;
                int bad = 0;
                for (int y = 0; y < h; y++)
                    for (int x = 0; x + 2 < edge; x++)   /* x + 1 < edge - 1: taps up to half column edge/2 - 1 */
                        bad += memcmp(out + ((size_t)y * w + x) * c, img + ((size_t)y * w + x) * c, c) != 0;
                CHECK_MSG(bad == 0, "%dx%dx%d near %d: %d sharp pixels beside a far blur changed", w, h, c, near, bad);
            }
            free(img);
            free(out);
            free(depth);
        }
}

static void test_uniform(uint64_t *seed)
{
    for (int s = 0; s < NSIZES; s++) {
        int w = sizes[s][0], h = sizes[s][1], c = 3;
        size_t n = (size_t)w * h;
        uint8_t *img = malloc(n * c), *out = malloc(n * c);
        float *depth = malloc(n * sizeof *depth);
        uint8_t colour[3] = {(uint8_t)(test_rand(seed) >> 56), 0, 255};
        for (size_t i = 0; i < n; i++) memcpy(img + i * c, colour, 3);
        smooth_depth(depth, w, h, 4.0f, seed);
        for (size_t i = 0; i < n; i += 7) depth[i] *= 0.3f;   /* single near pixels: the near field's probes */
        for (int near = 0; near <= DOF_NEAR_LAYERS; near++) {
            dof_params p = params(4.0f, 20.0f, near);
            if (half(&p, img, depth, w, h, c, out)) continue;
            int bad = 0;
            for (size_t i = 0; i < n; i++) bad += memcmp(out + i * c, colour, 3) != 0;
            CHECK_MSG(bad == 0, "%dx%d near %d: %d pixels of a uniform picture changed", w, h, near, bad);
        }
        free(img);
        free(out);
        free(depth);
    }
}

/* The composite alone where every pixel is blurred (CoC >= 3/2). */
static void test_blurred_composite(uint64_t *seed)
{
    for (int s = 0; s < NSIZES; s++) {
        int w = sizes[s][0], h = sizes[s][1], c = 3, hw = (w + 1) / 2, hh = (h + 1) / 2;
        size_t n = (size_t)w * h, hn = (size_t)hw * hh;
        uint8_t *img = malloc(n * c), *himg = malloc(hn * c), *hout = malloc(hn * c), *out = malloc(n * c),
                *out2 = malloc(n * c);
        float *depth = malloc(n * sizeof *depth), *hdepth = malloc(hn * sizeof *hdepth), *ha = malloc(hn * sizeof *ha);
        dof_params p = params(2.0f, 12.0f, 1);   /* CoC >= 3/2 for d >= 2.29 or d <= 1.78 */
        random_picture(hout, hn * c, seed);
        for (int pass = 0; pass < 2; pass++) {
            /* pass 0: uniform depth (3: CoC 4); pass 1: a depth edge (3 and 8) */
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) depth[(size_t)y * w + x] = pass && x * 3 > w ? 8.0f : 3.0f;
            for (int j = 0; j < hh; j++)
                for (int i = 0; i < hw; i++) hdepth[(size_t)j * hw + i] = depth[(size_t)(2 * j) * w + 2 * i];
            for (int t = 0; t < 2; t++) {   /* two random draws of what must not matter */
                random_picture(img, n * c, seed);
                random_picture(himg, hn * c, seed);
                for (size_t i = 0; i < hn; i++) ha[i] = (float)(test_rand(seed) >> 40) / (float)(1 << 24);
                uint8_t *o = t ? out2 : out;
                test_poison(o, n * c);
                dof_half_composite(&p, img, depth, w, h, c, himg, hdepth, hout, ha, o);
            }
            CHECK_MSG(!memcmp(out, out2, n * c), "%dx%d pass %d: the blurred composite read the full pixels, the "
                      "half colour or the coverage", w, h, pass);
            int bad = 0;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    int ix[2], iy[2];
                    double tx = x & 1 ? 0.25 : 0.75, ty = y & 1 ? 0.25 : 0.75;
                    ix[0] = (x & 1 ? x / 2 : x / 2 - 1), iy[0] = (y & 1 ? y / 2 : y / 2 - 1);
                    ix[1] = ix[0] + 1, iy[1] = iy[0] + 1;
                    for (int k = 0; k < 2; k++) {
                        ix[k] = ix[k] < 0 ? 0 : ix[k] >= hw ? hw - 1 : ix[k];
                        iy[k] = iy[k] < 0 ? 0 : iy[k] >= hh ? hh - 1 : iy[k];
                    }
                    for (int ch = 0; ch < c; ch++) {
                        double v[4], lo = 255, hi = 0;
                        for (int k = 0; k < 4; k++) {
                            v[k] = hout[((size_t)iy[k >> 1] * hw + ix[k & 1]) * c + ch];
                            lo = fmin(lo, v[k]), hi = fmax(hi, v[k]);
                        }
                        double got = out[((size_t)y * w + x) * c + ch];
                        if (!pass) {
                            double want = (1 - tx) * (1 - ty) * v[0] + tx * (1 - ty) * v[1] + (1 - tx) * ty * v[2] +
                                          tx * ty * v[3];
                            bad += fabs(got - want) > 0.5 + 1e-3;
                        } else {
                            bad += got < lo || got > hi;
                        }
                    }
                }
            CHECK_MSG(bad == 0, "%dx%d pass %d: %d values off the upsampled half result", w, h, pass, bad);
        }
        free(img), free(himg), free(hout), free(out), free(out2), free(depth), free(hdepth), free(ha);
    }
}

/* Half against full on a random picture over a smooth random depth. */
static void test_against_full(uint64_t *seed)
{
    const int w = 320, h = 180, c = 3;
    size_t n = (size_t)w * h;
    uint8_t *img = malloc(n * c), *a = malloc(n * c), *b = malloc(n * c);
    float *depth = malloc(n * sizeof *depth);
    for (int round = 0; round < 3; round++) {
        /* a random picture with some structure: noise over smooth gradients */
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                for (int ch = 0; ch < c; ch++) {
                    int v = (int)(127.5f + 80.0f * sinf(0.05f * x * (ch + 1) + 0.03f * y)) +
                            (int)(test_rand(seed) % 61) - 30;
                    img[((size_t)y * w + x) * c + ch] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
                }
        smooth_depth(depth, w, h, 5.0f, seed);
        for (int near = DOF_NEAR_ON; near <= DOF_NEAR_LAYERS; near++) {
        dof_params p = params(5.0f, 12.0f, near);
        if (full(&p, img, depth, w, h, c, a) || half(&p, img, depth, w, h, c, b)) break;
        double sum = 0, sum_sharp = 0;
        size_t sharp = 0;
        for (size_t i = 0; i < n; i++) {
            int in_focus = dof_blur_radius(p.aperture, p.focus, depth[i]) < 0.5f;
            sharp += in_focus;
            for (int ch = 0; ch < c; ch++) {
                int e = abs((int)a[i * c + ch] - (int)b[i * c + ch]);
                sum += e;
                sum_sharp += in_focus ? e : 0;
            }
        }
        double mean = sum / (double)(n * c), mean_sharp = sum_sharp / (double)(sharp * c);
        printf("test_dof_half: round %d, %s, mean |half - full| %.3f, over the %.1f%% in focus %.3f\n", round,
               near == DOF_NEAR_LAYERS ? "layer tables" : "near field", mean, 100.0 * (double)sharp / (double)n,
               mean_sharp);
        CHECK_MSG(mean < HALF_FULL_MEAN, "round %d near %d: half and full differ by %.3f on average (limit %.2f)",
                  round, near, mean, (double)HALF_FULL_MEAN);
        CHECK_MSG(mean_sharp < HALF_FULL_SHARP, "round %d near %d: half and full differ by %.3f on average where "
                  "in focus (limit %.2f)", round, near, mean_sharp, (double)HALF_FULL_SHARP);
        }
    }
    free(img), free(a), free(b), free(depth);
}

int main(void)
{
    uint64_t seed = 0x5ca1ab1e;
    test_in_focus(&seed);
    test_uniform(&seed);
    test_blurred_composite(&seed);
    test_against_full(&seed);
    return test_finish("test_dof_half");
}
