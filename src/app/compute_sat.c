/* scanworks compute sat: the inclusive summed-area table of a picture or an array, per
 * channel, as float64. Whole numbers 0..65535 (PNGs of 8 or 16 bits, integer arrays)
 * give an exact table on every backend; float32/float64 arrays give a table summed in
 * double on cpu or cuda (src/prim/sat_float.h). */
#include "app/commands_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/compute_common.h"
#include "app/compute_context.h"
#include "app/compute_pixels.h"
#include "dof/sat.h"
#include "prim/sat_float.h"

static const char *const usage =
    "scanworks compute sat --backend cpu|gl|cuda [--variant three-pass|tiled] --in IMAGE.png|ARRAY.npy "
    "--out SAT.npy\n\n"
    "Writes S[y][x][c] = sum of in[0..y][0..x][c] (row 0 is the first row of the file) as float64.\n"
    "Whole numbers (PNGs of 8 or 16 bits, .npy of integers 0..65535): exact on every backend (the\n"
    "backends sum into uint32 modulo 2^32, unwrapped on the way out).\n"
    "float32 and float64 .npy: on cpu or cuda, every sum in double (both backends give the same bits);\n"
    "  " SAT_FLOAT_BOUND_TEXT ".\n"
    "A PNG gives (H,W,C); an .npy keeps its shape ((W), (H,W) or (H,W,C)).";

static int fail(int code, const sw_error *err) { return compute_fail("sat", code, err); }

/* The .npy holds float32 or float64: the float table. */
static int float_table(prim_backend b, const char *in, const char *out, npy_array *a, sw_error *err)
{
    pixel_grid g;
    npy_array table = {0};
    if (pixel_grid_of(in, a, &g, err)) return fail(1, err);
    if (npy_alloc(&table, NPY_F64, g.ndim, g.shape, err)) return fail(1, err);
    int rc = 1;
    if (sat_float_host(b, a->data, a->dtype == NPY_F64, g.width, g.height, g.channels, table.data, err)) goto done;
    if (npy_write(out, &table, err)) goto done;
    rc = 0;
done:
    npy_free(&table);
    return rc ? fail(rc, err) : 0;
}

int compute_sat(int argc, char **argv)
{
    const char *backend_s = NULL, *variant_s = NULL, *in = NULL, *out = NULL;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend_s, "cpu|gl|cuda  who builds the table (float arrays: cpu or cuda)", 0, 0,
         true, false},
        {"--variant", CLI_STRING, &variant_s,
         "V  three-pass or tiled (default tiled; cpu has one loop; float arrays have one)", 0, 0, false, false},
        {"--in", CLI_STRING, &in, "FILE  a PNG (8 or 16 bits), or an .npy of integers 0..65535, float32 or float64",
         0, 0, true, false},
        {"--out", CLI_OUT, &out, "SAT.npy  the table, float64", 0, 0, true, false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc) return rc > 0 ? 0 : fail(cli_exit_code(rc), &err);
    prim_backend b;
    sat_variant v = SAT_THREE_PASS;
    if (prim_backend_parse(backend_s, &b, &err) || (variant_s && sat_variant_parse(variant_s, &v, &err)))
        return fail(2, &err);
    if (!variant_s && b != PRIM_CPU) v = SAT_TILED;
    if (!sat_variant_supported(b, v)) {
        sw_fail(&err, "backend %s has no variant %s", prim_backend_name(b), sat_variant_name(v));
        return fail(2, &err);
    }
    if (path_is_npy(in)) {
        npy_array a;
        if (npy_read(in, &a, &err)) return fail(1, &err);
        if (a.dtype == NPY_F32 || a.dtype == NPY_F64) {
            if (!sat_float_supported(b) && b != PRIM_CUDA) {
                sw_fail(&err, "%s holds %s: float tables are built on cpu or cuda, not %s", in,
                        npy_dtype_name(a.dtype), prim_backend_name(b));
                npy_free(&a);
                return fail(2, &err);
            }
            rc = float_table(b, in, out, &a, &err);
            npy_free(&a);
            return rc;
        }
        npy_free(&a);
    }
    pixel_grid g;
    uint16_t *values = NULL;
    uint32_t *sat = NULL;
    npy_array arr = {0};
    rc = 1;
    if (load_u16_grid(in, &g, &values, &err)) goto done;
    if (b == PRIM_GL && compute_gl_context(NULL, &err)) goto done;
    size_t n = (size_t)g.width * g.height * g.channels;
    sat = sw_malloc(n * sizeof *sat, "the table", &err);
    if (!sat || sat_host(b, v, values, g.width, g.height, g.channels, sat, &err)) goto done;
    if (npy_alloc(&arr, NPY_F64, g.ndim, g.shape, &err)) goto done;
    /* Unwrap into the 64-bit sums, then float64 (exact below 2^53). */
    sat_unwrap(sat, g.width, g.height, g.channels, (uint64_t *)arr.data);
    for (size_t i = 0; i < n; i++) {
        uint64_t u;
        unsigned char *slot = (unsigned char *)arr.data + i * 8;
        memcpy(&u, slot, 8);
        double d = (double)u;
        memcpy(slot, &d, 8);
    }
    if (npy_write(out, &arr, &err)) goto done;
    rc = 0;
done:
    free(values);
    free(sat);
    npy_free(&arr);
    return rc ? fail(rc, &err) : 0;
}
