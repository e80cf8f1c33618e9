/* The library route one would write for a summed-area table (benchmark only): a row
 * kernel of cub::BlockScan (one block a row, tiles loaded and stored by
 * cub::BlockLoad / BlockStore in warp-transposed order, a running prefix carried from
 * tile to tile), a transpose, the same row kernel again, and a transpose back. uint4
 * elements, a component-wise sum that wraps modulo 2^32. */
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>

#include "kernels/common/cuda_util.cuh"
#include "prim/sat_plan_cuda.h"
#include "sat_ref.h"

#define REF_THREADS 256
#define REF_ITEMS 4

struct add_uint4 {
    __device__ __forceinline__ uint4 operator()(const uint4 &a, const uint4 &b) const
    {
        return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
};

/* cub::BlockScan's prefix callback: warp 0 calls it once a tile with the tile's total
 * and gets back the sum of the tiles before. */
struct running_prefix {
    uint4 total;
    __device__ __forceinline__ uint4 operator()(uint4 tile_total)
    {
        uint4 before = total;
        total = add_uint4()(total, tile_total);
        return before;
    }
};

typedef cub::BlockLoad<uint4, REF_THREADS, REF_ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE> ref_load;
typedef cub::BlockStore<uint4, REF_THREADS, REF_ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE> ref_store;
typedef cub::BlockScan<uint4, REF_THREADS> ref_scan;

/* Block b scans row b (LEN elements) of IN into OUT, inclusive. */
__global__ void __launch_bounds__(REF_THREADS) sat_ref_rows(const uint4 *__restrict__ in, uint4 *__restrict__ out,
                                                            int len)
{
    __shared__ union {
        typename ref_load::TempStorage load;
        typename ref_store::TempStorage store;
        typename ref_scan::TempStorage scan;
    } tmp;
    const uint4 *row_in = in + (size_t)blockIdx.x * len;
    uint4 *row_out = out + (size_t)blockIdx.x * len;
    running_prefix prefix = {make_uint4(0, 0, 0, 0)};
    const int tile = REF_THREADS * REF_ITEMS;
    for (int base = 0; base < len; base += tile) {
        const int valid = min(tile, len - base);
        uint4 v[REF_ITEMS];
        if (valid == tile) ref_load(tmp.load).Load(row_in + base, v);
        else ref_load(tmp.load).Load(row_in + base, v, valid, make_uint4(0, 0, 0, 0));
        __syncthreads();   /* the union's storage changes hands */
        ref_scan(tmp.scan).InclusiveScan(v, v, add_uint4(), prefix);
        __syncthreads();
        if (valid == tile) ref_store(tmp.store).Store(row_out + base, v);
        else ref_store(tmp.store).Store(row_out + base, v, valid);
        __syncthreads();
    }
}

static int scan_rows(const uint4 *in, uint4 *out, int len, int rows, cudaStream_t stream, sw_error *err)
{
    sat_ref_rows<<<rows, REF_THREADS, 0, stream>>>(in, out, len);
    CUDA_TRY_LAUNCH("sat_ref_rows", err);
    return 0;
}

extern "C" int sat_ref_build(const void *in, void *out, int w, int h, sat_ref_work *work, cudaStream_t stream,
                             sw_error *err)
{
    if (w < 1 || h < 1 || h > 2147483647 / REF_THREADS)
        return sw_fail(err, "CUB SAT reference: %dx%d: sizes go from 1x1 up", w, h);
    size_t bytes = (size_t)w * h * sizeof(uint4);
    if (work->scratch_bytes < bytes) {
        if (work->scratch) cudaFree(work->scratch);
        work->scratch = NULL;
        work->scratch_bytes = 0;
        if (cuda_alloc(&work->scratch, bytes, "CUB SAT scratch", err)) return -1;
        work->scratch_bytes = bytes;
    }
    uint4 *o = (uint4 *)out, *t = (uint4 *)work->scratch;
    /* Out of place throughout: rows into scratch, transposed into out, rows of the
     * transpose back into scratch, transposed into out. */
    if (scan_rows((const uint4 *)in, t, w, h, stream, err)) return -1;
    if (sat_cuda_transpose(t, o, h, w, stream, err)) return -1;
    if (scan_rows(o, t, h, w, stream, err)) return -1;
    return sat_cuda_transpose(t, o, w, h, stream, err);
}

extern "C" void sat_ref_free(sat_ref_work *work)
{
    if (work->scratch) cudaFree(work->scratch);
    work->scratch = NULL;
    work->scratch_bytes = 0;
}
