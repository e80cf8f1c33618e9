/* The half-resolution DoF in GL (src/dof/dof_half_gl.c: shaders/dof_half_down.comp and
 * dof_half_composite.comp around the GL SAT and the GL gathers at half size; `compute dof
 * --backend gl --scale half`) against the C version (src/dof/dof_half.c, whose arithmetic
 * shaders/dof_half_math.glsl copies), on opaque noise of awkward sizes (odd and even, a
 * pixel wide or high, 640x360) over the noise's red as depth, with the near field, the
 * layer tables and neither, three and four channels (the fourth constant), with the compute gather and the
 * fragment gather; the outputs are deleted before each run, so a run that writes nothing
 * fails. The app's GL frame with --dof-scale half against the same frame at full size:
 * close, not equal. A picture whose alpha varies is refused (exit 1: the half gather's
 * fourth channel carries the near coverage); --backend cuda with a GL gather is a usage
 * error. */
#include <unistd.h>

#include "app/commands_ops.h"
#include "app/compute_context.h"
#include "dof_frames.h"

/* GL against C, the bounds of the cuda gathers against C on noise (test_dof_cuda.c,
 * test_dof_half_cuda.c): a mean absolute difference of the 8-bit values, and a fraction
 * of pixels off by more than 24. On Mesa every value is within one step (C rounds the
 * half DoF to 8 bits before the composite where GL keeps floats: half a step, then one
 * rounding; measured on 330x97 noise: 14-16% of the values one step apart, none further,
 * mean 0.15). NVIDIA's GLSL compiler contracts multiply-adds, so over a depth that is
 * noise the disc's fractional radius and the guard's comparisons round to the other side
 * now and then, as CUDA's do: on an H100 (2026-12-06) a few values were off by up to 38.
 * A composite with its taps' weights swapped or without the sharp detail moves the mean
 * by 2 to 10 (test_dof_half.c). */
#define GL_C_MEAN 0.5
#define GL_C_FRAC 0.001

/* compute dof on PNG (depth = its red, focus 0.4, aperture 12) with BACKEND and GATHER at
 * half size, the near field NEAR, into OUT (deleted first); its exit code. */
static int half_run(const char *png, const char *backend, const char *gather, const char *near, const char *out)
{
    unlink(out);
    const char *argv[] = {"dof",  "--backend", backend, "--gather", gather, "--in",  png,    "--depth",
                          png,    "--focus",   "0.4",   "--aperture", "12", "--out", out,    "--near",
                          near,   "--scale",   "half"};
    return compute_dof((int)(sizeof argv / sizeof *argv), (char **)argv);
}

static void sizes_against_c(void)
{
    static const int sizes[][2] = {{1, 1}, {2, 3}, {3, 2}, {1, 211}, {257, 1}, {37, 29}, {330, 97}, {640, 360}};
    static const char *const nears[] = {"on", "off", "layers"}, *const gathers[] = {"compute", "fragment"};
    uint64_t seed = 707;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int c = 3; c <= 4; c++)
            for (int k = 0; k < 3; k++) {
                int w = sizes[s][0], h = sizes[s][1];
                if (write_noise("dofhalfgl_in.png", w, h, c, 200, &seed)) return;
                int rc = half_run("dofhalfgl_in.png", "cpu", "compute", nears[k], "dofhalfgl_cpu.png");
                CHECK_MSG(rc == 0, "%dx%dx%d near %s: cpu --scale half failed (%d)", w, h, c, nears[k], rc);
                image8 want;
                sw_error err;
                if (rc || image_load_file(&want, "dofhalfgl_cpu.png", 0, &err)) continue;
                for (int g = 0; g < 2; g++) {
                    rc = half_run("dofhalfgl_in.png", "gl", gathers[g], nears[k], "dofhalfgl_gl.png");
                    CHECK_MSG(rc == 0, "%dx%dx%d near %s: gl %s --scale half failed (%d)", w, h, c, nears[k],
                              gathers[g], rc);
                    image8 got;
                    if (rc) continue;
                    if (image_load_file(&got, "dofhalfgl_gl.png", 0, &err)) {
                        CHECK_MSG(0, "%s", err.msg);
                        continue;
                    }
                    char what[96];
                    snprintf(what, sizeof what, "%dx%dx%d near %s, half size: gl %s vs cpu", w, h, c, nears[k],
                             gathers[g]);
                    dof_compare(what, &got, &want, GL_C_MEAN, GL_C_FRAC);
                    image_free(&got);
                }
                image_free(&want);
            }
}

/* The app's frame (320x180, dof_frames.h) with a GL gather at half size against the same
 * at full size: each pixel of the half one is the full one's blur seen on a grid twice as
 * coarse, so they are close (test_dof_half.c's bound for C, on noise: 1.0; measured 0.49
 * with the compute gather) but not the same picture (a half path that did nothing would
 * be). */
static void app_frame(const char *gather, const char *near)
{
    char full_dir[64], half_dir[64], path[96], what[96];
    snprintf(full_dir, sizeof full_dir, "dofhalfgl_full_%s_%s", gather, near ? near : "default");
    snprintf(half_dir, sizeof half_dir, "dofhalfgl_half_%s_%s", gather, near ? near : "default");
    image8 full, half;
    sw_error err;
    dof_render_near = near;
    dof_render_scale = NULL;
    int rc = dof_render("gl", NULL, gather, full_dir);
    dof_render_scale = "half";
    rc |= dof_render("gl", NULL, gather, half_dir);
    dof_render_scale = NULL;
    dof_render_near = NULL;
    CHECK_MSG(rc == 0, "headless gl frames (%s gather) failed", gather);
    snprintf(path, sizeof path, "%s/frame_0000.png", full_dir);
    if (rc || image_load_file(&full, path, 0, &err)) return;
    snprintf(path, sizeof path, "%s/frame_0000.png", half_dir);
    if (!image_load_file(&half, path, 0, &err)) {
        snprintf(what, sizeof what, "the app's frame, gl %s gather, --near %s: half size vs full", gather,
                 near ? near : "(default)");
        dof_compare(what, &half, &full, 1.0, 0.01);
        bool same_shape = half.width == full.width && half.height == full.height && half.channels == full.channels;
        CHECK_MSG(!same_shape || memcmp(half.pixels, full.pixels, (size_t)full.width * full.height * full.channels) != 0,
                  "the %s gather's half-size frame is the full-size frame byte for byte: the half path did not run",
                  gather);
        image_free(&half);
    } else {
        CHECK_MSG(0, "%s", err.msg);
    }
    image_free(&full);
}

int main(void)
{
    test_enter_scratch_dir();
    sw_error err;
    if (compute_gl_context(NULL, &err)) TEST_SKIP("gl half-size DoF: %s", err.msg);
    sizes_against_c();
    uint64_t seed = 9;
    if (!write_noise("dofhalfgl_alpha.png", 33, 17, 4, -1, &seed)) {
        CHECK_MSG(half_run("dofhalfgl_alpha.png", "gl", "compute", "on", "dofhalfgl_alpha_out.png") == 1,
                  "a picture whose alpha varies: expected exit 1 (refused) from the gl half-size DoF");
        CHECK_MSG(access("dofhalfgl_alpha_out.png", F_OK) != 0, "a refused picture left an output");
    }
    if (!write_noise("dofhalfgl_small.png", 8, 6, 3, 200, &seed)) {
        CHECK_MSG(half_run("dofhalfgl_small.png", "cuda", "compute", "on", "dofhalfgl_cuda.png") == 2,
                  "--scale half on --backend cuda with the compute gather: expected a usage error (2)");
    }
    compute_gl_context_release();
    app_frame("compute", NULL);
    app_frame("fragment", NULL);
    app_frame("compute", "layers");
    return test_finish("test_dof_half_gl");
}
