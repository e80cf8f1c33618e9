/* The DoF and SAT commands on small synthetic pictures: pixels at focus unchanged, a
 * uniform picture stays uniform, the blur reaches exactly the formula's radius, each
 * box count gives the mean of its boxes, the foreground guard holds sharp edges (and
 * --guard off does not), cpu and gl agree, and bad inputs fail with
 * exit 1 or 2 and leave no output. */
#include <math.h>
#include <unistd.h>

#include "app/commands_ops.h"
#include "app/compute_context.h"
#include "io/image.h"
#include "io/npy.h"
#include "test_util.h"

#define W 64
#define H 48
#include "dof_depth_file.h"

static int run(int argc, const char **argv)
{
    return argv[0][0] == 's' ? compute_sat(argc, (char **)argv) : compute_dof(argc, (char **)argv);
}
#define RUN(...)                                                                                     \
    ({                                                                                               \
        const char *argv_[] = {__VA_ARGS__};                                                         \
        run((int)(sizeof argv_ / sizeof argv_[0]), argv_);                                           \
    })


static int load(const char *path, image8 *img)
{
    sw_error err;
    return image_load_file(img, path, 0, &err);
}

static int exists(const char *path) { return access(path, F_OK) == 0; }

static void focus_and_uniform(const char *backend)
{
    uint64_t seed = 5;
    unsigned char px[W * H * 3], flat[W * H * 3];
    float depth[W * H], rdepth[W * H];
    sw_error err;
    for (int i = 0; i < W * H * 3; i++) px[i] = (unsigned char)test_rand(&seed), flat[i] = (unsigned char)(90 + i % 3 * 40);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            depth[y * W + x] = x < W / 2 ? 2.0f : 8.0f;   /* left half at the focus distance */
            rdepth[y * W + x] = 0.5f + (float)(test_rand(&seed) % 1000) / 50.0f;
        }
    CHECK(image_write_png("dofcli_in.png", W, H, 3, px, 0, 0, &err) == 0);
    CHECK(image_write_png("dofcli_flat.png", W, H, 3, flat, 0, 0, &err) == 0);
    write_depth("dofcli_depth.npy", depth);
    write_depth("dofcli_rdepth.npy", rdepth);
    remove("dofcli_out.png");
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_in.png", "--depth", "dofcli_depth.npy", "--focus", "2",
              "--aperture", "10", "--out", "dofcli_out.png") == 0);
    image8 out;
    if (!load("dofcli_out.png", &out)) {
        int changed_focus = 0, changed_far = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int k = 0; k < 3; k++) {
                    int i = (y * W + x) * 3 + k;
                    if (x < W / 2) changed_focus += out.pixels[i] != px[i];
                    else changed_far += out.pixels[i] != px[i];
                }
        CHECK_MSG(changed_focus == 0, "%s: %d values at the focus distance changed", backend, changed_focus);
        CHECK_MSG(changed_far > W * H, "%s: the far half was not blurred (%d values changed)", backend, changed_far);
        image_free(&out);
    }
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_flat.png", "--depth", "dofcli_rdepth.npy", "--focus",
              "3", "--aperture", "20", "--out", "dofcli_out.png") == 0);
    if (!load("dofcli_out.png", &out)) {
        int diff = 0;
        for (int i = 0; i < W * H * 3; i++) diff += out.pixels[i] != flat[i];
        CHECK_MSG(diff == 0, "%s: a uniform picture changed in %d values", backend, diff);
        image_free(&out);
    }
}

/* A 3x3 white square on black at uniform depth 4, F = 2, A = 12: r = 12 * |1 - 2/4| =
 * 6, so the blur reaches 1 + 6 pixels from the centre and no farther. */
static void radius(const char *backend, image8 *result)
{
    unsigned char px[W * H];
    float depth[W * H];
    memset(px, 0, sizeof px);
    for (int i = 0; i < W * H; i++) depth[i] = 4.0f;
    for (int y = 23; y <= 25; y++)
        for (int x = 31; x <= 33; x++) px[y * W + x] = 255;
    sw_error err;
    CHECK(image_write_png("dofcli_dot.png", W, H, 1, px, 0, 0, &err) == 0);
    write_depth("dofcli_udepth.npy", depth);
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_dot.png", "--depth", "dofcli_udepth.npy", "--focus", "2",
              "--aperture", "12", "--out", "dofcli_out.png") == 0);
    if (load("dofcli_out.png", result)) return;
    int reach_x = 0, reach_y = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (result->pixels[y * W + x]) {
                if (abs(x - 32) > reach_x) reach_x = abs(x - 32);
                if (abs(y - 24) > reach_y) reach_y = abs(y - 24);
            }
    CHECK_MSG(reach_x == 7 && reach_y == 7, "%s: blur reaches %d, %d pixels; the formula says 7", backend, reach_x,
              reach_y);
}

/* --boxes N on the dot of radius(): r = 6, box k of N has half-size round(6k/N), and
 * each output pixel is the mean of the N box means, counted here from the picture
 * itself (white pixels in each clamped box over its area), rounded to a byte: 1 box
 * is the chapter's flat 13x13 box, 2 and 3 stepped cones. The reach stays 7 (the
 * largest box is r), the centre differs by N. */
static void boxes(const char *backend)
{
    for (int n = 1; n <= 3; n++) {
        char nb[8];
        snprintf(nb, sizeof nb, "%d", n);
        remove("dofcli_out.png");
        CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_dot.png", "--depth", "dofcli_udepth.npy", "--focus",
                  "2", "--aperture", "12", "--boxes", nb, "--out", "dofcli_out.png") == 0);
        image8 out;
        if (load("dofcli_out.png", &out)) continue;
        int worst = 0, wx = 0, wy = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                double acc = 0;
                for (int k = 1; k <= n; k++) {
                    int half = (int)floor(6.0 * k / n + 0.5), white = 0;
                    int x0 = x - half < 0 ? 0 : x - half, x1 = x + half > W - 1 ? W - 1 : x + half;
                    int y0 = y - half < 0 ? 0 : y - half, y1 = y + half > H - 1 ? H - 1 : y + half;
                    for (int yy = y0; yy <= y1; yy++)
                        for (int xx = x0; xx <= x1; xx++) white += xx >= 31 && xx <= 33 && yy >= 23 && yy <= 25;
                    acc += 255.0 * white / ((x1 - x0 + 1) * (y1 - y0 + 1));
                }
                int want = (int)floor(acc / n + 0.5), d = abs(out.pixels[y * W + x] - want);
                if (d > worst) worst = d, wx = x, wy = y;
            }
        CHECK_MSG(worst <= 1, "%s, %d boxes: pixel (%d, %d) is %d, the boxes say about %d", backend, n, wx, wy,
                  out.pixels[wy * W + wx], worst);
        image_free(&out);
    }
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_dot.png", "--depth", "dofcli_udepth.npy", "--focus", "2",
              "--aperture", "12", "--boxes", "0", "--out", "dofcli_bad.png") == 2);
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_dot.png", "--depth", "dofcli_udepth.npy", "--focus", "2",
              "--aperture", "12", "--boxes", "4", "--out", "dofcli_bad.png") == 2);
    CHECK_MSG(!exists("dofcli_bad.png"), "a refused --boxes left dofcli_bad.png behind");
}

/* The foreground guard: a sharp white square at the focus distance in front of a far,
 * blurred black background. Without the guard the background would average the
 * square in up to r = 10 * |1 - 2/20| = 9 pixels away; with it (--near off), along the
 * square's middle row, nothing farther than 2 pixels from its edge may pick up any white;
 * with the layer tables (the default) nothing does. */
/* How far from the square (columns 20..43) white reaches along its middle row. */
static int square_halo(const image8 *out)
{
    int halo = 0;
    for (int x = 0; x < W; x++) {
        int dist = x < 20 ? 20 - x : x >= 44 ? x - 43 : 0;
        if (dist > halo && out->pixels[24 * W + x] > 0) halo = dist;
    }
    return halo;
}

static void guard(const char *backend)
{
    unsigned char px[W * H];
    float depth[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 20 && x < 44 && y >= 12 && y < 36;
            px[y * W + x] = in ? 255 : 0;
            depth[y * W + x] = in ? 2.0f : 20.0f;
        }
    sw_error err;
    CHECK(image_write_png("dofcli_square.png", W, H, 1, px, 0, 0, &err) == 0);
    write_depth("dofcli_sdepth.npy", depth);
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_square.png", "--depth", "dofcli_sdepth.npy", "--focus", "2",
              "--aperture", "10", "--out", "dofcli_out.png") == 0);
    image8 out;
    if (load("dofcli_out.png", &out)) return;
    /* the default, the layer tables: the far layer holds none of the square */
    int halo = square_halo(&out);
    CHECK_MSG(halo == 0, "%s: with the layer tables the sharp square bleeds %d pixels into the background", backend, halo);
    CHECK(out.pixels[24 * W + 32] == 255);   /* the square itself stays sharp */
    image_free(&out);
    /* the soft guard alone (--near off): at most 2 pixels */
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_square.png", "--depth", "dofcli_sdepth.npy", "--focus", "2",
              "--aperture", "10", "--near", "off", "--out", "dofcli_out.png") == 0);
    if (load("dofcli_out.png", &out)) return;
    halo = square_halo(&out);
    CHECK_MSG(halo <= 2, "%s: the sharp square bleeds %d pixels into the blurred background", backend, halo);
    CHECK(out.pixels[24 * W + 32] == 255);
    image_free(&out);
    /* --guard off: the chapter's radius, and the white reaches the background's full r. */
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_square.png", "--depth", "dofcli_sdepth.npy", "--focus", "2",
              "--aperture", "10", "--near", "off", "--guard", "off", "--out", "dofcli_out.png") == 0);
    if (load("dofcli_out.png", &out)) return;
    halo = square_halo(&out);
    CHECK_MSG(halo == 9, "%s, --guard off: the square bleeds %d pixels, r says 9", backend, halo);
    image_free(&out);
    CHECK(RUN("dof", "--backend", backend, "--in", "dofcli_square.png", "--depth", "dofcli_sdepth.npy", "--focus", "2",
              "--aperture", "10", "--guard", "maybe", "--out", "dofcli_bad.png") == 2);
}

/* The near field's default: the layer tables, at full size and at half; each the same
 * bytes as the mode named. */
static bool same_output(const char *const *flags, int n_flags, const char *const *named, int n_named)
{
    const char *base[] = {"dof", "--backend", "cpu", "--in", "dofcli_square.png", "--depth", "dofcli_sdepth.npy",
                          "--focus", "2", "--aperture", "10"};
    const char *argv[24];
    image8 out[2] = {{0}, {0}};
    for (int run = 0; run < 2; run++) {
        int n = 0;
        for (size_t i = 0; i < sizeof base / sizeof *base; i++) argv[n++] = base[i];
        for (int i = 0; i < (run ? n_named : n_flags); i++) argv[n++] = run ? named[i] : flags[i];
        argv[n++] = "--out", argv[n++] = run ? "dofcli_named.png" : "dofcli_default.png";
        CHECK(compute_dof(n, (char **)argv) == 0);
        if (load(run ? "dofcli_named.png" : "dofcli_default.png", &out[run])) return false;
    }
    bool same = memcmp(out[0].pixels, out[1].pixels, (size_t)W * H) == 0;
    image_free(&out[0]);
    image_free(&out[1]);
    return same;
}

static void near_defaults(void)
{
    const char *layers[] = {"--near", "layers"}, *on[] = {"--near", "on"}, *off[] = {"--near", "off"};
    const char *half[] = {"--scale", "half"}, *half_layers[] = {"--scale", "half", "--near", "layers"},
               *half_on[] = {"--scale", "half", "--near", "on"};
    CHECK_MSG(same_output(NULL, 0, layers, 2), "the default is not --near layers");
    CHECK_MSG(!same_output(NULL, 0, off, 2), "--near off is the same as the default: the check would miss it");
    CHECK_MSG(same_output(half, 2, half_layers, 4), "--scale half alone is not --scale half --near layers");
    CHECK_MSG(!same_output(half, 2, half_on, 4), "--scale half --near on is the same as layers: the check would miss it");
    CHECK_MSG(!same_output(NULL, 0, on, 2), "--near on is the same as layers here: the check would miss it");
}

static void bad_inputs(void)
{
    FILE *fp = fopen("dofcli_text.png", "w");
    if (fp) {
        fputs("not an image\n", fp);
        fclose(fp);
    }
    remove("dofcli_bad.png");
    remove("dofcli_bad.npy");
    const char *o = "dofcli_bad.png";
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_missing.png", "--depth", "dofcli_depth.npy", "--focus", "2",
              "--aperture", "3", "--out", o) == 1);
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_text.png", "--depth", "dofcli_depth.npy", "--focus", "2",
              "--aperture", "3", "--out", o) == 1);
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_in.png", "--depth", "dofcli_text.png", "--focus", "2",
              "--aperture", "3", "--out", o) == 1);
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_in.png", "--depth", "dofcli_dot.png", "--focus", "2",
              "--aperture", "3", "--out", o) == 0);   /* same size: fine */
    remove(o);
    unsigned char small[4] = {1, 2, 3, 4};
    sw_error err;
    image_write_png("dofcli_small.png", 2, 2, 1, small, 0, 0, &err);
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_in.png", "--depth", "dofcli_small.png", "--focus", "2",
              "--aperture", "3", "--out", o) == 1);   /* mismatched depth size */
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_in.png", "--depth", "dofcli_depth.npy", "--focus", "2",
              "--aperture", "-1", "--out", o) == 2);
    CHECK(RUN("dof", "--backend", "tpu", "--in", "dofcli_in.png", "--depth", "dofcli_depth.npy", "--focus", "2",
              "--aperture", "1", "--out", o) == 2);
    CHECK(RUN("dof", "--backend", "cpu", "--in", "dofcli_in.png", "--focus", "2", "--aperture", "1", "--out", o) == 2);
    CHECK_MSG(!exists(o), "a failed run left %s behind", o);
    CHECK(RUN("sat", "--backend", "cpu", "--in", "dofcli_missing.npy", "--out", "dofcli_bad.npy") == 1);
    CHECK(RUN("sat", "--backend", "cpu", "--in", "dofcli_text.png", "--out", "dofcli_bad.npy") == 1);
    /* fractions: a float table now (summed in double), no longer refused */
    CHECK(RUN("sat", "--backend", "cpu", "--in", "dofcli_rdepth.npy", "--out", "dofcli_fsat.npy") == 0);
    CHECK(exists("dofcli_fsat.npy"));
    CHECK(RUN("sat", "--backend", "gl", "--variant", "fused", "--in", "dofcli_in.png", "--out", "dofcli_bad.npy") == 2);
    CHECK_MSG(!exists("dofcli_bad.npy"), "a failed run left dofcli_bad.npy behind");
}

/* compute sat: a PNG gives (H,W,C) float64 sums equal to the definition. */
static void sat_cli(const char *backend)
{
    remove("dofcli_sat.npy");
    CHECK(RUN("sat", "--backend", backend, "--in", "dofcli_in.png", "--out", "dofcli_sat.npy") == 0);
    npy_array a;
    image8 img;
    sw_error err;
    if (npy_read("dofcli_sat.npy", &a, &err) || load("dofcli_in.png", &img)) {
        CHECK_MSG(0, "%s: no table written", backend);
        return;
    }
    CHECK(a.dtype == NPY_F64 && a.ndim == 3 && a.shape[0] == H && a.shape[1] == W && a.shape[2] == 3);
    double sum = 0;
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 20; x++) sum += img.pixels[(y * W + x) * 3 + 1];
    CHECK_MSG(((double *)a.data)[(9 * W + 19) * 3 + 1] == sum, "%s: S[9][19][1] is %.0f, expected %.0f", backend,
              ((double *)a.data)[(9 * W + 19) * 3 + 1], sum);
    npy_free(&a);
    image_free(&img);
}

/* compute sat on an (H,W) int32 .npy of 16-bit values whose sums pass 2^32: the
 * float64 output must be the exact sums (the last one is the total). */
static void sat_cli_npy(const char *backend)
{
    npy_array a;
    sw_error err;
    int64_t shape[2] = {401, 400};
    if (npy_alloc(&a, NPY_I32, 2, shape, &err)) return;
    uint64_t seed = 9;
    double total = 0, row0 = 0;
    for (size_t i = 0; i < a.count; i++) {
        int32_t v = (int32_t)(test_rand(&seed) % 65536);
        ((int32_t *)a.data)[i] = v;
        total += v;
        if (i < 400) row0 += v;
    }
    CHECK(npy_write("dofcli_big.npy", &a, &err) == 0);
    npy_free(&a);
    remove("dofcli_bigsat.npy");
    CHECK(RUN("sat", "--backend", backend, "--in", "dofcli_big.npy", "--out", "dofcli_bigsat.npy") == 0);
    if (npy_read("dofcli_bigsat.npy", &a, &err)) {
        CHECK_MSG(0, "%s: %s", backend, err.msg);
        return;
    }
    CHECK(a.dtype == NPY_F64 && a.ndim == 2 && a.shape[0] == 401 && a.shape[1] == 400);
    CHECK_MSG(total > 4294967296.0 && ((double *)a.data)[a.count - 1] == total, "%s: total %.0f, expected %.0f",
              backend, ((double *)a.data)[a.count - 1], total);
    CHECK(((double *)a.data)[399] == row0);
    npy_free(&a);
}

int main(void)
{
    test_enter_scratch_dir();
    focus_and_uniform("cpu");
    image8 cpu_dot = {0}, gl_dot = {0};
    radius("cpu", &cpu_dot);
    boxes("cpu");
    guard("cpu");
    near_defaults();
    bad_inputs();
    sat_cli("cpu");
    sat_cli_npy("cpu");
    sw_error err;
    if (compute_gl_context(NULL, &err)) {
        printf("gl backend not checked: %s\n", err.msg);
        image_free(&cpu_dot);
        return test_finish("test_dof_cli") ? 1 : TEST_SKIP_CODE;
    }
    focus_and_uniform("gl");
    radius("gl", &gl_dot);
    boxes("gl");
    guard("gl");
    sat_cli("gl");
    sat_cli_npy("gl");
    if (cpu_dot.pixels && gl_dot.pixels) {
        int worst = 0;
        for (int i = 0; i < W * H; i++) {
            int d = abs(cpu_dot.pixels[i] - gl_dot.pixels[i]);
            if (d > worst) worst = d;
        }
        CHECK_MSG(worst <= 1, "cpu and gl differ by %d", worst);
    }
    image_free(&cpu_dot);
    image_free(&gl_dot);
    compute_gl_context_release();
    return test_finish("test_dof_cli");
}
