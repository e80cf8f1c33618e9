/* `scanworks compute scan` end to end: good runs compared with the reference, and every
 * bad input (missing file, not .npy, truncated, float64, 2-D, a header that lies about
 * the size, unknown algorithm, bad operator, bad flags, an unavailable cuda backend)
 * with its exit code, a message naming the problem and no output file left behind.
 * The .npy files are written here, byte by byte (no numpy needed).
 * Argument 1: the scanworks binary. */
#include <sys/wait.h>
#include <unistd.h>

#include "io/npy.h"
#include "scan_check.h"

static const char *exe;
static char dir[64], in_path[96], out_path[96], err_path[96];

/* A .npy v1.0 file with DESCR and SHAPE ("(8,)"), then BYTES of DATA; the whole file is
 * cut to KEEP bytes when KEEP > 0. */
static void write_npy(const char *path, const char *descr, const char *shape, const void *data, size_t bytes,
                      size_t keep)
{
    char header[128];
    int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape);
    while ((10 + n + 1) % 64) header[n++] = ' ';
    header[n++] = '\n';
    unsigned char *file = malloc(10 + (size_t)n + bytes);
    memcpy(file, "\x93NUMPY\x01\x00", 8);
    file[8] = (unsigned char)(n & 0xff);
    file[9] = (unsigned char)(n >> 8);
    memcpy(file + 10, header, (size_t)n);
    memcpy(file + 10 + n, data, bytes);
    size_t total = 10 + (size_t)n + bytes;
    FILE *fp = fopen(path, "wb");
    fwrite(file, 1, keep && keep < total ? keep : total, fp);
    fclose(fp);
    free(file);
}

/* Runs scanworks compute scan with ARGS; returns its exit code, stderr in err_path. */
static int run(const char *args)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "\"%s\" compute scan %s >/dev/null 2>\"%s\"", exe, args, err_path);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool stderr_has(const char *what)
{
    char buf[2048] = "";
    FILE *fp = fopen(err_path, "r");
    if (fp) {
        buf[fread(buf, 1, sizeof buf - 1, fp)] = 0;
        fclose(fp);
    }
    if (!strstr(buf, what)) fprintf(stderr, "stderr was: %s(expected '%s')\n", buf, what);
    return strstr(buf, what) != NULL;
}

static bool out_exists(void) { return access(out_path, F_OK) == 0; }

/* A run that must fail with CODE, say WHAT on stderr and leave no output file. */
static void expect_failure(const char *label, const char *args, int code, const char *what)
{
    unlink(out_path);
    int rc = run(args);
    CHECK_MSG(rc == code, "%s: exit %d, expected %d", label, rc, code);
    CHECK_MSG(stderr_has(what), "%s", label);
    CHECK_MSG(!out_exists(), "%s left %s behind", label, out_path);
}

static void good_runs(void)
{
    const int32_t ex[8] = {3, 1, 7, 0, 4, 1, 6, 3}, excl[8] = {0, 3, 4, 11, 11, 15, 16, 22};
    write_npy(in_path, "<i4", "(8,)", ex, sizeof ex, 0);
    char args[640];
    snprintf(args, sizeof args, "--backend cpu --in %s --out %s", in_path, out_path);
    CHECK(run(args) == 0);
    npy_array a;
    sw_error err;
    CHECK_MSG(npy_read(out_path, &a, &err) == 0, "%s", err.msg);
    CHECK(a.dtype == NPY_I32 && a.ndim == 1 && a.count == 8 && !memcmp(a.data, excl, sizeof excl));
    npy_free(&a);

    /* Every dtype, both kinds, a few operators, on random data of an awkward length. */
    static const char *descr[SCAN_TYPE_COUNT] = {"<i4", "<u4", "<i8", "<f4"};
    static const char *backends[] = {"cpu --algo sequential", "cpu --algo threaded", "gl", "gl --algo fragment"};
    uint64_t rng = 99;
    size_t n = 5003;
    void *data = malloc(n * 8);
    for (int t = 0; t < SCAN_TYPE_COUNT; t++)
        for (int b = 0; b < 4; b++) {
            scan_desc d = {(scan_type)t, (scan_op)((t + b) % SCAN_OP_COUNT), (scan_kind)(b & 1), NULL};
            scan_fill_random(d.type, data, n, &rng);
            write_npy(in_path, descr[t], "(5003,)", data, n * scan_type_size(d.type), 0);
            unlink(out_path);
            snprintf(args, sizeof args, "--backend %s --op %s %s --in %s --out %s", backends[b], scan_op_name(d.op),
                     d.kind ? "--inclusive" : "", in_path, out_path);
            int rc = run(args);
            if (b >= 2 && rc == 1 && stderr_has("OpenGL")) {
                printf("no OpenGL here: the gl runs of the CLI are not tried\n");
                continue;
            }
            CHECK_MSG(rc == 0, "%s", args);
            if (rc || npy_read(out_path, &a, &err)) continue;
            CHECK_MSG(a.count == n && a.ndim == 1 && a.dtype == npy_dtype_from_name(scan_type_name(d.type)), "%s", args);
            if (a.count == n) CHECK_MSG(scan_check(args, &d, data, a.data, n) == 0, "%s", args);
            npy_free(&a);
        }
    free(data);
}

/* With a GPU: --algo takes the production kernel's and the ladder's names (checked
 * against the CPU scan), and refuses the old look-back configuration names, listing
 * the algorithms there are. */
static void cuda_config_names(void)
{
    size_t n = 1000003;
    int32_t *data = malloc(n * sizeof *data);
    uint64_t rng = 7;
    scan_desc d = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, NULL};
    scan_fill_random(d.type, data, n, &rng);
    write_npy(in_path, "<i4", "(1000003,)", data, n * sizeof *data, 0);
    static const char *const configs[] = {"lookback", "tuned", "large"};
    char args[640];
    for (size_t c = 0; c < sizeof configs / sizeof *configs; c++) {
        unlink(out_path);
        snprintf(args, sizeof args, "--backend cuda --algo %s --in %s --out %s", configs[c], in_path, out_path);
        CHECK_MSG(run(args) == 0, "%s", args);
        npy_array a;
        sw_error err;
        if (npy_read(out_path, &a, &err)) {
            CHECK_MSG(0, "%s: %s", args, err.msg);
            continue;
        }
        CHECK_MSG(a.count == n && scan_check(args, &d, data, a.data, n) == 0, "%s", args);
        npy_free(&a);
    }
    free(data);
    snprintf(args, sizeof args, "--backend cuda --algo lookback-256-32-rp-s3 --in %s --out %s", in_path, out_path);
    /* a tuning configuration is no algorithm name: refused, naming the backend's list */
    expect_failure("a configuration name", args, 2, "(it has: lookback, tuned, large");
    printf("the production and ladder names checked on the cuda backend\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_scan_cli PATH/TO/scanworks\n");
        return 2;
    }
    exe = argv[1];
    snprintf(dir, sizeof dir, "/tmp/scanworks-cli-XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    snprintf(in_path, sizeof in_path, "%s/in.npy", dir);
    snprintf(out_path, sizeof out_path, "%s/out.npy", dir);
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", dir);
    good_runs();

    char args[640], bad[320];
    const int32_t ex[8] = {3, 1, 7, 0, 4, 1, 6, 3};
    const double f64[2] = {1, 2};
#define ARGS(backend, path) (snprintf(args, sizeof args, "--backend %s --in %s --out %s", backend, path, out_path), args)
    snprintf(bad, sizeof bad, "%s/missing.npy", dir);
    expect_failure("missing file", ARGS("cpu", bad), 1, "missing.npy");
    snprintf(bad, sizeof bad, "%s/text.npy", dir);
    FILE *fp = fopen(bad, "w");
    fputs("3 1 7 0 4 1 6 3\n", fp);
    fclose(fp);
    expect_failure("not npy", ARGS("cpu", bad), 1, "not a .npy file");
    snprintf(bad, sizeof bad, "%s/truncated.npy", dir);
    write_npy(bad, "<i4", "(8,)", ex, sizeof ex, 40);
    expect_failure("truncated header", ARGS("cpu", bad), 1, "truncated.npy");
    write_npy(bad, "<i4", "(8,)", ex, sizeof ex, 64 + 13);
    expect_failure("truncated data", ARGS("cpu", bad), 1, "truncated");
    snprintf(bad, sizeof bad, "%s/lies.npy", dir);
    write_npy(bad, "<i4", "(1000000,)", ex, sizeof ex, 0);
    expect_failure("header claims more", ARGS("cpu", bad), 1, "lies.npy");
    write_npy(bad, "<i4", "(2,)", ex, sizeof ex, 0);
    expect_failure("header claims less", ARGS("cpu", bad), 1, "lies.npy");
    snprintf(bad, sizeof bad, "%s/f64.npy", dir);
    write_npy(bad, "<f8", "(2,)", f64, sizeof f64, 0);
    expect_failure("float64", ARGS("cpu", bad), 1, "float64 is not supported");
    snprintf(bad, sizeof bad, "%s/twod.npy", dir);
    write_npy(bad, "<i4", "(2, 4)", ex, sizeof ex, 0);
    expect_failure("2-D", ARGS("cpu", bad), 1, "1-D");
    snprintf(bad, sizeof bad, "%s/big.npy", dir);
    write_npy(bad, ">i4", "(8,)", ex, sizeof ex, 0);
    expect_failure("big-endian", ARGS("cpu", bad), 1, "big-endian");

    write_npy(in_path, "<i4", "(8,)", ex, sizeof ex, 0);
    snprintf(bad, sizeof bad, "--backend cpu --algo blelloch --in %s --out %s", in_path, out_path);
    expect_failure("unknown algo", bad, 2, "sequential, threaded");
    snprintf(bad, sizeof bad, "--backend cpu --op mul --in %s --out %s", in_path, out_path);
    expect_failure("bad op", bad, 2, "add, max or min");
    snprintf(bad, sizeof bad, "--backend tpu --in %s --out %s", in_path, out_path);
    expect_failure("bad backend", bad, 2, "cpu, gl or cuda");
    snprintf(bad, sizeof bad, "--backend cpu --out %s", out_path);
    expect_failure("no --in", bad, 2, "--in is required");
    snprintf(bad, sizeof bad, "--backend cpu --in %s --out %s --fast", in_path, out_path);
    expect_failure("unknown flag", bad, 2, "--fast");
    const char *why;
    if (!prim_cuda_available(&why)) {
        expect_failure("cuda unavailable", ARGS("cuda", in_path), 1, why);
    } else {
        printf("a CUDA device is here: the unavailable-backend case is not tried\n");
        cuda_config_names();
    }

    /* A failed run leaves an existing output untouched (written only on success). */
    write_npy(out_path, "<i4", "(8,)", ex, sizeof ex, 0);
    snprintf(bad, sizeof bad, "%s/missing.npy", dir);
    CHECK(run(ARGS("cpu", bad)) == 1);
    npy_array a;
    sw_error err;
    CHECK(npy_read(out_path, &a, &err) == 0 && a.count == 8 && !memcmp(a.data, ex, sizeof ex));
    npy_free(&a);
    CHECK(run("--help") == 0);

    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return test_finish("test_scan_cli");
}
