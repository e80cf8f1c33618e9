#include "io/image_resize.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image_resize.h>

int image_resize_cover(const image8 *in, int w, int h, image8 *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    if (w < 1 || h < 1 || w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE)
        return sw_fail(err, "scaling to %dx%d: sides must be 1..%d", w, h, IMAGE_MAX_SIDE);
    double s = fmax((double)w / in->width, (double)h / in->height);
    int sw = (int)fmax(w, ceil(in->width * s - 1e-9)), sh = (int)fmax(h, ceil(in->height * s - 1e-9));
    int c = in->channels;
    unsigned char *big = sw_malloc((size_t)sw * sh * c, "the scaled picture", err);
    out->pixels = big ? sw_malloc((size_t)w * h * c, "the cropped picture", err) : NULL;
    if (!out->pixels) {
        free(big);
        return -1;
    }
    if (!stbir_resize_uint8_srgb(in->pixels, in->width, in->height, 0, big, sw, sh, 0, c,
                                 c == 4 ? 3 : STBIR_ALPHA_CHANNEL_NONE, 0)) {
        free(big);
        free(out->pixels);
        out->pixels = NULL;
        return sw_fail(err, "scaling a %dx%d picture to %dx%d failed (out of memory?)", in->width, in->height, sw, sh);
    }
    int x0 = (sw - w) / 2, y0 = (sh - h) / 2;
    for (int y = 0; y < h; y++)
        memcpy(out->pixels + (size_t)y * w * c, big + ((size_t)(y + y0) * sw + x0) * c, (size_t)w * c);
    free(big);
    out->width = w, out->height = h, out->channels = c;
    return 0;
}
