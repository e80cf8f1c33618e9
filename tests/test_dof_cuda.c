/* On the GPU machine: DoF frames with the SAT built by cuda (both variants, through
 * GL interop) against the gl and cpu backends' frames (the integer tables are the
 * same, so the frames must agree closely), with the near field's probes (the default;
 * the first loop), and without a near field and from the layer tables (the second: the
 * cuda gather against the GL compute gather),
 * and `compute dof --backend cuda` against the cpu gather, for every kernel (the disc,
 * the default, and the boxes), with the near field and without; compute dof fails on
 * any non-finite value a GPU gather writes (a NaN would round to some byte unseen). */
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

/* The comparison switches the runs below set. */
#define ALPHA "SCANWORKS_SAT_ALPHA"
#define LAYOUT "SCANWORKS_SAT_LAYOUT"

/* One `compute dof` of a test picture (depth = its red, focus 0.4, aperture 12) on
 * BACKEND, with --gather GATHER unless NULL, under up to two comparison switches
 * (name, value; set for the run, unset after); the output OUT. */
typedef struct dof_cli_run {
    const char *backend, *gather, *out;
    const char *vars[2][2];
} dof_cli_run;

/* Runs RUNS[0 .. COUNT) on PNG, each output loaded into IMG[k]; WHAT names the
 * picture in failures. 0, or -1 (nothing left loaded) after a failed run or load. */
static int dof_cli_runs(const char *png, const dof_cli_run *runs, int count, image8 *img, const char *what)
{
    for (int k = 0; k < count; k++) {
        const dof_cli_run *r = &runs[k];
        const char *argv[] = {"dof",  "--backend", r->backend, "--in",  png,    "--depth",  png,      "--focus",
                              "0.4", "--aperture", "12",       "--out", r->out, "--gather", r->gather};
        for (int v = 0; v < 2 && r->vars[v][0]; v++) CHECK(setenv(r->vars[v][0], r->vars[v][1], 1) == 0);
        int rc = compute_dof(r->gather ? 15 : 13, (char **)argv);
        for (int v = 0; v < 2 && r->vars[v][0]; v++) unsetenv(r->vars[v][0]);
        CHECK_MSG(rc == 0, "compute dof %s (%s)", what, r->out);
        sw_error err;
        if (rc || image_load_file(&img[k], r->out, 0, &err)) {
            for (int j = 0; j < k; j++) image_free(&img[j]);
            return -1;
        }
    }
    return 0;
}

/* compute dof with the cuda SAT and gather on random pictures of awkward sizes (depth
 * = the picture's red): near the C gather. */
static void gather_sizes(void)
{
    static const int sizes[][2] = {{1, 1}, {2, 3}, {37, 29}, {131, 67}, {257, 1}, {1, 211}, {330, 97}};
    uint64_t seed = 2024;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        unsigned char *px = malloc((size_t)w * h * 4);
        if (!px) {
            CHECK_MSG(0, "out of memory");
            return;
        }
        for (size_t i = 0; i < (size_t)w * h * 4; i++) px[i] = (unsigned char)(test_rand(&seed) & 0xFF);
        sw_error err;
        CHECK_MSG(image_write_png("dofcuda_rand.png", w, h, 4, px, 0, 0, &err) == 0, "%s", err.msg);
        free(px);
        static const dof_cli_run runs[2] = {{"cuda", "cuda", "dofcuda_rand_cuda.png", {{NULL, NULL}}},
                                            {"cpu", NULL, "dofcuda_rand_cpu.png", {{NULL, NULL}}}};
        image8 img[2];
        char what[96];
        snprintf(what, sizeof what, "%dx%d", w, h);
        if (dof_cli_runs("dofcuda_rand.png", runs, 2, img, what)) continue;
        snprintf(what, sizeof what, "%dx%d cuda SAT and gather vs cpu", w, h);
        /* The disc reads the table at fractional corners: on random noise a radius that C
         * and CUDA round to either side of a texel moves a pixel by more than 24 now and
         * then (1 of 32,010 on the H200); the mean stays the bound. */
        dof_compare(what, &img[0], &img[1], 0.5, 0.0002);
        for (int k = 0; k < 2; k++) image_free(&img[k]);
    }
}

/* The layer tables (--near layers): the cuda SAT, the CUDA layer tables and gather
 * against the C ones on random pictures of awkward sizes, with three channels (the
 * two-plane table, the fourth channel constant) and four (varying), depth = the red,
 * so that every pixel is near, in focus or far somewhere; the same bound as
 * gather_sizes. */
static void layers_sizes(void)
{
    static const int sizes[][2] = {{1, 1}, {2, 3}, {37, 29}, {131, 67}, {257, 1}, {1, 211}, {330, 97}};
    uint64_t seed = 4242;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int c = 3; c <= 4; c++) {
            int w = sizes[s][0], h = sizes[s][1];
            if (write_noise("dofcuda_lay.png", w, h, c, -1, &seed)) return;
            sw_error err;
            const char *outs[2] = {"dofcuda_lay_cuda.png", "dofcuda_lay_cpu.png"};
            image8 img[2];
            int loaded = 0;
            for (int k = 0; k < 2; k++) {
                const char *argv[] = {"dof",     "--backend", k ? "cpu" : "cuda", "--in",      "dofcuda_lay.png",
                                      "--depth", "dofcuda_lay.png", "--focus",    "0.4",       "--aperture",
                                      "12",      "--near",    "layers",          "--out",     outs[k],
                                      "--gather", "cuda"};
                int rc = compute_dof(k ? 15 : 17, (char **)argv);
                CHECK_MSG(rc == 0, "compute dof --near layers %dx%dx%d on %s", w, h, c, k ? "cpu" : "cuda");
                if (rc || image_load_file(&img[k], outs[k], 0, &err)) break;
                loaded++;
            }
            if (loaded == 2) {
                char what[96];
                snprintf(what, sizeof what, "%dx%dx%d --near layers, cuda SAT, layer tables and gather vs cpu", w, h, c);
                dof_compare(what, &img[0], &img[1], 0.5, 0.0002);
            }
            for (int k = 0; k < loaded; k++) image_free(&img[k]);
        }
}

/* The three-channel path of tiled-v2 and the gather: pictures with no fourth channel
 * and with one that is the same everywhere (compute dof tells the cuda SAT and gather
 * so, as the app does for its opaque scene) must give the very bits of the
 * four-channel kernels (SCANWORKS_SAT_ALPHA=scan): with the cuda gather (which reads
 * the table in two planes, and in uint4 texels with SCANWORKS_SAT_LAYOUT=texels), and
 * with the GL compute gather, which reads the table's computed fourth channel. */
static void opaque_sizes(void)
{
    static const int sizes[][2] = {{1, 1}, {2, 3}, {37, 29}, {131, 67}, {257, 1}, {1, 211}, {330, 97}, {1920, 1080}};
    static const dof_cli_run runs[5] = {
        {"cuda", "cuda", "dofcuda_opq0.png", {{ALPHA, "const"}, {LAYOUT, "split"}}},
        {"cuda", "cuda", "dofcuda_opq1.png", {{ALPHA, "scan"}, {LAYOUT, "split"}}},
        {"cuda", "compute", "dofcuda_opq2.png", {{ALPHA, "const"}, {LAYOUT, "split"}}},
        {"cuda", "compute", "dofcuda_opq3.png", {{ALPHA, "scan"}, {LAYOUT, "split"}}},
        {"cuda", "cuda", "dofcuda_opq4.png", {{ALPHA, "const"}, {LAYOUT, "texels"}}}};
    uint64_t seed = 77;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (int c = 3; c <= 4; c++) {
            int w = sizes[s][0], h = sizes[s][1];
            if (write_noise("dofcuda_opq.png", w, h, c, 200, &seed)) return;
            image8 img[5];
            char what[120];
            snprintf(what, sizeof what, "%dx%dx%d", w, h, c);
            if (dof_cli_runs("dofcuda_opq.png", runs, 5, img, what)) continue;
            snprintf(what, sizeof what, "%dx%dx%d three-channel SAT + cuda gather vs four-channel", w, h, c);
            dof_compare(what, &img[0], &img[1], 0.0, 0.0);
            snprintf(what, sizeof what, "%dx%dx%d three-channel SAT + GL compute gather vs four-channel", w, h, c);
            dof_compare(what, &img[2], &img[3], 0.0, 0.0);
            snprintf(what, sizeof what, "%dx%dx%d cuda gather from the two-plane table vs uint4 texels", w, h, c);
            dof_compare(what, &img[0], &img[4], 0.0, 0.0);
            for (int k = 0; k < 5; k++) image_free(&img[k]);
        }
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("cuda DoF: %s", why);
    static const char *const runs[6][3] = {{"gl", NULL, "compute"},          {"cpu", NULL, "compute"},
                                           {"cuda", "three-pass", "compute"}, {"cuda", "tiled", "compute"},
                                           {"cuda", "tiled", "fragment"},     {"cuda", "tiled", "cuda"}};
    /* Every gather runs the near field (the GL ones after the same tile pass); the
     * compute gather's frame without it is the near-off reference below. */
    image8 ref = {0}, ref_far = {0};
    dof_render_near = "off";
    CHECK_MSG(dof_render("gl", NULL, "compute", "dofcuda_far") == 0, "gl compute --near off: headless run failed");
    dof_render_near = NULL;
    if (load("dofcuda_far", &ref_far)) ref_far.pixels = NULL;
    for (int r = 0; r < 6; r++) {
        char dir[64], what[80];
        snprintf(dir, sizeof dir, "dofcuda_%d", r);
        snprintf(what, sizeof what, "%s %s SAT, %s gather", runs[r][0], runs[r][1] ? runs[r][1] : "", runs[r][2]);
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
    image_free(&ref);
    /* The app's frame without the near field and with the layer tables (the probes, the
     * default, are the loop above's): the cuda SAT and gather against GL's table and
     * compute gather (the same tiles, the same arithmetic). Off is GL's frame above. */
    static const char *const nears[2] = {"off", "layers"};
    for (int k = 0; k < 2; k++) {
        char dir_gl[64], dir_cuda[64], what[96];
        snprintf(dir_gl, sizeof dir_gl, "dofcuda_near%s_gl", nears[k]);
        snprintf(dir_cuda, sizeof dir_cuda, "dofcuda_near%s_cuda", nears[k]);
        dof_render_near = nears[k];
        if (k > 0)
            CHECK_MSG(dof_render("gl", NULL, "compute", dir_gl) == 0, "gl --near %s: headless run failed", nears[k]);
        CHECK_MSG(dof_render("cuda", "tiled", "cuda", dir_cuda) == 0, "cuda --near %s: headless run failed", nears[k]);
        dof_render_near = NULL;
        image8 g = ref_far, c;
        if (k > 0 && load(dir_gl, &g)) continue;
        if (!g.pixels) continue;   /* gl's near-off frame failed to load: reported above */
        if (!load(dir_cuda, &c)) {
            snprintf(what, sizeof what, "frame --near %s, cuda SAT + cuda gather vs gl compute", nears[k]);
            dof_compare(what, &c, &g, 0.25, 0.001);
            image_free(&c);
        }
        image_free(&g);
    }
    /* The app's frame: its scene is opaque, so the cuda SAT scans three channels, writes
     * the gather's two-plane table, and the gather averages three; the uint4 texels and
     * the four-channel kernels must give the same bits, in the DoF and the SAT views. */
    static const char *const frame_env[3][2] = {{"const", "split"}, {"const", "texels"}, {"scan", "split"}};
    for (int view = 0; view < 2; view++) {
        image8 fr[3];
        int loaded = 0;
        for (int k = 0; k < 3; k++) {
            char dir[64];
            snprintf(dir, sizeof dir, "dofcuda_opaque_%d_%d", view, k);
            CHECK(setenv("SCANWORKS_SAT_ALPHA", frame_env[k][0], 1) == 0);
            CHECK(setenv("SCANWORKS_SAT_LAYOUT", frame_env[k][1], 1) == 0);
            CHECK_MSG(dof_render_view("cuda", "tiled", "cuda", view ? "sat" : NULL, dir) == 0,
                      "frame %d: headless run failed", k);
            if (load(dir, &fr[k])) break;
            loaded++;
        }
        unsetenv("SCANWORKS_SAT_ALPHA");
        unsetenv("SCANWORKS_SAT_LAYOUT");
        if (loaded == 3) {
            dof_compare(view ? "SAT view, two-plane table vs texels" : "frame, two-plane table vs texels", &fr[0],
                        &fr[1], 0.0, 0.0);
            dof_compare(view ? "SAT view, three channels vs four" : "frame, three channels vs four", &fr[0], &fr[2],
                        0.0, 0.0);
        }
        for (int k = 0; k < loaded; k++) image_free(&fr[k]);
    }
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
    CHECK(compute_dof(15, (char **)c) == 0);
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
            image_free(&z);
        }
        image_free(&y);
    }
    /* Each kernel: the disc with the layer tables (and boxes with --near layers: the
     * probes), the disc with the soft guard and without, with the near field and
     * without, fewer boxes with the halving guard and without (1 box, no guard: the
     * chapter's kernel): the cuda gather against the C gather. */
    /* aperture 40: the soft guard's grid (dof_math.h, dof_soft_radius_grid, spacing 5) */
    const char *const settings[][5] = {{"disc", "3", "on", "layers", "9"}, {"boxes", "3", "on", "layers", "9"},
                                       {"disc", "3", "on", "on", "9"},     {"disc", "3", "off", "on", "9"},
                                       {"disc", "3", "on", "off", "9"},    {"boxes", "1", "on", "on", "9"},
                                       {"boxes", "2", "on", "off", "9"},   {"boxes", "1", "off", "off", "9"},
                                       {"boxes", "3", "off", "on", "9"},   {"disc", "3", "on", "off", "40"},
                                       {"disc", "3", "on", "on", "40"}};
    for (size_t i = 0; i < sizeof settings / sizeof *settings; i++) {
        const char *kern = settings[i][0], *nb = settings[i][1], *guard = settings[i][2], *near = settings[i][3],
                   *ap = settings[i][4];
        char out_cuda[32], out_cpu[32], what[128];
        snprintf(out_cuda, sizeof out_cuda, "dofcuda_kernel%zu.png", i);
        snprintf(out_cpu, sizeof out_cpu, "dofcuda_kernel%zu_cpu.png", i);
        const char *e[] = {"dof",     "--backend", "cuda",       "--in", golden,    "--depth", golden,   "--focus",
                           "0.5",     "--aperture", ap,          "--kernel", kern,  "--boxes", nb,       "--guard",
                           guard,     "--gather",  "cuda",       "--out", out_cuda, "--near", near};
        const char *f[] = {"dof", "--backend", "cpu", "--in", golden, "--depth", golden, "--focus", "0.5",
                           "--aperture", ap, "--kernel", kern, "--boxes", nb, "--guard", guard, "--out", out_cpu,
                           "--near", near};
        CHECK(compute_dof((int)(sizeof e / sizeof *e), (char **)e) == 0);
        CHECK(compute_dof((int)(sizeof f / sizeof *f), (char **)f) == 0);
        image8 g, hc;
        if (image_load_file(&g, out_cuda, 0, &err)) {
            CHECK_MSG(0, "%s", err.msg);
            continue;
        }
        if (!image_load_file(&hc, out_cpu, 0, &err)) {
            snprintf(what, sizeof what,
                     "compute dof, %s (%s box(es)), guard %s, near %s, aperture %s, cuda SAT + cuda gather vs cpu", kern,
                     nb, guard, near, ap);
            dof_compare(what, &g, &hc, 0.15, 0.0);
            image_free(&hc);
        } else {
            CHECK_MSG(0, "%s", err.msg);
        }
        image_free(&g);
    }
    gather_sizes();
    layers_sizes();
    opaque_sizes();
    return test_finish("test_dof_cuda");
}
