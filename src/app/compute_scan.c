/* `scanworks compute scan --backend cpu|gl|cuda [--algo NAME] [--inclusive]
 * [--op add|max|min] --in IN.npy --out OUT.npy`: reads a 1-D .npy array of int32,
 * uint32, int64 or float32, scans it in place on the chosen backend and writes the
 * result with the input's dtype. The output is written through a temporary file
 * renamed into place, so a failed run never leaves a partial OUT.npy behind. */
#include "app/compute_scan.h"

#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "app/compute_common.h"
#include "app/compute_context.h"
#include "io/npy.h"
#include "prim/scan.h"
#include "prim/scan_gl.h"
#include "util/clock.h"

static const char *const usage =
    "scanworks compute scan --backend cpu|gl|cuda [--algo NAME] [--inclusive] [--op add|max|min] "
    "--in IN.npy --out OUT.npy";

static int usage_error(const char *msg)
{
    fprintf(stderr, "scanworks compute scan: %s\n", msg);
    return 2;
}

static int runtime_error(const char *msg)
{
    fprintf(stderr, "scanworks compute scan: %s\n", msg);
    return 1;
}

static int dtype_to_scan(const npy_array *a, scan_type *t)
{
    switch (a->dtype) {
    case NPY_I32: *t = SCAN_I32; return 0;
    case NPY_U32: *t = SCAN_U32; return 0;
    case NPY_I64: *t = SCAN_I64; return 0;
    case NPY_F32: *t = SCAN_F32; return 0;
    default: return -1;
    }
}

int compute_scan(int argc, char **argv)
{
    const char *backend_name = NULL, *algo = NULL, *op_name = "add", *in_path = NULL, *out_path = NULL;
    bool inclusive = false, show_time = false;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend_name, "cpu|gl|cuda  where the scan runs", 0, 0, true, false},
        {"--algo", CLI_STRING, &algo,
         "NAME  an algorithm of that backend (default: its first): cpu sequential|threaded, gl compute|fragment, "
         "cuda lookback (production)|tuned|large|blelloch-cf|blelloch|naive",
         0, 0, false, false},
        {"--inclusive", CLI_FLAG, &inclusive, "inclusive scan (default: exclusive, out[0] = identity)", 0, 0, false,
         false},
        {"--op", CLI_STRING, &op_name, "add|max|min  the operator (default add; integer add wraps)", 0, 0, false,
         false},
        {"--in", CLI_STRING, &in_path, "IN.npy  a 1-D array of int32, uint32, int64 or float32", 0, 0, true, false},
        {"--out", CLI_OUT, &out_path, "OUT.npy  the scan, same dtype and length", 0, 0, true, false},
        {"--time", CLI_FLAG, &show_time, "print the scan's wall time (without the file I/O)", 0, 0, false, false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 0;
    if (rc) {
        fprintf(stderr, "scanworks compute scan: %s\n", err.msg);
        return cli_exit_code(rc);
    }
    prim_backend backend;
    scan_desc d = {SCAN_I32, SCAN_ADD, inclusive ? SCAN_INCLUSIVE : SCAN_EXCLUSIVE, algo};
    if (prim_backend_parse(backend_name, &backend, &err) || scan_op_parse(op_name, &d.op, &err))
        return usage_error(err.msg);
    const char *why;
    if (backend == PRIM_CUDA && !prim_cuda_available(&why)) {
        snprintf(err.msg, sizeof err.msg, "the cuda backend is unavailable: %s", why);
        return runtime_error(err.msg);
    }
    if (scan_check_algorithm(backend, algo, &err)) return usage_error(err.msg);

    npy_array a;
    if (compute_read_npy(in_path, &a, "int32, uint32, int64 or float32", &err)) return runtime_error(err.msg);
    if (dtype_to_scan(&a, &d.type)) {
        snprintf(err.msg, sizeof err.msg, "%s: dtype %s is not supported (int32, uint32, int64 or float32 are)",
                 in_path, npy_dtype_name(a.dtype));
        npy_free(&a);
        return runtime_error(err.msg);
    }
    if (a.ndim != 1) {
        snprintf(err.msg, sizeof err.msg, "%s: a %d-D array; scan takes a 1-D array (flatten it with a.ravel())",
                 in_path, a.ndim);
        npy_free(&a);
        return runtime_error(err.msg);
    }
    if (backend == PRIM_GL && compute_gl_context(NULL, &err)) {
        npy_free(&a);
        return runtime_error(err.msg);
    }
    double t0 = sw_clock_ms();
    rc = scan_host(backend, &d, a.data, a.data, a.count, &err);
    double t1 = sw_clock_ms();
    if (backend == PRIM_GL) {
        scan_gl_shutdown();
        compute_gl_context_release();
    }
    if (rc) {
        sw_wrap(&err, "%s: ", in_path);
        npy_free(&a);
        return runtime_error(err.msg);
    }
    if (show_time)
        printf("scan %zu %s %s %s on %s (%s): %.3f ms\n", a.count, scan_type_name(d.type), scan_op_name(d.op),
               inclusive ? "inclusive" : "exclusive", prim_backend_name(backend),
               algo ? algo : scan_algorithms(backend)[0] ? scan_algorithms(backend)[0] : "default",
               t1 - t0);
    rc = npy_write(out_path, &a, &err);
    npy_free(&a);
    return rc ? runtime_error(err.msg) : 0;
}
