/* scanworks compute compact: keep the elements of a 1-D array that satisfy --keep
 * OP:VALUE or whose --flags entry is nonzero, in order. */
#include <stdio.h>
#include <stdlib.h>

#include "app/compute_common.h"
#include "prim/compact.h"

#define OP "compact"

static const char usage[] =
    "usage: scanworks compute compact --backend cpu|gl|cuda --in A.npy (--keep OP:VALUE | --flags F.npy) "
    "--out OUT.npy [--algo NAME]\n"
    "Keeps the elements of A (1-D int32, uint32 or float32) with A[i] OP VALUE (OP: gt ge lt le eq ne)\n"
    "or F[i] != 0 (F: 1-D bool, int8, uint8, int32, uint32 or int64 of A's length), in order.";

/* Turns any integer or bool flag array into bytes 0/1. */
static int flags_to_bytes(const npy_array *f, uint8_t *out, const char *path, sw_error *err)
{
    size_t es = npy_dtype_size(f->dtype);
    if (f->dtype == NPY_F32 || f->dtype == NPY_F64 || !es)
        return sw_fail(err, "%s: flags must be bool or integers, not %s", path, npy_dtype_name(f->dtype));
    const unsigned char *p = f->data;
    for (size_t i = 0; i < f->count; i++) {
        uint8_t any = 0;
        for (size_t b = 0; b < es; b++) any |= p[i * es + b];
        out[i] = any != 0;
    }
    return 0;
}

int compute_compact(int argc, char **argv)
{
    const char *backend = NULL, *in = NULL, *out = NULL, *keep = NULL, *flags_path = NULL, *algo = NULL;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend, "B  cpu, gl or cuda", 0, 0, true, false},
        {"--in", CLI_STRING, &in, "FILE  input array (.npy, 1-D)", 0, 0, true, false},
        {"--keep", CLI_STRING, &keep, "OP:VALUE  keep where A[i] OP VALUE (gt ge lt le eq ne)", 0, 0, false, false},
        {"--flags", CLI_STRING, &flags_path, "FILE  keep where FILE[i] != 0 (.npy)", 0, 0, false, false},
        {"--out", CLI_OUT, &out, "OUT.npy  the kept elements", 0, 0, true, false},
        {"--algo", CLI_STRING, &algo, "NAME  cuda: single-pass (production), flag-scan-scatter", 0, 0, false, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    int rc = compute_parse_flags(OP, argc, argv, flags, usage);
    if (rc >= 0) return rc;
    sw_error err = {{0}};
    if (!keep == !flags_path) {
        sw_fail(&err, "give exactly one of --keep OP:VALUE and --flags FILE");
        return compute_fail(OP, 2, &err);
    }
    compact_desc d = {KEY_U32, COMPACT_FLAGS, 0, algo};
    npy_array a = {0}, f = {0}, o = {0};
    uint8_t *bytes = NULL;
    prim_backend b;
    rc = compute_backend(OP, backend, &b);
    if (rc >= 0) return rc;
    if (compact_check_algorithm(b, algo, &err)) return compute_fail(OP, 2, &err);
    if (compute_read_keys(in, &a, &d.type, &err)) return compute_fail(OP, 1, &err);
    if (keep && compact_parse_keep(keep, d.type, &d, &err)) {
        npy_free(&a);
        return compute_fail(OP, 2, &err);
    }
    rc = 1;
    if (flags_path) {
        if (npy_read(flags_path, &f, &err)) goto done;
        if (f.count != a.count || f.ndim != 1) {
            sw_fail(&err, "%s: %zu flags (%d-D) for %zu elements of %s: give one flag per element", flags_path,
                    f.count, f.ndim, a.count, in);
            goto done;
        }
        bytes = sw_malloc(a.count ? a.count : 1, "flags", &err);
        if (!bytes || flags_to_bytes(&f, bytes, flags_path, &err)) goto done;
    }
    int64_t shape[1] = {(int64_t)a.count};
    if (npy_alloc(&o, a.dtype, 1, shape, &err)) goto done;
    size_t count = 0;
    if (compact_host(b, &d, a.data, bytes, o.data, a.count, &count, &err)) goto done;
    o.shape[0] = (int64_t)count;
    o.count = count;
    if (npy_write(out, &o, &err)) goto done;
    rc = 0;
done:
    free(bytes);
    npy_free(&a);
    npy_free(&f);
    npy_free(&o);
    return rc ? compute_fail(OP, rc, &err) : 0;
}
