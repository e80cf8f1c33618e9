/* The near field: a blurred near square over a sharp background spreads outward over
 * it, as a thin lens does. A white square at depth 1 (focus 4, aperture 4: CoC 12 px)
 * lies over a black background in focus. Outside the square's edge, at distance t, the
 * thin lens sees the square through the part of the lens whose ray hits it: for a
 * straight edge the fraction of a disc of radius r beyond a chord at t,
 *   f(t) = (acos(t/r) - (t/r) sqrt(1 - (t/r)^2)) / pi,
 * 1/2 at the edge, 0 from r on. With --near on the background there comes out f(t)
 * white (within 0.12, the spiral's 24 probes; the same at half size, 12 probes of the
 * half picture); with it off it stays black (the hard silhouette); cpu and both gl
 * gathers (compute and fragment, after the same tile pass) agree. */
#include <math.h>
#include <unistd.h>

#include "app/commands_ops.h"
#include "app/compute_context.h"
#include "dof/dof.h"
#include "io/image.h"
#include "test_util.h"

#define W 160
#define H 96
#include "dof_depth_file.h"

#define RUN(...)                                                                                     \
    ({                                                                                               \
        const char *argv_[] = {"dof", __VA_ARGS__};                                                  \
        compute_dof((int)(sizeof argv_ / sizeof argv_[0]), (char **)argv_);                          \
    })

enum { SQ_X0 = 48, SQ_X1 = 111, SQ_Y0 = 16, SQ_Y1 = 79, ROW = 48 };
static const double R = 12.0;   /* 4 * |1 - 4/1| */

static double segment(double t)
{
    if (t >= R) return 0.0;
    double u = t / R;
    return (acos(u) - u * sqrt(1.0 - u * u)) / 3.14159265358979323846;
}

static void scene(void)
{
    static unsigned char px[W * H * 3];
    static float depth[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int in = x >= SQ_X0 && x <= SQ_X1 && y >= SQ_Y0 && y <= SQ_Y1;
            for (int c = 0; c < 3; c++) px[(y * W + x) * 3 + c] = in ? 255 : 0;
            depth[y * W + x] = in ? 1.0f : 4.0f;
        }
    sw_error err;
    CHECK(image_write_png("dofnear_in.png", W, H, 3, px, 0, 0, &err) == 0);
    write_depth("dofnear_depth.npy", depth);
}

/* --scale of the runs: full, or half (the near layer's 12 probes of the half picture). */
static const char *scale = "full";

/* BACKEND is cpu, or gl with GATHER compute or fragment. */
static int run(const char *backend, const char *gather, const char *near, const char *out, image8 *img)
{
    if (RUN("--backend", backend, "--gather", gather, "--in", "dofnear_in.png", "--depth", "dofnear_depth.npy",
            "--focus", "4", "--aperture", "4", "--near", near, "--scale", scale, "--out", out)) {
        CHECK_MSG(0, "%s %s --near %s failed", backend, gather, near);
        return -1;
    }
    sw_error err;
    if (image_load_file(img, out, 0, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return -1;
    }
    return 0;
}

/* Left of the square on its middle row, t = k + 1/2 px from the edge. */
static double outside(const image8 *img, int k) { return img->pixels[(ROW * W + SQ_X0 - 1 - k) * 3] / 255.0; }

static void spreads(const char *backend, const char *gather, image8 *on)
{
    char what[64];
    snprintf(what, sizeof what, "%s --scale %s", backend, scale);
    image8 off;
    if (run(backend, gather, "on", "dofnear_on.png", on)) return;
    if (run(backend, gather, "off", "dofnear_off.png", &off)) return;
    double prev = 1.0;
    for (int k = 0; k <= 10; k++) {
        double v = outside(on, k), want = segment(k + 0.5);
        CHECK_MSG(fabs(v - want) <= 0.12, "%s: %.1f px outside the near edge %.3f, the thin lens %.3f", what,
                  k + 0.5, v, want);
        CHECK_MSG(v <= prev + 0.02, "%s: the spread rises again at %.1f px (%.3f after %.3f)", what, k + 0.5, v,
                  prev);
        prev = v;
    }
    for (int k = 14; k < 20; k++)
        CHECK_MSG(outside(on, k) == 0.0, "%s: %.1f px outside, beyond the CoC and the tile slack: %.3f, want 0",
                  what, k + 0.5, outside(on, k));
    CHECK_MSG(outside(&off, 0) == 0.0 && outside(&off, 3) == 0.0,
              "%s --near off: the background should stay sharp (%.3f, %.3f)", what, outside(&off, 0),
              outside(&off, 3));
    /* above the square (its top edge) the same spread */
    double top = on->pixels[((SQ_Y0 - 1) * W + (SQ_X0 + SQ_X1) / 2) * 3] / 255.0;
    CHECK_MSG(fabs(top - segment(0.5)) <= 0.12, "%s: above the top edge %.3f, the thin lens %.3f", what, top,
              segment(0.5));
    image_free(&off);
}

int main(void)
{
    test_enter_scratch_dir();
    scene();
    image8 cpu = {0}, gl[2] = {{0}, {0}};
    spreads("cpu", "compute", &cpu);
    /* at half size the same spread, from 12 probes of the half picture (dof_limits.h) */
    image8 half = {0};
    scale = "half";
    spreads("cpu", "compute", &half);
    scale = "full";
    image_free(&half);
    CHECK(RUN("--backend", "cpu", "--in", "dofnear_in.png", "--depth", "dofnear_depth.npy", "--focus", "4",
              "--aperture", "4", "--near", "maybe", "--out", "dofnear_bad.png") == 2);
    CHECK(access("dofnear_bad.png", F_OK) != 0);
    sw_error err;
    if (compute_gl_context(NULL, &err)) {
        printf("gl backend not checked: %s\n", err.msg);
        image_free(&cpu);
        return test_finish("test_dof_near") ? 1 : TEST_SKIP_CODE;
    }
    static const char *const gathers[2] = {"compute", "fragment"};
    for (int g = 0; g < 2; g++) {
        spreads("gl", gathers[g], &gl[g]);
        if (!cpu.pixels || !gl[g].pixels) continue;
        int worst = 0;
        for (int i = 0; i < W * H * 3; i++)
            worst = abs(cpu.pixels[i] - gl[g].pixels[i]) > worst ? abs(cpu.pixels[i] - gl[g].pixels[i]) : worst;
        CHECK_MSG(worst <= 1, "near field: cpu and the gl %s gather differ by up to %d", gathers[g], worst);
    }
    image_free(&cpu);
    image_free(&gl[0]);
    image_free(&gl[1]);
    compute_gl_context_release();
    return test_finish("test_dof_near");
}
