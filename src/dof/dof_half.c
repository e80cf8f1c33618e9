/* The half-resolution DoF in C: downsample, the DoF at half size (dof_cpu_run),
 * composite; the per-pixel arithmetic is dof_half_math.h, which the GPU versions share. */
#include "dof/dof_half.h"

#include <math.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "dof/dof_cpu_run.h"

#define DOF_HALF_FN static inline
#include "dof/dof_half_math.h"

void dof_half_downsample(const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *himg,
                         float *hdepth)
{
    int hw = dof_half_size(w), hh = dof_half_size(h);
    for (int j = 0; j < hh; j++)
        for (int i = 0; i < hw; i++) {
            int x0 = dof_half_lo(i), x1 = dof_half_hi(i, w), y0 = dof_half_lo(j), y1 = dof_half_hi(j, h);
            size_t a = (size_t)y0 * w + x0, b = (size_t)y0 * w + x1, e = (size_t)y1 * w + x0, f = (size_t)y1 * w + x1;
            size_t o = (size_t)j * hw + i;
            for (int ch = 0; ch < c; ch++)
                himg[o * c + ch] = (uint8_t)dof_half_color(img[a * c + ch], img[b * c + ch], img[e * c + ch],
                                                           img[f * c + ch]);
            hdepth[o] = dof_half_depth(depth[a], depth[b], depth[e], depth[f]);
        }
}

void dof_half_composite(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c,
                        const uint8_t *himg, const float *hdepth, const uint8_t *hout, const float *halpha,
                        uint8_t *out)
{
    int hw = dof_half_size(w), hh = dof_half_size(h);
    for (int y = 0; y < h; y++) {
        int j0, j1;
        float ty;
        dof_half_axis(y, hh, &j0, &j1, &ty);
        for (int x = 0; x < w; x++) {
            int i0, i1;
            float tx;
            dof_half_axis(x, hw, &i0, &i1, &tx);
            size_t t[4] = {(size_t)j0 * hw + i0, (size_t)j0 * hw + i1, (size_t)j1 * hw + i0, (size_t)j1 * hw + i1};
            size_t o = (size_t)y * w + x;
            float d = depth[o], dt[4], wt[4], a = 0.0f;
            for (int k = 0; k < 4; k++) dt[k] = hdepth[t[k]];
            dof_half_weights(d, dt, tx, ty, wt);
            for (int k = 0; k < 4; k++) a += wt[k] * halpha[t[k]];
            float keep = dof_half_sharp(dof_blur_radius(p->aperture, p->focus, d)) * (1.0f - a);
            for (int ch = 0; ch < c; ch++) {
                float u[4], col[4];
                for (int k = 0; k < 4; k++) u[k] = hout[t[k] * c + ch], col[k] = himg[t[k] * c + ch];
                float q = dof_half_blend(img[o * c + ch], u, col, wt, keep) + 0.5f;
                out[o * c + ch] = q >= 255.0f ? 255 : q <= 0.0f ? 0 : (uint8_t)q;
            }
        }
    }
}

int dof_half_apply(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *out,
                   sw_error *err)
{
    int hw = dof_half_size(w), hh = dof_half_size(h), rc = -1;
    size_t hn = (size_t)hw * hh;
    uint8_t *himg = sw_malloc(hn * c * 2, "the half picture", err);
    float *hdepth = himg ? sw_malloc(hn * 2 * sizeof *hdepth, "the half depth", err) : NULL;
    if (hdepth) {
        uint8_t *hout = himg + hn * c;
        float *halpha = hdepth + hn;
        dof_half_downsample(img, depth, w, h, c, himg, hdepth);
        dof_params hp = *p;
        hp.aperture = 0.5f * p->aperture;   /* the CoC in half pixels */
        /* the table and the gather (the layer tables too, where asked) on the half picture */
        rc = dof_cpu_run(&hp, himg, hdepth, hw, hh, c, hout, halpha, err);
        if (!rc) dof_half_composite(p, img, depth, w, h, c, himg, hdepth, hout, halpha, out);
    }
    free(himg);
    free(hdepth);
    return rc;
}
