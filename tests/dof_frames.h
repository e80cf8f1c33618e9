/* Shared by the DoF frame tests: one headless 320x180 frame with fixed time, focus
 * and aperture, and an image comparison with a stated tolerance. */
#ifndef SCANWORKS_TESTS_DOF_FRAMES_H
#define SCANWORKS_TESTS_DOF_FRAMES_H

#include <stdlib.h>

#include "app/modes.h"
#include "app/options.h"
#include "io/image.h"
#include "test_util.h"

/* --near for dof_render_view's runs: NULL (the default), "on", "off" or "layers". */
static const char *dof_render_near;
/* --dof-scale for dof_render_view's runs: NULL is "full" (the app's default is half; the
 * frame tests compare the full-size kernels unless they ask for half). */
static const char *dof_render_scale;

/* Renders frame_0000.png into DIR; VARIANT and VIEW (--view) may be NULL (the
 * defaults). */
static int dof_render_view(const char *backend, const char *variant, const char *gather, const char *view,
                           const char *dir)
{
    const char *argv[32] = {"scanworks", "--headless", "--frames", "1", "--size", "320x180", "--dt", "0.25",
                            "--focus", "4", "--aperture", "10", "--sat-backend", backend, "--gather", gather,
                            "--dump", dir};
    int argc = 18;
    if (variant) argv[argc++] = "--sat-variant", argv[argc++] = variant;
    if (view) argv[argc++] = "--view", argv[argc++] = view;
    if (dof_render_near) argv[argc++] = "--near", argv[argc++] = dof_render_near;
    argv[argc++] = "--dof-scale", argv[argc++] = dof_render_scale ? dof_render_scale : "full";
    app_options opt;
    app_options_defaults(&opt);
    sw_error err;
    if (app_options_parse(&opt, argc, (char **)argv, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    return run_headless(&opt, argc, (char **)argv);
}

static int dof_render(const char *backend, const char *variant, const char *gather, const char *dir)
{
    return dof_render_view(backend, variant, gather, NULL, dir);
}

/* Mean absolute difference per 8-bit channel <= MEAN_MAX and at most FRAC_MAX of the
 * pixels with a channel off by more than 24. */
static void dof_compare(const char *what, const image8 *got, const image8 *want, double mean_max, double frac_max)
{
    if (got->width != want->width || got->height != want->height || got->channels != want->channels) {
        CHECK_MSG(0, "%s: %dx%dx%d, expected %dx%dx%d", what, got->width, got->height, got->channels, want->width,
                  want->height, want->channels);
        return;
    }
    size_t n = (size_t)got->width * got->height, over = 0;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        int worst = 0;
        for (int k = 0; k < got->channels; k++) {
            int d = abs(got->pixels[i * got->channels + k] - want->pixels[i * got->channels + k]);
            sum += d;
            if (d > worst) worst = d;
        }
        over += worst > 24;
    }
    double mean = sum / (double)(n * got->channels), frac = (double)over / (double)n;
    printf("%s: mean abs diff %.3f, %.3f%% of pixels over 24\n", what, mean, 100 * frac);
    CHECK_MSG(mean <= mean_max, "%s: mean abs diff %.3f > %.3f", what, mean, mean_max);
    CHECK_MSG(frac <= frac_max, "%s: %.3f%% of pixels differ by more than 24", what, 100 * frac);
}

/* A W x H picture of C channels of noise from SEED into PATH; with ALPHA >= 0 and four
 * channels, the fourth is ALPHA everywhere (an opaque picture), else noise too. 0, or -1
 * (a failed check) when out of memory or not written. */
static inline int write_noise(const char *path, int w, int h, int c, int alpha, uint64_t *seed)
{
    unsigned char *px = malloc((size_t)w * h * c);
    if (!px) {
        CHECK_MSG(0, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < (size_t)w * h * c; i++)
        px[i] = c == 4 && alpha >= 0 && i % 4 == 3 ? (unsigned char)alpha : (unsigned char)(test_rand(seed) & 0xFF);
    sw_error err;
    int rc = image_write_png(path, w, h, c, px, 0, 0, &err);
    CHECK_MSG(rc == 0, "%s", err.msg);
    free(px);
    return rc ? -1 : 0;
}

#endif
