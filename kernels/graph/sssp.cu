/* SSSP kernels: the seed's edge-parallel Bellman-Ford round (plain, read-only alias), dist's init. */
#include "sssp.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

__global__ void k_sssp_init(float *dist, float *expanded, unsigned n, unsigned source)
{
    GRID_STRIDE(v, n) {
        dist[v] = v == source ? 0.0f : __int_as_float(0x7f800000);
        if (expanded) expanded[v] = __int_as_float(0x7f800000);
    }
}

/* The seed's basic kernel, one pointer for reads and writes; races are benign (a lost write is redone). */
__global__ void k_bf_plain(const unsigned *st, const unsigned *en, const float *w, unsigned long long m, int both,
                           float *dist, int iter, int *modif)
{
    GRID_STRIDE(k, m) {
        float wt = w ? w[k] : 1.0f;
        unsigned s = st[k], e = en[k];
        float ds = dist[s], de = dist[e];
        if (both && ds > de + wt) {
            dist[s] = de + wt;
            *modif = iter;
        } else if (de > ds + wt) {
            dist[e] = ds + wt;
            *modif = iter;
        }
    }
}

/* The seed's optimized kernel: reads via DIST (const __restrict__, __ldg), writes via DIST_W (the same array). */
__global__ void k_bf_ro(const unsigned *__restrict__ st, const unsigned *__restrict__ en,
                        const float *__restrict__ w, unsigned long long m, int both, const float *__restrict__ dist,
                        float *dist_w, int iter, int *modif)
{
    GRID_STRIDE(k, m) {
        float wt = w ? __ldg(&w[k]) : 1.0f;
        unsigned s = __ldg(&st[k]), e = __ldg(&en[k]);
        float ds = __ldg(&dist[s]), de = __ldg(&dist[e]);
        if (both && ds > de + wt) {
            dist_w[s] = de + wt;
            *modif = iter;
        } else if (de > ds + wt) {
            dist_w[e] = ds + wt;
            *modif = iter;
        }
    }
}

extern "C" const void *sssp_kernel(int which)
{
    const void *k[SSSP_K_COUNT] = {(const void *)k_sssp_init, (const void *)k_bf_plain, (const void *)k_bf_ro};
    return which >= 0 && which < SSSP_K_COUNT ? k[which] : NULL;
}
