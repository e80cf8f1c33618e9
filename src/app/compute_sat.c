/* scanworks compute sat: the inclusive summed-area table of a picture, per channel. */
#include "app/commands_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/compute_context.h"
#include "app/compute_pixels.h"
#include "dof/sat.h"

static const char *const usage =
    "scanworks compute sat --backend cpu|gl|cuda [--variant three-pass|tiled] --in IMAGE.png|ARRAY.npy "
    "--out SAT.npy\n\n"
    "Writes S[y][x][c] = sum of in[0..y][0..x][c] (row 0 is the first row of the file) as float64,\n"
    "exact: the backends sum 16-bit values into uint32 modulo 2^32, which is unwrapped on the way out.\n"
    "A PNG gives (H,W,C); an .npy of whole numbers 0..65535 keeps its shape ((W), (H,W) or (H,W,C)).";

int compute_sat(int argc, char **argv)
{
    const char *backend_s = NULL, *variant_s = NULL, *in = NULL, *out = NULL;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &backend_s, "cpu|gl|cuda  who builds the table", 0, 0, true, false},
        {"--variant", CLI_STRING, &variant_s, "V  three-pass or tiled (default tiled; cpu has one loop)", 0, 0,
         false, false},
        {"--in", CLI_STRING, &in, "FILE  a PNG or an .npy of whole numbers 0..65535", 0, 0, true, false},
        {"--out", CLI_OUT, &out, "SAT.npy  the table, float64", 0, 0, true, false},
        {NULL, CLI_FLAG, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc) {
        if (rc > 0) return 0;
        fprintf(stderr, "scanworks compute sat: %s\n", err.msg);
        return cli_exit_code(rc);
    }
    prim_backend b;
    sat_variant v = SAT_THREE_PASS;
    if (prim_backend_parse(backend_s, &b, &err) || (variant_s && sat_variant_parse(variant_s, &v, &err))) {
        fprintf(stderr, "scanworks compute sat: %s\n", err.msg);
        return 2;
    }
    if (!variant_s && b != PRIM_CPU) v = SAT_TILED;
    if (!sat_variant_supported(b, v)) {
        fprintf(stderr, "scanworks compute sat: backend %s has no variant %s\n", prim_backend_name(b),
                sat_variant_name(v));
        return 2;
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
    if (rc) fprintf(stderr, "scanworks compute sat: %s\n", err.msg);
    free(values);
    free(sat);
    npy_free(&arr);
    return rc;
}
