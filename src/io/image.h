/* 8-bit images in and out through stb_image / stb_image_write. Rows are stored
 * top row first, as in the file. */
#ifndef SCANWORKS_IO_IMAGE_H
#define SCANWORKS_IO_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

typedef struct image8 {
    int width, height, channels;   /* channels 1..4 */
    unsigned char *pixels;         /* width*height*channels bytes, malloc'd */
} image8;

/* Largest side accepted from a file or from a size flag. */
#define IMAGE_MAX_SIDE 16384

/* desired_channels 0 keeps the file's count. */
int image_load_file(image8 *img, const char *path, int desired_channels, sw_error *err);
int image_load_memory(image8 *img, const unsigned char *data, size_t size, const char *name,
                      int desired_channels, sw_error *err);
void image_free(image8 *img);

/* A PNG's samples as they are in the file: 0..255 for an 8-bit file, 0..65535 for a
 * 16-bit one (*bits says which). *px is malloc'd, width*height*channels values. */
int image_load_file_u16(const char *path, int *width, int *height, int *channels, int *bits, uint16_t **px,
                        sw_error *err);

/* Writes a PNG through a temporary file. stride_bytes 0 means tightly packed;
 * flip_rows writes the last row first (for glReadPixels output). */
int image_write_png(const char *path, int width, int height, int channels, const void *pixels,
                    int stride_bytes, int flip_rows, sw_error *err);

#endif
