/* The whole DoF in C of an 8-bit picture (dof_cpu_run.h). */
#include "dof/dof_cpu_run.h"

#include <stdbool.h>
#include <stdlib.h>

#include "dof/dof_cpu.h"
#include "dof/sat.h"

int dof_cpu_run(const dof_params *p, const uint8_t *img, const float *depth, int w, int h, int c, uint8_t *out,
                float *alpha_out, sw_error *err)
{
    size_t px = (size_t)w * h, n = px * c;
    uint16_t *v = sw_malloc(n * sizeof *v, "picture values", err);
    uint32_t *sat = v ? sw_malloc(n * sizeof *sat, "the table", err) : NULL;
    /* the layer tables: near and far, 4 channels each */
    const bool want_layers = dof_uses_layers(p);
    uint32_t *layers = sat && want_layers ? sw_malloc(px * 8 * sizeof *layers, "the layer tables", err) : NULL;
    int rc = -1;
    if (sat && (layers || !want_layers)) {
        for (size_t i = 0; i < n; i++) v[i] = img[i];
        rc = sat_host(PRIM_CPU, SAT_THREE_PASS, v, w, h, c, sat, err);
        if (!rc && layers) rc = dof_cpu_layer_tables(p, img, depth, w, h, c, layers, layers + px * 4, err);
        const uint32_t *const tables[2] = {layers, layers ? layers + px * 4 : NULL};
        if (!rc) dof_cpu_apply_alpha(p, img, sat, layers ? tables : NULL, depth, w, h, c, out, alpha_out);
    }
    free(v);
    free(sat);
    free(layers);
    return rc;
}
