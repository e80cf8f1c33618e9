/* PSNR, SSIM and the depth-edge band (dof_quality.h). */
#include "dof/dof_quality.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int dof_luma(const uint8_t *px, int w, int h, int c, float *out, sw_error *err)
{
    if (c < 1 || c > 4) return sw_fail(err, "luma of an image of %d channels: expected 1 to 4", c);
    size_t n = (size_t)w * h;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = px + i * c;
        float y = c < 3 ? p[0] : 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
        out[i] = y / 255.0f;
    }
    return 0;
}

/* Marks the disc of radius R around (x, y). */
static void stamp_disc(uint8_t *mask, int w, int h, int x, int y, float r)
{
    int ri = (int)ceilf(r);
    for (int dy = -ri; dy <= ri; dy++) {
        int yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (int dx = -ri; dx <= ri; dx++) {
            int xx = x + dx;
            if (xx >= 0 && xx < w && (float)(dx * dx + dy * dy) <= r * r) mask[(size_t)yy * w + xx] = 1;
        }
    }
}

size_t dof_edge_band(const float *coc, int w, int h, uint8_t *mask)
{
    memset(mask, 0, (size_t)w * h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float r0 = coc[(size_t)y * w + x];
            /* right and lower neighbour: each 4-neighbour pair once */
            for (int k = 0; k < 2; k++) {
                int xx = x + (k == 0), yy = y + (k == 1);
                if (xx >= w || yy >= h) continue;
                float r1 = coc[(size_t)yy * w + xx];
                if (fabsf(r1 - r0) < 1.0f) continue;
                float r = 2.0f * fmaxf(r0, r1);
                stamp_disc(mask, w, h, x, y, r);
                stamp_disc(mask, w, h, xx, yy, r);
            }
        }
    size_t count = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) count += mask[i];
    return count;
}

double dof_psnr(const float *a, const float *b, int w, int h, const uint8_t *mask)
{
    double se = 0;
    size_t n = 0;
    for (size_t i = 0; i < (size_t)w * h; i++) {
        if (mask && !mask[i]) continue;
        double d = (double)a[i] - b[i];
        se += d * d;
        n++;
    }
    if (!n || se == 0) return INFINITY;
    return 10.0 * log10(1.0 / (se / (double)n));
}

#define SSIM_RADIUS 5   /* 11x11 */

/* One pass of the separable Gaussian along (DX, DY) = (1, 0) or (0, 1), the weights
 * renormalized over the part of the window inside the image. */
static void gauss_pass(const double *src, double *dst, int w, int h, const double *g, int dx, int dy)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double s = 0, ws = 0;
            for (int k = -SSIM_RADIUS; k <= SSIM_RADIUS; k++) {
                int xx = x + k * dx, yy = y + k * dy;
                if (xx < 0 || xx >= w || yy < 0 || yy >= h) continue;
                s += g[k + SSIM_RADIUS] * src[(size_t)yy * w + xx];
                ws += g[k + SSIM_RADIUS];
            }
            dst[(size_t)y * w + x] = s / ws;
        }
}

/* The 11x11 Gaussian of SRC into DST (w*h); TMP: w*h doubles. */
static void gauss(const double *src, double *dst, double *tmp, int w, int h, const double *g)
{
    gauss_pass(src, tmp, w, h, g, 1, 0);
    gauss_pass(tmp, dst, w, h, g, 0, 1);
}

int dof_ssim_map(const float *a, const float *b, int w, int h, float *map, sw_error *err)
{
    size_t n = (size_t)w * h;
    /* mu_a, mu_b, E[a^2], E[b^2], E[ab], then products and a scratch row pass, in double:
     * the variances are differences of nearly equal moments */
    double *buf = sw_malloc(n * 7 * sizeof *buf, "SSIM buffers", err);
    if (!buf) return -1;
    double *mua = buf, *mub = buf + n, *saa = buf + 2 * n, *sbb = buf + 3 * n, *sab = buf + 4 * n,
          *prod = buf + 5 * n, *tmp = buf + 6 * n;
    double g[2 * SSIM_RADIUS + 1];
    for (int k = -SSIM_RADIUS; k <= SSIM_RADIUS; k++) g[k + SSIM_RADIUS] = exp(-(double)(k * k) / (2.0 * 1.5 * 1.5));
    for (size_t i = 0; i < n; i++) prod[i] = a[i];
    gauss(prod, mua, tmp, w, h, g);
    for (size_t i = 0; i < n; i++) prod[i] = b[i];
    gauss(prod, mub, tmp, w, h, g);
    for (size_t i = 0; i < n; i++) prod[i] = (double)a[i] * a[i];
    gauss(prod, saa, tmp, w, h, g);
    for (size_t i = 0; i < n; i++) prod[i] = (double)b[i] * b[i];
    gauss(prod, sbb, tmp, w, h, g);
    for (size_t i = 0; i < n; i++) prod[i] = (double)a[i] * b[i];
    gauss(prod, sab, tmp, w, h, g);
    const double c1 = 0.01 * 0.01, c2 = 0.03 * 0.03;
    for (size_t i = 0; i < n; i++) {
        double ma = mua[i], mb = mub[i];
        double va = saa[i] - ma * ma, vb = sbb[i] - mb * mb, cov = sab[i] - ma * mb;
        map[i] = (float)(((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2)));
    }
    free(buf);
    return 0;
}

double dof_masked_mean(const float *v, int w, int h, const uint8_t *mask)
{
    double s = 0;
    size_t n = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
        if (!mask || mask[i]) s += v[i], n++;
    return n ? s / (double)n : 1.0;
}

int dof_score_images(const uint8_t *a, int ca, const uint8_t *b, int cb, int w, int h, const float *coc,
                     dof_score *s, sw_error *err)
{
    size_t n = (size_t)w * h;
    float *la = sw_malloc(n * 3 * sizeof *la, "luma planes", err);
    uint8_t *mask = la && coc ? sw_malloc(n, "the edge band", err) : NULL;
    int rc = -1;
    if (!la || (coc && !mask)) goto done;
    float *lb = la + n, *map = la + 2 * n;
    if (dof_luma(a, w, h, ca, la, err) || dof_luma(b, w, h, cb, lb, err) || dof_ssim_map(la, lb, w, h, map, err))
        goto done;
    s->psnr = dof_psnr(la, lb, w, h, NULL);
    s->ssim = dof_masked_mean(map, w, h, NULL);
    size_t band = coc ? dof_edge_band(coc, w, h, mask) : 0;
    s->band_fraction = (double)band / (double)n;
    const uint8_t *m = band ? mask : NULL;
    s->band_psnr = dof_psnr(la, lb, w, h, m);
    s->band_ssim = dof_masked_mean(map, w, h, m);
    rc = 0;
done:
    free(la);
    free(mask);
    return rc;
}
