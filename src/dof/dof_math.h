/* The DoF gather's arithmetic, written once for C (dof_cpu.c) and CUDA (kernels/dof.cu);
 * shaders/dof_common.glsl is the GLSL twin. The including file defines, before the
 * include:
 *   DOF_FN                     "static inline" or "__device__ static inline"
 *   DOF_DEPTH(m, x, y)         linear depth at (x, y), already clamped to the image
 *   DOF_SAT(m, x, y, ch)       the wrapped uint32 table at (x, y) >= 0, channel ch
 * and a struct dof_image with at least: const dof_params *p; int w, h, c.
 * Optionally DOF_SAT4(m, x, y, v): all four channels of the table at (x, y) >= 0
 * into v[0..4) at once (one 16-byte load in CUDA); the box sums then take it.
 * Optionally DOF_DIV(a, b): the division of a box sum by its area, and of the sum of
 * the boxes by 3 (CUDA: __fdividef, a reciprocal and a multiply, within 2 ulp, instead
 * of the ~10 instructions of an IEEE division; the colour is rounded to half precision
 * afterwards). Default: a / b. The blur radius keeps the exact division: the foreground
 * guard compares radii, and a 1-ulp difference there can halve a pixel's box. */
#ifndef SCANWORKS_DOF_DOF_MATH_H
#define SCANWORKS_DOF_DOF_MATH_H

#ifndef DOF_DIV
#define DOF_DIV(a, b) ((a) / (b))
#endif

DOF_FN float dof_radius(float aperture, float focus, float depth)
{
    float r = aperture * fabsf(1.0f - focus / fmaxf(depth, 1e-6f));
    return fminf(r, (float)DOF_MAX_RADIUS);
}

DOF_FN float dof_depth_clamped(const struct dof_image *m, int x, int y)
{
    x = x < 0 ? 0 : x >= m->w ? m->w - 1 : x;
    y = y < 0 ? 0 : y >= m->h ? m->h - 1 : y;
    return DOF_DEPTH(m, x, y);
}

DOF_FN unsigned dof_sat_at(const struct dof_image *m, int x, int y, int ch)
{
    return x < 0 || y < 0 ? 0u : DOF_SAT(m, x, y, ch);
}

#ifdef DOF_SAT4
DOF_FN void dof_sat4_at(const struct dof_image *m, int x, int y, unsigned *v)
{
    if (x < 0 || y < 0) {
        v[0] = v[1] = v[2] = v[3] = 0u;
        return;
    }
    DOF_SAT4(m, x, y, v);
}
#endif

/* Adds the mean over the box of half-size r around (px, py), clamped to the image,
 * to acc[0..c): four samples per channel. */
DOF_FN void dof_box_mean(const struct dof_image *m, int px, int py, int r, float *acc)
{
    int lx = (px - r < 0 ? 0 : px - r) - 1, ly = (py - r < 0 ? 0 : py - r) - 1;
    int hx = px + r > m->w - 1 ? m->w - 1 : px + r, hy = py + r > m->h - 1 ? m->h - 1 : py + r;
    float area = (float)((hx - lx) * (hy - ly));
#ifdef DOF_SAT4
    unsigned a[4], b[4], c[4], d[4];
    dof_sat4_at(m, hx, hy, a);
    dof_sat4_at(m, lx, hy, b);
    dof_sat4_at(m, hx, ly, c);
    dof_sat4_at(m, lx, ly, d);
    for (int ch = 0; ch < m->c; ch++) acc[ch] += DOF_DIV((float)(a[ch] - b[ch] - c[ch] + d[ch]), area * m->p->scale);
#else
    for (int ch = 0; ch < m->c; ch++) {
        unsigned s = dof_sat_at(m, hx, hy, ch) - dof_sat_at(m, lx, hy, ch) - dof_sat_at(m, hx, ly, ch) +
                     dof_sat_at(m, lx, ly, ch);
        acc[ch] += DOF_DIV((float)s, area * m->p->scale);
    }
#endif
}

/* The foreground guard: halve r while a probe at the box's edge midpoints or corners
 * is clearly nearer and much sharper (at most three times). */
DOF_FN float dof_limit_radius(const struct dof_image *m, int px, int py, float d, float r)
{
    const int probes[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int it = 0; it < 3 && r >= 0.5f; it++) {
        int ri = (int)floorf(r + 0.5f);
        int nearer = 0;
        for (int k = 0; k < 8; k++) {
            float dt = dof_depth_clamped(m, px + probes[k][0] * ri, py + probes[k][1] * ri);
            if (dt < d * 0.8f && dof_radius(m->p->aperture, m->p->focus, dt) < 0.5f * r) nearer = 1;
        }
        if (!nearer) break;
        r *= 0.5f;
    }
    return r;
}

/* The DoF colour of (px, py) into out[0..c); returns 0 when the pixel is in focus
 * (out untouched: the caller keeps the pixel's own colour). */
DOF_FN int dof_gather_pixel(const struct dof_image *m, int px, int py, float *out)
{
    float d = DOF_DEPTH(m, px, py);
    float r = dof_limit_radius(m, px, py, d, dof_radius(m->p->aperture, m->p->focus, d));
    if (r < 0.5f) return 0;
    float acc[4] = {0, 0, 0, 0};
    for (int k = 1; k <= 3; k++) dof_box_mean(m, px, py, (int)floorf(r * (float)k / 3.0f + 0.5f), acc);
    for (int ch = 0; ch < m->c; ch++) out[ch] = DOF_DIV(acc[ch], 3.0f);
    return 1;
}

#endif
