/* The DoF gather in C, step for step the arithmetic of shaders/dof_common.glsl, for
 * 8-bit images whose SAT was built with quantization scale 1 (so every box mean is
 * exact before the final rounding). */
#include "dof/dof.h"

#include <math.h>
#include <string.h>

typedef struct dof_image {
    const dof_params *p;
    const uint8_t *img;
    const uint32_t *sat;
    const float *depth;
    int w, h, c;
} dof_image;

static float depth_at(const dof_image *m, int x, int y)
{
    x = x < 0 ? 0 : x >= m->w ? m->w - 1 : x;
    y = y < 0 ? 0 : y >= m->h ? m->h - 1 : y;
    return m->depth[(size_t)y * m->w + x];
}

static uint32_t sat_at(const dof_image *m, int x, int y, int ch)
{
    return x < 0 || y < 0 ? 0u : m->sat[((size_t)y * m->w + x) * m->c + ch];
}

static void box_mean(const dof_image *m, int px, int py, int r, float *acc)
{
    int lx = (px - r < 0 ? 0 : px - r) - 1, ly = (py - r < 0 ? 0 : py - r) - 1;
    int hx = px + r > m->w - 1 ? m->w - 1 : px + r, hy = py + r > m->h - 1 ? m->h - 1 : py + r;
    float area = (float)((hx - lx) * (hy - ly));
    for (int ch = 0; ch < m->c; ch++) {
        uint32_t s = sat_at(m, hx, hy, ch) - sat_at(m, lx, hy, ch) - sat_at(m, hx, ly, ch) + sat_at(m, lx, ly, ch);
        acc[ch] += (float)s / (area * m->p->scale);
    }
}

static const int probes[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

static float limit_radius(const dof_image *m, int px, int py, float d, float r)
{
    for (int it = 0; it < 3 && r >= 0.5f; it++) {
        int ri = (int)floorf(r + 0.5f);
        int nearer = 0;
        for (int k = 0; k < 8; k++) {
            float dt = depth_at(m, px + probes[k][0] * ri, py + probes[k][1] * ri);
            if (dt < d * 0.8f && dof_blur_radius(m->p->aperture, m->p->focus, dt) < 0.5f * r) nearer = 1;
        }
        if (!nearer) break;
        r *= 0.5f;
    }
    return r;
}

void dof_cpu_apply(const dof_params *p, const uint8_t *img, const uint32_t *sat, const float *depth, int w, int h,
                   int c, uint8_t *out)
{
    dof_image m = {p, img, sat, depth, w, h, c};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = ((size_t)y * w + x) * c;
            float d = depth[(size_t)y * w + x];
            float r = limit_radius(&m, x, y, d, dof_blur_radius(p->aperture, p->focus, d));
            if (r < 0.5f) {
                memcpy(out + i, img + i, (size_t)c);
                continue;
            }
            float acc[4] = {0, 0, 0, 0};
            for (int k = 1; k <= 3; k++) box_mean(&m, x, y, (int)floorf(r * (float)k / 3.0f + 0.5f), acc);
            for (int ch = 0; ch < c; ch++) {
                float v = acc[ch] / 3.0f + 0.5f;
                out[i + ch] = v >= 255.0f ? 255 : v <= 0.0f ? 0 : (uint8_t)v;
            }
        }
}
