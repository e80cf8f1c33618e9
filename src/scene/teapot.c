#include "scene/teapot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

#define MAX_PATCHES 64
#define MAX_POINTS 1024

typedef struct patch_set {
    int patch_count, point_count;
    int mirror[MAX_PATCHES];
    int index[MAX_PATCHES][16];
    float point[MAX_POINTS][3];
} patch_set;

/* Reads the next line that is not blank or a comment; strips trailing comments. */
static const char *next_line(const char *p, char *line, size_t cap, int *lineno)
{
    while (*p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        (*lineno)++;
        size_t n = len < cap - 1 ? len : cap - 1;
        memcpy(line, p, n);
        line[n] = 0;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        p = end ? end + 1 : p + len;
        for (char *c = line; *c; c++)
            if (*c != ' ' && *c != '\t' && *c != '\r') return p;
    }
    return NULL;
}

static int parse(patch_set *ps, const char *text, const char *name, sw_error *err)
{
    char line[512];
    int lineno = 0;
    const char *p = text;
    if (!(p = next_line(p, line, sizeof line, &lineno)) || sscanf(line, "patches %d", &ps->patch_count) != 1 ||
        ps->patch_count < 1 || ps->patch_count > MAX_PATCHES)
        return sw_fail(err, "%s:%d: expected 'patches N' with N in 1..%d", name, lineno, MAX_PATCHES);
    for (int i = 0; i < ps->patch_count; i++) {
        int *ix = ps->index[i];
        if (!(p = next_line(p, line, sizeof line, &lineno)) ||
            sscanf(line, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &ps->mirror[i], &ix[0], &ix[1],
                   &ix[2], &ix[3], &ix[4], &ix[5], &ix[6], &ix[7], &ix[8], &ix[9], &ix[10], &ix[11], &ix[12],
                   &ix[13], &ix[14], &ix[15]) != 17)
            return sw_fail(err, "%s:%d: expected a mirror code and 16 point indices", name, lineno);
        if (ps->mirror[i] != 1 && ps->mirror[i] != 2 && ps->mirror[i] != 4)
            return sw_fail(err, "%s:%d: mirror code %d (must be 1, 2 or 4)", name, lineno, ps->mirror[i]);
    }
    if (!(p = next_line(p, line, sizeof line, &lineno)) || sscanf(line, "points %d", &ps->point_count) != 1 ||
        ps->point_count < 1 || ps->point_count > MAX_POINTS)
        return sw_fail(err, "%s:%d: expected 'points M' with M in 1..%d", name, lineno, MAX_POINTS);
    for (int i = 0; i < ps->point_count; i++) {
        float *v = ps->point[i];
        if (!(p = next_line(p, line, sizeof line, &lineno)) || sscanf(line, "%f %f %f", &v[0], &v[1], &v[2]) != 3 ||
            !isfinite(v[0]) || !isfinite(v[1]) || !isfinite(v[2]))
            return sw_fail(err, "%s:%d: expected three finite coordinates", name, lineno);
    }
    for (int i = 0; i < ps->patch_count; i++)
        for (int k = 0; k < 16; k++)
            if (ps->index[i][k] < 0 || ps->index[i][k] >= ps->point_count)
                return sw_fail(err, "%s: patch %d uses point %d, but there are %d points", name, i,
                               ps->index[i][k], ps->point_count);
    return 0;
}

static void bernstein(float t, float b[4], float d[4])
{
    float s = 1.0f - t;
    b[0] = s * s * s;
    b[1] = 3.0f * t * s * s;
    b[2] = 3.0f * t * t * s;
    b[3] = t * t * t;
    d[0] = -3.0f * s * s;
    d[1] = 3.0f * s * s - 6.0f * t * s;
    d[2] = 6.0f * t * s - 3.0f * t * t;
    d[3] = 3.0f * t * t;
}

/* Position and unnormalized derivatives of patch CP at (u, v). */
static void eval(const float cp[16][3], float u, float v, float pos[3], float du[3], float dv[3])
{
    float bu[4], bv[4], dbu[4], dbv[4];
    bernstein(u, bu, dbu);
    bernstein(v, bv, dbv);
    for (int c = 0; c < 3; c++) {
        pos[c] = du[c] = dv[c] = 0.0f;
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 4; k++) {
                float x = cp[j * 4 + k][c];
                pos[c] += bv[j] * bu[k] * x;
                du[c] += bv[j] * dbu[k] * x;
                dv[c] += dbv[j] * bu[k] * x;
            }
    }
}

static void cross_normalize(const float a[3], const float b[3], float out[3], float *len)
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
    *len = sqrtf(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]);
    if (*len > 0) for (int c = 0; c < 3; c++) out[c] /= *len;
}

/* Normal at (u, v); at degenerate points (poles of the lid and the bottom) the
 * derivative vanishes, so step a little into the patch. */
static void normal_at(const float cp[16][3], float u, float v, float n[3])
{
    float pos[3], du[3], dv[3], len;
    for (int attempt = 0; attempt < 4; attempt++) {
        eval(cp, u, v, pos, du, dv);
        cross_normalize(du, dv, n, &len);
        if (len > 1e-6f) return;
        u = u < 0.5f ? u + 1e-3f : u - 1e-3f;
        v = v < 0.5f ? v + 1e-3f : v - 1e-3f;
    }
    n[0] = 0; n[1] = 1; n[2] = 0;
}

int teapot_build(mesh *out, const char *text, const char *name, int grid, sw_error *err)
{
    memset(out, 0, sizeof *out);
    if (grid < 1 || grid > 64) return sw_fail(err, "teapot tessellation %d (must be 1..64)", grid);
    patch_set *ps = sw_calloc(1, sizeof *ps, "teapot patches", err);
    if (!ps) return -1;
    if (parse(ps, text, name, err)) {
        free(ps);
        return -1;
    }
    int copies = 0;
    for (int i = 0; i < ps->patch_count; i++) copies += ps->mirror[i];
    size_t per_patch_v = (size_t)(grid + 1) * (grid + 1), per_patch_i = (size_t)grid * grid * 6;
    out->vertices = sw_calloc(per_patch_v * copies, sizeof *out->vertices, "teapot vertices", err);
    out->indices = sw_calloc(per_patch_i * copies, sizeof *out->indices, "teapot indices", err);
    if (!out->vertices || !out->indices) {
        free(ps);
        mesh_free(out);
        return -1;
    }
    static const float mirrors[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int i = 0; i < ps->patch_count; i++) {
        for (int m = 0; m < ps->mirror[i]; m++) {
            /* Mirror code 2 reflects in y only; 4 adds x and both. */
            const float *s = mirrors[m];
            float cp[16][3];
            for (int k = 0; k < 16; k++) {
                const float *src = ps->point[ps->index[i][k]];
                cp[k][0] = src[0] * s[0];
                cp[k][1] = src[1] * s[1];
                cp[k][2] = src[2];
            }
            bool flip = s[0] * s[1] < 0;   /* a reflection reverses the winding */
            uint32_t base = (uint32_t)out->vertex_count;
            for (int a = 0; a <= grid; a++)
                for (int b = 0; b <= grid; b++) {
                    float u = (float)b / grid, v = (float)a / grid, pos[3], du[3], dv[3], n[3];
                    eval(cp, u, v, pos, du, dv);
                    normal_at(cp, u, v, n);
                    if (flip) for (int c = 0; c < 3; c++) n[c] = -n[c];
                    mesh_vertex *mv = &out->vertices[out->vertex_count++];
                    /* z-up data to y-up, scaled to unit height (the lid knob is at 3.15). */
                    const float scale = 1.0f / 3.15f;
                    mv->position[0] = pos[0] * scale;
                    mv->position[1] = pos[2] * scale;
                    mv->position[2] = -pos[1] * scale;
                    mv->normal[0] = n[0];
                    mv->normal[1] = n[2];
                    mv->normal[2] = -n[1];
                }
            for (int a = 0; a < grid; a++)
                for (int b = 0; b < grid; b++) {
                    uint32_t i00 = base + (uint32_t)(a * (grid + 1) + b), i01 = i00 + 1;
                    uint32_t i10 = i00 + (uint32_t)(grid + 1), i11 = i10 + 1;
                    uint32_t tri[6] = {i00, i01, i11, i00, i11, i10};
                    if (flip) {
                        tri[1] = i11; tri[2] = i01; tri[4] = i10; tri[5] = i11;
                    }
                    memcpy(&out->indices[out->index_count], tri, sizeof tri);
                    out->index_count += 6;
                }
        }
    }
    free(ps);
    return 0;
}

void mesh_free(mesh *m)
{
    free(m->vertices);
    free(m->indices);
    memset(m, 0, sizeof *m);
}
