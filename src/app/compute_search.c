/* scanworks compute search: lower bound of every query in a sorted key array, as
 * numpy.searchsorted(keys, queries, side='left'), int64 indices. */
#include <stdio.h>

#include "app/compute_common.h"
#include "prim/search.h"

#define OP "search"

static const char usage[] =
    "usage: scanworks compute search --backend cpu|cuda --keys SORTED.npy --in QUERIES.npy --out IDX.npy "
    "[--algo NAME]\n"
    "For each query, the first index i with keys[i] >= query (int64). Keys: 1-D int32, uint32 or float32,\n"
    "sorted ascending (checked); queries of the same dtype, any shape.\n"
    "Algorithms: cpu binary; cuda tree (default, production), binary, pary, single-key.";

int compute_search(int argc, char **argv)
{
    const char *backend = NULL, *keys = NULL, *in = NULL, *out = NULL, *algo = NULL;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend, "B  cpu or cuda", 0, 0, true, false},
        {"--keys", CLI_STRING, &keys, "FILE  sorted keys (.npy, 1-D)", 0, 0, true, false},
        {"--in", CLI_STRING, &in, "FILE  queries (.npy, the keys' dtype)", 0, 0, true, false},
        {"--out", CLI_OUT, &out, "IDX.npy  int64 lower-bound indices (the queries' shape)", 0, 0, true, false},
        {"--algo", CLI_STRING, &algo, "NAME  binary, pary, single-key, tree (cuda)", 0, 0, false, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    int rc = compute_parse_flags(OP, argc, argv, flags, usage);
    if (rc >= 0) return rc;
    sw_error err = {{0}};
    prim_backend b;
    rc = compute_backend(OP, backend, &b);
    if (rc >= 0) return rc;
    if (prim_check_algorithm(OP, b, search_algorithms(b), algo, &err)) return compute_fail(OP, 2, &err);
    search_desc d = {KEY_U32, algo};
    npy_array k = {0}, q = {0}, o = {0};
    rc = 1;
    if (compute_read_keys(keys, &k, &d.type, &err)) goto done;
    if (compute_read_npy(in, &q, "the keys' dtype", &err)) goto done;
    if (q.dtype != k.dtype) {
        sw_fail(&err, "%s: queries are %s but the keys (%s) are %s: convert one of them", in,
                npy_dtype_name(q.dtype), keys, npy_dtype_name(k.dtype));
        goto done;
    }
    if (search_check_sorted(d.type, k.data, k.count, keys, &err)) goto done;
    if (npy_alloc(&o, NPY_I64, q.ndim, q.shape, &err)) goto done;
    if (search_host(b, &d, k.data, k.count, q.data, q.count, o.data, &err)) goto done;
    if (npy_write(out, &o, &err)) goto done;
    rc = 0;
done:
    npy_free(&k);
    npy_free(&q);
    npy_free(&o);
    return rc ? compute_fail(OP, rc, &err) : 0;
}
