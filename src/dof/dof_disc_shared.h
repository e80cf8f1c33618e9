/* The fractional disc with its table reads shared (dof_math.h includes this; the
 * variants of dof_params.disc, DOF_DISC_* in dof_limits.h). The pair of whole-size
 * discs around r, n = floor(r - 1/2) and n + 1, is ten rectangles (five each), but
 * many coincide: within a disc when h2 = h3 (or all three half-widths are equal), and
 * between the two when a half-width does not change from n to n + 1 (dof_disc_halves;
 * h1 = n up to n = 16, h2 and h3 grow by 0.69 and 0.55 a size). The means' blend
 * (1 - f) lo + f hi is linear in the rectangles' sums, so each distinct rectangle is
 * read once, weighted by its summed coefficient, and a rectangle whose coefficient is
 * zero is not read: 4 to 40 corners a pixel instead of 40 (the same picture up to the
 * float sum's order). With DOF_DISC_SHARE_RAMP the blend's weight above size 6 ramps
 * over a window of width 6 / s around f = 1/2 (continuous in r, no step, the picture
 * a little steeper in r there), so most pixels read one disc; DOF_DISC_SHARE_ROUND
 * takes the rounded size from size 8 on (a step of one size where s crosses n + 1/2). */
#ifndef SCANWORKS_DOF_DOF_DISC_SHARED_H
#define SCANWORKS_DOF_DOF_DISC_SHARED_H

/* The half-widths of the stepped disc of whole size N. */
DOF_FN void dof_disc_halves(int n, int *h)
{
    h[0] = (int)floorf(DOF_DISC_X1 * (float)n + 0.5f);
    h[1] = (int)floorf(DOF_DISC_X2 * (float)n + 0.5f);
    h[2] = (int)floorf(DOF_DISC_X3 * (float)n + 0.5f);
}

/* The pixels of the rectangle of half-sizes (rx, ry) around (px, py), clamped. */
DOF_FN float dof_rect_area(const struct dof_image *m, int px, int py, int rx, int ry)
{
    int lx = (px - rx < 0 ? 0 : px - rx) - 1, ly = (py - ry < 0 ? 0 : py - ry) - 1;
    int hx = px + rx > m->w - 1 ? m->w - 1 : px + rx, hy = py + ry > m->h - 1 ? m->h - 1 : py + ry;
    return (float)((hx - lx) * (hy - ly));
}

/* The blend weight of the larger disc for the fraction F of size S, by VARIANT. */
DOF_FN float dof_disc_weight(int variant, float s, float f)
{
    if (variant == DOF_DISC_SHARE_RAMP && s > DOF_DISC_RAMP_FROM) {
        float w = DOF_DISC_RAMP_FROM / s;   /* the window's width, < 1 */
        return fminf(fmaxf(DOF_DIV(f - 0.5f, w) + 0.5f, 0.0f), 1.0f);
    }
    if (variant == DOF_DISC_SHARE_ROUND && s >= DOF_DISC_ROUND_FROM) return f < 0.5f ? 0.0f : 1.0f;
    return f;
}

/* dof_disc_gather with shared reads (see above), into out[0..c). */
DOF_FN void dof_disc_gather_shared(const struct dof_image *m, int px, int py, float r, int variant, float *out)
{
    float s = r - 0.5f;
    int n = (int)floorf(s);
    float f = dof_disc_weight(variant, s, s - (float)n);
    int a[3], b[3];
    dof_disc_halves(n, a);
    dof_disc_halves(n + 1, b);
    /* the five rectangles of each disc: the wide, square and tall bands, less two overlaps */
    const int ix[5] = {0, 1, 2, 1, 2}, iy[5] = {2, 1, 0, 2, 1};
    const float sign[5] = {1.0f, 1.0f, 1.0f, -1.0f, -1.0f};
    int key[10];
    float k[10], area_lo = 0.0f, area_hi = 0.0f;
    DOF_UNROLL
    for (int j = 0; j < 5; j++) {
        key[j] = a[ix[j]] << 8 | a[iy[j]];
        key[j + 5] = b[ix[j]] << 8 | b[iy[j]];
        area_lo += sign[j] * dof_rect_area(m, px, py, a[ix[j]], a[iy[j]]);
        area_hi += sign[j] * dof_rect_area(m, px, py, b[ix[j]], b[iy[j]]);
    }
    float klo = DOF_DIV(1.0f - f, area_lo * m->p->scale), khi = DOF_DIV(f, area_hi * m->p->scale);
    DOF_UNROLL
    for (int j = 0; j < 5; j++) k[j] = sign[j] * klo, k[j + 5] = sign[j] * khi;
    /* each rectangle's coefficient onto its first occurrence */
    DOF_UNROLL
    for (int j = 1; j < 10; j++) {
        int merged = 0;
        DOF_UNROLL
        for (int i = 0; i < j; i++)
            if (!merged && key[i] == key[j]) k[i] += k[j], merged = 1;
        if (merged) k[j] = 0.0f;
    }
    float acc[4] = {0, 0, 0, 0};
    DOF_UNROLL
    for (int j = 0; j < 10; j++)
        if (k[j] != 0.0f) dof_rect_sum(m, px, py, key[j] >> 8, key[j] & 255, k[j], acc);
    for (int ch = 0; ch < m->c; ch++) out[ch] = acc[ch];
}

#endif
