/* Golden depth-of-field frames under Mesa: the headless app renders one 320x180 frame
 * (fixed --dt, --focus, --aperture) with the SAT built by gl and by cpu, gathered by
 * the compute and the fragment shader, and each must match tests/golden/dof_320x180.png:
 * mean absolute difference <= 1.0 per 8-bit channel and at most 0.5% of pixels with a
 * channel off by more than 24 (rasterization differs a little between Mesa versions).
 * The frames are rendered with --near off, as the golden was made (test_dof_near and
 * test_dof_disc check the near field). SCANWORKS_UPDATE_GOLDEN=1 rewrites the golden from the gl/compute frame. */
#include "dof_frames.h"

int main(void)
{
    const char *data = getenv("SCANWORKS_TEST_DATA");
    char here[4000] = ".", golden[4096];
    if (!data && getcwd(here, sizeof here)) data = here;
    snprintf(golden, sizeof golden, "%s/golden/dof_320x180.png", data ? data : ".");
    test_enter_scratch_dir();
    dof_render_near = "off";
    static const char *const runs[3][2] = {{"gl", "compute"}, {"gl", "fragment"}, {"cpu", "compute"}};
    for (int r = 0; r < 3; r++) {
        char dir[64], frame[128], what[64];
        snprintf(dir, sizeof dir, "golden_%s_%s", runs[r][0], runs[r][1]);
        snprintf(frame, sizeof frame, "%s/frame_0000.png", dir);
        snprintf(what, sizeof what, "%s SAT, %s gather", runs[r][0], runs[r][1]);
        remove(frame);
        int rc = dof_render(runs[r][0], NULL, runs[r][1], dir);
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
        dof_compare(what, &got, &want, 1.0, 0.005);
        image_free(&got);
        image_free(&want);
    }
    return test_finish("test_dof_golden");
}
