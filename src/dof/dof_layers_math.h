/* The layer tables' arithmetic (p->layers), part of dof_math.h, which includes it last:
 * the same including file's defines (DOF_FN, DOF_DEPTH, DOF_COLOR, DOF_LAYER4, ...) and
 * dof_math.h's functions. */
#ifndef SCANWORKS_DOF_DOF_LAYERS_MATH_H
#define SCANWORKS_DOF_DOF_LAYERS_MATH_H

/* ---- the layer tables (p->layers) -------------------------------------------------
 * Scatter as gather with each layer normalised by its own coverage: beside the colour's
 * table, the near layer's and the far layer's, each a table of premultiplied colour
 * (three channels) and coverage (the fourth), built from the frame by dof_layer_texel.
 * A blurred background pixel averages only the far layer over its disc, divided by the
 * far coverage there: a sharp object in front is left out of its blur, yet the blur
 * reaches the object's silhouette (the soft guard instead shrinks the radius there). A
 * blurred foreground is laid over every pixel that is not itself in it: the near
 * layer's premultiplied mean over the tile's near CoC (dof_near_sample) and its
 * coverage alpha, out = near + (1 - alpha) out, box means of the foreground instead of
 * point samples. A pixel inside the blurred foreground takes the colour's disc, as
 * without layers (with both layers at its own radius that is what near over the rest
 * sums to), and under it the probes' near layer (dof_near_layer): the near table holds
 * the whole foreground, this pixel's own surface too, so only the probes, which weigh
 * each by its depth against the pixel's, let a nearer and blurrier object spread over a
 * farther part of the foreground (a teapot over the floor before the focus; without
 * them its silhouette stayed sharp there). The including file defines DOF_COLOR and
 * DOF_LAYER4(m, t, x, y, v): table T (DOF_LAYER_NEAR
 * or DOF_LAYER_FAR) at (x, y) >= -1 into v[0..4), zeros at -1. The tables' input is
 * dof_layer_texel (dof_layer_texel.h). */
#include "dof/dof_layer_texel.h"

#ifdef DOF_LAYER4
#ifndef DOF_COLOR
#error "the layer tables' pixel needs DOF_COLOR (the probes' near layer inside the foreground)"
#endif
#ifndef DOF_LAYER_FN
#define DOF_LAYER_FN DOF_FN   /* CUDA: forced inline (the local arrays stay in registers) */
#endif
/* dof_rect_sum over layer table T: four channels, corners at x, y >= -1. */
DOF_LAYER_FN float dof_layer_rect(const struct dof_image *m, int t, int px, int py, int rx, int ry, float sign, float *acc)
{
    int lx = (px - rx < 0 ? 0 : px - rx) - 1, ly = (py - ry < 0 ? 0 : py - ry) - 1;
    int hx = px + rx > m->w - 1 ? m->w - 1 : px + rx, hy = py + ry > m->h - 1 ? m->h - 1 : py + ry;
    unsigned a[4], b[4], c[4], d[4];
    DOF_LAYER4(m, t, hx, hy, a);
    DOF_LAYER4(m, t, lx, hy, b);
    DOF_LAYER4(m, t, hx, ly, c);
    DOF_LAYER4(m, t, lx, ly, d);
    for (int ch = 0; ch < 4; ch++) acc[ch] += sign * (float)(a[ch] - b[ch] - c[ch] + d[ch]);
    return sign * (float)((hx - lx) * (hy - ly));
}

/* Layer T over the stepped disc of whole size N (dof_disc_mean's five rectangles): its
 * premultiplied colour per pixel of the disc into pm[0..3), its coverage (0..1) in pm[3]. */
DOF_LAYER_FN void dof_layer_disc_mean(const struct dof_image *m, int t, int px, int py, int n, float *pm)
{
    int h1 = (int)floorf(DOF_DISC_X1 * (float)n + 0.5f), h2 = (int)floorf(DOF_DISC_X2 * (float)n + 0.5f),
        h3 = (int)floorf(DOF_DISC_X3 * (float)n + 0.5f);
    float acc[4] = {0, 0, 0, 0};
    float area = dof_layer_rect(m, t, px, py, h1, h3, 1.0f, acc);
    area += dof_layer_rect(m, t, px, py, h2, h2, 1.0f, acc);
    area += dof_layer_rect(m, t, px, py, h3, h1, 1.0f, acc);
    area += dof_layer_rect(m, t, px, py, h2, h3, -1.0f, acc);
    area += dof_layer_rect(m, t, px, py, h3, h2, -1.0f, acc);
    for (int ch = 0; ch < 3; ch++) pm[ch] = DOF_DIV(acc[ch], area * m->p->scale * dof_layer_unit(m->p->scale));
    pm[3] = DOF_DIV(acc[3], area * (float)DOF_LAYER_ONE);
}

/* The same for the fractional radius R (dof_disc_gather's blend of the two whole sizes,
 * applied to the premultiplied colour and the coverage alike). */
DOF_LAYER_FN void dof_layer_disc(const struct dof_image *m, int t, int px, int py, float r, float *pm)
{
    float s = r - 0.5f;
    int n = (int)floorf(s);
    float f = s - (float)n, lo[4], hi[4];
    dof_layer_disc_mean(m, t, px, py, n, lo);
    dof_layer_disc_mean(m, t, px, py, n + 1, hi);
    for (int ch = 0; ch < 4; ch++) pm[ch] = lo[ch] + f * (hi[ch] - lo[ch]);
}

/* The pixel (px, py) with the layer tables, in a tile of near CoC RT and least near depth
 * DT (dof_near_sample; RT 0: none): V holds the pixel's own colour in, its result out
 * (channels 0..c; a fourth channel, where the picture has one, is the pixel's own outside
 * the blurred foreground, the colour disc's inside it, with the probes' layer over it).
 * Returns the near layer's coverage laid over the pixel (0..1; the half-size composite's
 * alpha, dof_half_math.h). */
DOF_LAYER_FN float dof_layers_pixel(const struct dof_image *m, int px, int py, float rt, float dt, float *v)
{
    float d = DOF_DEPTH(m, px, py);
    float s = dof_signed_radius(m->p->aperture, m->p->focus, d);
    float r = fabsf(s);
    int in_near = s <= -0.5f;   /* inside the blurred foreground */
    if (in_near) {
        dof_disc_gather(m, px, py, r, v);
        float col[4] = {0.0f, 0.0f, 0.0f, 0.0f};   /* alpha 0 leaves v: 0 x (col - v) reads no unset value */
        float al = dof_near_layer(m, px, py, d, rt, dt, col);
        for (int ch = 0; ch < m->c; ch++) v[ch] += al * (col[ch] - v[ch]);
        return al;
    }
    if (r >= 0.5f) {
        float pm[4];
        dof_layer_disc(m, DOF_LAYER_FAR, px, py, r, pm);
        if (pm[3] > DOF_LAYER_MIN_COVER) {
            float inv = DOF_DIV(1.0f, pm[3]);
            for (int ch = 0; ch < 3; ch++) v[ch] = pm[ch] * inv;
        } else {
            dof_disc_gather(m, px, py, r, v);
        }
    }
    if (rt >= 0.5f) {
        float pm[4];
        dof_layer_disc(m, DOF_LAYER_NEAR, px, py, rt, pm);
        for (int ch = 0; ch < 3; ch++) v[ch] = pm[ch] + (1.0f - pm[3]) * v[ch];
        return pm[3];
    }
    return 0.0f;
}
#endif

#endif
