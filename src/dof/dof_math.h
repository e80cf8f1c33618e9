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

/* The soft guard's grid spacing for an aperture A (dof_limits.h, DOF_GUARD_GRID_DIV). */
DOF_FN int dof_guard_grid(float aperture)
{
    int g = (int)(aperture / DOF_GUARD_GRID_DIV);
    return g < 1 ? 1 : g > DOF_GUARD_GRID_MAX ? DOF_GUARD_GRID_MAX : g;
}

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
 * directions at fixed fractions of the CoC R (DOF_GUARD_RINGS: R, 3R/4, R/2), each
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
    int g = dof_guard_grid(m->p->aperture);
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

/* The near field: a blurred foreground covers what lies behind it (scatter as gather).
 * The tile pass, dilated: a tile's (tx0, ty0 its first pixel) largest near CoC RT and
 * least near depth DT, over the depth samples within DOF_MAX_RADIUS of it (dof_limits.h);
 * a sample counts if it lies before the focus and its disc (plus the sample spacing)
 * reaches the tile. dof_near_sample folds sample K (0..DOF_NEAR_SAMPLES) in; the tile's
 * value is the same in any order (a max and a min), so a GPU block folds them in
 * parallel. */
DOF_FN void dof_near_sample(const struct dof_image *m, int tx0, int ty0, int k, float *rt, float *dt)
{
    int sx = tx0 - DOF_MAX_RADIUS + DOF_NEAR_STRIDE * (k % DOF_NEAR_SIDE_X) + DOF_NEAR_STRIDE / 2;
    int sy = ty0 - DOF_MAX_RADIUS + DOF_NEAR_STRIDE * (k / DOF_NEAR_SIDE_X) + DOF_NEAR_STRIDE / 2;
    if (sx < 0 || sy < 0 || sx >= m->w || sy >= m->h) return;
    float d = DOF_DEPTH(m, sx, sy);
    if (!(d < m->p->focus)) return;
    int ex = tx0 - sx > sx - (tx0 + DOF_NEAR_TILE_W - 1) ? tx0 - sx : sx - (tx0 + DOF_NEAR_TILE_W - 1);
    int ey = ty0 - sy > sy - (ty0 + DOF_NEAR_TILE_H - 1) ? ty0 - sy : sy - (ty0 + DOF_NEAR_TILE_H - 1);
    int e = ex > ey ? ex : ey;
    float r = dof_radius(m->p->aperture, m->p->focus, d);
    if (r < 0.5f || (float)e > r + (float)DOF_NEAR_STRIDE) return;
    *rt = fmaxf(*rt, r);
    *dt = fminf(*dt, d);
}

#ifdef DOF_COLOR
#ifndef DOF_NEAR_BATCH
#define DOF_NEAR_BATCH 2   /* DOF_NEAR_PROBES is a multiple of it */
#endif
/* Probe K's offset from the pixel, the spiral's point at RT rounded to whole pixels, and
 * its distance RHO. The same for every pixel of a tile: the CUDA gather reads it from
 * a table its warp made (DOF_NEAR_PROBE defined there). */
#ifndef DOF_NEAR_PROBE
#define DOF_NEAR_PROBE(m, k, rt, ox, oy, rho)                                                                 \
    do {                                                                                                     \
        (ox) = (int)floorf((rt) * spiral[k][0] + 0.5f), (oy) = (int)floorf((rt) * spiral[k][1] + 0.5f);      \
        (rho) = sqrtf((float)((ox) * (ox) + (oy) * (oy)));                                                   \
    } while (0)
#endif
/* The near layer over (px, py), depth D, in a tile of near CoC RT and least depth DT:
 * the disc of radius RT probed at the spiral's N points (dof_near_probes); a probe q at distance rho counts
 * if it is nearer than the pixel (weight 0 at 0.97 d, 1 from 0.92 d) and before the focus,
 * and its own disc reaches the pixel (r_q >= rho, a pixel's ramp); it stands for the
 * disc's area / N, and spreads its colour thinly over its own disc, so it weighs
 * (RT / r_q)^2. The coverage alpha is the weights' sum over N, at most 1; the layer's
 * colour, their weighted mean, into col[0..c). Returns alpha (0: nothing in front, col
 * untouched). The caller blends: out = own + alpha (col - own). */
/* The near layer's probes: DOF_NEAR_PROBES at full size, DOF_NEAR_PROBES_HALF at half size
 * (the first ones of the spiral, spread by DOF_NEAR_HALF_SPREAD: dof_limits.h). */
DOF_FN int dof_near_probes(const dof_params *p) { return DOF_NEAR_PROBES_AT(p->half); }
DOF_FN float dof_near_spread(const dof_params *p) { return DOF_NEAR_SPREAD_AT(p->half); }

DOF_FN float dof_near_layer(const struct dof_image *m, int px, int py, float d, float rt, float dt, float *col)
{
    if (rt < 0.5f || !(dt < 0.97f * d)) return 0.0f;
    const int n = dof_near_probes(m->p);
    const float rs = rt * dof_near_spread(m->p);   /* the spiral's radius: the probes' offsets */
    (void)rs;   /* unused where DOF_NEAR_PROBE reads a table made from it (the CUDA gather) */
#define DOF_P(x, y) {x, y}
    const float spiral[DOF_NEAR_PROBES][2] = {DOF_NEAR_SPIRAL};
#undef DOF_P
    (void)spiral;
    float wsum = 0.0f, acc[4] = {0, 0, 0, 0};
    /* DOF_NEAR_BATCH probes' depths are fetched before any is tested (in flight together
     * on a GPU); the same arithmetic in the same order as one probe at a time. */
    DOF_UNROLL
    for (int k0 = 0; k0 < DOF_NEAR_PROBES; k0 += DOF_NEAR_BATCH) {
        if (k0 >= n) break;   /* N is a multiple of the batch */
        int ox[DOF_NEAR_BATCH], oy[DOF_NEAR_BATCH];
        float rho[DOF_NEAR_BATCH], dqs[DOF_NEAR_BATCH];
        DOF_UNROLL
        for (int j = 0; j < DOF_NEAR_BATCH; j++) {
            DOF_NEAR_PROBE(m, k0 + j, rs, ox[j], oy[j], rho[j]);
            dqs[j] = dof_depth_clamped(m, px + ox[j], py + oy[j]);
        }
        DOF_UNROLL
        for (int j = 0; j < DOF_NEAR_BATCH; j++) {
            int qx = px + ox[j], qy = py + oy[j];
            if (qx < 0 || qy < 0 || qx >= m->w || qy >= m->h) continue;
            float dq = dqs[j];
            float front = fminf(fmaxf(DOF_DIV(0.97f * d - dq, 0.05f * d), 0.0f), 1.0f);
            if (!(front > 0.0f) || !(dq < m->p->focus)) continue;
            float rq = dof_radius(m->p->aperture, m->p->focus, dq);
            float reach = fminf(fmaxf(rq - rho[j] + 0.5f, 0.0f), 1.0f);
            if (!(reach > 0.0f)) continue;
            float s = DOF_DIV(rt, fmaxf(rq, 0.5f));
            float w = front * reach * s * s;
            float c[4];
            DOF_COLOR(m, qx, qy, c);
            for (int ch = 0; ch < m->c; ch++) acc[ch] += w * c[ch];
            wsum += w;
        }
    }
    if (!(wsum > 0.0f)) return 0.0f;
    for (int ch = 0; ch < m->c; ch++) col[ch] = DOF_DIV(acc[ch], wsum);
    return fminf(wsum * (1.0f / (float)n), 1.0f);
}
#endif


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
 * the blurred foreground, the colour disc's inside it, with the probes' layer over it). */
DOF_LAYER_FN void dof_layers_pixel(const struct dof_image *m, int px, int py, float rt, float dt, float *v)
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
        return;
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
    }
}
#endif

#endif
