/* The CUDA scans' kernels compiled for every type and operator (scan.h). */
#include <stdint.h>

#include "scan.h"
#include "scan_blelloch.cuh"
#include "scan_lookback.cuh"

static_assert(sizeof(tile_status<int>) == sizeof(unsigned long long *), "tile_status is its status pointer");

template <typename T, int OP> static void kernels_of(scan_kernels *k)
{
    k->naive = (const void *)naive_scan_kernel<T, OP>;
    k->blelloch = (const void *)blelloch_scan_kernel<T, OP, false>;
    k->blelloch_cf = (const void *)blelloch_scan_kernel<T, OP, true>;
    k->tuned = (const void *)tile_scan_kernel<T, OP, SCAN_K_TUNED_NV>;
    k->uniform_add = (const void *)uniform_add_kernel<T, OP>;
    int i = 0;
#define SCAN_SHAPE(TH, I, S, MB) k->lookback[i++] = (const void *)lookback_rp_kernel<T, OP, TH, (I) / 4, S, MB>;
    SCAN_SHAPES(SCAN_SHAPE)
#undef SCAN_SHAPE
}

extern "C" int scan_kernels_for(scan_type type, scan_op op, scan_kernels *k)
{
    if ((unsigned)op >= SCAN_OP_COUNT) return -1;
#define SCAN_OPS(T)                                                                                                   \
    op == SCAN_ADD ? kernels_of<T, OP_ADD>(k) : op == SCAN_MAX ? kernels_of<T, OP_MAX>(k) : kernels_of<T, OP_MIN>(k);  \
    return 0;
    switch (type) {
    case SCAN_I32: SCAN_OPS(int32_t)
    case SCAN_U32: SCAN_OPS(uint32_t)
    case SCAN_I64: SCAN_OPS(int64_t)
    case SCAN_F32: SCAN_OPS(float)
    default: return -1;
    }
#undef SCAN_OPS
}
