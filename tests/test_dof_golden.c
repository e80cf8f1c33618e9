/* Golden depth-of-field frames under Mesa: the headless app renders one 320x180 frame
 * (fixed --dt, --focus, --aperture) with the SAT built by gl and by cpu, gathered by
 * the compute and the fragment shader, and each must match tests/golden/dof_320x180.png:
 * mean absolute difference <= 1.0 per 8-bit channel and at most 0.5% of pixels with a
 * channel off by more than 24 (rasterization differs a little between Mesa versions).
 * SCANWORKS_UPDATE_GOLDEN=1 rewrites the golden from the gl/compute frame. */
#include <stdlib.h>
#include <sys/stat.h>

#include "app/modes.h"
#include "app/options.h"
#include "io/image.h"
#include "test_util.h"

static int render(const char *backend, const char *gather, const char *dir)
{
    const char *argv[] = {"scanworks", "--headless", "--frames", "1", "--size", "320x180", "--dt", "0.25",
                          "--focus", "4", "--aperture", "10", "--sat-backend", backend, "--gather", gather,
                          "--dump", dir};
    int argc = (int)(sizeof argv / sizeof argv[0]);
    app_options opt;
    app_options_defaults(&opt);
    sw_error err;
    if (app_options_parse(&opt, argc, (char **)argv, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    return run_headless(&opt, argc, (char **)argv);
}

static void compare(const char *what, const image8 *got, const image8 *want)
{
    if (got->width != want->width || got->height != want->height || got->channels != want->channels) {
        CHECK_MSG(0, "%s: %dx%dx%d, golden %dx%dx%d", what, got->width, got->height, got->channels, want->width,
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
    CHECK_MSG(mean <= 1.0, "%s: mean abs diff %.3f > 1.0", what, mean);
    CHECK_MSG(frac <= 0.005, "%s: %.3f%% of pixels differ by more than 24", what, 100 * frac);
}

int main(void)
{
    const char *data = getenv("SCANWORKS_TEST_DATA");
    char golden[4096];
    snprintf(golden, sizeof golden, "%s/golden/dof_320x180.png", data ? data : ".");
    static const char *const runs[3][2] = {{"gl", "compute"}, {"gl", "fragment"}, {"cpu", "compute"}};
    for (int r = 0; r < 3; r++) {
        char dir[64], frame[128], what[64];
        snprintf(dir, sizeof dir, "golden_%s_%s", runs[r][0], runs[r][1]);
        snprintf(frame, sizeof frame, "%s/frame_0000.png", dir);
        snprintf(what, sizeof what, "%s SAT, %s gather", runs[r][0], runs[r][1]);
        remove(frame);
        int rc = render(runs[r][0], runs[r][1], dir);
        if (rc && r == 0) TEST_SKIP("no headless GL 4.5 context to render with (exit code %d)", rc);
        CHECK_MSG(rc == 0, "%s: the headless run failed", what);
        sw_error err;
        if (r == 0 && getenv("SCANWORKS_UPDATE_GOLDEN")) {
            image8 img;
            if (!image_load_file(&img, frame, 0, &err)) {
                CHECK(image_write_png(golden, img.width, img.height, img.channels, img.pixels, 0, 0, &err) == 0);
                printf("wrote %s\n", golden);
                image_free(&img);
            }
        }
        image8 got, want;
        if (image_load_file(&got, frame, 0, &err)) {
            CHECK_MSG(0, "%s: %s", what, err.msg);
            continue;
        }
        if (image_load_file(&want, golden, 0, &err)) {
            CHECK_MSG(0, "golden frame: %s", err.msg);
            image_free(&got);
            continue;
        }
        compare(what, &got, &want);
        image_free(&got);
        image_free(&want);
    }
    return test_finish("test_dof_golden");
}
