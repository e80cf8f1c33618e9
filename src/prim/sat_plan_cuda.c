/* Host side of the CUDA SAT launchers (kernels/sat/sat.h): variant and stage names,
 * scratch sizes, the choice of the three-channel path, the checks of a build, the order
 * of its kernels and the launches of three-pass's (tiled-v2's: sat_v2_plan_cuda.c). */
#include "prim/sat_plan_cuda.h"

#include <stdlib.h>
#include <string.h>

#include "kernels/common/cuda_util.cuh"

#define TILE 32   /* tiled-v2's tiles (kernels/sat/sat_tile.cuh) */

static const char *const three_pass_names[] = {"row scan", "transpose", "column scan", "transpose back"};
/* Four stages like the others, so every build records the same events; NULL names a
 * stage with no kernel in it (an empty interval, left out of every report). */
static const char *const v2_names[] = {"tiled-v2 (3 kernels, overlapped)", NULL, NULL, NULL};

int sat_cuda_stage_names(int variant, const char *const **names)
{
    *names = variant == SAT_CUDA_THREE_PASS ? three_pass_names : v2_names;
    return 4;
}

const char *sat_cuda_variant_name(int variant)
{
    static const char *const names[SAT_CUDA_VARIANTS] = {"three-pass", "tiled-v2"};
    return variant >= 0 && variant < SAT_CUDA_VARIANTS ? names[variant] : "?";
}

size_t sat_cuda_scratch_bytes(int w, int h)
{
    size_t tx = (size_t)(w + TILE - 1) / TILE, ty = (size_t)(h + TILE - 1) / TILE;
    size_t three = (size_t)w * h, tiled = (size_t)h * tx + ty * w + 2 * tx * ty;   /* R, C, T, A */
    return (three > tiled ? three : tiled) * 16;                                  /* uint4 elements */
}

/* S grown to the scratch either variant needs at w x h (allocating only when S->bytes is
 * less: a caller's buffer of that size is used as it is). */
int sat_cuda_scratch_ensure(sat_cuda_scratch *s, int w, int h, sw_error *err)
{
    size_t need = sat_cuda_scratch_bytes(w, h);
    if (s->buf && s->bytes >= need) return 0;
    sat_cuda_scratch_free(s);
    if (cuda_alloc(&s->buf, need, "SAT scratch", err)) return -1;
    s->bytes = need;
    return 0;
}

void sat_cuda_scratch_free(sat_cuda_scratch *s)
{
    if (s->buf) cudaFree(s->buf);
    memset(s, 0, sizeof *s);
}

int sat_cuda_rgb_path(const sat_cuda_src *src, sw_error *err)
{
    /* SCANWORKS_SAT_ALPHA=scan: scan the fourth channel like the others even where it
     * is constant (for comparison; the same table). */
    const char *e = getenv("SCANWORKS_SAT_ALPHA");
    if (e && strcmp(e, "scan") && strcmp(e, "const"))
        return sw_fail(err, "SCANWORKS_SAT_ALPHA=%s: expected scan or const", e);
    return src->alpha_const && !src->rgba_u32 && !(e && !strcmp(e, "scan"));
}

/* Whether VARIANT builds SRC with tiled-v2's three-channel kernels: they alone write the
 * two-plane table and take a producer of their input. */
static int v2_three_channels(int variant, const sat_cuda_src *src)
{
    sw_error ignored;
    return variant == SAT_CUDA_TILED_V2 && sat_cuda_rgb_path(src, &ignored) == 1;
}

int sat_cuda_split_table(int variant, const sat_cuda_src *src) { return src->split && v2_three_channels(variant, src); }

int sat_cuda_takes_producer(int variant, const sat_cuda_src *src) { return v2_three_channels(variant, src); }

int sat_cuda_check(int variant, int w, int h, sat_cuda_scratch *s, sw_error *err)
{
    if (w < 1 || h < 1 || h > 65535 || w > 65535) return sw_fail(err, "SAT: size %dx%d out of range", w, h);
    if (variant != SAT_CUDA_THREE_PASS && variant != SAT_CUDA_TILED_V2)
        return sw_fail(err, "SAT: no CUDA variant %d", variant);
    return sat_cuda_scratch_ensure(s, w, h, err);
}

#define STAGE(i)                                                                              \
    do {                                                                                      \
        if (ev) CUDA_TRY(cudaEventRecord(ev[i], stream), err);                                \
    } while (0)

int sat_cuda_row_scan(const sat_cuda_src *src, void *out, int len, int rows, cudaStream_t stream, sw_error *err)
{
    sat_cuda_src s = *src;
    void *args[] = {&s, &out, &len};
    CUDA_TRY(cudaLaunchKernel(sat_three_pass_kernel(0), (dim3){1, (unsigned)rows, 1}, (dim3){SAT_K_ROW_THREADS, 1, 1},
                              args, 0, stream),
             err);
    CUDA_TRY_LAUNCH("sat_row_scan", err);
    return 0;
}

int sat_cuda_transpose(const void *in, void *out, int rows, int cols, cudaStream_t stream, sw_error *err)
{
    void *args[] = {&in, &out, &rows, &cols};
    const dim3 grid = {cuda_div_up(cols, SAT_K_TILE), cuda_div_up(rows, SAT_K_TILE), 1}, block = {32, 8, 1};
    CUDA_TRY(cudaLaunchKernel(sat_three_pass_kernel(1), grid, block, args, 0, stream), err);
    CUDA_TRY_LAUNCH("sat_transpose", err);
    return 0;
}

/* The inclusive SAT of SRC into OUT (w*h uint4, row 0 first) on STREAM. When EV is not
 * NULL it holds stage_count+1 events: ev[i] is recorded before stage i, ev[stage_count]
 * after the last. */
int sat_cuda_build(int variant, const sat_cuda_src *src, void *out, int w, int h, sat_cuda_scratch *s,
                   cudaStream_t stream, cudaEvent_t *ev, sw_error *err)
{
    if (sat_cuda_check(variant, w, h, s, err)) return -1;
    if (src->producer && !sat_cuda_takes_producer(variant, src))
        return sw_fail(err, "SAT: %s takes no producer of its input", sat_cuda_variant_name(variant));
    if (variant == SAT_CUDA_THREE_PASS) {   /* rows; transpose; rows of the transpose; back */
        const sat_cuda_src rows = {.rgba_u32 = s->buf, .scale = 1.0f};
        STAGE(0);
        if (sat_cuda_row_scan(src, out, w, h, stream, err)) return -1;
        STAGE(1);
        if (sat_cuda_transpose(out, s->buf, h, w, stream, err)) return -1;
        STAGE(2);
        if (sat_cuda_row_scan(&rows, s->buf, h, w, stream, err)) return -1;
        STAGE(3);
        if (sat_cuda_transpose(s->buf, out, w, h, stream, err)) return -1;
        STAGE(4);
        return 0;
    }
    int rgb = sat_cuda_rgb_path(src, err);   /* three channels scanned */
    if (rgb < 0) return -1;
    STAGE(0);   /* the three kernels overlap: no events between */
    if (sat_cuda_build_v2(src, rgb, out, w, h, s->buf, stream, err)) return -1;
    for (int i = 1; i <= SAT_CUDA_MAX_STAGES; i++) STAGE(i);
    return 0;
}
