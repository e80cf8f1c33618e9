/* scanworks compute sort: stable ascending radix sort of a 1-D key array, optionally
 * carrying a uint32 value array along. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app/compute_common.h"
#include "prim/radix_sort.h"

#define OP "sort"

static const char usage[] =
    "usage: scanworks compute sort --backend cpu|cuda --in KEYS.npy --out OUT.npy [--algo NAME]\n"
    "                              [--values V.npy --out-values OV.npy]\n"
    "Sorts KEYS (1-D int32, uint32 or float32) ascending and stably; float NaNs go last.\n"
    "Algorithms: cpu lsd (default), split; cuda onesweep (default, production), split\n"
    "(lsd = onesweep; onesweep runs v1 or v2, whichever is the default).";

int compute_sort(int argc, char **argv)
{
    const char *backend = NULL, *in = NULL, *out = NULL, *vals = NULL, *out_vals = NULL, *algo = NULL;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend, "B  cpu or cuda", 0, 0, true, false},
        {"--in", CLI_STRING, &in, "FILE  keys (.npy, 1-D)", 0, 0, true, false},
        {"--out", CLI_OUT, &out, "OUT.npy  the sorted keys", 0, 0, true, false},
        {"--values", CLI_STRING, &vals, "FILE  uint32 values moved with their keys (.npy)", 0, 0, false, false},
        {"--out-values", CLI_OUT, &out_vals, "OV.npy  the values in sorted order", 0, 0, false, false},
        {"--algo", CLI_STRING, &algo, "NAME  split, lsd (cpu), onesweep (cuda)", 0, 0, false, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    int rc = compute_parse_flags(OP, argc, argv, flags, usage);
    if (rc >= 0) return rc;
    sw_error err = {{0}};
    if (!vals != !out_vals) {
        sw_fail(&err, "--values and --out-values go together");
        return compute_fail(OP, 2, &err);
    }
    prim_backend b;
    rc = compute_backend(OP, backend, &b);
    if (rc >= 0) return rc;
    radix_desc d = {KEY_U32, algo};
    if (algo && !strcmp(algo, "lsd") && b == PRIM_CUDA) d.algo = "onesweep";
    if (algo && !strcmp(algo, "onesweep") && b == PRIM_CPU) d.algo = "lsd";
    if (prim_check_algorithm(OP, b, radix_sort_algorithms(b), d.algo, &err)) return compute_fail(OP, 2, &err);
    npy_array k = {0}, v = {0}, ko = {0}, vo = {0};
    rc = 1;
    if (compute_read_keys(in, &k, &d.type, &err)) goto done;
    if (vals) {
        if (npy_read(vals, &v, &err)) goto done;
        if (v.ndim != 1 || v.count != k.count || v.dtype != NPY_U32) {
            sw_fail(&err, "%s: values must be 1-D uint32 with one per key (%zu), got %d-D %s of %zu", vals, k.count,
                    v.ndim, npy_dtype_name(v.dtype), v.count);
            goto done;
        }
    }
    if (npy_alloc(&ko, k.dtype, 1, k.shape, &err) || (vals && npy_alloc(&vo, NPY_U32, 1, k.shape, &err))) goto done;
    if (radix_sort_host(b, &d, k.data, ko.data, vals ? v.data : NULL, vals ? vo.data : NULL, k.count, &err))
        goto done;
    if (npy_write(out, &ko, &err)) goto done;
    if (vals && npy_write(out_vals, &vo, &err)) {
        unlink(out);   /* no partial outputs: both files or neither */
        goto done;
    }
    rc = 0;
done:
    npy_free(&k);
    npy_free(&v);
    npy_free(&ko);
    npy_free(&vo);
    return rc ? compute_fail(OP, rc, &err) : 0;
}
