/* The DoF gather's arithmetic, written once for C (dof_cpu.c) and CUDA (kernels/dof/gather.cu);
 * shaders/dof_common.glsl is the GLSL twin. The including file defines, before the
 * include:
 *   DOF_FN                     "static inline" or "__device__ static inline"
 *   DOF_DEPTH(m, x, y)         linear depth at (x, y), already clamped to the image
 *   DOF_SAT(m, x, y, ch)       the wrapped uint32 table at (x, y) >= 0, channel ch
 * and a struct dof_image with at least: const dof_params *p (focus, aperture, scale,
 * boxes, guard); int w, h, c.
 * Optionally DOF_DEPTH_CLAMPS: DOF_DEPTH itself clamps coordinates outside the image to
 * its edges (a CUDA texture in clamp mode), so dof_depth_clamped need not.
 * Optionally DOF_SAT4(m, x, y, v): all four channels of the table at (x, y) >= 0
 * into v[0..4) at once (one 16-byte load in CUDA), with DOF_SAT4_EDGE(m, x, y, v), the
 * same for x, y >= -1 and zeros at -1 (CUDA: a load from a zero vector there, no
 * select per channel after the load); the box sums then take them.
 * Optionally DOF_DIV(a, b): a division within a few ulp (CUDA: a multiply by a
 * reciprocal within 1 ulp, within 2 ulp in all, instead of the ~10 instructions of an
 * IEEE division; a box's four channels share the reciprocal). It divides the box sums
 * by their areas and the sum of the boxes by 3 (the colour is rounded to half
 * precision afterwards), and it filters the foreground
 * guard's radius comparisons (dof_radius_below), whose answers stay exact. Default:
 * a / b, and no filter. */
#ifndef SCANWORKS_DOF_DOF_MATH_H
#define SCANWORKS_DOF_DOF_MATH_H

#ifndef DOF_DIV
#define DOF_DIV(a, b) ((a) / (b))
#define DOF_DIV_EXACT 1
#endif
#ifndef DOF_UNROLL
#define DOF_UNROLL   /* CUDA: _Pragma("unroll") */
#endif
/* The grids' spacings of the large apertures' guard and near layer (dof_soft_radius_grid,
 * dof_near_layer_grid); CUDA's gather sets them 1 in the kernels for small apertures, so
 * those compile without the grids' code. */
#ifndef DOF_GUARD_GRID_OF
#define DOF_GUARD_GRID_OF(m) dof_guard_grid((m)->p)
#endif
#ifndef DOF_NEAR_GRID_OF
#define DOF_NEAR_GRID_OF(m) dof_near_grid((m)->p)
#endif
#ifndef DOF_ROLLED
#define DOF_ROLLED   /* CUDA: _Pragma("unroll 1"), a loop kept rolled (the large apertures'
                        guard: no registers taken from the default path's loops) */
#endif

#include "dof/dof_radius.h"

/* dof_radius(aperture, focus, depth) < limit, the same answer as that comparison.
 * With an approximate DOF_DIV the radius is first computed from its quotient: its
 * error is below 1e-6 x aperture x (1 + |quotient|) (2.5 ulp in the quotient, three
 * roundings after it), so outside a margin of four times that the answer is clear, and
 * only nearer ties pay for the exact division. (A one-ulp difference in a compared
 * radius could halve a pixel's box, so the guard must decide exactly.) */
DOF_FN int dof_radius_below(float aperture, float focus, float depth, float limit)
{
#ifndef DOF_DIV_EXACT
    float dd = fmaxf(depth, 1e-6f);
    if (dd < 1e30f) {   /* __fdividef's bound holds for divisors up to 2^126 */
        float q = DOF_DIV(focus, dd);
        float r = fminf(aperture * fabsf(1.0f - q), (float)DOF_MAX_RADIUS);
        float margin = 4e-6f * aperture * (1.0f + fabsf(q));
        if (r < limit - margin) return 1;
        if (r > limit + margin) return 0;
    }
#endif
    return dof_radius(aperture, focus, depth) < limit;
}

DOF_FN float dof_depth_clamped(const struct dof_image *m, int x, int y)
{
#ifndef DOF_DEPTH_CLAMPS
    x = x < 0 ? 0 : x >= m->w ? m->w - 1 : x;
    y = y < 0 ? 0 : y >= m->h ? m->h - 1 : y;
#endif
    return DOF_DEPTH(m, x, y);
}

DOF_FN unsigned dof_sat_at(const struct dof_image *m, int x, int y, int ch)
{
    return x < 0 || y < 0 ? 0u : DOF_SAT(m, x, y, ch);
}

#if defined(DOF_SAT4) && !defined(DOF_SAT4_EDGE)
#error "DOF_SAT4 comes with DOF_SAT4_EDGE"
#endif

/* The box of half-size r around (px, py), clamped to the image: its table corners
 * (lx, ly just outside it, -1 at the image's edge; hx, hy its last column and row) and
 * its area in pixels. */
struct dof_box {
    int lx, ly, hx, hy;
    float area;
};

DOF_FN struct dof_box dof_box_at(const struct dof_image *m, int px, int py, int r)
{
    struct dof_box b;
    b.lx = (px - r < 0 ? 0 : px - r) - 1, b.ly = (py - r < 0 ? 0 : py - r) - 1;
    b.hx = px + r > m->w - 1 ? m->w - 1 : px + r, b.hy = py + r > m->h - 1 ? m->h - 1 : py + r;
    b.area = (float)((b.hx - b.lx) * (b.hy - b.ly));
    return b;
}

/* x / 3 correctly rounded, by two fused multiply-adds instead of a division (in CUDA a
 * division is ~10 instructions and a branch around its slow path): equal to x / 3.0f
 * for every normal float below 2^127 and for 0 (tests/test_dof_radius_filter.c checks
 * every float in [0.5, 256), the range the boxes use). */
DOF_FN float dof_third(float x)
{
    const float c = 1.0f / 3.0f;
    float q = x * c;
    return fmaf(fmaf(-q, 3.0f, x), c, q);
}

/* The half-size of box K (1..N) of N nested boxes of blur radius R: K/N of it,
 * rounded (for N = 1 or 2 the quotient is exact in every backend). */
DOF_FN int dof_box_radius(float r, int k, int n)
{
    float q = n == 3 ? dof_third(r * (float)k) : n == 2 ? r * (float)k * 0.5f : r;
    return (int)floorf(q + 0.5f);
}

/* Adds the mean over the box of half-size r around (px, py), clamped to the image,
 * to acc[0..c): four samples per channel. */
DOF_FN void dof_box_mean(const struct dof_image *m, int px, int py, int r, float *acc)
{
    struct dof_box bx = dof_box_at(m, px, py, r);
#ifdef DOF_SAT4
    unsigned a[4], b[4], c[4], d[4];
    DOF_SAT4(m, bx.hx, bx.hy, a);   /* hx, hy >= 0: inside the table */
    DOF_SAT4_EDGE(m, bx.lx, bx.hy, b);
    DOF_SAT4_EDGE(m, bx.hx, bx.ly, c);
    DOF_SAT4_EDGE(m, bx.lx, bx.ly, d);
    for (int ch = 0; ch < m->c; ch++)
        acc[ch] += DOF_DIV((float)(a[ch] - b[ch] - c[ch] + d[ch]), bx.area * m->p->scale);
#else
    for (int ch = 0; ch < m->c; ch++) {
        unsigned s = dof_sat_at(m, bx.hx, bx.hy, ch) - dof_sat_at(m, bx.lx, bx.hy, ch) -
                     dof_sat_at(m, bx.hx, bx.ly, ch) + dof_sat_at(m, bx.lx, bx.ly, ch);
        acc[ch] += DOF_DIV((float)s, bx.area * m->p->scale);
    }
#endif
}

/* The sum over the rectangle of half-sizes (rx, ry) around (px, py), clamped to the
 * image, added to acc[0..c) (subtracted if SUB); returns its area (negated if SUB). The
 * four corners' difference and the sums stay in unsigned arithmetic, exact where the
 * table wrapped: a disc's sum is below 2^32 (DOF_MAX_RADIUS), so the five rectangles'
 * total is exact and converted once. */
DOF_FN int dof_rect_sum(const struct dof_image *m, int px, int py, int rx, int ry, int sub, unsigned *acc)
{
    int lx = (px - rx < 0 ? 0 : px - rx) - 1, ly = (py - ry < 0 ? 0 : py - ry) - 1;
    int hx = px + rx > m->w - 1 ? m->w - 1 : px + rx, hy = py + ry > m->h - 1 ? m->h - 1 : py + ry;
#ifdef DOF_SAT4
    unsigned a[4], b[4], c[4], d[4];
    DOF_SAT4(m, hx, hy, a);
    DOF_SAT4_EDGE(m, lx, hy, b);
    DOF_SAT4_EDGE(m, hx, ly, c);
    DOF_SAT4_EDGE(m, lx, ly, d);
    for (int ch = 0; ch < m->c; ch++) {
        unsigned s = a[ch] - b[ch] - c[ch] + d[ch];
        acc[ch] = sub ? acc[ch] - s : acc[ch] + s;
    }
#else
    for (int ch = 0; ch < m->c; ch++) {
        unsigned s = dof_sat_at(m, hx, hy, ch) - dof_sat_at(m, lx, hy, ch) - dof_sat_at(m, hx, ly, ch) +
                     dof_sat_at(m, lx, ly, ch);
        acc[ch] = sub ? acc[ch] - s : acc[ch] + s;
    }
#endif
    int area = (hx - lx) * (hy - ly);
    return sub ? -area : area;
}

/* The mean over the stepped disc of whole-pixel size N (dof_limits.h, DOF_DISC_X*: three
 * bands, five rectangles by inclusion and exclusion: the wide, the square and the tall
 * one, less the two overlaps) around (px, py), into out[0..c). Clamping each rectangle
 * to the image clamps the union, so the area stays the pixels summed. */
DOF_FN void dof_disc_mean(const struct dof_image *m, int px, int py, int n, float *out)
{
    int h1 = (int)floorf(DOF_DISC_X1 * (float)n + 0.5f), h2 = (int)floorf(DOF_DISC_X2 * (float)n + 0.5f),
        h3 = (int)floorf(DOF_DISC_X3 * (float)n + 0.5f);
    unsigned acc[4] = {0, 0, 0, 0};
    int area = dof_rect_sum(m, px, py, h1, h3, 0, acc);
    area += dof_rect_sum(m, px, py, h2, h2, 0, acc);
    area += dof_rect_sum(m, px, py, h3, h1, 0, acc);
    area += dof_rect_sum(m, px, py, h2, h3, 1, acc);
    area += dof_rect_sum(m, px, py, h3, h2, 1, acc);
    for (int ch = 0; ch < m->c; ch++) out[ch] = DOF_DIV((float)acc[ch], (float)area * m->p->scale);
}

/* The disc of fractional radius R: its continuous size s = R - 1/2 (a disc of whole size
 * N covers the pixels within N + 1/2) lies between the whole sizes N = floor(s) and N + 1,
 * and the two means are blended by the fraction, so the picture changes continuously as
 * the CoC grows: at R = 1/2 the disc is the pixel itself. */
DOF_FN void dof_disc_gather(const struct dof_image *m, int px, int py, float r, float *out)
{
    float s = r - 0.5f;
    int n = (int)floorf(s);
    float f = s - (float)n, lo[4], hi[4];
    dof_disc_mean(m, px, py, n, lo);
    dof_disc_mean(m, px, py, n + 1, hi);
    for (int ch = 0; ch < m->c; ch++) out[ch] = lo[ch] + f * (hi[ch] - lo[ch]);
}

/* The soft guard's grid spacing for pass P (dof_limits.h, DOF_GUARD_GRID). */
DOF_FN int dof_guard_grid(const dof_params *p) { return DOF_GUARD_GRID(p); }

/* One probe's weight in the soft guard: how much nearer than D and sharper than R its
 * depth DT is (the ramps of dof_soft_radius). */
DOF_FN float dof_soft_weight(const struct dof_image *m, float d, float r, float dt)
{
    float nearer = fminf(fmaxf(DOF_DIV(0.85f * d - dt, 0.1f * d), 0.0f), 1.0f);
    if (!(nearer > 0.0f)) return 0.0f;
    float rk = dof_radius(m->p->aperture, m->p->focus, dt);
    return nearer * fminf(fmaxf(DOF_DIV(0.6f * r - rk, 0.2f * r), 0.0f), 1.0f);
}

/* The soft guard at large apertures, without feedback: three rings of the eight
 * directions at fixed fractions of the CoC R (R, 3R/4, R/2), each
 * probe at its fractional point, its weight (dof_soft_weight, "sharper" against the
 * ring's radius) the bilinear blend of the weights at the four nodes of the grid of
 * spacing G (node coordinates multiples of G) around that point; each ring shrinks the
 * radius by a quarter of its summed weight (at most half), R times the product. Two
 * neighbours of one depth share R and the grid, and each of their probes' blends
 * differs by at most 1/G, so a sharp object's silhouette moves the radius across G
 * pixels. (The point probes' rounds, each probing at the radius the round before
 * left, tore the blur along shifted copies of the silhouette: one probe crossing it
 * moved r by a quarter in one pixel, and the next rounds' probes moved with r.) */
DOF_FN float dof_soft_radius_grid(const struct dof_image *m, int px, int py, float d, float r, int g)
{
    const int probes[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    const float rings[3] = {1.0f, 0.75f, 0.5f}, gf = (float)g;
    float keep = 1.0f;
    DOF_ROLLED
    for (int j = 0; j < 3; j++) {
        const float rho = r * rings[j];
        float w = 0.0f;
        DOF_ROLLED
        for (int k = 0; k < 8; k++) {
            float qx = ((float)px + (float)probes[k][0] * rho) / gf, qy = ((float)py + (float)probes[k][1] * rho) / gf;
            float nx = floorf(qx), ny = floorf(qy), fx = qx - nx, fy = qy - ny;
            int x0 = (int)nx * g, y0 = (int)ny * g;
            float d00 = dof_depth_clamped(m, x0, y0), d10 = dof_depth_clamped(m, x0 + g, y0);
            float d01 = dof_depth_clamped(m, x0, y0 + g), d11 = dof_depth_clamped(m, x0 + g, y0 + g);
            float w00 = dof_soft_weight(m, d, rho, d00), w10 = dof_soft_weight(m, d, rho, d10);
            float w01 = dof_soft_weight(m, d, rho, d01), w11 = dof_soft_weight(m, d, rho, d11);
            float top = w00 + fx * (w10 - w00), bot = w01 + fx * (w11 - w01);
            w += top + fy * (bot - top);
        }
        /* a ring outside the radius the rings before left counts less (fully within it,
           not at all a quarter of R beyond it) */
        float inside = fminf(fmaxf(1.0f - DOF_DIV(rho - r * keep, 0.25f * r), 0.0f), 1.0f);
        keep *= 1.0f - 0.25f * inside * fminf(w, 2.0f);
    }
    return r * keep;
}

/* The soft guard: like dof_limit_radius, but each probe weighs in by how much nearer
 * (0 at 0.85 d, 1 from 0.75 d) and how much sharper (0 at 0.6 r, 1 from 0.4 r) it is, and
 * the radius shrinks by up to half in proportion (two full probes: half), so no single
 * threshold cuts the blur in steps. A probe can weigh only where d > 1.10 F
 * (DOF_SOFT_GUARD_FROM): behind the focus, with u = 1 - F/d, a probe sharper than 0.6 r
 * lies deeper than F / (1 + 0.6 u) (in front of the focus) or F / (1 - 0.6 u) (behind),
 * and either is below 0.85 d only for u > 0.099, d > 1.11 F. */
DOF_FN float dof_soft_radius(const struct dof_image *m, int px, int py, float d, float r)
{
    if (d <= DOF_SOFT_GUARD_FROM * m->p->focus) return r;
    int g = DOF_GUARD_GRID_OF(m);
    if (g > 1) return dof_soft_radius_grid(m, px, py, d, r, g);
    const int probes[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int it = 0; it < 3 && r >= 0.5f; it++) {
        int ri = (int)floorf(r + 0.5f);
        float dt[8], w = 0.0f;
        for (int k = 0; k < 8; k++) dt[k] = dof_depth_clamped(m, px + probes[k][0] * ri, py + probes[k][1] * ri);
        for (int k = 0; k < 8; k++) {
            float nearer = fminf(fmaxf(DOF_DIV(0.85f * d - dt[k], 0.1f * d), 0.0f), 1.0f);
            if (nearer > 0.0f) {
                float rk = dof_radius(m->p->aperture, m->p->focus, dt[k]);
                w += nearer * fminf(fmaxf(DOF_DIV(0.6f * r - rk, 0.2f * r), 0.0f), 1.0f);
            }
        }
        if (w <= 0.0f) break;
        r *= 1.0f - 0.25f * fminf(w, 2.0f);
    }
    return r;
}

/* The guard can only act on pixels deeper than 7/6 of the focus distance. A probe
 * passes if it is nearer than 0.8 d and its radius is below half the pixel's. Before
 * the focus (d <= F) a nearer probe is blurrier: the radius grows as the depth falls
 * below F. Behind it, with u = 1 - F/d, a probe at half the radius lies deeper than
 * F / (1 + u/2), which is below 0.8 d only if u > 1/7, that is d > 7F/6. Below
 * DOF_GUARD_FROM = 1.16 F (dof_limits.h) the margin (a probe's radius at least 0.078 A
 * against the pixel's half radius, at most 0.069 A) covers every rounding, so skipping
 * the probes there changes no answer; tests/test_dof_radius_filter.c checks it, with
 * the approximate division too. */

/* The foreground guard: halve r while a probe at the box's edge midpoints or corners
 * is clearly nearer and much sharper (at most three times). A round's eight depths are
 * read before any is compared, so that on a GPU their fetches are in flight together;
 * then the depth test for all eight, and the radius test (a division) only for the few
 * probes that pass it, under one branch. */
DOF_FN float dof_limit_radius(const struct dof_image *m, int px, int py, float d, float r)
{
    if (d <= DOF_GUARD_FROM * m->p->focus) return r;
    const int probes[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int it = 0; it < 3 && r >= 0.5f; it++) {
        int ri = (int)floorf(r + 0.5f);
        float dt[8];
        for (int k = 0; k < 8; k++) dt[k] = dof_depth_clamped(m, px + probes[k][0] * ri, py + probes[k][1] * ri);
        unsigned closer = 0;
        for (int k = 0; k < 8; k++) closer |= (unsigned)(dt[k] < d * 0.8f) << k;
        int nearer = 0;
        if (closer)
            for (int k = 0; k < 8; k++)
                if ((closer >> k & 1u) && dof_radius_below(m->p->aperture, m->p->focus, dt[k], 0.5f * r)) nearer = 1;
        if (!nearer) break;
        r *= 0.5f;
    }
    return r;
}

/* The DoF colour of (px, py) into out[0..c) with the disc kernel, or the boxes; each
 * returns 0 when the pixel is in focus (out untouched: the caller keeps the pixel's own
 * colour). */
/* The disc's radius at (px, py): the CoC, shrunk by the soft guard where it is on. It
 * reads only the depth (the CUDA gather computes it before it waits for the table). */
DOF_FN float dof_disc_radius(const struct dof_image *m, int px, int py)
{
    float d = DOF_DEPTH(m, px, py);
    float r = dof_radius(m->p->aperture, m->p->focus, d);
    return m->p->guard ? dof_soft_radius(m, px, py, d, r) : r;
}

DOF_FN int dof_gather_disc(const struct dof_image *m, int px, int py, float *out)
{
    float r = dof_disc_radius(m, px, py);
    if (r < 0.5f) return 0;
    dof_disc_gather(m, px, py, r, out);
    return 1;
}

DOF_FN int dof_gather_boxes(const struct dof_image *m, int px, int py, float *out)
{
    float d = DOF_DEPTH(m, px, py);
    float r = dof_radius(m->p->aperture, m->p->focus, d);
    if (m->p->guard) r = dof_limit_radius(m, px, py, d, r);
    if (r < 0.5f) return 0;
    float acc[4] = {0, 0, 0, 0};
    int n = m->p->boxes;
    DOF_UNROLL
    for (int k = 1; k <= DOF_MAX_BOXES; k++)
        if (k <= n) dof_box_mean(m, px, py, dof_box_radius(r, k, n), acc);
    for (int ch = 0; ch < m->c; ch++) out[ch] = DOF_DIV(acc[ch], (float)n);
    return 1;
}

/* Either, as p->kernel says. */
DOF_FN int dof_gather_pixel(const struct dof_image *m, int px, int py, float *out)
{
    return m->p->kernel == DOF_KERNEL_DISC ? dof_gather_disc(m, px, py, out) : dof_gather_boxes(m, px, py, out);
}

#include "dof/dof_near_math.h"     /* the near field */
#include "dof/dof_layers_math.h"   /* the layer tables (p->layers) */

#endif
