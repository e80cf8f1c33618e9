/* The near field's arithmetic (dof_near_sample, dof_near_layer and its grid at large
 * apertures), part of dof_math.h, which includes it after the gather: the same
 * including file's defines (DOF_FN, DOF_DEPTH, DOF_COLOR, ...) and dof_math.h's
 * functions. */
#ifndef SCANWORKS_DOF_DOF_NEAR_MATH_H
#define SCANWORKS_DOF_DOF_NEAR_MATH_H

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
/* The near layer's probes: DOF_NEAR_PROBES at full size, DOF_NEAR_PROBES_HALF at half size
 * (the first ones of the spiral, spread by DOF_NEAR_HALF_SPREAD: dof_limits.h). */
DOF_FN int dof_near_probes(const dof_params *p) { return DOF_NEAR_PROBES_AT(p->half); }
DOF_FN float dof_near_spread(const dof_params *p) { return DOF_NEAR_SPREAD_AT(p->half); }

/* The near layer's grid spacing for pass P (dof_limits.h, DOF_NEAR_GRID). */
DOF_FN int dof_near_grid(const dof_params *p) { return DOF_NEAR_GRID(p); }

/* The near layer at large apertures: probe k at its fractional point, the spiral's at RS
 * (no rounding), stands for the bilinear blend of the four nodes of the grid of spacing G
 * around it: each node (inside the picture) weighs as a probe there would (front,
 * reach at the node's own distance over a ramp of the cell's width, (RT / r_q)^2),
 * times its bilinear weight. As the pixel moves by one, a probe's blend changes by at
 * most 1/G, so a near object's silhouette spreads over G pixels at each probe instead
 * of drawing a copy of its outline. */
DOF_FN float dof_near_layer_grid(const struct dof_image *m, int px, int py, float d, float rt, float *col, int g)
{
    const int n = dof_near_probes(m->p);
    const float rs = rt * dof_near_spread(m->p), gf = (float)g;
#ifndef DOF_NEAR_SPIRAL_AT
#define DOF_P(x, y) {x, y}
    const float spiral[DOF_NEAR_PROBES][2] = {DOF_NEAR_SPIRAL};
#undef DOF_P
#define DOF_NEAR_SPIRAL_AT(k, axis) spiral[k][axis]   /* CUDA: the spiral in constant memory */
#endif
    float wsum = 0.0f, acc[4] = {0, 0, 0, 0};
    DOF_ROLLED
    for (int k = 0; k < n; k++) {
        float ox = rs * DOF_NEAR_SPIRAL_AT(k, 0), oy = rs * DOF_NEAR_SPIRAL_AT(k, 1);
        float qx = ((float)px + ox) / gf, qy = ((float)py + oy) / gf;
        float nx = floorf(qx), ny = floorf(qy), fx = qx - nx, fy = qy - ny;
        int x0 = (int)nx * g, y0 = (int)ny * g;
        DOF_ROLLED
        for (int c = 0; c < 4; c++) {
            int cx = x0 + (c & 1) * g, cy = y0 + (c >> 1) * g;
            float b = ((c & 1) ? fx : 1.0f - fx) * ((c >> 1) ? fy : 1.0f - fy);
            if (!(b > 0.0f) || cx < 0 || cy < 0 || cx >= m->w || cy >= m->h) continue;
            float dq = DOF_DEPTH(m, cx, cy);
            float front = fminf(fmaxf(DOF_DIV(0.97f * d - dq, 0.05f * d), 0.0f), 1.0f);
            if (!(front > 0.0f) || !(dq < m->p->focus)) continue;
            float rq = dof_radius(m->p->aperture, m->p->focus, dq);
            /* reach at the node's own distance, its ramp as wide as the grid's cell (at most
               half the node's CoC): the node's disc edge spread like its silhouette */
            float rho = sqrtf((float)((cx - px) * (cx - px) + (cy - py) * (cy - py)));
            float reach = fminf(fmaxf(DOF_DIV(rq - rho, fminf(gf, fmaxf(0.5f * rq, 1.0f))) + 0.5f, 0.0f), 1.0f);
            if (!(reach > 0.0f)) continue;
            float s = DOF_DIV(rt, fmaxf(rq, 0.5f));
            float w = b * front * reach * s * s;
            float cc[4];
            DOF_COLOR(m, cx, cy, cc);
            for (int ch = 0; ch < m->c; ch++) acc[ch] += w * cc[ch];
            wsum += w;
        }
    }
    if (!(wsum > 0.0f)) return 0.0f;
    for (int ch = 0; ch < m->c; ch++) col[ch] = DOF_DIV(acc[ch], wsum);
    return fminf(wsum * (1.0f / (float)n), 1.0f);
}

/* The near layer over (px, py), depth D, in a tile of near CoC RT and least depth DT:
 * the disc of radius RT probed at the spiral's N points (dof_near_probes); a probe q at distance rho counts
 * if it is nearer than the pixel (weight 0 at 0.97 d, 1 from 0.92 d) and before the focus,
 * and its own disc reaches the pixel (r_q >= rho, a pixel's ramp); it stands for the
 * disc's area / N, and spreads its colour thinly over its own disc, so it weighs
 * (RT / r_q)^2. The coverage alpha is the weights' sum over N, at most 1; the layer's
 * colour, their weighted mean, into col[0..c). Returns alpha (0: nothing in front, col
 * untouched). The caller blends: out = own + alpha (col - own). From the grid's
 * apertures, dof_near_layer_grid instead. */
DOF_FN float dof_near_layer(const struct dof_image *m, int px, int py, float d, float rt, float dt, float *col)
{
    if (rt < 0.5f || !(dt < 0.97f * d)) return 0.0f;
    const int g = DOF_NEAR_GRID_OF(m);
    if (g > 1) return dof_near_layer_grid(m, px, py, d, rt, col, g);
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

#endif
