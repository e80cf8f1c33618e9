/* On the GPU machine: DoF frames with the SAT built by cuda (both variants and the
 * one-pass lookback build, through GL interop) against the gl and cpu backends' frames (the integer tables are the
 * same, so the frames must agree closely), and `compute dof --backend cuda` against
 * the cpu gather. */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include "app/commands_ops.h"
#include "dof/sat.h"
#include "dof_frames.h"

static int load(const char *dir, image8 *img)
{
    char path[128];
    sw_error err;
    snprintf(path, sizeof path, "%s/frame_0000.png", dir);
    if (image_load_file(img, path, 0, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return -1;
    }
    return 0;
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("cuda DoF: %s", why);
    /* Runs 6 and 7: "tiled" with SCANWORKS_SAT_CUDA_TILED=lookback (the one-pass build);
     * 8: the cuda gather with SCANWORKS_DOF_SAT_LOADS=batch. */
    static const char *const runs[9][3] = {{"gl", NULL, "compute"},          {"cpu", NULL, "compute"},
                                           {"cuda", "three-pass", "compute"}, {"cuda", "tiled", "compute"},
                                           {"cuda", "tiled", "fragment"},     {"cuda", "tiled", "cuda"},
                                           {"cuda", "tiled", "compute"},      {"cuda", "tiled", "cuda"},
                                           {"cuda", "tiled", "cuda"}};
    image8 ref = {0};
    for (int r = 0; r < 9; r++) {
        if (r == 6) CHECK(setenv("SCANWORKS_SAT_CUDA_TILED", "lookback", 1) == 0);
        if (r == 8) {
            unsetenv("SCANWORKS_SAT_CUDA_TILED");
            CHECK(setenv("SCANWORKS_DOF_SAT_LOADS", "batch", 1) == 0);
        }
        char dir[64], what[80];
        snprintf(dir, sizeof dir, "dofcuda_%d", r);
        snprintf(what, sizeof what, "%s %s%s SAT, %s gather", runs[r][0], runs[r][1] ? runs[r][1] : "",
                 r == 8 ? " (batched gather)" : r >= 6 ? " (lookback)" : "", runs[r][2]);
        CHECK_MSG(dof_render(runs[r][0], runs[r][1], runs[r][2], dir) == 0, "%s: headless run failed", what);
        image8 img;
        if (load(dir, &img)) continue;
        if (r == 0) {
            ref = img;
            continue;
        }
        dof_compare(what, &img, &ref, 0.25, 0.001);
        image_free(&img);
    }
    unsetenv("SCANWORKS_DOF_SAT_LOADS");
    image_free(&ref);
    /* The CLI through interop vs the C gather on the golden picture, depth = its red. */
    char golden[4096];
    const char *data = getenv("SCANWORKS_TEST_DATA");
    snprintf(golden, sizeof golden, "%s/golden/dof_320x180.png", data ? data : ".");
    const char *a[] = {"dof", "--backend", "cuda", "--in", golden, "--depth", golden, "--focus", "0.5",
                       "--aperture", "9", "--out", "dofcuda_cli.png"};
    const char *b[] = {"dof", "--backend", "cpu", "--in", golden, "--depth", golden, "--focus", "0.5",
                       "--aperture", "9", "--out", "dofcuda_cpu.png"};
    const char *c[] = {"dof", "--backend", "cuda", "--in", golden, "--depth", golden, "--focus", "0.5",
                       "--aperture", "9", "--out", "dofcuda_kernel.png", "--gather", "cuda"};
    CHECK(compute_dof(13, (char **)a) == 0);
    CHECK(compute_dof(13, (char **)b) == 0);
    CHECK(setenv("SCANWORKS_DOF_SAT_LOADS", "vec", 1) == 0);   /* whatever the default */
    CHECK(compute_dof(15, (char **)c) == 0);
    const char *d[] = {"dof", "--backend", "cuda", "--in", golden, "--depth", golden, "--focus", "0.5",
                       "--aperture", "9", "--out", "dofcuda_batch.png", "--gather", "cuda"};
    CHECK(setenv("SCANWORKS_DOF_SAT_LOADS", "batch", 1) == 0);
    CHECK(compute_dof(15, (char **)d) == 0);
    unsetenv("SCANWORKS_DOF_SAT_LOADS");
    image8 x, y, z;
    sw_error err;
    if (!image_load_file(&y, "dofcuda_cpu.png", 0, &err)) {
        if (!image_load_file(&x, "dofcuda_cli.png", 0, &err)) {
            dof_compare("compute dof, cuda SAT + GL compute gather vs cpu", &x, &y, 0.05, 0.0);
            image_free(&x);
        }
        if (!image_load_file(&z, "dofcuda_kernel.png", 0, &err)) {
            /* half-float output: a few values round one step the other way */
            dof_compare("compute dof, cuda SAT + cuda gather vs cpu", &z, &y, 0.15, 0.0);
            image8 bz;
            if (!image_load_file(&bz, "dofcuda_batch.png", 0, &err)) {
                /* the same arithmetic as the unbatched kernel: the same bits */
                dof_compare("compute dof, cuda SAT + batched cuda gather vs unbatched", &bz, &z, 0.0, 0.0);
                image_free(&bz);
            } else {
                CHECK_MSG(0, "%s", err.msg);
            }
            image_free(&z);
        }
        image_free(&y);
    }
    return test_finish("test_dof_cuda");
}
