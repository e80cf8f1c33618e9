/* The DoF quality metrics on images whose answers are known: equal images (PSNR +inf,
 * SSIM 1), uniform noise of a known level (its PSNR in closed form), a constant offset
 * (SSIM's luminance term in closed form), a structure change (SSIM well below 1, PSNR
 * finite), and the depth-edge band of a depth step (the pixels within 2 r of the step,
 * and none without a jump). */
#include <math.h>

#include "dof/dof_quality.h"
#include "test_util.h"

#define W 97
#define H 61

static uint32_t rng = 12345u;
static uint32_t next_u32(void)
{
    rng ^= rng << 13, rng ^= rng >> 17, rng ^= rng << 5;
    return rng;
}

int main(void)
{
    static uint8_t a[W * H * 3], b[W * H * 3], g1[W * H], g2[W * H];
    for (int i = 0; i < W * H * 3; i++) a[i] = (uint8_t)(40 + next_u32() % 170);
    sw_error err;
    dof_score s;
    /* equal */
    memcpy(b, a, sizeof a);
    CHECK(!dof_score_images(a, 3, b, 3, W, H, NULL, &s, &err));
    CHECK(isinf(s.psnr) && s.psnr > 0);
    CHECK_MSG(fabs(s.ssim - 1.0) < 1e-6, "ssim %g", s.ssim);
    CHECK(s.band_fraction == 0.0 && isinf(s.band_psnr));

    /* gray images with +-k noise of known mean square: PSNR = 10 log10(255^2 / k^2) */
    for (int i = 0; i < W * H; i++) g1[i] = (uint8_t)(60 + next_u32() % 120);
    for (int k = 1; k <= 16; k *= 4) {
        for (int i = 0; i < W * H; i++) g2[i] = (uint8_t)(g1[i] + ((next_u32() & 1) ? k : -k));
        CHECK(!dof_score_images(g1, 1, g2, 1, W, H, NULL, &s, &err));
        double want = 10.0 * log10(255.0 * 255.0 / (k * k));
        CHECK_MSG(fabs(s.psnr - want) < 1e-3, "noise %d: psnr %g, want %g", k, s.psnr, want);
        CHECK_MSG(s.ssim < 1.0 && s.ssim > 0.0, "noise %d: ssim %g", k, s.ssim);
    }
    /* constant images c and c + 10: SSIM = (2 m1 m2 + C1) / (m1^2 + m2^2 + C1) exactly */
    memset(g1, 100, sizeof g1);
    memset(g2, 110, sizeof g2);
    CHECK(!dof_score_images(g1, 1, g2, 1, W, H, NULL, &s, &err));
    {
        double m1 = 100 / 255.0, m2 = 110 / 255.0, c1 = 1e-4;
        double want = (2 * m1 * m2 + c1) / (m1 * m1 + m2 * m2 + c1);
        CHECK_MSG(fabs(s.ssim - want) < 1e-5, "offset: ssim %.7f, want %.7f", s.ssim, want);
        CHECK_MSG(fabs(s.psnr - 20 * log10(25.5)) < 1e-3, "offset: psnr %g", s.psnr);
    }
    /* a picture against its own 3x3 box blur: structure lost, SSIM clearly lower */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int sum = 0, n = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx >= 0 && yy >= 0 && xx < W && yy < H) sum += a[(yy * W + xx) * 3 + 1], n++;
                }
            g1[y * W + x] = a[(y * W + x) * 3 + 1];
            g2[y * W + x] = (uint8_t)(sum / n);
        }
    CHECK(!dof_score_images(g1, 1, g2, 1, W, H, NULL, &s, &err));
    CHECK_MSG(s.ssim < 0.7 && isfinite(s.psnr), "blur: ssim %g psnr %g", s.ssim, s.psnr);

    /* band: CoC 0 left of x = 40, 3 from there on -> the pixels within 6 px of the step */
    static float coc[W * H];
    static uint8_t mask[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) coc[y * W + x] = x < 40 ? 0.0f : 3.0f;
    size_t n = dof_edge_band(coc, W, H, mask);
    int wrong = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            /* the step lies between x = 39 and 40; both stamp discs of radius 6 */
            int in = (x >= 39 - 6 && x <= 40 + 6);
            wrong += mask[y * W + x] != in;
        }
    CHECK_MSG(!wrong && n == (size_t)(14 * H), "band: %d wrong, %zu pixels", wrong, n);
    /* a jump below 1 px is no edge */
    for (int i = 0; i < W * H; i++) coc[i] = (i % W) < 40 ? 2.0f : 2.9f;
    CHECK(dof_edge_band(coc, W, H, mask) == 0);
    /* band scores: a difference only far from the edge leaves the band perfect */
    for (int i = 0; i < W * H; i++) coc[i] = (i % W) < 40 ? 0.0f : 3.0f;
    memcpy(b, a, sizeof a);
    for (int y = 0; y < H; y++)
        for (int x = 80; x < W; x++) b[(y * W + x) * 3] ^= 0x40;
    CHECK(!dof_score_images(a, 3, b, 3, W, H, coc, &s, &err));
    CHECK_MSG(isinf(s.band_psnr) && fabs(s.band_ssim - 1.0) < 1e-6 && isfinite(s.psnr) && s.ssim < 1.0,
              "band psnr %g ssim %g, frame psnr %g ssim %g", s.band_psnr, s.band_ssim, s.psnr, s.ssim);
    CHECK(fabs(s.band_fraction - 14.0 / W) < 1e-9);
    CHECK(dof_luma(a, W, H, 5, coc, &err) == -1);   /* 5 channels: refused */
    if (test_failures) fprintf(stderr, "%d failure(s)\n", test_failures);
    return test_failures ? 1 : 0;
}
