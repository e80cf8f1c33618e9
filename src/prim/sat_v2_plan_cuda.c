/* tiled-v2's launch (kernels/sat/sat_v2.cu): the tile sums, then the carries and the tile
 * write as programmatic dependents where the device and the kernels allow it, so that
 * the three launches overlap; the tile sums too, after the kernel that wrote their input
 * where the caller says so (sat_cuda_src.after_kernel: the half DoF's downsample), or a
 * producer of the input in their place (sat_cuda_src.producer). */
#include "prim/sat_plan_cuda.h"

#include <stdlib.h>
#include <string.h>

#include "kernels/common/cuda_util.cuh"

/* Steps 2 and 3 launch as programmatic dependents where both can (cuda_pdl_ok). */
static int v2_use_pdl(const sat_v2_kernels *k)
{
    return cuda_pdl_ok(k->carries[1]) && cuda_pdl_ok(k->write[0]);
}

int sat_cuda_build_v2(const sat_cuda_src *src, int rgb, void *out, int w, int h, void *scratch, cudaStream_t stream,
                      sw_error *err)
{
    sat_v2_kernels k;
    sat_v2_kernels_get(&k);
    rgb = rgb != 0;
    int tx = (int)cuda_div_up(w, k.tile), ty = (int)cuda_div_up(h, k.tile);
    uint4 *R = (uint4 *)scratch, *C = R + (size_t)h * tx, *T = C + (size_t)ty * w, *A = T + (size_t)tx * ty;
    sat_cuda_src sv = *src;
    const dim3 tiles = {(unsigned)tx, (unsigned)ty, 1}, tile_block = {32, 8, 1};
    /* the tile sums after the kernel that wrote their input (src->after_kernel), or the
     * producer that writes it in their place (sat_cuda_build checked that RGB allows it) */
    const int produced = src->producer != NULL;
    const void *sums = produced ? src->producer : k.sums[rgb];
    void *sums_args[] = {produced ? (void *)src->producer_arg : (void *)&sv, &R, &C, &T, &w, &h};
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t cfg = cuda_pdl_config(tiles, tile_block, stream, sums, src->after_kernel, &attr);
    CUDA_TRY(cudaLaunchKernelExC(&cfg, sums, sums_args), err);
    CUDA_TRY_LAUNCH(produced ? "the SAT's input producer" : "sat_tile_sums", err);
    /* SCANWORKS_SAT_V2_CARRIES=batched: the column carries by one thread a column even
     * where two would take one round trip (for comparison; the same table). */
    const char *ct = getenv("SCANWORKS_SAT_V2_CARRIES");
    if (ct && strcmp(ct, "batched") && strcmp(ct, "one-trip"))
        return sw_fail(err, "SCANWORKS_SAT_V2_CARRIES=%s: expected batched or one-trip", ct);
    int one_trip = ty <= k.one_trip_ty && !(ct && !strcmp(ct, "batched"));
    int row_blocks = (int)cuda_div_up(h, k.carry_threads / 32);
    int col_blocks = (int)cuda_div_up((size_t)w * 4 * (one_trip ? 2 : 1), k.carry_threads);
    cfg.numAttrs = v2_use_pdl(&k) ? 1 : 0;
    cfg.gridDim = (dim3){(unsigned)(row_blocks + col_blocks + ty), 1, 1};
    cfg.blockDim = (dim3){(unsigned)k.carry_threads, 1, 1};
    unsigned *C_words = (unsigned *)C;
    const uint4 *T_in = T;
    int input_from_sums = produced;
    void *carry_args[] = {&R, &C_words, &T_in, &A, &w, &h, &tx, &ty, &row_blocks, &col_blocks, &input_from_sums};
    CUDA_TRY(cudaLaunchKernelExC(&cfg, k.carries[one_trip], carry_args), err);
    CUDA_TRY_LAUNCH("sat_carries_v2", err);
    cfg.gridDim = tiles;
    cfg.blockDim = tile_block;
    const uint4 *L = R, *V = C, *A_in = A;
    uint4 *o = (uint4 *)out;
    void *write_args[] = {&sv, &L, &V, &A_in, &o, &w, &h};
    CUDA_TRY(cudaLaunchKernelExC(&cfg, k.write[rgb], write_args), err);
    CUDA_TRY_LAUNCH(rgb ? "sat_tile_write_rgb" : "sat_tile_write_v2", err);
    return 0;
}
