/* The disc kernel (compute dof's default) on cpu and gl: each pixel is the blend of the
 * means over the two stepped discs around its fractional radius, counted here from the
 * picture itself; an isolated highlight comes out round (its extent along the axes and
 * the diagonal within 10% for r from 4 to 40 px, where the chapter's box is 41% apart:
 * through the shared arithmetic in float); the picture changes
 * continuously as the aperture grows (no step where the CoC crosses whole pixels, which
 * the box kernel has); and cpu and gl agree on a random picture and depth map, with the
 * near field and without, and at a large aperture, where the soft guard and the near
 * layer read their grids. */
#include <math.h>
#include <unistd.h>

#include "app/commands_ops.h"
#include "app/compute_context.h"
#include "dof/dof_limits.h"
#include "dof/dof.h"
#include "io/image.h"
#include "io/npy.h"
#include "test_util.h"

#define W 64
#define H 48
#include "dof_depth_file.h"

#define RUN(...)                                                                                     \
    ({                                                                                               \
        const char *argv_[] = {"dof", __VA_ARGS__};                                                  \
        compute_dof((int)(sizeof argv_ / sizeof argv_[0]), (char **)argv_);                          \
    })


static int load(const char *path, image8 *img)
{
    sw_error err;
    int rc = image_load_file(img, path, 0, &err);
    if (rc) CHECK_MSG(0, "%s", err.msg);
    return rc;
}

/* Mean of PX (one channel) over the stepped disc of whole size N around (x, y), clamped. */
static double disc_mean(const unsigned char *px, int x, int y, int n)
{
    int h1 = (int)floor(DOF_DISC_X1 * n + 0.5), h2 = (int)floor(DOF_DISC_X2 * n + 0.5),
        h3 = (int)floor(DOF_DISC_X3 * n + 0.5);
    double sum = 0;
    int count = 0;
    for (int dy = -h1; dy <= h1; dy++)
        for (int dx = -h1; dx <= h1; dx++) {
            int ax = abs(dx), ay = abs(dy), xx = x + dx, yy = y + dy;
            bool in = (ax <= h1 && ay <= h3) || (ax <= h2 && ay <= h2) || (ax <= h3 && ay <= h1);
            if (!in || xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
            sum += px[yy * W + xx];
            count++;
        }
    return sum / count;
}

/* A 3x3 white square on black at depth 4, F = 2, A = 12.6: r = 6.3 everywhere. */
static void disc_counted(const char *backend)
{
    unsigned char px[W * H];
    float depth[W * H];
    memset(px, 0, sizeof px);
    for (int i = 0; i < W * H; i++) depth[i] = 4.0f;
    for (int y = 23; y <= 25; y++)
        for (int x = 31; x <= 33; x++) px[y * W + x] = 255;
    sw_error err;
    CHECK(image_write_png("dofdisc_dot.png", W, H, 1, px, 0, 0, &err) == 0);
    write_depth("dofdisc_udepth.npy", depth);
    remove("dofdisc_out.png");
    CHECK(RUN("--backend", backend, "--in", "dofdisc_dot.png", "--depth", "dofdisc_udepth.npy", "--focus", "2",
              "--aperture", "12.6", "--out", "dofdisc_out.png") == 0);
    image8 out;
    if (load("dofdisc_out.png", &out)) return;
    double s = 6.3 - 0.5, f = s - floor(s);
    int n = (int)floor(s), worst = 0, wx = 0, wy = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double lo = disc_mean(px, x, y, n), hi = disc_mean(px, x, y, n + 1);
            int want = (int)floor(lo + f * (hi - lo) + 0.5), d = abs(out.pixels[y * W + x] - want);
            if (d > worst) worst = d, wx = x, wy = y;
        }
    CHECK_MSG(worst <= 1, "%s: pixel (%d, %d) is %d off the counted disc", backend, wx, wy, worst);
    image_free(&out);
}

/* Bokeh, through the shared gather arithmetic (dof_math.h, which the cpu and cuda
 * gathers compile; dof_cpu_pixel) in float, since 8 bits cannot hold a highlight spread over hundreds of
 * pixels: one pixel of 60000 on black, uniform depth; the extent along +x and along the
 * diagonal is the farthest distance at which the result is at least half its centre
 * value. */
#define BW 96
static void extents(float r, int kernel, double *axis, double *diag)
{
    static uint32_t sat[BW * BW];
    static float depth[BW * BW], out[BW * BW];
    for (int y = 0; y < BW; y++)
        for (int x = 0; x < BW; x++) {
            uint32_t v = (x == BW / 2 && y == BW / 2) ? 60000u : 0u;
            sat[y * BW + x] = v + (x ? sat[y * BW + x - 1] : 0) + (y ? sat[(y - 1) * BW + x] : 0) -
                              (x && y ? sat[(y - 1) * BW + x - 1] : 0);
            depth[y * BW + x] = 4.0f;
        }
    dof_params p = {2.0f, 2.0f * r, 1.0f, DOF_VIEW_EFFECT, 1, 0, kernel, 0, 0, 0};   /* r = A |1 - 2/4| */
    for (int y = 0; y < BW; y++)
        for (int x = 0; x < BW; x++) {
            float v[4] = {0, 0, 0, 0};
            out[y * BW + x] = dof_cpu_pixel(&p, sat, depth, BW, BW, 1, x, y, v) ? v[0] : -1.0f;
        }
    float half = 0.5f * out[BW / 2 * BW + BW / 2];
    *axis = *diag = 0;
    /* where the profile along the ray crosses half, interpolated between its samples */
    for (int dir = 0; dir < 2; dir++) {
        double *e = dir ? diag : axis, step = dir ? sqrt(2.0) : 1.0;
        for (int k = 0; k + 1 < BW / 2; k++) {
            float v0 = out[(BW / 2 + dir * k) * BW + BW / 2 + k], v1 = out[(BW / 2 + dir * (k + 1)) * BW + BW / 2 + k + 1];
            if (v0 >= half && v1 < half) {
                *e = (k + (v0 - half) / (v0 - v1)) * step;
                break;
            }
        }
    }
}

static void bokeh(void)
{
    for (float r = 4.0f; r <= 40.0f; r += 0.37f) {   /* below 4 px a disc is a few pixels across */
        double axis, diag;
        extents(r, DOF_KERNEL_DISC, &axis, &diag);
        CHECK_MSG(axis > 0 && fabs(diag / axis - 1.0) <= 0.10, "r %.2f: disc extent %.2f along x, %.2f along the diagonal",
                  r, axis, diag);
        if (r > 20.5 && r < 20.9) printf("bokeh at r %.2f: disc extent %.2f along x, %.2f along the diagonal\n", r, axis, diag);
        /* the measure tells a square from a disc: the chapter's box is sqrt 2 apart */
        extents(r, DOF_KERNEL_BOXES, &axis, &diag);
        CHECK_MSG(axis > 0 && diag / axis > 1.3, "r %.2f: box extent %.2f, %.2f", r, axis, diag);
    }
}

/* The largest change of any pixel between apertures STEP apart, from A0 to A1, of a
 * random picture at depth 4 (F = 2, r = A / 2): the disc with the layer tables (the
 * default), the disc alone (--near off), and the box kernel (--boxes 1) over the same
 * sweep. */
static void continuity(const char *backend)
{
    unsigned char px[W * H];
    uint64_t seed = 21;
    for (int i = 0; i < W * H; i++) px[i] = (unsigned char)(test_rand(&seed) & 255);
    sw_error err;
    CHECK(image_write_png("dofdisc_noise.png", W, H, 1, px, 0, 0, &err) == 0);
    int worst[3] = {0, 0, 0};
    for (int kern = 0; kern < 3; kern++) {
        image8 prev = {0};
        for (int step = 0; step <= 30; step++) {
            char a[16];
            snprintf(a, sizeof a, "%.3f", 1.0 + 0.1 * step);   /* r from 0.5 to 2.0 */
            CHECK(RUN("--backend", backend, "--in", "dofdisc_noise.png", "--depth", "dofdisc_udepth.npy", "--focus",
                      "2", "--aperture", a, kern == 1 ? "--boxes" : "--kernel", kern == 1 ? "1" : "disc", "--near",
                      kern == 2 ? "off" : "layers", "--out", "dofdisc_out.png") == 0);
            image8 out;
            if (load("dofdisc_out.png", &out)) break;
            for (int i = 0; prev.pixels && i < W * H; i++) {
                int d = abs(out.pixels[i] - prev.pixels[i]);
                if (d > worst[kern]) worst[kern] = d;
            }
            image_free(&prev);
            prev = out;
        }
        image_free(&prev);
    }
    printf("%s: largest change of a pixel as r grows by 0.05: disc with layers %d, disc %d, box %d\n", backend,
           worst[0], worst[2], worst[1]);
    /* a step of r 0.05 moves the blend by a tenth of two neighbouring discs' difference */
    CHECK_MSG(worst[0] <= 16, "%s: the disc with the layer tables jumps by %d as r grows by 0.05", backend, worst[0]);
    CHECK_MSG(worst[2] <= 16, "%s: the disc kernel jumps by %d as r grows by 0.05", backend, worst[2]);
    CHECK_MSG(worst[1] >= 50, "%s: the box kernel should step (1x1 to 3x3 at r = 0.5, 1.5): largest change %d",
              backend, worst[1]);
}

static void random_scene(void)
{
    unsigned char px[W * H * 3];
    float depth[W * H];
    uint64_t seed = 77;
    for (int i = 0; i < W * H * 3; i++) px[i] = (unsigned char)(test_rand(&seed) & 255);
    /* blocks of random depth: edges everywhere, the guard busy */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint64_t s = (uint64_t)(y / 8 * 16 + x / 8) * 2654435761u + 1;
            depth[y * W + x] = 0.6f + (float)(test_rand(&s) % 1000) / 40.0f;
        }
    sw_error err;
    CHECK(image_write_png("dofdisc_rand.png", W, H, 3, px, 0, 0, &err) == 0);
    write_depth("dofdisc_rdepth.npy", depth);
}

/* cpu and gl agree, guard on and off, near field on, off and from the layer tables; the
 * near field and the layers change the picture (the random depth blocks put near pixels
 * before the focus everywhere). */
static void agree(void)
{
    const char *guards[2] = {"on", "off"}, *nears[3] = {"on", "off", "layers"};
    for (int g = 0; g < 2; g++) {
        image8 cpu[3] = {{0}, {0}, {0}};
        for (int n = 0; n < 3; n++) {
            image8 a, b;
            CHECK(RUN("--backend", "cpu", "--in", "dofdisc_rand.png", "--depth", "dofdisc_rdepth.npy", "--focus", "3",
                      "--aperture", "14.3", "--guard", guards[g], "--near", nears[n], "--out", "dofdisc_cpu.png") == 0);
            CHECK(RUN("--backend", "gl", "--in", "dofdisc_rand.png", "--depth", "dofdisc_rdepth.npy", "--focus", "3",
                      "--aperture", "14.3", "--guard", guards[g], "--near", nears[n], "--out", "dofdisc_gl.png") == 0);
            if (load("dofdisc_cpu.png", &a)) continue;
            if (load("dofdisc_gl.png", &b)) {
                image_free(&a);
                continue;
            }
            int worst = 0, differ = 0;
            for (int i = 0; i < W * H * 3; i++) {
                int d = abs(a.pixels[i] - b.pixels[i]);
                if (d > worst) worst = d;
                differ += d > 0;
            }
            CHECK_MSG(worst <= 1, "guard %s, near %s: cpu and gl differ by up to %d (%d values)", guards[g], nears[n],
                      worst, differ);
            cpu[n] = a;
            image_free(&b);
        }
        if (cpu[0].pixels && cpu[1].pixels) {
            int changed = 0;
            for (int i = 0; i < W * H * 3; i++) changed += cpu[0].pixels[i] != cpu[1].pixels[i];
            CHECK_MSG(changed > W * H / 10, "guard %s: the near field changed only %d values", guards[g], changed);
        }
        if (cpu[2].pixels && cpu[1].pixels) {
            int changed = 0;
            for (int i = 0; i < W * H * 3; i++) changed += cpu[2].pixels[i] != cpu[1].pixels[i];
            CHECK_MSG(changed > W * H / 10, "guard %s: the layer tables changed only %d values", guards[g], changed);
        }
        for (int n = 0; n < 3; n++) image_free(&cpu[n]);
    }
}

/* At a large aperture the soft guard and the near layer read their grids (dof_math.h,
 * dof_soft_radius_grid: spacing 5 at aperture 40, 2 at half size; dof_near_math.h,
 * dof_near_layer_grid: 5 at both sizes; agree() above, at aperture 14.3, has the point
 * probes): cpu and gl still agree, at both sizes, and the guard changes the picture. */
static void agree_large_aperture(void)
{
    const char *scales[2] = {"full", "half"};
    for (int s = 0; s < 2; s++) {
        image8 img[3] = {{0}, {0}, {0}};
        const char *backends[3] = {"cpu", "gl", "cpu"}, *guards[3] = {"on", "on", "off"};
        int ok = 1;
        for (int k = 0; k < 3 && ok; k++) {
            ok = RUN("--backend", backends[k], "--in", "dofdisc_rand.png", "--depth", "dofdisc_rdepth.npy", "--focus",
                     "3", "--aperture", "40", "--guard", guards[k], "--near", "on", "--scale", scales[s], "--out",
                     "dofdisc_big.png") == 0 &&
                 load("dofdisc_big.png", &img[k]) == 0;
            CHECK_MSG(ok, "aperture 40, %s size, %s, guard %s did not run", scales[s], backends[k], guards[k]);
        }
        if (ok) {
            int worst = 0, differ = 0, guarded = 0;
            for (int i = 0; i < W * H * 3; i++) {
                int d = abs(img[0].pixels[i] - img[1].pixels[i]);
                if (d > worst) worst = d;
                differ += d > 0;
                guarded += img[0].pixels[i] != img[2].pixels[i];
            }
            CHECK_MSG(worst <= 1, "aperture 40, %s size: cpu and gl differ by up to %d (%d values)", scales[s], worst,
                      differ);
            CHECK_MSG(guarded > W * H / 10, "aperture 40, %s size: the guard changed only %d values", scales[s], guarded);
        }
        for (int k = 0; k < 3; k++) image_free(&img[k]);
    }
}

int main(void)
{
    test_enter_scratch_dir();
    disc_counted("cpu");
    bokeh();
    continuity("cpu");
    random_scene();
    CHECK(RUN("--backend", "cpu", "--in", "dofdisc_dot.png", "--depth", "dofdisc_udepth.npy", "--focus", "2",
              "--aperture", "5", "--kernel", "cone", "--out", "dofdisc_bad.png") == 2);
    CHECK(access("dofdisc_bad.png", F_OK) != 0);
    sw_error err;
    if (compute_gl_context(NULL, &err)) {
        printf("gl backend not checked: %s\n", err.msg);
        return test_finish("test_dof_disc") ? 1 : TEST_SKIP_CODE;
    }
    disc_counted("gl");
    agree();
    agree_large_aperture();
    compute_gl_context_release();
    return test_finish("test_dof_disc");
}
