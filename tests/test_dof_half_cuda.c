/* On the GPU machine: the half-resolution DoF on CUDA (kernels/dof/half.cu around the
 * production SAT and gather at half size; `compute dof --backend cuda --gather cuda
 * --scale half`) against the C version (src/dof/dof_half.c, the same dof_half_math.h),
 * on opaque noise of awkward sizes (odd and even, a pixel wide or high, 1080p) over the
 * noise's red as depth, with the near field, the layer tables and neither, three and four
 * channels; the outputs are deleted before each run, so a run that writes nothing fails.
 * The app's frame with --dof-scale half (the cuda gather; the near field, then the layer
 * tables) against the same frame at full size: close, not equal. A picture whose alpha varies is refused (the half gather's fourth
 * channel carries the near coverage). */
#include <unistd.h>

#include "app/commands_ops.h"
#include "prim/backend.h"
#include "dof_frames.h"

/* CUDA against C, mean absolute difference of the 8-bit values. The same bound as the
 * full-size gathers' on noise (test_dof_cuda.c: 0.5): C rounds the half DoF to 8 bits
 * before the composite where CUDA keeps half floats, and the disc's fractional corners
 * round to either side of a texel now and then on noise. */
#define CUDA_C_MEAN 0.5
#define CUDA_C_FRAC 0.001

/* The aperture of half_run: 12, or 40 where the soft guard reads its grid (dof_math.h,
 * dof_soft_radius_grid: spacing 2 in half pixels). */
static const char *half_aperture = "12";

/* compute dof on PNG (depth = its red, focus 0.4, aperture half_aperture) with BACKEND at
 * half size, the near field NEAR, into OUT (deleted first); its exit code. */
static int half_run(const char *png, const char *backend, const char *near, const char *out)
{
    unlink(out);
    const char *argv[] = {"dof",  "--backend", backend, "--in",  png,   "--depth", png,      "--focus",
                          "0.4", "--aperture", half_aperture, "--out", out, "--near", near,  "--scale",
                          "half", "--gather",  "cuda"};
    int argc = (int)(sizeof argv / sizeof *argv) - (strcmp(backend, "cuda") ? 2 : 0);
    return compute_dof(argc, (char **)argv);
}

/* NSIZES of the sizes below (all: SIZES_ALL) at aperture APERTURE. */
#define SIZES_ALL 9
static void sizes_against_c(size_t nsizes, const char *aperture)
{
    static const int sizes[SIZES_ALL][2] = {{37, 29}, {330, 97}, {1, 1}, {2, 3}, {3, 2}, {131, 67}, {257, 1}, {1, 211},
                                            {1920, 1080}};
    static const char *const nears[] = {"on", "off", "layers"};
    uint64_t seed = 606;
    half_aperture = aperture;
    for (size_t s = 0; s < nsizes; s++)
        for (int c = 3; c <= 4; c++)
            for (int k = 0; k < 3; k++) {
                int w = sizes[s][0], h = sizes[s][1];
                if (write_noise("dofhalf_in.png", w, h, c, 200, &seed)) return;
                int rc_cuda = half_run("dofhalf_in.png", "cuda", nears[k], "dofhalf_cuda.png");
                int rc_cpu = half_run("dofhalf_in.png", "cpu", nears[k], "dofhalf_cpu.png");
                CHECK_MSG(rc_cuda == 0 && rc_cpu == 0,
                          "%dx%dx%d near %s aperture %s: compute dof --scale half failed (cuda %d, cpu %d)", w, h, c,
                          nears[k], aperture, rc_cuda, rc_cpu);
                if (rc_cuda || rc_cpu) continue;
                image8 a, b;
                sw_error err;
                if (image_load_file(&a, "dofhalf_cuda.png", 0, &err)) {
                    CHECK_MSG(0, "%s", err.msg);
                    continue;
                }
                if (!image_load_file(&b, "dofhalf_cpu.png", 0, &err)) {
                    char what[128];
                    snprintf(what, sizeof what, "%dx%dx%d near %s aperture %s, half size: cuda vs cpu", w, h, c, nears[k],
                             aperture);
                    dof_compare(what, &a, &b, CUDA_C_MEAN, CUDA_C_FRAC);
                    image_free(&b);
                } else {
                    CHECK_MSG(0, "%s", err.msg);
                }
                image_free(&a);
            }
}

/* The app's frame (320x180, dof_frames.h) with the cuda gather at half size against the
 * same at full size: each pixel of the half one is the full one's blur seen on a grid
 * twice as coarse, so they are close (test_dof_half.c's bound for C, on noise: 1.0) but not
 * the same picture (a half path that did nothing would be). */
static void app_frame(const char *near)
{
    image8 full, half;
    sw_error err;
    char full_dir[64], half_dir[64], path[96], what[96];
    snprintf(full_dir, sizeof full_dir, "dofhalf_full_%s", near);
    snprintf(half_dir, sizeof half_dir, "dofhalf_half_%s", near);
    dof_render_near = near;
    dof_render_scale = NULL;
    int rc = dof_render("cuda", NULL, "cuda", full_dir);
    dof_render_scale = "half";
    rc |= dof_render("cuda", NULL, "cuda", half_dir);
    dof_render_scale = NULL;
    dof_render_near = NULL;
    CHECK_MSG(rc == 0, "headless cuda frames (--near %s) failed", near);
    snprintf(path, sizeof path, "%s/frame_0000.png", full_dir);
    if (rc || image_load_file(&full, path, 0, &err)) return;
    snprintf(path, sizeof path, "%s/frame_0000.png", half_dir);
    if (!image_load_file(&half, path, 0, &err)) {
        snprintf(what, sizeof what, "the app's frame, cuda gather, --near %s: half size vs full", near);
        dof_compare(what, &half, &full, 1.0, 0.01);
        size_t n = (size_t)full.width * full.height * full.channels, same = 0;
        for (size_t i = 0; i < n; i++) same += half.pixels[i] == full.pixels[i];
        CHECK_MSG(same < n, "the half-size frame is the full-size frame byte for byte: the half path did not run");
        image_free(&half);
    }
    image_free(&full);
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("cuda half-size DoF: %s", why);
    sizes_against_c(SIZES_ALL, "12");
    sizes_against_c(2, "40");
    half_aperture = "12";
    app_frame("on");
    app_frame("layers");
    uint64_t seed = 9;
    if (!write_noise("dofhalf_alpha.png", 33, 17, 4, -1, &seed))
        CHECK_MSG(half_run("dofhalf_alpha.png", "cuda", "on", "dofhalf_alpha_out.png") == 1,
                  "a picture whose alpha varies: expected exit 1 (refused) from the cuda half-size DoF");
    return test_finish("test_dof_half_cuda");
}
