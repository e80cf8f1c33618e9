#include "dof/dof_layers.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int dof_disc_half(float r)
{
    return r <= 0.5f ? 0 : (int)ceilf(r + 0.5f) - 1;
}

/* The disc's area over the pixel [x0, x0 + 1] x [y0, y0 + 1] (disc centred at 0):
 * the chord's overlap with the pixel's rows, integrated over x by the midpoint rule on
 * 256 columns (the error, from the chord's kinks, is below 1e-5 of a pixel; the caller
 * averages it with the integral over y, so the weights are symmetric under transposition). */
static double pixel_area(double r, double x0, double y0)
{
    const int n = 256;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double x = x0 + (i + 0.5) / n;
        if (fabs(x) >= r) continue;
        double hy = sqrt(r * r - x * x);
        double lo = fmax(-hy, y0), hi = fmin(hy, y0 + 1.0);
        if (hi > lo) sum += hi - lo;
    }
    return sum / n;
}

/* The pixel (dx, dy) lies wholly inside the disc: its farthest corner does. */
static int pixel_inside(double r, int dx, int dy)
{
    double fx = abs(dx) + 0.5, fy = abs(dy) + 0.5;
    return fx * fx + fy * fy <= r * r;
}

int dof_disc_weights(float r, int *half, float **w, sw_error *err)
{
    if (!(r >= 0.0f) || r > 1e4f) return sw_fail(err, "disc radius %g: expected 0..10000 pixels", r);
    int h = dof_disc_half(r), side = 2 * h + 1;
    double *a = sw_malloc((size_t)side * side * sizeof *a, "disc weights", err);
    *w = a ? sw_malloc((size_t)side * side * sizeof **w, "disc weights", err) : NULL;
    if (!*w) {
        free(a);
        return -1;
    }
    double total = 0;
    for (int dy = -h; dy <= h; dy++)
        for (int dx = -h; dx <= h; dx++) {
            double v = h == 0 ? 1.0 : pixel_inside(r, dx, dy) ? 1.0 : 0.5 * (pixel_area(r, dx - 0.5, dy - 0.5) + pixel_area(r, dy - 0.5, dx - 0.5));
            a[(dy + h) * side + dx + h] = v;
            total += v;
        }
    for (int i = 0; i < side * side; i++) (*w)[i] = (float)(a[i] / total);
    free(a);
    *half = h;
    return 0;
}

int dof_disc_convolve(const float *src, int w, int h, int c, int m, float r, float *dst, sw_error *err)
{
    int half;
    float *k;
    if (w < 1 || h < 1 || c < 1 || c > 4 || m < 0)
        return sw_fail(err, "disc convolution of %dx%dx%d, margin %d: expected positive sizes, 1..4 channels", w, h,
                       c, m);
    if (dof_disc_weights(r, &half, &k, err)) return -1;
    if (half > m) {
        free(k);
        return sw_fail(err, "disc of radius %g reaches %d px beyond the frame, but the canvas's margin is %d", r, half,
                       m);
    }
    int cw = w + 2 * m, ch = h + 2 * m, side = 2 * half + 1;
    size_t row = (size_t)(cw + 1) * c;
    /* Prefix sums along each canvas row: a run of whole pixels costs one difference. */
    double *pre = sw_malloc((size_t)ch * row * sizeof *pre, "disc convolution row sums", err);
    int *lo = pre ? sw_malloc((size_t)side * 2 * sizeof *lo, "disc spans", err) : NULL;
    if (!lo) {
        free(k);
        free(pre);
        return -1;
    }
    for (int y = 0; y < ch; y++) {
        double *p = pre + (size_t)y * row;
        for (int j = 0; j < c; j++) p[j] = 0;
        for (int x = 0; x < cw; x++)
            for (int j = 0; j < c; j++) p[(x + 1) * c + j] = p[x * c + j] + src[((size_t)y * cw + x) * c + j];
    }
    /* Each kernel row: the span [lo, hi] of pixels wholly inside (weight kfull), empty
     * when lo > hi; the rest of the row is read tap by tap. */
    int *hi = lo + side;
    float kfull = 0;
    for (int dy = -half; dy <= half; dy++) {
        int a = 1, b = 0;
        for (int dx = -half; dx <= half; dx++)
            if (half > 0 && pixel_inside(r, dx, dy)) {
                if (a > b) a = dx;
                b = dx;
                kfull = k[(dy + half) * side + dx + half];
            }
        lo[dy + half] = a, hi[dy + half] = b;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            for (int j = 0; j < c; j++) {
                double s = 0;
                for (int dy = -half; dy <= half; dy++) {
                    int cy = y + m + dy, a = lo[dy + half], b = hi[dy + half];
                    const double *p = pre + (size_t)cy * row;
                    const float *kr = k + (size_t)(dy + half) * side + half;
                    const float *sr = src + ((size_t)cy * cw + x + m) * c + j;
                    if (a <= b) s += (double)kfull * (p[(x + m + b + 1) * c + j] - p[(x + m + a) * c + j]);
                    for (int dx = -half; dx <= half; dx++) {
                        if (a <= b && dx == a) dx = b + 1;
                        if (dx > half) break;
                        if (kr[dx] != 0.0f) s += (double)kr[dx] * sr[(ptrdiff_t)dx * c];
                    }
                }
                dst[((size_t)y * w + x) * c + j] = (float)s;
            }
    free(k);
    free(pre);
    free(lo);
    return 0;
}

int dof_layers_render(const dof_layers *l, float *out, sw_error *err)
{
    int w = l->w, h = l->h, m = l->m, cw = w + 2 * m;
    size_t n = (size_t)w * h, cn = (size_t)cw * (h + 2 * m);
    float *pre = sw_malloc(cn * 3 * sizeof *pre, "premultiplied object layer", err);
    float *near = pre ? sw_malloc(n * 3 * sizeof *near, "blurred object layer", err) : NULL;
    float *cover = near ? sw_malloc(n * sizeof *cover, "blurred object coverage", err) : NULL;
    float *far = cover ? sw_malloc(n * 3 * sizeof *far, "blurred background", err) : NULL;
    int rc = -1;
    if (!far) goto done;
    for (size_t i = 0; i < cn; i++)
        for (int j = 0; j < 3; j++) pre[i * 3 + j] = l->alpha[i] * l->object[i * 3 + j];
    if (dof_disc_convolve(pre, w, h, 3, m, l->near_coc, near, err) ||
        dof_disc_convolve(l->alpha, w, h, 1, m, l->near_coc, cover, err) ||
        dof_disc_convolve(l->back, w, h, 3, m, l->far_coc, far, err))
        goto done;
    for (size_t i = 0; i < n; i++)
        for (int j = 0; j < 3; j++) out[i * 3 + j] = near[i * 3 + j] + (1.0f - cover[i]) * far[i * 3 + j];
    rc = 0;
done:
    free(pre);
    free(near);
    free(cover);
    free(far);
    return rc;
}
