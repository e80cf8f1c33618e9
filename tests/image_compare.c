/* image_compare A.png B.png [--max-mean M] [--max-over T:F]
 *   Compares two PNGs of the same size: fails when the mean absolute difference
 *   per channel (0..255) exceeds M, or when more than a fraction F of pixels differ
 *   by more than T in any channel.
 * image_compare --orientation A.png
 *   Fails unless the frame is upright: the scene's sky (blue over red) fills the top
 *   rows and the floor (red over blue) the bottom rows. Catches flipped readbacks.
 * image_compare --sanity A.png
 *   Fails for a frame that is black, flat or empty: mean luminance must be 20..235,
 *   its standard deviation over 12, and the frame must hold over 500 distinct colours. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/image.h"

static int sanity(const char *path)
{
    image8 img;
    sw_error err;
    if (image_load_file(&img, path, 3, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    size_t n = (size_t)img.width * img.height;
    double sum = 0, sum2 = 0;
    unsigned char *seen = calloc(1 << 18, 1);   /* 6 bits per channel */
    if (!seen) return 1;
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = img.pixels + i * 3;
        double y = 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
        sum += y;
        sum2 += y * y;
        unsigned key = (unsigned)(p[0] >> 2) << 12 | (unsigned)(p[1] >> 2) << 6 | (p[2] >> 2);
        if (!seen[key]) {
            seen[key] = 1;
            distinct++;
        }
    }
    free(seen);
    double mean = sum / n, sd = sqrt(fmax(sum2 / n - mean * mean, 0));
    printf("%s: %dx%d mean luminance %.1f, sd %.1f, %zu distinct colours\n", path, img.width, img.height, mean, sd,
           distinct);
    image_free(&img);
    int ok = mean > 20 && mean < 235 && sd > 12 && distinct > 500;
    if (!ok) fprintf(stderr, "%s: frame looks black, flat or empty\n", path);
    return ok ? 0 : 1;
}

static int orientation(const char *path)
{
    image8 img;
    sw_error err;
    if (image_load_file(&img, path, 3, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    double band[2][3] = {{0}};
    int rows = img.height / 10 > 0 ? img.height / 10 : 1;
    for (int b = 0; b < 2; b++)
        for (int y = 0; y < rows; y++) {
            int row = b == 0 ? y : img.height - 1 - y;
            for (int x = 0; x < img.width; x++)
                for (int c = 0; c < 3; c++) band[b][c] += img.pixels[((size_t)row * img.width + x) * 3 + c];
        }
    double img_w = img.width;
    image_free(&img);
    int upright = band[0][2] > band[0][0] && band[1][0] > band[1][2];
    printf("%s: top band R %.0f B %.0f, bottom band R %.0f B %.0f: %s\n", path, band[0][0] / rows / img_w, band[0][2] / rows / img_w,
           band[1][0] / rows / img_w, band[1][2] / rows / img_w, upright ? "upright" : "NOT upright");
    return upright ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--sanity")) return sanity(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "--orientation")) return orientation(argv[2]);
    if (argc < 3) {
        fprintf(stderr, "usage: image_compare A.png B.png [--max-mean M] [--max-over T:F] | --sanity A.png\n");
        return 2;
    }
    double max_mean = 2.0, over_fraction = 0.01;
    int over_threshold = 32;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--max-mean")) max_mean = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-over") && sscanf(argv[i + 1], "%d:%lf", &over_threshold, &over_fraction) == 2) {
        } else {
            fprintf(stderr, "image_compare: bad option %s\n", argv[i]);
            return 2;
        }
    }
    image8 a, b;
    sw_error err;
    if (image_load_file(&a, argv[1], 3, &err) || image_load_file(&b, argv[2], 3, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    if (a.width != b.width || a.height != b.height) {
        fprintf(stderr, "size differs: %dx%d vs %dx%d\n", a.width, a.height, b.width, b.height);
        return 1;
    }
    size_t n = (size_t)a.width * a.height, over = 0;
    double total = 0;
    for (size_t i = 0; i < n; i++) {
        int worst = 0;
        for (int c = 0; c < 3; c++) {
            int d = abs((int)a.pixels[i * 3 + c] - (int)b.pixels[i * 3 + c]);
            total += d;
            if (d > worst) worst = d;
        }
        if (worst > over_threshold) over++;
    }
    double mean = total / (3.0 * n), frac = (double)over / n;
    printf("mean abs diff %.3f (max %.3f), pixels over %d: %.4f%% (max %.4f%%)\n", mean, max_mean, over_threshold,
           100 * frac, 100 * over_fraction);
    image_free(&a);
    image_free(&b);
    return mean <= max_mean && frac <= over_fraction ? 0 : 1;
}
