/* The layer tables (compute dof --near layers; src/dof/dof_math.h, dof_layers_pixel) give
 * exact answers on two scenes, counted here pixel by pixel over the stepped disc (the
 * blend of the whole sizes around r - 1/2, clamped to the picture), on cpu and gl:
 * - far-blur: a sharp black square at the focus (depth 1) over a background at depth 4
 *   (CoC 9 px) whose grey ramps along x. Every background pixel is the mean of the
 *   background alone over its disc (the far layer over its coverage), the square stays
 *   black; without the layers (the default soft guard) the square darkens the background
 *   next to it.
 * - near-blur: a blurred white square (depth 1, CoC 12 px) over a black background in
 *   focus (depth 4). Every pixel, inside the square or outside it, is 255 times the
 *   square's share of the disc of radius 12 around it: outside, the near layer's
 *   coverage over the tile's near CoC; inside, the colour's own disc. Without the near
 *   field the background stays black.
 * Both within one 8-bit step; cpu and gl agree within one. And a blurred square over a
 * background before the focus spreads over it with the layer tables as with the probes
 * (spread_over_near). At half size (half_size) the far-blur background 2..9 px from the
 * square is within a mean of 1 of the exact answer with the layer tables (measured 0.18-0.22),
 * and more than three times as far without them (the soft guard: 1.38-1.42). */
#include <math.h>
#include <stdbool.h>
#include <unistd.h>

#include "app/commands_ops.h"
#include "app/compute_context.h"
#include "dof/dof.h"
#include "dof/dof_limits.h"
#include "io/image.h"
#include "test_util.h"

#define W 96
#define H 64
#include "dof_depth_file.h"

#define RUN(...)                                                                                     \
    ({                                                                                               \
        const char *argv_[] = {"dof", __VA_ARGS__};                                                  \
        compute_dof((int)(sizeof argv_ / sizeof argv_[0]), (char **)argv_);                          \
    })

enum { SQ_X0 = 36, SQ_X1 = 59, SQ_Y0 = 20, SQ_Y1 = 43 };

static bool in_square(int x, int y) { return x >= SQ_X0 && x <= SQ_X1 && y >= SQ_Y0 && y <= SQ_Y1; }
static int ramp(int x) { return 40 + 2 * x; }

/* Over the stepped disc of whole size N around (x, y), clamped: the pixels' count, how
 * many are background (outside the square), and the sum of the background's grey. */
static void disc_counts(int x, int y, int n, double *area, double *back, double *back_sum)
{
    int h1 = (int)floor(DOF_DISC_X1 * n + 0.5), h2 = (int)floor(DOF_DISC_X2 * n + 0.5),
        h3 = (int)floor(DOF_DISC_X3 * n + 0.5);
    *area = *back = *back_sum = 0;
    for (int dy = -h1; dy <= h1; dy++)
        for (int dx = -h1; dx <= h1; dx++) {
            int ax = abs(dx), ay = abs(dy), xx = x + dx, yy = y + dy;
            bool in = (ax <= h1 && ay <= h3) || (ax <= h2 && ay <= h2) || (ax <= h3 && ay <= h1);
            if (!in || xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
            *area += 1;
            if (!in_square(xx, yy)) *back += 1, *back_sum += ramp(xx);
        }
}

/* Writes the picture and depth of one case. */
static void scene(bool far_blur)
{
    unsigned char px[W * H * 3];
    float depth[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool sq = in_square(x, y);
            int v = far_blur ? (sq ? 0 : ramp(x)) : (sq ? 255 : 0);
            for (int c = 0; c < 3; c++) px[(y * W + x) * 3 + c] = (unsigned char)v;
            depth[y * W + x] = sq ? 1.0f : 4.0f;
        }
    sw_error err;
    CHECK(image_write_png("doflt_in.png", W, H, 3, px, 0, 0, &err) == 0);
    write_depth("doflt_depth.npy", depth);
}

static int run(const char *backend, bool far_blur, const char *near, const char *out, image8 *img)
{
    /* far-blur: focus 1, A 12 -> CoC 9 behind; near-blur: focus 4, A 4 -> CoC 12 before */
    if (RUN("--backend", backend, "--in", "doflt_in.png", "--depth", "doflt_depth.npy", "--focus",
            far_blur ? "1" : "4", "--aperture", far_blur ? "12" : "4", "--near", near, "--out", out)) {
        CHECK_MSG(0, "%s --near %s failed", backend, near);
        return -1;
    }
    sw_error err;
    if (image_load_file(img, out, 0, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return -1;
    }
    return 0;
}

/* The exact answer at (x, y), from the blend of the discs of sizes n, n + 1 (fraction f). */
static double expected(bool far_blur, int x, int y)
{
    double r = far_blur ? 9.0 : 12.0, s = r - 0.5;
    int n = (int)floor(s);
    double f = s - n, a[2], b[2], g[2];
    disc_counts(x, y, n, &a[0], &b[0], &g[0]);
    disc_counts(x, y, n + 1, &a[1], &b[1], &g[1]);
    if (far_blur) {
        if (in_square(x, y)) return 0.0;   /* in focus: itself */
        double pm = g[0] / a[0] + f * (g[1] / a[1] - g[0] / a[0]);
        double cov = b[0] / a[0] + f * (b[1] / a[1] - b[0] / a[0]);
        return pm / cov;
    }
    double lo = 1.0 - b[0] / a[0], hi = 1.0 - b[1] / a[1];   /* the square's share */
    return 255.0 * (lo + f * (hi - lo));
}

static void exact(const char *backend, bool far_blur, image8 *keep)
{
    scene(far_blur);
    image8 on, off;
    const char *name = far_blur ? "far-blur" : "near-blur";
    if (run(backend, far_blur, "layers", "doflt_on.png", &on)) return;
    int bad = 0, wx = 0, wy = 0;
    double worst = 0, want_w = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double want = expected(far_blur, x, y), d = fabs(on.pixels[(y * W + x) * 3] - want);
            bad += d > 1.0;
            if (d > worst) worst = d, wx = x, wy = y, want_w = want;
        }
    printf("%s %s --near layers: worst %.2f against the exact answer, at (%d, %d)\n", backend, name, worst, wx, wy);
    CHECK_MSG(!bad, "%s %s: %d pixels off by more than 1; (%d, %d) is %d, the exact answer %.2f", backend, name, bad,
              wx, wy, on.pixels[(wy * W + wx) * 3], want_w);
    /* without the layers the answer is visibly wrong somewhere near the square's edge */
    if (!run(backend, far_blur, "off", "doflt_off.png", &off)) {
        double far_off = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                double d = fabs(off.pixels[(y * W + x) * 3] - expected(far_blur, x, y));
                if (d > far_off) far_off = d;
            }
        printf("%s %s --near off: up to %.1f from the exact answer\n", backend, name, far_off);
        CHECK_MSG(far_off > 10.0, "%s %s without layers: within %.1f of the exact answer", backend, name, far_off);
        image_free(&off);
    }
    *keep = on;
}

/* A blurred white square (depth 1, CoC 12 px) over a black background that is blurred
 * less but also before the focus (depth 2, CoC 4 px; focus 4, A 4): along the square's
 * middle row, background pixels 6..9 px from its edge lie beyond their own disc's reach
 * of the square, so only the foreground's spread can whiten them. The probes' near
 * layer does (--near on); the layer tables must too, and did not before 2026-12-07 (the
 * background's pixels are in the near field themselves, so the near table passed them
 * by: the square's silhouette stayed sharp). Returns the mean of those pixels. */
static double near_over_near(const char *backend, const char *near)
{
    unsigned char px[W * H * 3];
    float depth[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool sq = in_square(x, y);
            for (int c = 0; c < 3; c++) px[(y * W + x) * 3 + c] = sq ? 255 : 0;
            depth[y * W + x] = sq ? 1.0f : 2.0f;
        }
    sw_error err;
    CHECK(image_write_png("doflt_nn.png", W, H, 3, px, 0, 0, &err) == 0);
    write_depth("doflt_nn.npy", depth);
    CHECK(RUN("--backend", backend, "--in", "doflt_nn.png", "--depth", "doflt_nn.npy", "--focus", "4", "--aperture",
              "4", "--near", near, "--out", "doflt_nn_out.png") == 0);
    image8 out;
    if (image_load_file(&out, "doflt_nn_out.png", 0, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return 0.0;
    }
    double sum = 0;
    int y = (SQ_Y0 + SQ_Y1) / 2, n = 0;
    for (int e = 6; e <= 9; e++, n += 2)
        sum += out.pixels[(y * W + SQ_X1 + e) * 3] + out.pixels[(y * W + SQ_X0 - e) * 3];
    image_free(&out);
    return sum / n;
}

static void spread_over_near(const char *backend)
{
    double layers = near_over_near(backend, "layers"), probes = near_over_near(backend, "on"),
           none = near_over_near(backend, "off");
    printf("%s: the square's spread 6..9 px out over a nearer-than-focus background: layers %.1f, probes %.1f, "
           "none %.1f\n", backend, layers, probes, none);
    CHECK_MSG(none < 1.0, "%s: without a near field the background 6..9 px out is %.1f, not black", backend, none);
    CHECK_MSG(layers > 20.0, "%s: with the layer tables the square spreads only %.1f over the background", backend,
              layers);
    CHECK_MSG(fabs(layers - probes) < 1.0, "%s: the layer tables (%.1f) and the probes (%.1f) spread it differently",
              backend, layers, probes);
}

/* At half size (--scale half: the layer tables of the half picture, composited back) on
 * the far-blur scene: the background 2..9 px from the square (within its CoC; the pixel
 * next to it blends the half pixels the square shares) is close to the exact answer,
 * where the half size's soft guard (the app's default, --near on) leaves the sharper
 * ring of its shrunken radius (the blur falls short of the square's edge by 2-6 levels
 * over 8 px). Reads the scene's files (scene(true) first). Returns the mean error in that ring. */
static double half_ring_error(const char *backend, const char *near)
{
    if (RUN("--backend", backend, "--in", "doflt_in.png", "--depth", "doflt_depth.npy", "--focus", "1", "--aperture",
            "12", "--near", near, "--scale", "half", "--out", "doflt_half.png")) {
        CHECK_MSG(0, "%s --near %s --scale half failed", backend, near);
        return -1.0;
    }
    image8 out;
    sw_error err;
    if (image_load_file(&out, "doflt_half.png", 0, &err)) {
        CHECK_MSG(0, "%s", err.msg);
        return -1.0;
    }
    double sum = 0;
    int n = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int dx = x < SQ_X0 ? SQ_X0 - x : x > SQ_X1 ? x - SQ_X1 : 0, dy = y < SQ_Y0 ? SQ_Y0 - y : y > SQ_Y1 ? y - SQ_Y1 : 0;
            int dist = dx > dy ? dx : dy;
            if (dist < 2 || dist > 9) continue;   /* the ring: 2..9 px out (the next pixel blends the square's half pixels) */
            sum += fabs(out.pixels[(y * W + x) * 3] - expected(true, x, y)), n++;
        }
    image_free(&out);
    return sum / n;
}

static void half_size(const char *backend)
{
    scene(true);   /* the far-blur scene, once for both runs */
    double layers = half_ring_error(backend, "layers"), guard = half_ring_error(backend, "on");
    printf("%s far-blur at half size: mean error in the ring %.2f with the layer tables, %.2f with the soft guard\n",
           backend, layers, guard);
    CHECK_MSG(layers >= 0.0 && layers < 1.0, "%s: the half-size layer tables are %.2f off in the ring", backend, layers);
    CHECK_MSG(guard > 3.0 * layers, "%s: the half-size soft guard (%.2f) is as close as the layer tables (%.2f): the "
              "check would miss a half size without them", backend, guard, layers);
}

int main(void)
{
    test_enter_scratch_dir();
    image8 cpu[2] = {{0}, {0}}, gl[2] = {{0}, {0}};
    for (int c = 0; c < 2; c++) exact("cpu", c, &cpu[c]);
    spread_over_near("cpu");
    half_size("cpu");
    sw_error err;
    if (compute_gl_context(NULL, &err)) {
        printf("gl backend not checked: %s\n", err.msg);
        for (int c = 0; c < 2; c++) image_free(&cpu[c]);
        return test_finish("test_dof_layer_tables") ? 1 : TEST_SKIP_CODE;
    }
    spread_over_near("gl");
    half_size("gl");
    for (int c = 0; c < 2; c++) {
        exact("gl", c, &gl[c]);
        if (cpu[c].pixels && gl[c].pixels) {
            int worst = 0;
            for (int i = 0; i < W * H * 3; i++)
                if (abs(cpu[c].pixels[i] - gl[c].pixels[i]) > worst) worst = abs(cpu[c].pixels[i] - gl[c].pixels[i]);
            CHECK_MSG(worst <= 1, "%s: cpu and gl differ by up to %d", c ? "far-blur" : "near-blur", worst);
        }
        image_free(&cpu[c]);
        image_free(&gl[c]);
    }
    compute_gl_context_release();
    return test_finish("test_dof_layer_tables");
}
