/* The DoF gather in C for 8-bit images whose SAT was built with quantization scale 1
 * (so every box mean is exact before the final rounding); the arithmetic is
 * dof_math.h, shared with the CUDA kernel and mirrored by shaders/dof_common.glsl. */
#include "dof/dof_cpu.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "prim/sat_cpu.h"

struct dof_image {
    const dof_params *p;
    const uint32_t *sat;
    const float *depth;
    int w, h, c;
    const uint8_t *img;   /* the picture, for the near layer's colours */
    const uint32_t *layers[2];   /* the layer tables (w*h*4 each), or NULL */
};

#define DOF_FN static inline
#define DOF_DEPTH(m, x, y) ((m)->depth[(size_t)(y) * (m)->w + (x)])
#define DOF_SAT(m, x, y, ch) ((m)->sat[((size_t)(y) * (m)->w + (x)) * (m)->c + (ch)])
#define DOF_COLOR(m, x, y, v)                                                                       \
    do {                                                                                            \
        for (int ch_ = 0; ch_ < (m)->c; ch_++) (v)[ch_] = (m)->img[((size_t)(y) * (m)->w + (x)) * (m)->c + ch_]; \
    } while (0)
/* a layer table at (x, y) >= -1, zeros at -1 */
#define DOF_LAYER4(m, t, x, y, v)                                                                   \
    do {                                                                                            \
        for (int ch_ = 0; ch_ < 4; ch_++)                                                           \
            (v)[ch_] = (x) < 0 || (y) < 0 ? 0u : (m)->layers[t][((size_t)(y) * (m)->w + (x)) * 4 + ch_]; \
    } while (0)
#include "dof/dof_math.h"

float dof_blur_radius(float aperture, float focus, float depth) { return dof_radius(aperture, focus, depth); }

int dof_cpu_pixel(const dof_params *p, const uint32_t *sat, const float *depth, int w, int h, int c, int x, int y,
                  float *out)
{
    struct dof_image m = {p, sat, depth, w, h, c, NULL, {NULL, NULL}};
    return dof_gather_pixel(&m, x, y, out);
}

float dof_cpu_disc_radius(const dof_params *p, const float *depth, int w, int h, int x, int y)
{
    struct dof_image m = {p, NULL, depth, w, h, 1, NULL, {NULL, NULL}};
    return dof_disc_radius(&m, x, y);
}

void dof_cpu_near_tile(const dof_params *p, const float *depth, int w, int h, int tx0, int ty0, float *rt, float *dt)
{
    struct dof_image m = {p, NULL, depth, w, h, 1, NULL, {NULL, NULL}};
    *rt = 0.0f, *dt = FLT_MAX;
    for (int k = 0; k < DOF_NEAR_SAMPLES; k++) dof_near_sample(&m, tx0, ty0, k, rt, dt);
}

int dof_cpu_layer_tables(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c,
                         uint32_t *near, uint32_t *far, sw_error *err)
{
    size_t n = (size_t)w * h;
    uint32_t *in = sw_malloc(n * 4 * sizeof *in, "the layer tables' input", err);
    if (!in) return -1;
    uint32_t *tables[2] = {near, far};
    for (int t = 0; t < 2; t++) {
        for (size_t i = 0; i < n; i++) {
            unsigned q[3];
            for (int ch = 0; ch < 3; ch++) q[ch] = img[i * c + (ch < c ? ch : 0)];
            dof_layer_texel(p->aperture, p->focus, depth[i], t, q, DOF_LAYER_EXACT(p->scale), in + i * 4);
        }
        sat_cpu_rgba(in, w, h, tables[t]);
    }
    free(in);
    return 0;
}

void dof_cpu_apply(const dof_params *p, const uint8_t *img, const uint32_t *sat, const uint32_t *const *layers,
                   const float *depth, int w, int h, int c, uint8_t *out)
{
    dof_cpu_apply_alpha(p, img, sat, layers, depth, w, h, c, out, NULL);
}

void dof_cpu_apply_alpha(const dof_params *p, const uint8_t *img, const uint32_t *sat, const uint32_t *const *layers,
                         const float *depth, int w, int h, int c, uint8_t *out, float *alpha_out)
{
    struct dof_image m = {p, sat, depth, w, h, c, img, {layers ? layers[0] : NULL, layers ? layers[1] : NULL}};
    int use_layers = layers && dof_uses_layers(p);
    for (int ty = 0; ty < h; ty += DOF_NEAR_TILE_H)
        for (int tx = 0; tx < w; tx += DOF_NEAR_TILE_W) {
            float rt = 0.0f, dt = FLT_MAX;
            if (p->near || use_layers) dof_cpu_near_tile(p, depth, w, h, tx, ty, &rt, &dt);
            for (int y = ty; y < h && y < ty + DOF_NEAR_TILE_H; y++)
                for (int x = tx; x < w && x < tx + DOF_NEAR_TILE_W; x++) {
                    size_t i = ((size_t)y * w + x) * c;
                    float v[4], col[4] = {0, 0, 0, 0};
                    /* alpha: the probes' near layer, still to blend over v; cover: the near
                     * coverage over the pixel (the layer tables lay theirs inside the pixel) */
                    float alpha = 0.0f, cover;
                    if (use_layers) {
                        for (int ch = 0; ch < c; ch++) v[ch] = img[i + ch];
                        cover = dof_layers_pixel(&m, x, y, rt, dt, v);
                    } else {
                        if (!dof_gather_pixel(&m, x, y, v))
                            for (int ch = 0; ch < c; ch++) v[ch] = img[i + ch];
                        if (p->near) alpha = dof_near_layer(&m, x, y, DOF_DEPTH(&m, x, y), rt, dt, col);
                        cover = alpha;
                    }
                    if (alpha_out) alpha_out[(size_t)y * w + x] = cover;
                    for (int ch = 0; ch < c; ch++) {
                        float q = v[ch] + alpha * (col[ch] - v[ch]) + 0.5f;
                        out[i + ch] = q >= 255.0f ? 255 : q <= 0.0f ? 0 : (uint8_t)q;
                    }
                }
        }
}
