#include "app/compute_pixels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/image.h"

int path_is_npy(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcasecmp(path + n - 4, ".npy");
}

static double element(const npy_array *a, size_t i)
{
    switch (a->dtype) {
    case NPY_BOOL:
    case NPY_U8: return ((const uint8_t *)a->data)[i];
    case NPY_I8: return ((const int8_t *)a->data)[i];
    case NPY_I32: return ((const int32_t *)a->data)[i];
    case NPY_U32: return ((const uint32_t *)a->data)[i];
    case NPY_I64: return (double)((const int64_t *)a->data)[i];
    case NPY_U64: return (double)((const uint64_t *)a->data)[i];
    case NPY_F32: return ((const float *)a->data)[i];
    case NPY_F64: return ((const double *)a->data)[i];
    default: return NAN;
    }
}

int pixel_grid_of(const char *path, const npy_array *a, pixel_grid *g, sw_error *err)
{
    memset(g, 0, sizeof *g);
    g->ndim = a->ndim;
    if (a->ndim == 1) {
        g->height = 1, g->width = (int)a->shape[0], g->channels = 1;
    } else if (a->ndim == 2 || a->ndim == 3) {
        g->height = (int)a->shape[0], g->width = (int)a->shape[1];
        g->channels = a->ndim == 3 ? (int)a->shape[2] : 1;
    } else {
        return sw_fail(err, "%s: %d-D array; expected (W), (H,W) or (H,W,C)", path, a->ndim);
    }
    for (int i = 0; i < a->ndim; i++) g->shape[i] = a->shape[i];
    if (a->ndim >= 2 && (a->shape[0] > IMAGE_MAX_SIDE || a->shape[1] > IMAGE_MAX_SIDE))
        return sw_fail(err, "%s: %lldx%lld is over the limit of %d per side", path, (long long)a->shape[0],
                       (long long)a->shape[1], IMAGE_MAX_SIDE);
    if (a->ndim == 1 && a->shape[0] > IMAGE_MAX_SIDE)
        return sw_fail(err, "%s: %lld elements in one row, over the limit of %d", path, (long long)a->shape[0],
                       IMAGE_MAX_SIDE);
    if (g->width < 1 || g->height < 1) return sw_fail(err, "%s: the array is empty", path);
    if (g->channels < 1 || g->channels > 4)
        return sw_fail(err, "%s: %d channels (last axis); expected 1..4", path, g->channels);
    return 0;
}

int load_u16_grid(const char *path, pixel_grid *g, uint16_t **values, sw_error *err)
{
    *values = NULL;
    if (!path_is_npy(path)) {
        /* 16-bit PNGs keep their 16 bits. */
        int w, h, c, bits;
        if (image_load_file_u16(path, &w, &h, &c, &bits, values, err)) return -1;
        memset(g, 0, sizeof *g);
        g->width = w, g->height = h, g->channels = c, g->ndim = 3;
        g->shape[0] = h, g->shape[1] = w, g->shape[2] = c;
        return 0;
    }
    npy_array a;
    if (npy_read(path, &a, err)) return -1;
    int rc = pixel_grid_of(path, &a, g, err);
    if (!rc) {
        *values = sw_malloc(a.count * sizeof **values, "array values", err);
        rc = *values ? 0 : -1;
    }
    for (size_t i = 0; !rc && i < a.count; i++) {
        double v = element(&a, i);
        if (!(v >= 0.0 && v <= 65535.0) || v != floor(v)) {
            rc = sw_fail(err, "%s: element %zu is %g; the SAT takes whole numbers 0..65535 (scale or quantize first)",
                         path, i, v);
            break;
        }
        (*values)[i] = (uint16_t)v;
    }
    npy_free(&a);
    if (rc) {
        free(*values);
        *values = NULL;
    }
    return rc;
}

int load_depth(const char *path, int *w, int *h, float **depth, sw_error *err)
{
    *depth = NULL;
    if (!path_is_npy(path)) {
        image8 img;
        if (image_load_file(&img, path, 0, err)) return -1;
        size_t n = (size_t)img.width * img.height;
        *depth = sw_malloc(n * sizeof **depth, "depth map", err);
        if (*depth)
            for (size_t i = 0; i < n; i++) (*depth)[i] = img.pixels[i * img.channels] / 255.0f;
        *w = img.width, *h = img.height;
        image_free(&img);
        return *depth ? 0 : -1;
    }
    npy_array a;
    if (npy_read(path, &a, err)) return -1;
    pixel_grid g;
    int rc = pixel_grid_of(path, &a, &g, err);
    if (!rc && (a.ndim < 2 || g.channels != 1))
        rc = sw_fail(err, "%s: a depth map must be (H,W) or (H,W,1), not %d-D with %d channels", path, a.ndim,
                     g.channels);
    if (!rc) {
        *depth = sw_malloc(a.count * sizeof **depth, "depth map", err);
        rc = *depth ? 0 : -1;
    }
    for (size_t i = 0; !rc && i < a.count; i++) {
        double v = element(&a, i);
        if (!isfinite(v) || v < 0) {
            rc = sw_fail(err, "%s: the depth at row %zu, column %zu is %g; depths must be finite and >= 0", path,
                         i / (size_t)g.width, i % (size_t)g.width, v);
            break;
        }
        (*depth)[i] = (float)v;
    }
    *w = g.width, *h = g.height;
    npy_free(&a);
    if (rc) {
        free(*depth);
        *depth = NULL;
    }
    return rc;
}
