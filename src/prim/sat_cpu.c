/* The CPU summed-area table: one loop, the row's running sum plus the row above; and
 * the packing of interleaved channels into quadruples around any builder. */
#include "prim/sat_cpu.h"

#include <stdlib.h>

int sat_cpu_rgba(const uint32_t *in4, int w, int h, uint32_t *out4)
{
    /* Row prefix, then add the row above: S(x,y) = row(x,y) + S(x,y-1). */
    for (int y = 0; y < h; y++) {
        uint32_t run[4] = {0, 0, 0, 0};
        const uint32_t *src = in4 + (size_t)y * w * 4;
        uint32_t *dst = out4 + (size_t)y * w * 4;
        const uint32_t *above = y ? dst - (size_t)w * 4 : NULL;
        for (int x = 0; x < w; x++)
            for (int k = 0; k < 4; k++) {
                run[k] += src[x * 4 + k];
                dst[x * 4 + k] = run[k] + (above ? above[x * 4 + k] : 0u);
            }
    }
    return 0;
}

void sat_pack_rgba(const uint16_t *in, size_t n, int c, uint32_t *in4)
{
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) in4[i * 4 + k] = k < c ? in[i * c + k] : 0u;
}

void sat_unpack_rgba(const uint32_t *out4, size_t n, int c, uint32_t *out)
{
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < c; k++) out[i * c + k] = out4[i * 4 + k];
}

int sat_packed(const uint16_t *in, int w, int h, int c, uint32_t *out, sat_rgba_builder build, void *ctx,
               sw_error *err)
{
    const size_t n = (size_t)w * h;
    uint32_t *in4 = sw_malloc(n * 16, "the image as RGBA quadruples", err);
    uint32_t *out4 = in4 ? sw_malloc(n * 16, "the table as RGBA quadruples", err) : NULL;
    int rc = -1;
    if (out4) {
        sat_pack_rgba(in, n, c, in4);
        rc = build(in4, w, h, out4, ctx, err);
        if (!rc) sat_unpack_rgba(out4, n, c, out);
    }
    free(in4);
    free(out4);
    return rc;
}
