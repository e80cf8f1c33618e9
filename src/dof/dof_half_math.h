/* The half-resolution DoF's per-pixel arithmetic, written once for C (dof_half.c) and,
 * later, CUDA and GLSL: the downsample (full -> half) and the composite (the half-size
 * DoF back onto the full frame). Plain float arithmetic, no library call beyond
 * floorf, fminf, fmaxf, fabsf. The including file defines DOF_HALF_FN ("static inline"
 * or "__device__ static inline"); dof_half.c says what each image holds.
 *
 * With w x h the full size the half image is hw x hh, hw = (w + 1) / 2, hh = (h + 1) / 2:
 * half pixel (i, j) covers the full pixels 2i..2i+1, 2j..2j+1, the last column or row
 * repeated at an odd size. */
#ifndef SCANWORKS_DOF_DOF_HALF_MATH_H
#define SCANWORKS_DOF_DOF_HALF_MATH_H

#ifndef DOF_HALF_FN
#error "define DOF_HALF_FN before including dof/dof_half_math.h"
#endif

/* The composite's depth similarity: a half tap at depth d_i counts for a full pixel at
 * depth d with max(DOF_HALF_DEPTH_EPS, 1 - |d - d_i| / (DOF_HALF_DEPTH_K d)) times its
 * bilinear weight, so a pixel on one side of a depth edge reads the half pixels of its own
 * side (the floor keeps the sum positive where no tap is alike: then plain bilinear).
 * K = 1 measured best of 0.02 .. 1000 (2026-12-06, compute dof --scale half): on the photographs
 * (depths 1 and 4) every K up to 1 gives the same scores and K = 2 or plain bilinear
 * lose 0.003-0.004 band SSIM near-blurred; on the app's scene a narrow K (0.1) costs
 * 0.003 band SSIM against K = 1 (its depth changes smoothly along the floor). */
#define DOF_HALF_DEPTH_K 1.0f
#define DOF_HALF_DEPTH_EPS 1e-3f

/* The half size of a full size N. */
DOF_HALF_FN int dof_half_size(int n) { return (n + 1) / 2; }

/* The first full coordinate of half coordinate I's pair and the second, clamped to N. */
DOF_HALF_FN int dof_half_lo(int i) { return 2 * i; }
DOF_HALF_FN int dof_half_hi(int i, int n) { return 2 * i + 1 < n ? 2 * i + 1 : n - 1; }

/* The half pixel's colour channel from its four full pixels' 8-bit values: the mean,
 * rounded to the nearest integer (ties up), so the half table is exact like the full one.
 * Integer arithmetic: every backend writes the same value. */
DOF_HALF_FN unsigned dof_half_color(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return (a + b + c + d + 2u) >> 2;
}

/* The half pixel's depth: the nearest of the four (a blurred foreground keeps its extent
 * at half size, so its near field spreads from the whole silhouette). */
DOF_HALF_FN float dof_half_depth(float a, float b, float c, float d)
{
    return fminf(fminf(a, b), fminf(c, d));
}

/* The half pixels around full coordinate X (N half pixels along): the centre of X lies at
 * (X + 0.5) / 2 - 0.5 in half pixels, so an even X = 2k reads k - 1 and k with weights
 * 0.25, 0.75, an odd X = 2k + 1 reads k and k + 1 with 0.75, 0.25; indices clamped to
 * 0..N-1. *T is the second tap's weight. */
DOF_HALF_FN void dof_half_axis(int x, int n, int *i0, int *i1, float *t)
{
    int k = x >> 1;   /* x >= 0 */
    int a = (x & 1) ? k : k - 1;
    *t = (x & 1) ? 0.25f : 0.75f;
    *i0 = a < 0 ? 0 : a > n - 1 ? n - 1 : a;
    *i1 = a + 1 > n - 1 ? n - 1 : a + 1;
}

/* The four taps' weights for a full pixel at depth D, the taps at depths DT[0..4) in the
 * order (i0, j0), (i1, j0), (i0, j1), (i1, j1), the axes' second weights TX, TY: bilinear
 * times the depth similarity, normalised to sum 1, into W[0..4). */
DOF_HALF_FN void dof_half_weights(float d, const float *dt, float tx, float ty, float *w)
{
    float bw[4] = {(1.0f - tx) * (1.0f - ty), tx * (1.0f - ty), (1.0f - tx) * ty, tx * ty};
    /* two divisions, not eight: the composite is bound by its arithmetic on a GPU */
    float inv_kd = 1.0f / (DOF_HALF_DEPTH_K * fmaxf(d, 1e-6f)), sum = 0.0f;
    for (int k = 0; k < 4; k++) {
        float sim = fmaxf(DOF_HALF_DEPTH_EPS, 1.0f - fabsf(d - dt[k]) * inv_kd);
        w[k] = bw[k] * sim;
        sum += w[k];
    }
    float inv_sum = 1.0f / sum;
    for (int k = 0; k < 4; k++) w[k] = w[k] * inv_sum;
}

/* How much of the full pixel's own detail the composite keeps at CoC R (full pixels):
 * all of it up to 1/2 (in focus), none from 3/2 (blurred at least as wide as a half
 * pixel: the half result stands), linear between. */
DOF_HALF_FN float dof_half_sharp(float r)
{
    return fminf(fmaxf(1.5f - r, 0.0f), 1.0f);
}

/* One channel of the composite. SHARP is the full pixel's own value, U[k] the half DoF's
 * result and C[k] the half colour at the taps, W[k] their weights, KEEP = dof_half_sharp(r)
 * (1 - a), a the taps' near coverage under the same weights:
 *   out = U + keep (sharp - C),   U = sum w u, C = sum w c.
 * Where KEEP is 0 (blurred) this is U exactly, whatever SHARP and C are. Where the four
 * taps are in focus (u = c, so U and C are the same float) and KEEP is 1 it is SHARP within
 * an ulp, which rounds back to SHARP's 8 bits. (Written keep sharp + (1 - keep) C + (U - C)
 * instead, a blurred pixel would depend on C by a rounding and flip 8-bit ties.)
 * dof_half_mix is the last step, for a caller that sums U and C itself (the CUDA
 * composite sums a tap's three channels at a time, in this order). */
DOF_HALF_FN float dof_half_mix(float sharp, float uu, float cc, float keep) { return uu + keep * (sharp - cc); }

DOF_HALF_FN float dof_half_blend(float sharp, const float *u, const float *c, const float *w, float keep)
{
    float uu = 0.0f, cc = 0.0f;
    for (int k = 0; k < 4; k++) {
        uu += w[k] * u[k];
        cc += w[k] * c[k];
    }
    return dof_half_mix(sharp, uu, cc, keep);
}

#endif
