/* The DoF gather in C for 8-bit images whose SAT was built with quantization scale 1
 * (so every box mean is exact before the final rounding); the arithmetic is
 * dof_math.h, shared with the CUDA kernel and mirrored by shaders/dof_common.glsl. */
#include "dof/dof.h"

#include <math.h>
#include <string.h>

struct dof_image {
    const dof_params *p;
    const uint32_t *sat;
    const float *depth;
    int w, h, c;
};

#define DOF_FN static inline
#define DOF_DEPTH(m, x, y) ((m)->depth[(size_t)(y) * (m)->w + (x)])
#define DOF_SAT(m, x, y, ch) ((m)->sat[((size_t)(y) * (m)->w + (x)) * (m)->c + (ch)])
#include "dof/dof_math.h"

float dof_blur_radius(float aperture, float focus, float depth) { return dof_radius(aperture, focus, depth); }

int dof_cpu_pixel(const dof_params *p, const uint32_t *sat, const float *depth, int w, int h, int c, int x, int y,
                  float *out)
{
    struct dof_image m = {p, sat, depth, w, h, c};
    return dof_gather_pixel(&m, x, y, out);
}

void dof_cpu_apply(const dof_params *p, const uint8_t *img, const uint32_t *sat, const float *depth, int w, int h,
                   int c, uint8_t *out)
{
    struct dof_image m = {p, sat, depth, w, h, c};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = ((size_t)y * w + x) * c;
            float v[4];
            if (!dof_gather_pixel(&m, x, y, v)) {
                memcpy(out + i, img + i, (size_t)c);
                continue;
            }
            for (int ch = 0; ch < c; ch++) {
                float q = v[ch] + 0.5f;
                out[i + ch] = q >= 255.0f ? 255 : q <= 0.0f ? 0 : (uint8_t)q;
            }
        }
}
