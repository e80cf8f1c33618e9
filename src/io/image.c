#include "io/image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include "util/atomic_file.h"

static int check_size(int w, int h, const char *name, sw_error *err)
{
    if (w <= 0 || h <= 0 || w > IMAGE_MAX_SIDE || h > IMAGE_MAX_SIDE)
        return sw_fail(err, "%s: image is %dx%d; sides must be 1..%d", name, w, h, IMAGE_MAX_SIDE);
    return 0;
}

int image_load_memory(image8 *img, const unsigned char *data, size_t size, const char *name,
                      int desired_channels, sw_error *err)
{
    memset(img, 0, sizeof *img);
    if (size > 0x7fffffff) return sw_fail(err, "%s: file too large (%zu bytes)", name, size);
    int w, h, c;
    if (!stbi_info_from_memory(data, (int)size, &w, &h, &c))
        return sw_fail(err, "%s: not a readable image (%s)", name, stbi_failure_reason());
    if (check_size(w, h, name, err)) return -1;
    unsigned char *px = stbi_load_from_memory(data, (int)size, &w, &h, &c, desired_channels);
    if (!px) return sw_fail(err, "%s: cannot decode image (%s)", name, stbi_failure_reason());
    img->width = w;
    img->height = h;
    img->channels = desired_channels ? desired_channels : c;
    img->pixels = px;
    return 0;
}

/* The file's size and channels, checked, before anything is decoded. */
static int probe_file(const char *path, int *w, int *h, int *c, sw_error *err)
{
    if (!stbi_info(path, w, h, c)) {
        FILE *fp = fopen(path, "rb");
        if (!fp) return sw_fail(err, "%s: cannot open (missing or unreadable)", path);
        fclose(fp);
        return sw_fail(err, "%s: not a readable image (%s)", path, stbi_failure_reason());
    }
    return check_size(*w, *h, path, err);
}

int image_load_file(image8 *img, const char *path, int desired_channels, sw_error *err)
{
    memset(img, 0, sizeof *img);
    int w, h, c;
    if (probe_file(path, &w, &h, &c, err)) return -1;
    unsigned char *px = stbi_load(path, &w, &h, &c, desired_channels);
    if (!px) return sw_fail(err, "%s: cannot decode image (%s)", path, stbi_failure_reason());
    img->width = w;
    img->height = h;
    img->channels = desired_channels ? desired_channels : c;
    img->pixels = px;
    return 0;
}

int image_load_file_u16(const char *path, int *width, int *height, int *channels, int *bits, uint16_t **px,
                        sw_error *err)
{
    *px = NULL;
    int w, h, c;
    if (probe_file(path, &w, &h, &c, err)) return -1;
    *bits = stbi_is_16_bit(path) ? 16 : 8;
    uint16_t *v = stbi_load_16(path, &w, &h, &c, 0);   /* 8-bit samples come back scaled by 257 */
    if (!v) return sw_fail(err, "%s: cannot decode image (%s)", path, stbi_failure_reason());
    size_t n = (size_t)w * h * c;
    if (*bits == 8)
        for (size_t i = 0; i < n; i++) v[i] = (uint16_t)(v[i] / 257);
    *px = malloc(n * sizeof *v);
    if (!*px) {
        stbi_image_free(v);
        return sw_fail(err, "%s: out of memory for %zu samples", path, n);
    }
    memcpy(*px, v, n * sizeof *v);
    stbi_image_free(v);
    *width = w, *height = h, *channels = c;
    return 0;
}

void image_free(image8 *img)
{
    if (img->pixels) stbi_image_free(img->pixels);
    memset(img, 0, sizeof *img);
}

static void write_to_file(void *context, void *data, int size)
{
    atomic_file *af = context;
    if (af->fp && size > 0) fwrite(data, 1, (size_t)size, af->fp);
}

int image_write_png(const char *path, int width, int height, int channels, const void *pixels,
                    int stride_bytes, int flip_rows, sw_error *err)
{
    if (check_size(width, height, path, err)) return -1;
    if (channels < 1 || channels > 4) return sw_fail(err, "%s: %d channels; PNG takes 1..4", path, channels);
    int stride = stride_bytes ? stride_bytes : width * channels;
    const unsigned char *src = pixels;
    unsigned char *flipped = NULL;
    if (flip_rows) {
        flipped = sw_malloc((size_t)width * channels * height, "flipped image rows", err);
        if (!flipped) return -1;
        for (int y = 0; y < height; y++)
            memcpy(flipped + (size_t)y * width * channels,
                   src + (size_t)(height - 1 - y) * stride, (size_t)width * channels);
        src = flipped;
        stride = width * channels;
    }
    atomic_file af;
    if (atomic_file_open(&af, path, err)) {
        free(flipped);
        return -1;
    }
    int ok = stbi_write_png_to_func(write_to_file, &af, width, height, channels, src, stride);
    free(flipped);
    if (!ok) {
        atomic_file_abort(&af);
        return sw_fail(err, "%s: PNG encoding failed", path);
    }
    return atomic_file_commit(&af, err);
}
