/* SAT front end: argument checks, the backends (the CPU loop and the RGBA packing are
 * prim/sat_cpu.c's), unwrapping to exact 64-bit sums and box sums. */
#include "dof/sat.h"

#include <stdlib.h>
#include <string.h>

static const char *const variant_names[SAT_VARIANT_COUNT] = {"three-pass", "tiled"};

const char *sat_variant_name(sat_variant v) { return (unsigned)v < SAT_VARIANT_COUNT ? variant_names[v] : "?"; }

int sat_variant_parse(const char *s, sat_variant *out, sw_error *err)
{
    for (int i = 0; i < SAT_VARIANT_COUNT; i++)
        if (s && !strcmp(s, variant_names[i])) {
            *out = (sat_variant)i;
            return 0;
        }
    return sw_fail(err, "SAT variant '%s': expected three-pass or tiled", s ? s : "");
}

bool sat_variant_supported(prim_backend b, sat_variant v)
{
    if ((unsigned)v >= SAT_VARIANT_COUNT) return false;
    return b == PRIM_CPU || b == PRIM_CUDA || b == PRIM_GL;
}

/* sat_host's builder on the packed quadruples: the backend and variant asked. */
typedef struct sat_host_ctx {
    prim_backend b;
    sat_variant v;
} sat_host_ctx;

static int sat_host_build(const uint32_t *in4, int w, int h, uint32_t *out4, void *ctx, sw_error *err)
{
    const sat_host_ctx *c = ctx;
    switch (c->b) {
    case PRIM_CPU: return sat_cpu_rgba(in4, w, h, out4);
    case PRIM_GL: return sat_gl_host_rgba(c->v, in4, w, h, out4, err);
#if SCANWORKS_HAVE_CUDA
    case PRIM_CUDA: return sat_cuda_host_rgba(c->v, in4, w, h, out4, err);
#endif
    default: return sw_fail(err, "SAT: invalid backend");
    }
}

int sat_host(prim_backend b, sat_variant v, const uint16_t *in, int w, int h, int c, uint32_t *out,
             sw_error *err)
{
    if (w < 1 || h < 1 || w > SAT_MAX_SIDE || h > SAT_MAX_SIDE)
        return sw_fail(err, "SAT: image %dx%d: each side must be 1..%d", w, h, SAT_MAX_SIDE);
    if (c < 1 || c > 4) return sw_fail(err, "SAT: %d channels: expected 1..4", c);
    if (!sat_variant_supported(b, v))
        return sw_fail(err, "SAT: backend %s has no variant '%s'", prim_backend_name(b), sat_variant_name(v));
    const char *why;
    if (b == PRIM_CUDA && !prim_cuda_available(&why))
        return sw_fail(err, "SAT: cuda backend unavailable: %s", why);
    sat_host_ctx ctx = {b, v};
    return sat_packed(in, w, h, c, out, sat_host_build, &ctx, err);
}

void sat_unwrap(const uint32_t *sat, int w, int h, int c, uint64_t *out)
{
    /* Walk each row: the step from S(x-1,y) to S(x,y) is a column prefix sum, below
     * 2^32 for any image of at most 65536 rows of 16-bit values, so the wrapped
     * difference is the true one. The first column steps down by one value. */
    for (int y = 0; y < h; y++)
        for (int k = 0; k < c; k++) {
            size_t row = (size_t)y * w * c;
            uint64_t prev = y ? out[row - (size_t)w * c + k] : 0;
            uint32_t prev32 = y ? sat[row - (size_t)w * c + k] : 0;
            for (int x = 0; x < w; x++) {
                size_t i = row + (size_t)x * c + k;
                prev += (uint32_t)(sat[i] - prev32);
                prev32 = sat[i];
                out[i] = prev;
            }
        }
}

uint32_t sat_box_sum(const uint32_t *sat, int w, int h, int c, int ch, int x0, int y0, int x1, int y1)
{
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > w - 1) x1 = w - 1;
    if (y1 > h - 1) y1 = h - 1;
    if (x1 < x0 || y1 < y0) return 0;
#define AT(x, y) ((x) < 0 || (y) < 0 ? 0u : sat[((size_t)(y) * w + (x)) * c + ch])
    return AT(x1, y1) - AT(x0 - 1, y1) - AT(x1, y0 - 1) + AT(x0 - 1, y0 - 1);
#undef AT
}
